// Reading and writing positions in the formats people already use
// (see ../shared/reference/FORMATS.md).
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "solver/board.h"

namespace amazons {

enum class Format {
  Auto,       // detect from the text
  Grid,       // one line per rank, top first: . w/W b/B -/#; optional first line w/b/white/black
  CodinGame,  // CodinGame turn input: [size], colour, grid, last action, action count
  Dump,       // CS61B dump block: ===, rows of "- W B S", ===
  OneLine,    // CGSuite/MCGS: rows top to bottom joined by '|', x o # .
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

// The CGSuite/MCGS one-line string; side to move White unless given.
Board parseOneLine(std::string_view text, Color toMove = Color::White);
std::string toOneLine(const Board& board);

}  // namespace amazons
