// The boards the territory solver (territory.cpp) works on: normalised to one owner, split
// into the owner's independent components, and filled greedily for a lower bound.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "solver/amazons/board.h"
#include "solver/amazons/small_region.h"

namespace amazons::territory {

// Every board the solver works on is normalised: the owner's amazons are Black, the other
// colour's amazons are arrows, Black to move.
Board normaliseOwner(const Board& region, Color owner);

// The board a regionKey encodes (width, height, 2 bits a cell rank-major), Black to move.
Board decodeKey(const std::string& key);

template <typename F>
inline void forEachNeighbour(const Board& b, int sq, F&& f) {
  const int file = b.fileOf(sq), rank = b.rankOf(sq);
  for (int dr = -1; dr <= 1; ++dr)
    for (int df = -1; df <= 1; ++df)
      if ((dr || df) && b.onBoard(file + df, rank + dr)) f(b.square(file + df, rank + dr));
}

inline bool adjacent(const Board& b, int x, int y) {
  const int df = b.fileOf(x) - b.fileOf(y), dr = b.rankOf(x) - b.rankOf(y);
  return x != y && df >= -1 && df <= 1 && dr >= -1 && dr <= 1;
}

// Empty squares 8-connected (through empty squares and Black amazons) to a Black amazon.
int liveEmpty(const Board& b);

// The owner's independent parts of a normalised board: 8-connected components of non-arrow
// squares holding a Black amazon and an empty square. Adjacent amazons belong together (once
// one moves away, the other can step onto its square), so this is coarser than findChambers,
// which keeps side-by-side amazons apart.
struct Component {
  std::vector<int> squares;  // ascending
  int empty = 0;
};

std::vector<Component> ownerComponents(const Board& b);
// The same parts of a normalised board on masks, f(part) for each, in the same order (by
// lowest square).
template <typename Mask, class F>
void forEachOwnerPart(const MaskFrame<Mask>& frame, const MaskRegion<Mask>& region, F&& f) {
  forEachConnectedPart(frame, region.black | region.white | region.empty, [&](Mask part) {
    if ((part & region.black) && (part & region.empty)) f(part);
  });
}

// The component alone on its bounding box, every other square an arrow; (f0, r0) its offset.
Board extractComponent(const Board& b, const Component& c, int* f0out = nullptr, int* r0out = nullptr);

// Greedy filling on a normalised board: among all moves, prefer those that strand no empty
// square, then (Warnsdorff-like) a destination with few empty neighbours and an arrow into a
// square with few empty neighbours. `seed` != 0 adds random tie-breaking. Returns the moves
// made (and them in `line` when given).
int greedyFill(Board b, std::vector<Move>* line, uint64_t seed);

}  // namespace amazons::territory
