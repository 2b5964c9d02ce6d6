#include "solver/amazons/small_territory.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

namespace amazons {

namespace {

// For every square, how many of its eight neighbours lie in `mask`: a count of 0..8 in four
// bit planes, so the squares of one count are found with a few mask operations.
template <typename Mask>
class NeighbourCounts {
 public:
  NeighbourCounts(const MaskFrame<Mask>& frame, Mask mask) {
    const int w = frame.width;
    // Each term brings one neighbour onto every square: the one to its west, east, and the
    // three on the rank below and above.
    const Mask fromWest = (mask & frame.notLastFile) << 1, fromEast = (mask & frame.notFirstFile) >> 1;
    for (Mask x : {fromWest, fromEast, Mask(fromWest << w), Mask(mask << w), Mask(fromEast << w), Mask(fromWest >> w),
                   Mask(mask >> w), Mask(fromEast >> w)})
      for (int i = 0; i < 4 && x; ++i) {  // ripple-carry add of x, one bit a square
        const Mask carry = plane_[i] & x;
        plane_[i] ^= x;
        x = carry;
      }
  }
  // The squares with exactly n neighbours in the mask (n in 0..8).
  Mask equal(int n) const {
    Mask out = ~Mask{0};
    for (int i = 0; i < 4; ++i) out &= (n >> i & 1) ? plane_[i] : ~plane_[i];
    return out;
  }

 private:
  Mask plane_[4] = {};
};

// Plays one move of the amazons `mine` after which every empty square is still reachable,
// trying (Warnsdorff-like) destinations with few empty neighbours first and, for each, arrow
// squares with few empty neighbours first: squares with few ways in are filled before they
// are cut off. False when every move strands one; else the move is in `played`.
template <typename Mask>
bool fillOne(const MaskFrame<Mask>& frame, Mask& mine, Mask& empty, MaskMoveOf<Mask>& played) {
  const NeighbourCounts before(frame, empty);
  for (int toN = 0; toN <= 8; ++toN) {
    // A destination beside `from` gains it as an empty neighbour once the amazon leaves.
    const Mask apart = before.equal(toN), beside = toN > 0 ? before.equal(toN - 1) : 0;
    for (Mask amazons = mine; amazons; amazons &= amazons - 1) {
      const Mask from = amazons & -amazons;
      const Mask nearFrom = frame.dilate(from);
      Mask tos = frame.queenTargets(from, empty) & ((apart & ~nearFrom) | (beside & nearFrom));
      for (; tos; tos &= tos - 1) {
        const Mask to = tos & -tos;
        const Mask emptyAfterStep = (empty | from) & ~to;
        const Mask amazonsAfter = (mine ^ from) | to;
        const NeighbourCounts after(frame, emptyAfterStep);
        Mask arrows = frame.queenTargets(to, emptyAfterStep);
        for (int arrowN = 0; arrows; ++arrowN) {
          const Mask level = arrows & after.equal(arrowN);
          for (Mask left = level; left; left &= left - 1) {
            const Mask emptyAfter = emptyAfterStep & ~(left & -left);
            if (reachableSquares(frame, amazonsAfter, emptyAfter) == emptyAfter) {  // none stranded
              mine = amazonsAfter;
              empty = emptyAfter;
              played = {from, to, left & -left};
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

// Where every move strands a square: the legal move of the amazons `mine` that leaves them the
// most squares to reach (the first of those, lowest square first: amazon, destination, arrow,
// the order of forEachOption) played, into `played`; false when they have none.
template <typename Mask>
bool leastStrandingMove(const MaskFrame<Mask>& frame, Mask& mine, Mask& empty, MaskMoveOf<Mask>& played) {
  int most = -1;
  Mask bestMine = 0, bestEmpty = 0;
  MaskMoveOf<Mask> best;
  for (Mask amazons = mine; amazons; amazons &= amazons - 1) {
    const Mask from = amazons & -amazons;
    for (Mask tos = frame.queenTargets(from, empty); tos; tos &= tos - 1) {
      const Mask to = tos & -tos;
      const Mask emptyAfterStep = (empty | from) & ~to;
      const Mask amazonsAfter = (mine ^ from) | to;
      for (Mask arrows = frame.queenTargets(to, emptyAfterStep); arrows; arrows &= arrows - 1) {
        const Mask emptyAfter = emptyAfterStep & ~(arrows & -arrows);
        const int left = maskPopcount(reachableSquares(frame, amazonsAfter, emptyAfter));
        if (left > most) {
          most = left;
          bestMine = amazonsAfter;
          bestEmpty = emptyAfter;
          best = {from, to, arrows & -arrows};
        }
      }
    }
  }
  if (most < 0) return false;
  mine = bestMine;
  empty = bestEmpty;
  played = best;
  return true;
}

// The greedy filling (territoryBoundsOnMasks) from these reachable squares: how many moves it
// makes, and them in `line` when given.
template <typename Mask>
int greedyMoves(const MaskFrame<Mask>& frame, Mask mine, Mask empty, std::vector<MaskMoveOf<Mask>>* line = nullptr) {
  // Where every move strands a square, the one that strands fewest is played, and the filling
  // goes on over the squares still reachable. (The first legal move there, as before, walked
  // into dead ends: a 12x12 territory of 49 moves got lo = 5, a 12x9 one of 40 lo = 33; now
  // 48 and 37.)
  int moves = 0;
  for (MaskMoveOf<Mask> played; empty; ) {
    if (!fillOne(frame, mine, empty, played) && !leastStrandingMove(frame, mine, empty, played)) break;
    if (line) line->push_back(played);
    ++moves;
    empty = reachableSquares(frame, mine, empty);
  }
  return moves;
}

// The better of two greedy fillings of the squares the amazons `mine` reach: as the region
// lies, and turned half a turn, whose ties go the other way (the lowest square first there is
// the highest here). (A 12x12 territory's winning move needs some move's count exact by bounds
// in the orientation its parts are normalised to; in one, no move's filling reached 48 squares
// of 48, in the other two did.) The second is tried only short of every reachable square. Its
// moves in `line` when given, squares as the region lies.
template <typename Mask>
int bestFilling(const MaskFrame<Mask>& frame, Mask mine, Mask empty, std::vector<Move>* line) {
  std::vector<MaskMoveOf<Mask>> moves;
  std::vector<MaskMoveOf<Mask>>* record = line ? &moves : nullptr;
  const int reachable = maskPopcount(empty);
  int best = greedyMoves(frame, mine, empty, record);
  const int squares = maskPopcount(frame.all);
  auto index = [](Mask bit) { return static_cast<uint8_t>(maskLowest(bit)); };
  auto turned = [&](Mask bit) { return static_cast<uint8_t>(squares - 1 - maskLowest(bit)); };
  bool half = false;
  if (best < reachable) {
    std::vector<MaskMoveOf<Mask>> other;
    const int moves2 = greedyMoves(frame, reversedSquares(mine, squares), reversedSquares(empty, squares), record ? &other : nullptr);
    if (moves2 > best) {
      best = moves2;
      moves.swap(other);
      half = true;
    }
  }
  if (line)
    for (const MaskMoveOf<Mask>& m : moves)
      line->push_back(half ? Move{turned(m.from), turned(m.to), turned(m.arrow)} : Move{index(m.from), index(m.to), index(m.arrow)});
  return best;
}

// territoryBoundsOnMasks' lo (a greedy filling's count of moves) for the amazons `mine` on the
// squares `empty`, through a cache of the fillings each thread met last: most positions of a
// search differ from their neighbours in one place, and the pockets elsewhere are filled
// again. (A greedy filling reads the flood fill of every candidate move: with every option's
// bounds taken in the search over sums, the fillings were a quarter of game 5's 46-empty line;
// cached, that line took 5.2 s instead of 6.5 s.) 2,048 entries of up to 80 bytes (two
// 256-bit masks), within a core's L2 cache.
template <typename Mask>
int filledMoves(const MaskFrame<Mask>& frame, Mask mine, Mask empty) {
  struct Entry {
    Mask mine = 0, empty = 0;
    int width = 0, moves = 0;  // width 0: unused (a frame is at least one square wide)
  };
  constexpr int kBits = 11;
  thread_local std::array<Entry, size_t{1} << kBits> recent{};
  uint64_t h = static_cast<uint64_t>(frame.width) * 0x9E3779B97F4A7C15ull;
  for (int word = 0; word < static_cast<int>(sizeof(Mask) / 8); ++word)
    h = (h ^ static_cast<uint64_t>(mine >> (64 * word)) * 0xC2B2AE3D27D4EB4Full ^ static_cast<uint64_t>(empty >> (64 * word))) *
        0xBF58476D1CE4E5B9ull;
  Entry& slot = recent[(h ^ (h >> 31)) >> (64 - kBits)];
  if (slot.width == frame.width && slot.mine == mine && slot.empty == empty) return slot.moves;
  const int moves = territoryBoundsOnMasks(frame, mine, empty).lo;
  slot = {mine, empty, frame.width, moves};
  return moves;
}

}  // namespace

template <typename Mask>
TerritoryBounds territoryBoundsOnMasks(const MaskFrame<Mask>& frame, Mask mine, Mask empty) {
  // Squares cut off from every amazon are never filled: the others bound the count.
  empty = reachableSquares(frame, mine, empty);
  // The greedy filling's moves are moves the owner can make: their count is a lower bound.
  return {bestFilling(frame, mine, empty, nullptr), maskPopcount(empty)};
}
template TerritoryBounds territoryBoundsOnMasks(const MaskFrame<uint64_t>&, uint64_t, uint64_t);
template TerritoryBounds territoryBoundsOnMasks(const MaskFrame<WideMask>&, WideMask, WideMask);
template TerritoryBounds territoryBoundsOnMasks(const MaskFrame<LargeMask>&, LargeMask, LargeMask);

template <typename Mask>
std::vector<Move> territoryFilling(const MaskRegion<Mask>& region, Color owner) {
  const MaskFrame<Mask> frame = region.frame();
  const Mask mine = region.amazons(owner);
  std::vector<Move> line;
  bestFilling(frame, mine, reachableSquares(frame, mine, region.empty), &line);
  return line;
}
template std::vector<Move> territoryFilling(const SmallRegion&, Color);
template std::vector<Move> territoryFilling(const WideRegion&, Color);
template std::vector<Move> territoryFilling(const LargeRegion&, Color);

template <typename Mask>
Guaranteed<Mask> guaranteedMoves(const MaskFrame<Mask>& frame, Mask mine, Mask theirs, Mask empty, Mask theirZone) {
  // An empty square beside their zone or their amazons is in the zone, so the ones outside it
  // touch neither; an amazon of mine that does not either may move in its pocket without
  // opening it. The others (gates) stand still, but for one step each into a pocket with no
  // amazon beside it, shooting back at the square it left: that square becomes an arrow, so
  // the pocket stays sealed, and the gate plays on inside it.
  const Mask movers = mine & ~frame.dilate(theirZone | theirs);
  const Mask pocketEmpty = empty & ~theirZone;
  Mask gates = mine & ~movers;
  if (!pocketEmpty) return {0, gates};
  int moves = 0;
  forEachConnectedPart(frame, movers | pocketEmpty, [&](Mask pocket) {
    if (!(pocket & pocketEmpty)) return;
    if (pocket & movers) {
      moves += filledMoves(frame, pocket & movers, pocket & pocketEmpty);
      return;
    }
    const Mask besideGates = gates & frame.dilate(pocket);
    if (!besideGates) return;
    const Mask gate = besideGates & -besideGates;
    gates ^= gate;
    const Mask entry = frame.dilate(gate) & pocket;
    const Mask step = entry & -entry;  // the gate's first move: one square in, the arrow where it stood
    moves += 1 + filledMoves(frame, step, pocket & ~step);
  });
  return {moves, gates};
}
template Guaranteed<uint64_t> guaranteedMoves(const MaskFrame<uint64_t>&, uint64_t, uint64_t, uint64_t, uint64_t);
template Guaranteed<WideMask> guaranteedMoves(const MaskFrame<WideMask>&, WideMask, WideMask, WideMask, WideMask);
template Guaranteed<LargeMask> guaranteedMoves(const MaskFrame<LargeMask>&, LargeMask, LargeMask, LargeMask, LargeMask);

// The longest path of new squares of their zone, each beside the last, the first beside a
// runner, whose t-th square none of their first t - lead moves can fill (lead 1: the runners'
// side moves first); its length.
template <typename Mask>
static int runnerPathSteps(const MaskFrame<Mask>& frame, Mask runners, Mask theirs, Mask empty, Mask theirZone, int lead) {
  const Mask open = empty | theirs;
  Mask reach = frame.queenTargets(theirs, open);  // where their amazons may stand after one move
  Mask path = frame.dilate(runners) & theirZone, walked = 0;
  int steps = 0;
  for (int t = 1;; ++t) {
    if (t > lead) {
      reach |= frame.queenTargets(reach, open);  // and what they may fill by their (t - lead)-th move
      path &= ~reach;
    }
    path &= ~walked;
    if (!path) break;
    steps = t;
    walked |= path;
    path = frame.dilate(path) & theirZone;
  }
  return steps;
}

template <typename Mask>
int steppingGateCredit(const MaskFrame<Mask>& frame, Mask idleGates, Mask theirs, Mask empty, Mask theirZone) {
  const Mask runners = idleGates & frame.dilate(theirZone);
  if (!runners) return 0;
  const int besideThree = maskPopcount(frame.dilate(runners) & theirZone) >= 3 ? 1 : 0;
  return 2 * std::max(besideThree, runnerPathSteps(frame, runners, theirs, empty, theirZone, 0));
}
template int steppingGateCredit(const MaskFrame<uint64_t>&, uint64_t, uint64_t, uint64_t, uint64_t);
template int steppingGateCredit(const MaskFrame<WideMask>&, WideMask, WideMask, WideMask, WideMask);
template int steppingGateCredit(const MaskFrame<LargeMask>&, LargeMask, LargeMask, LargeMask, LargeMask);

template <typename Mask>
int stepsMovingFirst(const MaskFrame<Mask>& frame, Mask idleGates, Mask theirs, Mask empty, Mask theirZone) {
  const Mask runners = idleGates & frame.dilate(theirZone);
  return runners ? runnerPathSteps(frame, runners, theirs, empty, theirZone, 1) : 0;
}
template int stepsMovingFirst(const MaskFrame<uint64_t>&, uint64_t, uint64_t, uint64_t, uint64_t);
template int stepsMovingFirst(const MaskFrame<WideMask>&, WideMask, WideMask, WideMask, WideMask);
template int stepsMovingFirst(const MaskFrame<LargeMask>&, LargeMask, LargeMask, LargeMask, LargeMask);

TerritoryBounds territoryBounds(const Board& region, Color owner) {
  // On 64-bit masks where they hold the board: the same bounds (the filling's choices do not
  // depend on the width of the masks) for less. The territory solver bounds each new chamber
  // it meets, most of them small: game 9's 44-empty line of the reach walk searched 1.88-1.90 M
  // -> 2.15-2.28 M positions in 20 s.
  return onMasks(region, [&](const auto& masks) { return territoryBounds(masks, owner); });
}

}  // namespace amazons
