// How many more positions the search over sums (core/sum_search.h) may visit, and whether it
// may give up: an analysis' round (Analyser::decideInRounds), a proof search's try
// (SumSearch::moverWinsWithin), a probe (core/value_probe.h). Past them the search throws
// SearchTooLong. Any thread may count (the search's parallel moves share one allowance).
#pragma once
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <limits>

#include "solver/core/values.h"

namespace amazons::core {

// The search visited the positions it was allowed.
struct SearchTooLong {};

class SearchAllowance {
 public:
  // `positions` more (then SearchTooLong), on one thread when `bounded` (Analyser's rounds: how
  // many the search visits must not depend on the threads).
  void setRound(int64_t positions, bool bounded) {
    left_ = positions;
    bounded_ = bounded;
  }
  // Whether the round under way may give up (then the search stays on one thread).
  bool bounded() const { return bounded_.load(std::memory_order_relaxed); }
  // The positions still allowed.
  int64_t left() const { return left_.load(std::memory_order_relaxed); }
  // `positions` visited elsewhere (a try on an allowance of its own) counted here; past this
  // allowance, SearchTooLong.
  void charge(int64_t positions) {
    if (left_.fetch_sub(positions, std::memory_order_relaxed) < positions) throw SearchTooLong{};
  }

  // One more position, against the user's limits (`budget`) and the allowance.
  void count(Budget& budget) {
    budget.expand();
    const int64_t left = left_.fetch_sub(1, std::memory_order_relaxed);
    if (left <= 0) throw SearchTooLong{};
    // A probe (serial) reads the clock at every position. Every 64th, as first written, let the
    // probe of the 10x10 opening (positions of 92 empty squares, ~10 ms each) run to 1.2-1.3 s
    // of its 0.5 s share of a 2 s limit, and under AddressSanitizer past the whole limit.
    if (probing_ && std::chrono::steady_clock::now() > budget.deadline()) throw SearchTooLong{};
  }

  // Whether search() ended within `positions` more (false: it was cut off there, and what it
  // would have set is left as it was). Those it visits count against the allowance around it
  // too (a round's, a probe's): where that one is spent first, SearchTooLong goes on to it.
  template <class Search>
  bool within(int64_t positions, Search&& search) {
    const int64_t outer = left_.load();
    const int64_t cap = std::min(positions, outer);
    left_ = cap;
    bool done = false;
    try {
      search();
      done = true;
    } catch (const SearchTooLong&) {
    }
    const int64_t used = cap - std::max<int64_t>(0, left_.load());
    left_ = outer - used;
    if (!done && outer <= positions) throw SearchTooLong{};
    return done;
  }

  // While it lives, a probe is under way: `positions` positions at most, on this thread alone
  // (a bounded round), the clock read at each. Whatever ends the probe, a limit's LimitReached
  // included, the allowance is left as it was: a stale probe once made every later search give
  // up past its time.
  class Probe {
   public:
    Probe(SearchAllowance& a, int64_t positions) : a_(a), left_(a.left_.exchange(positions)), bounded_(a.bounded_.exchange(true)) {
      a_.probing_ = true;
    }
    ~Probe() {
      a_.probing_ = false;
      a_.left_ = left_;
      a_.bounded_ = bounded_;
    }
    Probe(const Probe&) = delete;
    Probe& operator=(const Probe&) = delete;

   private:
    SearchAllowance& a_;
    int64_t left_;
    bool bounded_;
  };

 private:
  std::atomic<int64_t> left_{std::numeric_limits<int64_t>::max()};
  std::atomic<bool> bounded_{false};
  bool probing_ = false;  // a probe is under way (on this thread alone: probes are serial)
};

}  // namespace amazons::core
