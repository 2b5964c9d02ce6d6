// A quick exact answer for most one-colour chambers on masks: a greedy filling that, when it
// fills every empty square, proves the owner's count of moves is the number of empty squares
// (every move fills exactly one square, so nothing does better).
#pragma once
#include <optional>

#include "solver/amazons/board.h"
#include "solver/amazons/small_region.h"

namespace amazons {

// The moves `owner` makes alone in `region` (a one-colour chamber on masks: no amazon of the
// other colour), when a greedy filling proves it fills every empty square; nullopt when the
// greedy filling strands a square (the caller then asks TerritorySolver).
std::optional<int> perfectTerritoryMoves(const SmallRegion& region, Color owner);

}  // namespace amazons
