#include "solver/amazons/small_territory.h"

#include <bit>
#include <cstdint>

namespace amazons {

namespace {

// For every square, how many of its eight neighbours lie in `mask`: a count of 0..8 in four
// bit planes, so the squares of one count are found with a few mask operations.
class NeighbourCounts {
 public:
  NeighbourCounts(const SmallFrame& frame, uint64_t mask) {
    const int w = frame.width;
    // Each term brings one neighbour onto every square: the one to its west, east, and the
    // three on the rank below and above.
    const uint64_t fromWest = (mask & frame.notLastFile) << 1, fromEast = (mask & frame.notFirstFile) >> 1;
    for (uint64_t x : {fromWest, fromEast, fromWest << w, mask << w, fromEast << w, fromWest >> w, mask >> w,
                       fromEast >> w})
      for (int i = 0; i < 4 && x; ++i) {  // ripple-carry add of x, one bit a square
        const uint64_t carry = plane_[i] & x;
        plane_[i] ^= x;
        x = carry;
      }
  }
  // The squares with exactly n neighbours in the mask (n in 0..8).
  uint64_t equal(int n) const {
    uint64_t out = ~uint64_t{0};
    for (int i = 0; i < 4; ++i) out &= (n >> i & 1) ? plane_[i] : ~plane_[i];
    return out;
  }

 private:
  uint64_t plane_[4] = {};
};

// Plays one move of the amazons `mine` after which every empty square is still reachable,
// trying (Warnsdorff-like, as greedyFill in territory.cpp) destinations with few empty
// neighbours first and, for each, arrow squares with few empty neighbours first: squares
// with few ways in are filled before they are cut off. False when every move strands one.
bool fillOne(const SmallFrame& frame, uint64_t& mine, uint64_t& empty) {
  const NeighbourCounts before(frame, empty);
  for (int toN = 0; toN <= 8; ++toN) {
    // A destination beside `from` gains it as an empty neighbour once the amazon leaves.
    const uint64_t apart = before.equal(toN), beside = toN > 0 ? before.equal(toN - 1) : 0;
    for (uint64_t amazons = mine; amazons; amazons &= amazons - 1) {
      const uint64_t from = amazons & -amazons;
      const uint64_t nearFrom = frame.dilate(from);
      uint64_t tos = frame.queenTargets(from, empty) & ((apart & ~nearFrom) | (beside & nearFrom));
      for (; tos; tos &= tos - 1) {
        const uint64_t to = tos & -tos;
        const uint64_t emptyAfterStep = (empty | from) & ~to;
        const uint64_t amazonsAfter = (mine ^ from) | to;
        const NeighbourCounts after(frame, emptyAfterStep);
        uint64_t arrows = frame.queenTargets(to, emptyAfterStep);
        for (int arrowN = 0; arrows; ++arrowN) {
          const uint64_t level = arrows & after.equal(arrowN);
          for (uint64_t left = level; left; left &= left - 1) {
            const uint64_t emptyAfter = emptyAfterStep & ~(left & -left);
            if (reachableSquares(frame, amazonsAfter, emptyAfter) == emptyAfter) {  // none stranded
              mine = amazonsAfter;
              empty = emptyAfter;
              return true;
            }
          }
          arrows &= ~level;
        }
      }
    }
  }
  return false;
}

}  // namespace

TerritoryBounds territoryBounds(const SmallRegion& region, Color owner) {
  const SmallFrame frame(static_cast<int>(region.width), static_cast<int>(region.height));
  uint64_t mine = owner == Color::Black ? region.black : region.white;
  // Squares cut off from every amazon are never filled: the others bound the count.
  uint64_t empty = reachableSquares(frame, mine, region.empty);
  TerritoryBounds bounds{0, std::popcount(empty)};
  // The greedy filling's moves are moves the owner can make: their count is a lower bound.
  // Where every move strands a square, the first legal move is played (it strands some), and
  // the filling goes on over the squares still reachable.
  auto firstMove = [&] {
    SmallRegion rest = region;
    (owner == Color::Black ? rest.black : rest.white) = mine;
    rest.empty = empty;
    return anyOption(rest, owner, [&](const SmallRegion& after) {
      mine = owner == Color::Black ? after.black : after.white;
      empty = after.empty;
      return true;
    });
  };
  while (empty) {
    if (!fillOne(frame, mine, empty) && !firstMove()) break;
    ++bounds.lo;
    empty = reachableSquares(frame, mine, empty);
  }
  return bounds;
}

}  // namespace amazons
