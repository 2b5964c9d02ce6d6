// Fairy-Stockfish's FEN, as its Position::set reads it and Position::fen writes it
// (src/position.cpp), for the games without pieces in hand, castling or en passant (Amazons,
// Clobber): the board, then the side to move, then "- - 0 1" as Fairy-Stockfish prints them.
//
// - The board: ranks from the top, separated by '/'; in a rank, from file a, a piece's letter,
//   '*' a wall (an Amazons arrow), or a number of empty squares (one or more digits: "10").
//   Every rank must be as wide as the first (Fairy-Stockfish fills a short rank with empty
//   squares: a typo there would go unseen).
// - The side to move: "w" or "b" (Fairy-Stockfish reads anything else as White; we refuse it).
//   Left out (the board alone), the game's reader decides.
// - Then optionally the castling and en-passant fields, each "-", and the half-move clock and
//   the full-move number (numbers), as in "w - - 0 1" or Fairy-Stockfish's Clobber start
//   "w 0 1". They are checked, not kept: no rule of these games reads them.
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace amazons::core {

struct Fen {
  int width = 0, height = 0;
  std::string squares;      // width * height, top rank first: '.' empty, a piece letter, '*' a wall
  std::optional<char> side;  // 'w' or 'b', when given
  char at(int file, int rankFromTop) const { return squares[static_cast<size_t>(rankFromTop * width + file)]; }
};

// Whether a position's only line reads as a FEN rather than as one of our formats: no '|' (the
// one-line form), and either a side ("w", "b") as its second word, or a first word of ranks
// joined by '/' in letters, digits and '*' (a path such as dir/file.txt has a '.').
bool looksLikeFen(std::string_view line);

// One FEN, `text` being a line with surrounding whitespace removed whose first character is on
// `line`, `column`. `pieces`: the game's letters; `walls`: whether '*' is allowed. Boards are
// 1x1 to maxSide x maxSide. Throws InputError with the line and column of the fault.
Fen parseFen(std::string_view text, int line, int column, std::string_view pieces, bool walls, int maxSide);

// The FEN of `fen` with side `side` ('w' or 'b') and "- - 0 1", as Fairy-Stockfish prints a
// position it was given with no moves since.
std::string writeFen(const Fen& fen, char side);

}  // namespace amazons::core
