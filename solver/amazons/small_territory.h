// Quick bounds on masks. On one-colour chambers, exact for most: a greedy filling that fills
// every empty square its amazons can reach proves the owner's count of moves is that number
// (every move fills exactly one square, so nothing does better). On any region: each side's
// zone above, its pockets below (regionBounds).
#pragma once
#include <optional>
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

// Moves the amazons `mine` can make whatever the other side (`theirs`) does, in pockets it
// cannot enter: `theirZone` is the empty squares their amazons can ever reach with mine
// standing still (reachableSquares). Mine that touch that zone or their amazons are gates:
// they stand still as walls, but for one step each into a pocket beside it with no amazon of
// its own, shooting back at the square it left (which seals the pocket again). Every other
// amazon plays only in its pocket, the component of the empty squares outside the zone and
// such amazons, sealed by arrows and gates. The sum of the pockets' greedy fillings
// (territoryBoundsOnMasks' lo): played one at a time, each in answer to any move of theirs,
// they stay legal, since nothing of theirs gets in. `idleGates`: the gates no pocket takes.
template <typename Mask>
struct Guaranteed {
  int moves = 0;
  Mask idleGates{};
};
template <typename Mask>
Guaranteed<Mask> guaranteedMoves(const MaskFrame<Mask>& frame, Mask mine, Mask theirs, Mask empty, Mask theirZone);

// A gate that no pocket needs (a runner) may instead step into their zone, one square, shooting
// back at the square it left: a move of mine that opens nothing to theirs and takes a square of
// their zone. Each of their moves takes at least one square from their zone for good, and one
// more for each square it cuts off without filling; so each round of their move and such a
// step takes at least two, the step's square filled by the step or cut off before. Each step is
// a move of mine and a square fewer for theirs: 2 a step against the bounds below, for the side
// that has the runners. Steps sure to be there whatever they play (they move first):
// - one where three or more squares of their zone lie beside runners: their move fills two
//   (where the amazon lands and its arrow);
// - as many as a runner's steps along a path of new squares of their zone, each beside the
//   last, whose t-th square none of their first t moves can fill: out of reach of t+1 queen
//   moves from their amazons (over the empty squares and their amazons' own, which they may
//   leave; their moves and the steps only wall lines off).
template <typename Mask>
int steppingGateCredit(const MaskFrame<Mask>& frame, Mask idleGates, Mask theirs, Mask empty, Mask theirZone);
// The same steps where the runners' side moves first (its tempo): the t-th square of a path
// need only be out of reach of their first t-1 moves, so the first step needs only a square
// of their zone beside a runner. The count of steps (not doubled); 0 where no runner can step.
template <typename Mask>
int stepsMovingFirst(const MaskFrame<Mask>& frame, Mask idleGates, Mask theirs, Mask empty, Mask theirZone);

// lo <= G <= hi for any region: each side makes at most the moves of its zone (the empty
// squares its amazons can reach, the other's standing still: each move fills one for good)
// and, whatever the other does, at least those of its pockets (guaranteedMoves), with its
// gates' steps into the other's zone besides (steppingGateCredit). So G >= Black's pockets
// less White's zone: Black answers each of White's moves with one of its own (numbers alike),
// and has as many as White has at most.
struct RegionBounds {
  int lo = 0, hi = 0;
};
// The same with the zones given (reachableSquares of each side's amazons) and each side's
// pockets (guaranteedMoves against the other's zone), for a caller that takes the tempo too.
template <typename Mask>
RegionBounds regionBounds(const MaskRegion<Mask>& region, Mask blackZone, Mask whiteZone, const Guaranteed<Mask>& black,
                          const Guaranteed<Mask>& white) {
  const MaskFrame<Mask> frame = region.frame();
  return {black.moves + steppingGateCredit(frame, black.idleGates, region.white, region.empty, whiteZone) - maskPopcount(whiteZone),
          maskPopcount(blackZone) - white.moves - steppingGateCredit(frame, white.idleGates, region.black, region.empty, blackZone)};
}
// The same with the zones given.
template <typename Mask>
RegionBounds regionBounds(const MaskRegion<Mask>& region, Mask blackZone, Mask whiteZone) {
  const MaskFrame<Mask> frame = region.frame();
  return regionBounds(region, blackZone, whiteZone, guaranteedMoves(frame, region.black, region.white, region.empty, whiteZone),
                      guaranteedMoves(frame, region.white, region.black, region.empty, blackZone));
}
template <typename Mask>
RegionBounds regionBounds(const MaskRegion<Mask>& region) {
  const MaskFrame<Mask> frame = region.frame();
  return regionBounds(region, reachableSquares(frame, region.black, region.empty), reachableSquares(frame, region.white, region.empty));
}
// The mover's bound with its tempo, where a runner of the mover can step (stepsMovingFirst, s
// steps): Black's first step leaves G' >= Black's pockets + 2s - White's zone - 1 (White's
// zone lost the step's square; the other steps are those of G' with White to move), so
// Black, moving first in G + n, wins where that bound plus n is 0 or more. Returned for
// Black: its pockets + 2s - White's zone (a lo, but with Black moving first); for White
// alike, Black's zone - White's pockets - 2s (a hi with White moving first). nullopt where no
// runner can step.
// `theirZone`: reachableSquares of the other side's amazons; `g` the mover's pockets against it
// (guaranteedMoves), which regionBounds took already.
template <typename Mask>
std::optional<int> tempoBound(const MaskRegion<Mask>& region, Color mover, Mask theirZone, const Guaranteed<Mask>& g) {
  const MaskFrame<Mask> frame = region.frame();
  const Mask theirs = region.amazons(opposite(mover));
  const int steps = stepsMovingFirst(frame, g.idleGates, theirs, region.empty, theirZone);
  if (steps == 0) return std::nullopt;
  if (mover == Color::Black) return g.moves + 2 * steps - maskPopcount(theirZone);
  return maskPopcount(theirZone) - g.moves - 2 * steps;
}

// The moves of the filling that gave lo (squares as the region lies), playable in order.
template <typename Mask>
std::vector<Move> territoryFilling(const MaskRegion<Mask>& region, Color owner);

}  // namespace amazons
