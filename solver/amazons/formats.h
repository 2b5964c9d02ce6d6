// Reading and writing positions in the formats people already use
// (see ../shared/reference/FORMATS.md).
//
// Common to every reader
// - Lines end in "\n" or "\r\n"; spaces and tabs around a line are ignored (columns in errors
//   still count from the line's first character, 1-based).
// - Before the position, blank lines and comment lines are skipped. A comment line is "#" alone
//   or starts with "# " (hash, space); "#" is otherwise an arrow, so "#.." is a board row.
//   Blank lines after the position are ignored; a blank line inside it is an error.
// - A side line is w, b, white or black (any case). When the text does not say who moves,
//   White moves (as in CodinGame and CS61B).
// - Boards are 1x1 to 16x16. Every malformed input throws one InputError with line and column.
//
// Formats
// - Grid: [side line] then one line per rank, top rank first: '.' empty, w/W white, b/B black,
//   '-' or '#' arrow. When the first line is a side word and more lines follow, it is the side
//   line (so a one-file-wide grid cannot start with a bare "w"/"b" rank).
// - CodinGame: [size N], colour (w/b: the side to move), the grid (as Grid, first line = top
//   rank), [last action: "null" or a move such as d8d1d7], [action count]. With a size line the
//   grid must be N rows of N; without one, the rows are the lines up to the first line that has
//   a digit or is "null". The action count, when given, must equal Board::countMoves(). The
//   last action is checked for syntax only (it has already been played).
// - Dump (CS61B): [side line] "===", one line per rank top first, squares separated by spaces:
//   '-' empty, W, B, S spear (any case), "===".
// - OneLine (CGSuite/MCGS): [side line] then rows top to bottom joined by '|': '.', x/X Black,
//   o/O White, '#' arrow.
// - Fen (Fairy-Stockfish, solver/core/fen.h): one line, Q White, q Black, '*' an arrow, digits
//   for empty squares, ranks top first joined by '/', then w or b (left out: White moves) and
//   optionally "- - 0 1".
//
// Auto-detection (Format::Auto), on the lines left after skipping leading blanks/comments:
//  0. exactly one line remains and it looks like a FEN (core::looksLikeFen: a side w/b as its
//     second word, or a first word of ranks joined by '/'): Fen;
//  1. the first line is "===", or it is a side line and the second is "===": Dump;
//  2. after an optional side line exactly one line remains, and it contains '|' or consists
//     only of the characters . # x X o O: OneLine;
//  3. the first line is a number (size line): CodinGame;
//  4. the first line is a side line and the last line is a number or "null" or contains a
//     digit (action count / last action): CodinGame;
//  5. otherwise: Grid.
// Rule 2 can read a one-rank grid such as ".#." as OneLine; both give the same board.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "solver/amazons/board.h"

namespace amazons {

enum class Format {
  Auto,       // detect from the text
  Grid,       // one line per rank, top first: . w/W b/B -/#; optional first line w/b/white/black
  CodinGame,  // CodinGame turn input: [size], colour, grid, last action, action count
  Dump,       // CS61B dump block: ===, rows of "- W B S", ===
  OneLine,    // CGSuite/MCGS: rows top to bottom joined by '|', x o # .
  Fen,        // Fairy-Stockfish: "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1"
};

struct ParsedPosition {
  Board board;
  Format format;
  bool sideGiven = false;                   // the text said who moves
  std::optional<std::string> lastAction;    // CodinGame: the opponent's last action
  std::optional<uint64_t> actionCount;      // CodinGame: the legal action count it declared
};

// Parse a whole text. Throws InputError (line, column) on anything malformed. When the text
// does not say who moves, White moves (as in CodinGame and CS61B).
ParsedPosition parsePosition(std::string_view text, Format format = Format::Auto);

// Read a file ("-" = standard input; a FEN given instead of a file name is read as it is:
// core::readPositionInput) and parse it. Errors (including a file that cannot be opened) are
// InputErrors naming the file.
ParsedPosition loadPosition(const std::string& path, Format format = Format::Auto);

// Write a position; the reader of the same format gives back the same board and side to move.
// - Grid: side line ("white"/"black"), then rows of . w b -.
// - CodinGame: size line (square boards only; left out otherwise), colour w/b, rows of . w b -,
//   "null", the number of legal actions.
// - Dump: the "===" block exactly as CS61B prints it; as CS61B has no side to move (White by
//   default), a "black" line comes first when Black moves.
// - OneLine: the one-line string, preceded by a "black" line when Black moves.
// - Fen: the FEN as Fairy-Stockfish prints it, "... w - - 0 1".
// Every format ends with a newline. Format::Auto throws std::invalid_argument.
std::string writePosition(const Board& board, Format format);

// "auto", "grid", "codingame", "dump" or "cs61b", "oneline" or "cgsuite" or "mcgs", "fen" (any
// case); throws InputError for anything else.
Format parseFormatName(std::string_view name);
const char* formatName(Format format);  // "auto", "grid", "codingame", "dump", "oneline", "fen"

// The CGSuite/MCGS one-line string; side to move White unless given. Surrounding whitespace is
// ignored; errors are InputErrors on line 1.
Board parseOneLine(std::string_view text, Color toMove = Color::White);
std::string toOneLine(const Board& board);

}  // namespace amazons
