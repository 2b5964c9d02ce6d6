// Quick bounds on one-colour chambers on masks, exact for most: a greedy filling that fills
// every empty square its amazons can reach proves the owner's count of moves is that number
// (every move fills exactly one square, so nothing does better).
#pragma once
#include <vector>

#include "solver/amazons/board.h"
#include "solver/amazons/small_region.h"

namespace amazons {

// Bounds lo <= moves <= hi on the moves `owner` makes alone in `region` (a one-colour chamber
// on masks: no amazon of the other colour): hi is the empty squares its amazons can reach
// (each move fills one for good), lo the moves of a greedy filling of them (squares with few
// ways in first; where every move strands a square, the one stranding fewest). lo == hi is
// the exact count; the caller asks TerritorySolver for the others, or makes do with bounds.
struct TerritoryBounds {
  int lo = 0, hi = 0;
};
// On masks of 64, 128 or 256 bits (`mine` the owner's amazons): equal on a region any holds.
template <typename Mask>
TerritoryBounds territoryBoundsOnMasks(const MaskFrame<Mask>& frame, Mask mine, Mask empty);
template <typename Mask>
TerritoryBounds territoryBounds(const MaskRegion<Mask>& region, Color owner) {
  return territoryBoundsOnMasks(region.frame(), region.amazons(owner), region.empty);
}
// The same on a board, on the narrowest masks that hold it.
TerritoryBounds territoryBounds(const Board& region, Color owner);
// The moves of the filling that gave lo (squares as the region lies), playable in order.
template <typename Mask>
std::vector<Move> territoryFilling(const MaskRegion<Mask>& region, Color owner);

}  // namespace amazons
