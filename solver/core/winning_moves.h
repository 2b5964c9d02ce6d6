// The verdict for one side to move in an analysed position, and its winning move
// (core/analysis.h): the search over the sum decides, then the candidate moves are tried in turn.
#pragma once
#include <algorithm>
#include <cstdint>
#include <optional>
#include <queue>
#include <stdexcept>
#include <tuple>
#include <utility>
#include <vector>

#include "cgt/cgt.h"
#include "solver/core/analysis_report.h"
#include "solver/core/game.h"
#include "solver/core/move_order.h"
#include "solver/core/options.h"
#include "solver/core/proof_search.h"
#include "solver/core/sum_search.h"
#include "solver/core/sum_state.h"
#include "solver/core/values.h"

namespace amazons::core {

// The position as a sum with region `except` left out.
template <Game G>
SumState<G> stateOf(const Analysis<G>& a, size_t except = SIZE_MAX) {
  SumState<G> state;
  for (size_t i = 0; i < a.regions.size(); ++i) {
    if (i == except) continue;
    if (a.regions[i].value) state.known.add(*a.regions[i].value);
    else state.raw.push_back(G::normalise(a.regions[i].part.region));
  }
  return state;
}

// The verdict for one side to move, and a winning move (with a loss, the most stubborn): the
// first that wins with the moves of the raw regions first, in the search's order (the search
// has just met them, so most are in its table), then those of the valued regions, each by
// MoveOrder::moveScore, and with every value known the best mean first; with
// allWinningMoves, every move that wins, in that order (after the first, by the most their
// means can be where a territory is not yet counted).
template <Game G>
void decideSide(const Analysis<G>& a, SideReport<G>& side, SumSearch<G>& search, ProofSearch<G>& proof, const AnalysisOptions& options,
                Budget& budget) {
  using Region = typename G::Region;
  const bool wins = proof.moverWins(stateOf(a), side.mover, budget);
  side.verdict = wins ? Verdict::Win : Verdict::Loss;
  if (!wins && !side.hasMove) return;
  struct Candidate {
    bool valued;
    int64_t score;
    size_t region;
    typename G::Move move;
    std::optional<Region> after;
  };
  std::vector<Candidate> candidates;
  const bool rawAlone = std::count_if(a.regions.begin(), a.regions.end(), [](const RegionReport<G>& r) { return !r.value; }) == 1;
  for (size_t i = 0; i < a.regions.size(); ++i) {
    const bool valued = a.regions[i].value.has_value();
    MoveOrder<G>::forEachScoredMove(a.regions[i].part.region, side.mover, !valued && rawAlone, [&](int64_t score, const typename G::Move& m, std::optional<Region>&& after) {
      candidates.push_back({valued, score, i, m, std::move(after)});
    });
  }
  std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate& x, const Candidate& y) {
    return std::tie(x.valued, x.score) < std::tie(y.valued, y.score);
  });
  // Each candidate's position, made when first needed.
  std::vector<std::optional<SumState<G>>> afters(candidates.size());
  auto after = [&](size_t i) -> const SumState<G>& {
    if (!afters[i]) {
      afters[i] = stateOf(a, candidates[i].region);
      const Candidate& c = candidates[i];
      search.parts().addParts(c.after ? *c.after : G::play(a.regions[c.region].part.region, c.move), *afters[i], budget);
    }
    return *afters[i];
  };
  // With every value known, the candidates go in order of best mean for the mover (those
  // whose parts are not all valued behind, in the search's order), as the Amazons solver orders
  // them: the winning move reported is one of best mean, and with a loss the first is the most
  // stubborn. The order is made lazily, as the moves are tried: a candidate's pending integers
  // (a territory after a move) are solved only once its bounds could put it first. Solving
  // every one first kept a 40-square territory's Black to move past 100 s: some moves leave
  // territories whose exact count, a square short of their size, takes a long proof.
  struct Ranked {
    cgt::Dyadic best;  // the most its mean can be for the mover
    bool exact;        // the mean is known, no pending integer left
    size_t index;
    bool operator<(const Ranked& o) const {  // the priority queue's: o goes first
      return std::tie(best, exact, o.index) < std::tie(o.best, o.exact, index);
    }
  };
  const int64_t sign = side.mover == cgt::Side::Left ? 1 : -1;
  auto rank = [&](size_t i) -> std::optional<Ranked> {
    const SumState<G>& s = after(i);
    if (!s.raw.empty()) return std::nullopt;
    cgt::Dyadic mean;
    for (const cgt::GameId v : s.known.values()) mean = mean + cgt::mean(v);
    for (const PendingRegion<G>& p : s.pending) mean = mean + cgt::Dyadic::integer(sign > 0 ? p.hi : p.lo);
    return Ranked{sign > 0 ? mean : -mean, s.pending.empty(), i};
  };
  std::priority_queue<Ranked> byMean;
  std::vector<size_t> rest;  // in the search's order
  const bool ranked = totalMean(a).has_value();
  for (size_t i = 0; i < candidates.size(); ++i) {
    const std::optional<Ranked> r = ranked ? rank(i) : std::nullopt;
    if (r) byMean.push(*r);
    else rest.push_back(i);
  }
  // Once a winning move is found, the other winning moves (allWinningMoves) follow by their
  // bounds, unsolved: each needs only its proof. (Solving each to order the list, the
  // 40-square territory's 44 moves were cut by a 20 s limit after the first, and White's
  // verdict, which needs no search, was left unknown.)
  auto next = [&, restAt = size_t{0}]() mutable -> std::optional<size_t> {
    while (!byMean.empty()) {
      const Ranked top = byMean.top();
      byMean.pop();
      if (top.exact || side.winningMove) return top.index;
      afters[top.index] = search.parts().resolved(after(top.index), budget);
      byMean.push(*rank(top.index));
    }
    if (restAt < rest.size()) return rest[restAt++];
    return std::nullopt;
  };
  auto onBoard = [&](const Candidate& c) {
    const Placed<Region>& part = a.regions[c.region].part;
    return G::shifted(c.move, part.file0, part.rank0);
  };
  if (!wins) {
    side.stubbornMove = onBoard(candidates[*next()]);
    return;
  }
  auto found = [&](const Candidate& c) {
    const typename G::Move move = onBoard(c);
    if (!side.winningMove) side.winningMove = move;
    side.winningMoves.push_back(move);
  };
  // A proof search has just proven a move winning, and the table likely holds it: with a raw
  // region, take it from there rather than prove the losing moves before it in turn (in the
  // Amazons solver a 10x10 line took 18,000 positions to none). Without one the candidates
  // come in the search's own order, and making every candidate's position first cost the
  // Amazons core suites 10-20%.
  if (!options.allWinningMoves && options.proofSize > 0)
    for (size_t i = 0; i < candidates.size(); ++i)
      if (!after(i).raw.empty() && search.known(after(i), opposite(side.mover)) == false) return found(candidates[i]);
  for (std::optional<size_t> i = next(); i; i = next()) {
    if (proof.moverWins(after(*i), opposite(side.mover), budget)) continue;
    found(candidates[*i]);
    if (!options.allWinningMoves) return;
  }
  // A sum that the mover wins has a move to a sum the opponent loses: finding none is a bug.
  if (!side.winningMove) throw std::logic_error("a won position without a winning move");
}

}  // namespace amazons::core
