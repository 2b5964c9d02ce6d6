// Square and move text: files a..p from the left, ranks from 1 at the bottom.
//
// Move text read by parseMove (surrounding whitespace ignored, letters in any case):
//   CS61B      d10-c9(h4)      (a leading "* " as CS61B's computer player prints is skipped)
//   spaced     d10 c9 h4
//   CodinGame  d8d1d7, a10b10c10, a1a10a2   (each square is a letter and all digits after it)
//   UCI        d1a1,a1b1   (Fairy-Stockfish's: the amazon's move, then the arrow's flight from
//              where it landed; the square after ',' must be the amazon's destination)
// optionally followed by " msg any text" (CodinGame's message).
#pragma once
#include <string>
#include <string_view>

#include "solver/amazons/board.h"

namespace amazons {

enum class Notation { CS61B, CodinGame, Uci };

// "a1", "d10", "p16".
std::string squareName(const Board& board, int sq);

// A square "d10" on this board. column is where text starts in the line (for errors); throws
// InputError (line 0, that column) for bad syntax or a square off the board.
int parseSquare(const Board& board, std::string_view text, int column = 1);

// CS61B "d10-c9(h4)", CodinGame "d8d1d7", UCI "d1a1,a1b1".
std::string formatMove(const Board& board, const Move& move, Notation notation);

// Any of the forms above; squares must be on the board. Throws InputError (line 0, column of
// the offending character, counting from 1 at text[0]). Does not check legality.
Move parseMove(const Board& board, std::string_view text);

// parseMove, then Board::isLegal for the side to move; the error says why not (no amazon of
// the side to move there, not on a queen line, path blocked at ...).
Move parseLegalMove(const Board& board, std::string_view text);

// "cs61b", "codingame" or "uci" (any case); throws InputError for anything else.
Notation parseNotationName(std::string_view name);
const char* notationName(Notation notation);

}  // namespace amazons
