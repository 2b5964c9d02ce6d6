// An Amazons position on any rectangle up to 16x16: cells, side to move, and line-occupancy
// masks that make a ray's length one bit scan.
//
// Squares are numbered rank-major from a1: sq = rank * width + file, rank 0 at the bottom.
// Every row, column, diagonal (towards north-east) and anti-diagonal (towards north-west) is a
// "line" kept as a 32-bit mask: bit 0 and bit len+1 are permanent sentinels, bit p+1 is set
// when the square at position p of the line is not empty. A move along a line goes +1 in
// position; along the board that is +1 (east), +width (north), +width+1 (north-east) or
// +width-1 (north-west).
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace amazons {

constexpr int kMaxSide = 16;
constexpr int kMaxSquares = kMaxSide * kMaxSide;
// Rows + columns + diagonals + anti-diagonals = h + w + 2 (w + h - 1).
constexpr int kMaxLines = 3 * (kMaxSide + kMaxSide) - 2;

// Left = Black = 'x', Right = White = 'o' (CGSuite, MCGS).
enum class Color : uint8_t { Black = 0, White = 1 };
constexpr Color opposite(Color c) { return c == Color::Black ? Color::White : Color::Black; }
const char* colorName(Color c);  // "Black" / "White"

enum class Cell : uint8_t { Empty = 0, Arrow = 1, Black = 2, White = 3 };
constexpr Cell amazonOf(Color c) { return c == Color::Black ? Cell::Black : Cell::White; }

struct Move {
  uint8_t from, to, arrow;
  bool operator==(const Move&) const = default;
};

// Squares, lines and the position of each square on its four lines, for one board size.
struct Geometry {
  int width, height;
  int rowLine[kMaxSquares], colLine[kMaxSquares], diagLine[kMaxSquares], antiLine[kMaxSquares];
  uint8_t rowPos[kMaxSquares], colPos[kMaxSquares], diagPos[kMaxSquares], antiPos[kMaxSquares];
  int lineCount;                // rows + columns + diagonals + anti-diagonals
  uint8_t lineLength[kMaxLines];
  static const Geometry& of(int width, int height);  // built once per size, thread-safe
};

class Board {
 public:
  // An empty board; throws std::invalid_argument outside 1..16 on either side.
  Board(int width, int height);

  int width() const { return geo_->width; }
  int height() const { return geo_->height; }
  int squares() const { return geo_->width * geo_->height; }
  int square(int file, int rank) const { return rank * geo_->width + file; }
  // From the geometry's tables, not by dividing by the width: the greedy territory fillings
  // of a 60-square territory's moves 8% faster.
  int fileOf(int sq) const { return geo_->rowPos[sq]; }
  int rankOf(int sq) const { return geo_->colPos[sq]; }
  bool onBoard(int file, int rank) const { return file >= 0 && rank >= 0 && file < width() && rank < height(); }

  Cell at(int sq) const { return cells_[sq]; }
  Cell at(int file, int rank) const { return cells_[square(file, rank)]; }
  void set(int sq, Cell cell);

  Color sideToMove() const { return toMove_; }
  void setSideToMove(Color c) { toMove_ = c; }

  // Squares of one colour's amazons, ascending.
  std::vector<int> amazons(Color c) const;
  int emptyCount() const;

  // Play a legal move for the side to move and pass the turn; undo reverses it exactly.
  void play(const Move& m);
  void undo(const Move& m);
  bool isLegal(const Move& m) const;

  // All legal moves of the given colour (default: side to move), ordered by from, to, arrow.
  std::vector<Move> legalMoves() const { return legalMoves(toMove_); }
  std::vector<Move> legalMoves(Color c) const;
  // Same count as legalMoves(c).size(), by bulk counting: the arrows from a destination are
  // the squares a queen reaches from it with the mover's origin square empty.
  uint64_t countMoves(Color c) const;
  uint64_t countMoves() const { return countMoves(toMove_); }
  bool hasMove(Color c) const;

  // Queen-move destinations from sq over empty squares (sq itself is not examined).
  void queenTargets(int sq, std::vector<int>& out) const;
  int queenTargetCount(int sq) const;

  bool operator==(const Board& other) const;

  const Geometry& geometry() const { return *geo_; }

 private:
  void toggleLines(int sq);  // flip the occupancy bit of sq on its four lines

  const Geometry* geo_;
  Color toMove_ = Color::White;
  std::array<Cell, kMaxSquares> cells_{};
  std::array<uint32_t, kMaxLines> lines_{};
};

// A symmetry t of the board (core/symmetry.h; one that undoes itself) under which the board with its colours swapped is
// itself, or nullopt: the published small-board starts, whose White amazons are Black's
// mirrored. White to move is then Black to move seen through t, and a move maps by t.
std::optional<int> colourMirror(const Board& board);
Move mirroredMove(const Board& board, int t, const Move& move);

}  // namespace amazons
