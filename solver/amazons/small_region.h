// Regions of at most 64 squares as three bit masks. Every chamber a contested search splits
// off below a small root fits, so the search there generates options, splits them into
// chambers and normalises their keys on masks, without building Boards.
//
// Square index = rank * width + file, rank 0 at the bottom (as on a Board); squares of the
// width x height frame in no mask are arrows.
#pragma once
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <type_traits>

#include "solver/amazons/board.h"
#include "solver/amazons/chambers.h"

namespace amazons {

struct SmallRegion {
  uint64_t black = 0, white = 0, empty = 0;
  uint32_t width = 0, height = 0;
  bool operator==(const SmallRegion&) const = default;
};
// Hashed as raw bytes: no padding may hide in it.
static_assert(sizeof(SmallRegion) == 32 && std::has_unique_object_representations_v<SmallRegion>);

constexpr int kSmallSquares = 64;

// The region, side to move aside; needs region.squares() <= 64.
SmallRegion toSmall(const Board& region);
Board toBoard(const SmallRegion& region);
// The chamber alone, cropped to its bounding box, when that has at most 64 squares.
std::optional<SmallRegion> smallChamber(const Board& board, const Chamber& chamber);

// The masks that keep a shift from wrapping around the frame's edges.
struct SmallFrame {
  int width;
  uint64_t all, notFirstFile, notLastFile;
  SmallFrame(int w, int h);
  // `mask` with its eight neighbours (kept within the files; ranks beyond the frame are the
  // caller's to cut).
  uint64_t dilate(uint64_t mask) const {
    const uint64_t row = mask | ((mask & notLastFile) << 1) | ((mask & notFirstFile) >> 1);
    return row | (row << width) | (row >> width);
  }
  // Squares a queen on `from` reaches over `empty`.
  uint64_t queenTargets(uint64_t from, uint64_t empty) const {
    uint64_t targets = 0;
    auto ray = [&](auto step) {
      for (uint64_t x = step(from) & empty; x; x = step(x) & empty) targets |= x;
    };
    const int w = width;
    ray([&](uint64_t x) { return (x & notLastFile) << 1; });
    ray([&](uint64_t x) { return (x & notFirstFile) >> 1; });
    ray([&](uint64_t x) { return x << w; });
    ray([&](uint64_t x) { return x >> w; });
    ray([&](uint64_t x) { return (x & notLastFile) << (w + 1); });
    ray([&](uint64_t x) { return (x & notFirstFile) << (w - 1); });
    ray([&](uint64_t x) { return (x & notLastFile) >> (w - 1); });
    ray([&](uint64_t x) { return (x & notFirstFile) >> (w + 1); });
    return targets;
  }
};

// Every position after a legal move of `mover`, by square index of from, then to, then arrow.
template <typename Emit>
void forEachOption(const SmallRegion& region, Color mover, Emit&& emit) {
  const SmallFrame frame(static_cast<int>(region.width), static_cast<int>(region.height));
  const uint64_t mine = mover == Color::Black ? region.black : region.white;
  for (uint64_t amazons = mine; amazons; amazons &= amazons - 1) {
    const uint64_t from = amazons & -amazons;
    const uint64_t emptyWithoutMe = region.empty | from;
    for (uint64_t tos = frame.queenTargets(from, region.empty); tos; tos &= tos - 1) {
      const uint64_t to = tos & -tos;
      const uint64_t emptyAfterStep = emptyWithoutMe & ~to;
      SmallRegion option = region;
      (mover == Color::Black ? option.black : option.white) ^= from | to;
      for (uint64_t arrows = frame.queenTargets(to, emptyAfterStep); arrows; arrows &= arrows - 1) {
        option.empty = emptyAfterStep & ~(arrows & -arrows);
        emit(option);
      }
    }
  }
}

// How many legal moves `mover` has (the options forEachOption would give).
inline int countOptions(const SmallRegion& region, Color mover) {
  const SmallFrame frame(static_cast<int>(region.width), static_cast<int>(region.height));
  int count = 0;
  for (uint64_t amazons = mover == Color::Black ? region.black : region.white; amazons; amazons &= amazons - 1) {
    const uint64_t from = amazons & -amazons;
    const uint64_t emptyWithoutMe = region.empty | from;
    for (uint64_t tos = frame.queenTargets(from, region.empty); tos; tos &= tos - 1)
      count += std::popcount(frame.queenTargets(tos & -tos, emptyWithoutMe & ~(tos & -tos)));
  }
  return count;
}

// The empty squares `mover`'s amazons can ever reach, their own moves alone: across empty
// squares only, the other side's amazons blocking. No sequence of `mover`'s moves there is
// longer (each move fills one of them for good), so a region G has G <= this count for Black
// and G >= minus it for White.
inline int reachableEmpty(const SmallRegion& region, Color mover) {
  const SmallFrame frame(static_cast<int>(region.width), static_cast<int>(region.height));
  const uint64_t mine = mover == Color::Black ? region.black : region.white;
  for (uint64_t reach = mine;;) {
    const uint64_t grown = (frame.dilate(reach) & region.empty & frame.all) | mine;
    if (grown == reach) return std::popcount(reach & region.empty);
    reach = grown;
  }
}

// The chambers of a region (findChambers' definition) as masks, ordered by lowest square.
// No region of 64 squares has more than 25: each chamber needs a 2x2 block of its own.
struct SmallChambers {
  std::array<uint64_t, 32> masks;
  int count = 0;
};
SmallChambers splitChambers(const SmallRegion& region);

ChamberClass chamberClassOf(const SmallRegion& region, uint64_t chamber);

// One chamber alone, cropped to its bounding box, in the orientation of least (empty, black,
// white) among the symmetries of least width (colours never swapped; boxes of at most 8 x 8
// compare the masks 8 bits a rank): equal for any two chambers that are images of each other,
// different otherwise.
SmallRegion normalisedChamber(const SmallRegion& region, uint64_t chamber);

}  // namespace amazons
