// Deciding large sums of any core::Game by depth-first proof-number search (df-pn, Nagai 2002,
// with the 1+epsilon threshold of Pawlewicz and Lew 2007) above the search over sums
// (core/sum_search.h): each position it meets is first tried by that search within a few
// positions, and only those the try does not settle become nodes whose proof and disproof
// numbers steer the search to the move easiest to prove. Where the mover's first move in the
// search's order does not win, a depth-first search commits to it to the end; the proof search
// leaves it once another looks easier. The Amazons solver the core replaced had the same
// algorithm over its own search, where it was measured.
#pragma once
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "solver/core/game.h"
#include "solver/core/options.h"
#include "solver/core/sum_search.h"
#include "solver/core/values.h"

namespace amazons::core {

template <Game G>
class ProofSearch {
 public:
  using State = typename SumSearch<G>::State;

  ProofSearch(SumSearch<G>& search, const AnalysisOptions& options) : search_(search), options_(options) {}

  int proofSize() const { return options_.proofSize; }

  // Whether `mover`, to move, wins the sum: by the search over sums alone below proofSize(),
  // else by proof-number search over it.
  bool moverWins(const State& state, cgt::Side mover, Budget& budget) {
    if (proofSize() <= 0 || rawSize(state) < proofSize()) return search_.moverWins(state, mover, budget);
    struct Clear {  // the numbers of an unfinished proof are of no use to the next
      ProofSearch& proof;
      ~Clear() {
        proof.table_.clear();
        proof.bytes_ = 0;
      }
    } clear{*this};
    Numbers numbers = tried(state, mover, 0, budget);
    if (numbers.open())
      numbers = search(state, mover, sumKey(state, mover), {kInfinite, kInfinite}, budget);
    return numbers.proof == 0;
  }

 private:
  // Proof and disproof numbers, for the mover: the least number of positions that must still
  // be settled to prove it wins (loses). kInfinite where it is proven to lose (win).
  struct Numbers {
    uint64_t proof = 1, disproof = 1;
    bool open() const { return proof != 0 && disproof != 0; }  // neither proven nor disproven
  };
  static constexpr uint64_t kInfinite = uint64_t{1} << 40;
  struct Child {
    State state;
    std::string key;
    Numbers numbers;  // for the opponent, who moves there
    bool tried = true;  // false: unsettled by assumption (AnalysisOptions::proofEagerTries)
  };
  // An option's place in the search's order multiplies its disproof number (the opponent's:
  // the work to prove the move wins) by 1 + place / kPlaceWeight, so that the first moves are
  // searched first, as the depth-first search does. Measured on that Amazons solver: with
  // mobility alone (every place alike) the 5x4 start took 8.6 M positions against the
  // depth-first search's 0.29 M; with a weight of 4, 0.38 M. On the 60 frontier lines
  // (scripts/bench-frontier, 2 M nodes) 1 does better than 4: the 46 lines solved took 0.939
  // times the positions (9.80 M -> 9.20 M) and 42.6 -> 37.3 s side by side, none lost; 2 took
  // 0.949 times, 8 1.17 times and lost a line.
  static constexpr uint64_t kPlaceWeight = 1;
  // Bytes a table entry costs, roughly: the key, its node and the map's bookkeeping.
  static size_t entryBytes(const std::string& key) { return key.size() + 96; }

  void store(const std::string& key, Numbers numbers) {
    if (const auto found = table_.find(key); found != table_.end()) {
      found->second = numbers;
      return;
    }
    if (bytes_ >= options_.proofBytes()) return;  // full: found again by a try
    table_.emplace(key, numbers);
    bytes_ += entryBytes(key);
  }
  void forget(const std::string& key) {
    if (table_.erase(key) != 0) bytes_ -= entryBytes(key);
  }

  // The position tried by the search over sums: settled within proofTryPositions positions (to
  // the end below proofSize()), else unsettled().
  Numbers tried(const State& state, cgt::Side mover, size_t place, Budget& budget) {
    constexpr Numbers kWon{0, kInfinite}, kLost{kInfinite, 0};
    if (const std::optional<bool> known = search_.known(state, mover)) return *known ? kWon : kLost;
    const bool small = rawSize(state) < proofSize();
    const std::optional<bool> wins =
        search_.moverWinsWithin(state, mover, small ? std::numeric_limits<int64_t>::max() : options_.proofTryPositions, budget);
    if (!wins) return unsettled(state, mover, place);
    return *wins ? kWon : kLost;
  }
  // The numbers of a position not settled, the option at `place` in its parent's order (the
  // root: 0): proof number 1 (one move may win), disproof number the mover's count of moves
  // (every one must be refuted) weighed by the place (kPlaceWeight).
  static Numbers unsettled(const State& state, cgt::Side mover, size_t place) {
    return {1, std::max<uint64_t>(1, MoveOrder<G>::moveCount(state, mover)) * (1 + place / kPlaceWeight)};
  }

  // The options of a position with their numbers: from the table, else tried, in order, until
  // one is a loss for the opponent (the rest are then of no use), or until proofEagerTries
  // come back unsettled (the rest wait untried, unsettled by assumption, until search() picks
  // one). Expanded again, a position finds its tried options in the table and tries as many
  // more: it widens each time the search comes back to it. (Counting those found against the
  // quota instead: the 23 frontier lines solved in 15 s took 4.40 M positions against 4.44 M.)
  // With several threads the tries go as many at once (SumSearch::forEachTry), each thread
  // taking the next option due as soon as its try ends.
  std::vector<Child> expand(const State& state, cgt::Side mover, Budget& budget) {
    budget.expand();
    const cgt::Side other = opposite(mover);
    std::vector<Child> children;
    std::vector<size_t> due;  // the options not in the table, in order
    for (State& option : search_.options(state, mover, budget)) {
      Child child{std::move(option), {}, {}};
      child.key = sumKey(child.state, other);
      if (const auto found = table_.find(child.key); found != table_.end()) child.numbers = found->second;
      else due.push_back(children.size());
      children.push_back(std::move(child));
    }
    std::atomic<size_t> unsettledTries{0};
    std::atomic<bool> lost{false};  // an option lost for the opponent: the others stay untried
    std::vector<char> done(due.size(), 0);
    search_.forEachTry(
        due.size(),
        [&](size_t j) {
          Child& child = children[due[j]];
          child.numbers = tried(child.state, other, due[j], budget);
          done[j] = 1;
          if (child.numbers.proof == kInfinite) lost = true;
          else if (child.numbers.open()) ++unsettledTries;
        },
        [&] { return lost || unsettledTries >= options_.proofEagerTries; });
    for (size_t j = 0; j < due.size(); ++j) {
      Child& child = children[due[j]];
      if (done[j]) {
        if (child.numbers.open()) store(child.key, child.numbers);
      } else if (!lost) {
        child.tried = false;
        child.numbers = unsettled(child.state, other, due[j]);
      }
    }
    return children;
  }
  // The option at `place` in its position's order tried, and kept in the table while unsettled.
  void tryChild(Child& child, cgt::Side other, size_t place, Budget& budget) {
    child.tried = true;
    child.numbers = tried(child.state, other, place, budget);
    if (child.numbers.open()) store(child.key, child.numbers);
  }

  // Df-pn's multiple iterative deepening: the position's numbers are the least disproof number
  // of its options (one option lost for the opponent proves it) and the sum of their proof
  // numbers (every one must be won by the opponent); the option of least disproof number is
  // searched until its numbers pass thresholds that keep it the most promising (with the
  // second least times 1 + 1/4) and the position's own numbers within theirs.
  Numbers search(const State& state, cgt::Side mover, const std::string& key, Numbers thresholds, Budget& budget) {
    std::vector<Child> children = expand(state, mover, budget);
    for (;;) {
      budget.checkClock();
      Numbers numbers{kInfinite, 0};
      uint64_t second = kInfinite;
      size_t best = 0;
      for (size_t i = 0; i < children.size(); ++i) {
        const Numbers& c = children[i].numbers;
        if (c.disproof < numbers.proof) {
          second = numbers.proof;
          numbers.proof = c.disproof;
          best = i;
        } else if (c.disproof < second) {
          second = c.disproof;
        }
        numbers.disproof = c.proof == kInfinite ? kInfinite : std::min(kInfinite - 1, numbers.disproof + c.proof);
      }
      if (!numbers.open()) {
        search_.remember(state, mover, numbers.proof == 0);
        forget(key);
        return numbers;
      }
      if (numbers.proof >= thresholds.proof || numbers.disproof >= thresholds.disproof) {
        store(key, numbers);
        return numbers;
      }
      Child& child = children[best];
      if (!child.tried) {  // picked while untried: tried first, then picked again
        tryChild(child, opposite(mover), best, budget);
        continue;
      }
      const Numbers below{std::min(kInfinite, thresholds.disproof - numbers.disproof + child.numbers.proof),
                          std::min(thresholds.proof, second + second / 4 + 1)};
      child.numbers = search(child.state, opposite(mover), child.key, below, budget);
    }
  }

  SumSearch<G>& search_;
  const AnalysisOptions& options_;
  // Positions not proven yet (what is proven goes to the search's table); one analysis at a
  // time uses it (Analyser::analyse is for one thread).
  std::unordered_map<std::string, Numbers> table_;
  size_t bytes_ = 0;
};

}  // namespace amazons::core
