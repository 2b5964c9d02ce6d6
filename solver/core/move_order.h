// The order in which the search over sums (core/sum_search.h) tries a position's moves in its
// raw regions, the moves a parallel split shares out, and cheap counts of moves.
#pragma once
#include <algorithm>
#include <concepts>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "solver/core/game.h"
#include "solver/core/killers.h"
#include "solver/core/sum_state.h"

namespace amazons::core {

// A move in raw region `region` of a position.
template <Game G>
struct RawMove {
  size_t region;
  typename G::Move move;
  std::optional<typename G::Region> after;  // the raw region after the move, not split, where scoring made it
};

// How the search over sums orders a position's raw moves; static, no state.
template <Game G>
struct MoveOrder {
  using Region = typename G::Region;
  using State = SumState<G>;

  // The moves in the raw regions by moveScore, fewest opponent replies first: a winning move
  // often shuts the opponent out, and trying it first cuts the rest. (In G::moves order 40
  // random 6x6 boards took 62 s, four unknown at 10 s; in this order 26 s, one unknown.) In a
  // raw region alone in the sum and large enough, a game's estimate (G::estimate) goes first:
  // the most gained for the mover first, replies breaking ties. With several raw regions what
  // a move gains in one says little of its worth in the sum, where the tempo it spends counts
  // too (the Amazons solver's measures, sum_search.cpp). With `history` (core/killers.h), the
  // moves of equal estimate go by their history scores, most first, before their replies.
  static std::vector<RawMove<G>> orderedRawMoves(const State& state, cgt::Side mover, const typename History<G>::Table* history = nullptr) {
    // The scores sorted with the moves' places, not the moves, which carry their regions. Both
    // lists are the thread's own, kept from call to call (every position above the leaves
    // orders its moves: two allocations fewer each).
    struct Ranked {
      int64_t estimate;  // the estimate's part of moveScore's score (less is better)
      int64_t history;   // less is better: the history score, negated
      int64_t replies;   // the rest of the score
      uint32_t place;    // breaks ties: a stable sort of the scores
      auto operator<=>(const Ranked&) const = default;
    };
    thread_local std::vector<RawMove<G>> moves;
    thread_local std::vector<Ranked> order;
    moves.clear();
    order.clear();
    for (size_t i = 0; i < state.raw.size(); ++i)
      forEachScoredMove(state.raw[i], mover, state.raw.size() == 1, [&](int64_t score, const typename G::Move& m, std::optional<Region>&& after) {
        const int64_t estimate = score >= 0 ? score / kEstimateWeight : -((-score + kEstimateWeight - 1) / kEstimateWeight);
        order.push_back({estimate, history ? -static_cast<int64_t>(history->score(mover, m)) : 0, score - estimate * kEstimateWeight,
                         static_cast<uint32_t>(moves.size())});
        moves.push_back({i, m, std::move(after)});
      });
    std::sort(order.begin(), order.end());
    std::vector<RawMove<G>> out;
    out.reserve(moves.size());
    for (const Ranked& r : order) out.push_back(std::move(moves[r.place]));
    moves.clear();  // the regions moved from, released now
    return out;
  }

  // The moves after the `eldest` first that a split searches in parallel, by their places in
  // `moves`: each but those to the same position as an earlier move (in a position that is its own
  // mirror image, the mirror images of earlier moves: the same region after them, once
  // normalised). Searched in parallel two such would be searched at once, neither stored
  // before the other ends, where one after the other the second is found in the table. On
  // the 6x4 start, Black to move (every move refuted), the two threads had searched each
  // pair of mirror-image first moves side by side, ending both at the same moment.
  static std::vector<size_t> movesToShare(const State& state, const std::vector<RawMove<G>>& moves, size_t eldest) {
    std::vector<size_t> shared;
    std::unordered_set<std::string> seen;
    for (size_t i = 0; i < moves.size(); ++i) {
      const RawMove<G>& m = moves[i];
      std::string key = G::key(G::normalise(m.after ? *m.after : G::play(state.raw[m.region], m.move)));
      key.append(reinterpret_cast<const char*>(&m.region), sizeof m.region);
      if (seen.insert(std::move(key)).second && i >= eldest) shared.push_back(i);
    }
    return shared;
  }

  // How promising a move is (less is better): the opponent's replies in the region after it.
  // Counted by G::countMoves(region, side) where the game has one (optional, =
  // G::moves(region, side).size() without the list). The mover's own replies as a tie-break
  // (most first) cost as much again and ordered worse: without them the Amazons starts, Black
  // to move, took 5x4 2.06 s and 809 k nodes instead of 2.47 s and 925 k (medians of three
  // interleaved runs), 4x5 8.3 s and 4.0 M instead of 12.0 s and 4.6 M. Clobber's order is the
  // same either way: both sides have as many moves there.
  static int64_t moveScore(const Region& after, cgt::Side mover) {
    return static_cast<int64_t>(countMoves(after, opposite(mover)));
  }
  static size_t countMoves(const Region& region, cgt::Side side) {
    if constexpr (requires { { G::countMoves(region, side) } -> std::convertible_to<size_t>; }) return G::countMoves(region, side);
    else return G::moves(region, side).size();
  }

  // A point of estimate in a score outweighs any count of replies: a score is replies -
  // gain x kEstimateWeight, 0 <= replies < kEstimateWeight.
  static constexpr int64_t kEstimateWeight = int64_t{1} << 32;

  // Each move of `mover` in `region` as f(score, move, region after it or nullopt), score by
  // moveScore, and by the game's estimate first where the region is raw and `alone`
  // (orderedRawMoves). A game that scores a region's moves itself (G::forEachMoveScore) may
  // give no region after them (Amazons' boards of 65-128 squares, on 128-bit masks): only the
  // moves searched are played.
  template <class F>
  static void forEachScoredMove(const Region& region, cgt::Side mover, bool alone, F&& f) {
    const int64_t sign = mover == cgt::Side::Left ? 1 : -1;
    bool byEstimate = false;
    int before = 0;
    if constexpr (HasEstimate<G>) {
      byEstimate = alone && G::size(region) >= G::kEstimateFrom;
      if (byEstimate) before = G::estimate(region);
    }
    if constexpr (HasMoveScores<G>) {
      // By estimate, the replies only break ties, and a move short of the best gain met so far
      // is never tried first: its replies are not counted, and it follows the counted moves of
      // its gain in G::moves order. In a winning position the first move nearly always wins
      // (99% of 1.2 M on a 41-empty 10x10 position), so most counts went unused there: that
      // position 10.5 -> 8.9 s, 1.47 M -> 1.45 M positions.
      constexpr int64_t kUncounted = int64_t{1} << 31;  // more than any count of replies
      static_assert(kUncounted < kEstimateWeight);      // and less than a point of estimate
      int64_t bestGain = std::numeric_limits<int64_t>::min();
      const bool scored = G::forEachMoveScore(region, mover, byEstimate, [&](const typename G::Move& m, const auto& replies, int estimate, const Region* after) {
        int64_t score;
        if (byEstimate) {
          const int64_t gain = sign * (estimate - before);
          score = (gain >= bestGain ? replies() : kUncounted) - gain * kEstimateWeight;
          bestGain = std::max(bestGain, gain);
        } else {
          score = replies();
        }
        f(score, m, after ? std::optional<Region>(*after) : std::optional<Region>());
      });
      if (scored) return;
    }
    for (const typename G::Move& m : G::moves(region, mover)) {
      Region after = G::play(region, m);
      int64_t score = moveScore(after, mover);
      if constexpr (HasEstimate<G>)
        if (byEstimate) score -= sign * (G::estimate(after) - before) * kEstimateWeight;
      f(score, m, std::optional<Region>(std::move(after)));
    }
  }

  // How many moves `mover` has, counted cheaply (equal parts once, a number's left out).
  static uint64_t moveCount(const State& state, cgt::Side mover) {
    uint64_t count = state.known.moves(mover).size();
    for (const Region& r : state.raw) count += countMoves(r, mover);
    return count;
  }
};

}  // namespace amazons::core
