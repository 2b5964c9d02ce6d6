// core::SearchAllowance (solver/core/search_allowance.h): the positions the search over sums
// may visit in an analysis' round, a proof search's try and a probe, counted by hand here
// against what each promises. A try that kept the round's end for its own left the proof
// search's rounds without end (BENCHMARKS.md, thirtieth session); a probe that left its
// allowance behind made every later search give up.
#include <gtest/gtest.h>

#include <cstdint>

#include "solver/core/search_allowance.h"

namespace amazons {
namespace {

using core::SearchAllowance;
using core::SearchTooLong;

struct Counter {
  SearchAllowance& allowance;
  core::Budget& budget;
  void visit(int positions) const {
    for (int i = 0; i < positions; ++i) allowance.count(budget);
  }
};

// A try ends at its own cap and gives back to the round what it used; the round's end, met
// first, goes on to the round.
TEST(SearchAllowance, ATryCountsAgainstTheRoundAndPassesTheRoundsEndOn) {
  core::Budget budget(core::Limits{});
  SearchAllowance allowance;
  const Counter counter{allowance, budget};
  allowance.setRound(100, true);
  EXPECT_TRUE(allowance.bounded());
  EXPECT_FALSE(allowance.within(10, [&] { counter.visit(20); }));  // its own 10 spent: given up
  EXPECT_TRUE(allowance.within(50, [&] { counter.visit(30); }));   // done within its 50
  EXPECT_NO_THROW(counter.visit(60));                              // 100 - 10 - 30 left
  EXPECT_THROW(counter.visit(1), SearchTooLong);

  allowance.setRound(5, false);
  EXPECT_FALSE(allowance.bounded());
  EXPECT_THROW(allowance.within(10, [&] { counter.visit(7); }), SearchTooLong);  // the round's 5 first
  // Every position also counted against the user's limits: 11 + 30 + 61 + 6 (each throw after
  // its count).
  EXPECT_EQ(budget.nodes(), 108u);
}

// A probe has its own allowance, on one thread (bounded), and leaves the round's as it was,
// however it ends.
TEST(SearchAllowance, AProbeLeavesTheRoundAsItWas) {
  core::Budget budget(core::Limits{});
  SearchAllowance allowance;
  const Counter counter{allowance, budget};
  allowance.setRound(1000, false);
  counter.visit(10);
  {
    const SearchAllowance::Probe probe(allowance, 3);
    EXPECT_TRUE(allowance.bounded());
    EXPECT_NO_THROW(counter.visit(3));
    EXPECT_THROW(counter.visit(1), SearchTooLong);
  }
  EXPECT_FALSE(allowance.bounded());
  try {
    const SearchAllowance::Probe probe(allowance, 1'000'000);
    counter.visit(5);
    throw core::LimitReached();  // a user's limit ends the probe
  } catch (const core::LimitReached&) {
  }
  EXPECT_NO_THROW(counter.visit(990));  // 1000 - 10: what the probes visited not counted
  EXPECT_THROW(counter.visit(1), SearchTooLong);
}

// Past the time limit a probe gives up at its next position (the clock read at each), where
// the round's count alone reads it every 256th expansion.
TEST(SearchAllowance, AProbeReadsTheClockAtEveryPosition) {
  core::Budget budget(core::Limits{.seconds = 1e-9});
  SearchAllowance allowance;
  const Counter counter{allowance, budget};
  EXPECT_NO_THROW(counter.visit(100));  // the clock not read before the 256th
  const SearchAllowance::Probe probe(allowance, 1000);
  EXPECT_THROW(counter.visit(1), SearchTooLong);
}

}  // namespace
}  // namespace amazons
