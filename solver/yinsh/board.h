// Yinsh's board: the 85 cells of CodinGame's referee, their lines, and a position as bit masks.
//
// A cell's index is 11 * letter + number - 1 (a = 0, numbers 1..11): the 85 cells among 121
// slots, in the one-line form's order (a2..a5, b1..b7, ..., k7..k10). A line runs along
// (letter, number +- 1), (letter +- 1, number) or (letter +- 1, number +- 1) together, which
// is index +- 1, 11 or 12: a mask shifted so moves every cell one step along a line, and no
// step leaves the board to land on another cell (the slots a step wraps to, such as a11 after
// a row's end, are never cells). So rows of five are found by four shifts a direction. A
// position is four masks (each colour's rings and markers), the side to move and the phase.
#pragma once
#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

namespace amazons::yinsh {

using Mask = unsigned __int128;

inline constexpr int kCells = 85;
inline constexpr int kLetters = 11;
inline constexpr int kSlots = 11 * kLetters;  // cell indices are below it
inline constexpr int kRingsEach = 5;
// The marker pool: ring moves only while fewer are on the board; the turn that leaves this many
// ends the game.
inline constexpr int kMarkers = 51;
inline constexpr int kRowLength = 5;

// White moves first (CodinGame's player 1).
enum class Color : uint8_t { White = 0, Black = 1 };
constexpr Color opponent(Color c) { return c == Color::White ? Color::Black : Color::White; }
constexpr int index(Color c) { return static_cast<int>(c); }
const char* colorName(Color c);  // "white", "black"

constexpr Mask bit(int cell) { return Mask{1} << cell; }
inline int popcount(Mask m) {
  return std::popcount(static_cast<uint64_t>(m)) + std::popcount(static_cast<uint64_t>(m >> 64));
}
inline int lowestCell(Mask m) {
  const auto lo = static_cast<uint64_t>(m);
  return lo ? std::countr_zero(lo) : 64 + std::countr_zero(static_cast<uint64_t>(m >> 64));
}
// Calls f(cell) for each cell of m, lowest first.
template <typename F>
void forEachCell(Mask m, F&& f) {
  for (; m; m &= m - 1) f(lowestCell(m));
}

// ---- Geometry (tables built once)

Mask boardCells();  // the 85 cells' bits

// The cells of one letter: numbers first..first+count-1.
struct Letter {
  int first, count, start;  // start: the index of its first cell
};
const std::array<Letter, kLetters>& letters();
int letterOf(int cell);
int numberOf(int cell);
// The cell at (letter 0..10, number 1..11), or -1 off the board.
int cellAt(int letter, int number);
std::string cellName(int cell);  // "e5"

// The six directions, as (letter, number) steps; the first three are the rows' directions, the
// last three their opposites.
inline constexpr int kDirections = 6;
inline constexpr std::array<std::array<int, 2>, kDirections> kSteps{{{0, 1}, {1, 0}, {1, 1}, {0, -1}, {-1, 0}, {-1, -1}}};
// The cells from `cell` outwards in direction d, nearest first, until the edge.
struct Ray {
  std::array<uint8_t, 10> cells;
  uint8_t length;
};
const Ray& ray(int cell, int direction);

// The windows of five cells in a line (along the first three directions), each with its lower
// end (`first`) and upper end (`last`) as the referee writes a row: from its lower end.
struct Window {
  Mask cells;
  uint8_t first, last;
};
const std::vector<Window>& windows();
// The index in windows() of the window from `first` along row direction d (0..2).
int windowAt(int first, int direction);
// The cells from which five of m's cells run along row direction d (0..2).
inline Mask rowStarts(Mask m, int direction) {
  constexpr int kShift[3] = {1, 11, 12};
  const int s = kShift[direction];
  return m & (m >> s) & (m >> 2 * s) & (m >> 3 * s) & (m >> 4 * s);
}

// ---- Symmetries: the board is a hexagon about f6, mapped onto itself by 6 rotations, each
// with or without a reflection. Symmetry 0 is the identity.
inline constexpr int kSymmetries = 12;
int imageOf(int cell, int symmetry);
Mask imageOf(Mask m, int symmetry);

// ---- Position

struct Position {
  std::array<Mask, 2> rings{};
  std::array<Mask, 2> markers{};
  Color toMove = Color::White;
  bool placement = true;  // rings are still being placed

  Mask occupied() const { return rings[0] | rings[1] | markers[0] | markers[1]; }
  int markerCount() const { return popcount(markers[0] | markers[1]); }
  int ringCount(Color c) const { return popcount(rings[index(c)]); }
  // Rings a side has removed: none while placing, then 5 less those it has on the board.
  int removed(Color c) const { return placement ? 0 : kRingsEach - ringCount(c); }
  // Black's first placement may take White's first ring instead.
  bool stealOpen() const {
    return placement && toMove == Color::Black && ringCount(Color::White) == 1 && ringCount(Color::Black) == 0;
  }
  bool operator==(const Position&) const = default;
};

// p seen through a symmetry: every piece on its image.
Position imageOf(const Position& p, int symmetry);

// The phase a board without history is in: placing while it has no marker, fewer than 10 rings
// and the side to move not a ring ahead (the side a ring ahead has just placed). A board that a
// removal left without markers (9 rings, the remover's opponent to move) so reads as moving;
// one left with 8 rings and none (never seen in random games) would read as placing.
bool placementPhase(const Position& p);

// Whether a side's markers stand in a row of five somewhere.
bool hasRow(const Position& p, Color c);

}  // namespace amazons::yinsh
