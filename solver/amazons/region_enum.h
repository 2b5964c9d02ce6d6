// Every chamber up to a size, once each: the regions a value database holds.
//
// A chamber here is an 8-connected set of squares, each empty or an amazon, with at least one
// of each (dead and closed chambers are worth 0 and never stored). They are enumerated by
// shape: every fixed 8-connected shape ("polyking") whose box fits, by Redelmeier's algorithm
// (each fixed shape once, no table of the shapes seen), kept only in the orientation that
// normalisedChamber gives the shape with every square empty (so each free shape once); then
// every placement of amazons of either colour on it, normalised and deduplicated within the
// shape (only a symmetric shape gives two placements one key).
#pragma once
#include <cstdint>
#include <functional>

#include "solver/amazons/small_region.h"

namespace amazons {

struct RegionLimits {
  int maxEmpty = 0;          // empty squares, at least 1
  int maxAmazons = 0;        // amazons of both colours together, at least 1
  int boxWidth = 0;          // the region fits this box in some orientation;
  int boxHeight = 0;         // boxWidth * boxHeight <= 64
};

// Calls visit(region) with each region, as normalisedChamber writes it, exactly once.
void forEachRegion(const RegionLimits& limits, const std::function<void(const SmallRegion&)>& visit);

}  // namespace amazons
