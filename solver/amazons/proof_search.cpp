#include "solver/amazons/proof_search.h"

#include <tbb/task_arena.h>

#include <algorithm>
#include <limits>

#include "solver/core/parallel.h"

namespace amazons::solve {

namespace {

// An option's place in RawSumSearch's order (territory gained first) multiplies its disproof
// number (the opponent's: the work to prove the move wins) by 1 + place / kPlaceWeight, so
// that the first moves are searched first, as the depth-first search does. With mobility
// alone (every place alike) the 5x4 start took 8.6 M positions against the depth-first
// search's 0.29 M; with this weight 0.38 M (with 1 + place or 1 + 4 place: 0.29 M), and the
// 4x5 start 20.4 M against 22 M (22.0 and 22.2 M).
constexpr uint64_t kPlaceWeight = 4;

}  // namespace

void ProofSearch::store(const std::string& key, Numbers numbers) {
  auto found = table_.find(key);
  if (found != table_.end()) {
    found->second = numbers;
    return;
  }
  if (context_.tablesFull()) return;
  table_.emplace(key, numbers);
  const size_t bytes = entryBytes(key);
  bytes_ += bytes;
  context_.tableBytes += bytes;
}

void ProofSearch::forget(const std::string& key) {
  if (table_.erase(key) == 0) return;
  const size_t bytes = entryBytes(key);
  bytes_ -= bytes;
  context_.tableBytes -= bytes;
}

// The position tried by RawSumSearch: settled within SolveOptions::proofTryPositions
// positions (or to the end, below SolveOptions::proofEmpty). Else its proof number is 1 (one
// move may win) and its disproof number the mover's count of moves (every one must be
// refuted). The positions the try visits count against the outer search's allowance.
ProofSearch::Numbers ProofSearch::tried(const SumState& state, Color mover, Search& outer) {
  constexpr Numbers kWon{0, kInfinite}, kLost{kInfinite, 0};
  if (const std::optional<bool> known = sums_.known(state, mover)) return *known ? kWon : kLost;
  Search search;
  search.deadline = outer.deadline;
  search.tryCap = outer.tryCap;
  search.rawFrom = outer.rawFrom.load();
  search.parallel = outer.parallel;
  const bool small = rawEmpty(state) < context_.options.proofEmpty;
  const int64_t budget = std::min(small ? std::numeric_limits<int64_t>::max() : context_.options.proofTryPositions, outer.rawLeft.load());
  search.rawLeft = budget;
  std::optional<bool> wins;
  try {
    wins = sums_.moverWinsSum(state, mover, search);
  } catch (const SearchTooLong&) {
  }
  const int64_t used = budget - std::max<int64_t>(0, search.rawLeft.load());
  if (outer.rawLeft.fetch_sub(used) <= used) throw SearchTooLong{};
  if (!wins) return {1, std::max<uint64_t>(1, RawSumSearch::moveCount(state, mover))};
  return *wins ? kWon : kLost;
}

// The options of a position with their numbers: from the table, else tried, in order, until
// one is a loss for the opponent (the rest are then of no use). With threads, the options are
// tried in parallel.
std::vector<ProofSearch::Child> ProofSearch::expand(const SumState& state, Color mover, Search& outer) {
  ++context_.nodes;
  const Color other = opposite(mover);
  std::vector<Child> children;
  std::vector<size_t> untried;
  for (SumState& option : sums_.options(state, mover, outer)) {
    Child child{std::move(option), {}, {}};
    child.key = RawSumSearch::exactKey(child.state, other);
    if (const auto found = table_.find(child.key); found != table_.end()) child.numbers = found->second;
    else untried.push_back(children.size());
    children.push_back(std::move(child));
  }
  std::vector<char> done(untried.size(), 0);
  auto lostForOther = [&](size_t j) {
    Child& child = children[untried[j]];
    child.numbers = tried(child.state, other, outer);
    if (child.numbers.proof != 0 && child.numbers.disproof != 0) child.numbers.disproof *= 1 + untried[j] / kPlaceWeight;
    done[j] = 1;
    return child.numbers.proof == kInfinite;
  };
  if (outer.parallel && untried.size() > 1 && tbb::this_task_arena::max_concurrency() > 1) {
    core::anyIndexInParallel(0, untried.size(), lostForOther);
  } else {
    for (size_t j = 0; j < untried.size() && !lostForOther(j); ++j) {
    }
  }
  for (size_t j = 0; j < untried.size(); ++j) {
    const Child& child = children[untried[j]];
    if (done[j] && child.numbers.proof != 0 && child.numbers.disproof != 0) store(child.key, child.numbers);
  }
  return children;
}

// Df-pn's multiple iterative deepening: the position's numbers are the least disproof number
// of its options (one option lost for the opponent proves it) and the sum of their proof
// numbers (every one must be won by the opponent); the option of least disproof number is
// searched until its numbers pass thresholds that keep it the most promising (with the
// second least times 1 + 1/4) and the position's own numbers within theirs.
ProofSearch::Numbers ProofSearch::search(const SumState& state, Color mover, const std::string& key, Numbers thresholds,
                                         Search& outer) {
  std::vector<Child> children = expand(state, mover, outer);
  for (;;) {
    outer.checkTime();
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
    if (numbers.proof == 0 || numbers.disproof == 0) {
      sums_.remember(state, mover, numbers.proof == 0);
      forget(key);
      return numbers;
    }
    if (numbers.proof >= thresholds.proof || numbers.disproof >= thresholds.disproof) {
      store(key, numbers);
      return numbers;
    }
    Child& child = children[best];
    const Numbers below{std::min(kInfinite, thresholds.disproof - numbers.disproof + child.numbers.proof),
                        std::min(thresholds.proof, second + second / 4 + 1)};
    child.numbers = search(child.state, opposite(mover), child.key, below, outer);
  }
}

bool ProofSearch::moverWins(const SumState& state, Color mover, Search& search) {
  if (context_.options.proofEmpty <= 0 || rawEmpty(state) < context_.options.proofEmpty)
    return sums_.moverWinsSum(state, mover, search);
  struct Clear {  // the numbers of an unfinished proof are of no use to the next
    ProofSearch& proof;
    ~Clear() {
      proof.table_.clear();
      proof.context_.tableBytes -= proof.bytes_;
      proof.bytes_ = 0;
    }
  } clear{*this};
  Numbers numbers = tried(state, mover, search);
  if (numbers.proof != 0 && numbers.disproof != 0)
    numbers = this->search(state, mover, RawSumSearch::exactKey(state, mover), {kInfinite, kInfinite}, search);
  return numbers.proof == 0;
}

}  // namespace amazons::solve
