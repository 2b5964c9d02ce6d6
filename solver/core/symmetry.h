// The symmetries of a rectangular board, numbered as every game here numbers them: bit 0
// mirrors the files, bit 1 the ranks, bit 2 transposes (after the mirrors; a square board only).
#pragma once
#include <array>
#include <utility>

namespace amazons::core {

// Those that undo themselves (applied twice, the identity): a move seen through one maps back
// through the same. 5 and 6 turn the board a quarter and are left out.
inline constexpr std::array<int, 5> kSelfInverseSymmetries{1, 2, 3, 4, 7};

// Whether symmetry t maps a width x height board onto itself.
constexpr bool keepsTheBoard(int t, int width, int height) { return !(t & 4) || width == height; }

// (file, rank) under symmetry t of a width x height board.
constexpr std::pair<int, int> symmetryImage(int t, int width, int height, int file, int rank) {
  if (t & 1) file = width - 1 - file;
  if (t & 2) rank = height - 1 - rank;
  if (t & 4) std::swap(file, rank);
  return {file, rank};
}

}  // namespace amazons::core
