// cgt::WorkLimit: the bound `amazons-solve cgt` and the fuzz target evaluate expressions under.
// What fits is exactly what the unbounded evaluator gives; what does not fit stops with the
// reason, leaves the tables sound, and stops the same way whatever was cached before.
#include <gtest/gtest.h>

#include <chrono>
#include <optional>
#include <random>
#include <string>

#include "cgt/cgt.h"

namespace cgt {
namespace {

using Reason = WorkLimitReached::Reason;

// A random expression in CGSuite notation: sums and differences of numbers, ups, nimbers,
// switches and braced games of such values, some hot enough that a few thousand sums do not
// hold their total.
std::string randomValue(std::mt19937& rng, int depth) {
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  switch (pick(depth > 0 ? 8 : 5)) {
    case 0: return std::to_string(pick(9) - 4) + (pick(3) == 0 ? "/" + std::to_string(1 << pick(4)) : "");
    case 1: return std::string(pick(2) ? "^" : "v") + (pick(2) ? std::to_string(2 + pick(6)) : "") + (pick(2) ? "*" : "");
    case 2: return "*" + std::to_string(1 + pick(7));
    case 3:
    case 4: return "+-" + std::to_string(1 + pick(30)) + (pick(2) ? "v*" : "^");
    case 5: return "{" + randomValue(rng, depth - 1) + "|" + randomValue(rng, depth - 1) + "}";
    case 6: return "+-(" + randomValue(rng, depth - 1) + ")";
    default: return "{" + randomValue(rng, depth - 1) + "," + randomValue(rng, depth - 1) + "|" + randomValue(rng, depth - 1) + "}";
  }
}

std::string randomExpression(std::mt19937& rng) {
  std::string e = randomValue(rng, 2);
  const int terms = static_cast<int>(rng() % 9);
  for (int i = 0; i < terms; ++i) e += (rng() % 4 == 0 ? " - " : " + ") + randomValue(rng, 2);
  return e;
}

struct Bounded {
  std::optional<GameId> value;
  std::optional<std::string> printed;
  uint64_t sums = 0;
  Reason reason = Reason::Time;
};

Bounded evaluate(const std::string& text, uint64_t sums) {
  Bounded b;
  const WorkLimit limit(sums);
  try {
    b.value = parse(text);
    b.printed = toString(*b.value);
  } catch (const WorkLimitReached& e) {
    b.reason = e.reason();
  }
  b.sums = limit.sumsComputed();
  return b;
}

// The check: a few hundred random expressions (fixed seed) evaluated under a small
// allowance and without one. Those that fit give the same canonical form and the same text;
// those that do not stop on their count of sums. Evaluated again after a run under a larger
// allowance has filled the process-wide caches, each fits or stops exactly as before, after
// as many sums.
TEST(CgtWorkLimit, WithinTheLimitTheValuesAreTheUnboundedOnes) {
  constexpr uint64_t kSums = 1000;
  std::mt19937 rng(15);
  int fitted = 0, stopped = 0;
  for (int i = 0; i < 400; ++i) {
    const std::string text = randomExpression(rng);
    const Bounded first = evaluate(text, kSums);
    const Bounded larger = evaluate(text, 10 * kSums);
    if (first.printed) {
      ++fitted;
      const GameId unbounded = parse(text);
      EXPECT_EQ(*first.value, unbounded) << text;
      EXPECT_EQ(*first.printed, toString(unbounded)) << text;
      EXPECT_EQ(larger.printed, first.printed) << text;
      EXPECT_LE(first.sums, kSums);
    } else {
      ++stopped;
      EXPECT_EQ(first.reason, Reason::Sums) << text;
    }
    const Bounded again = evaluate(text, kSums);
    EXPECT_EQ(again.printed, first.printed) << text;
    EXPECT_EQ(again.sums, first.sums) << text;
  }
  // Both kinds are met, or the test would check nothing of one of them.
  EXPECT_GE(fitted, 200);
  EXPECT_GE(stopped, 20);
}

// The expression of issue 15 that took minutes: stopped by the count or by a clock that has
// already passed, with the reason. (It needs only some thousands of sums, each of lists of a
// thousand options: only the clock stops it in seconds, as the CLI's default does.)
TEST(CgtWorkLimit, CostlyExpressionsStopWithTheirReason) {
  {
    const WorkLimit limit(300);
    try {
      parse("^*2000");
      FAIL() << "^*2000 fitted 300 sums";
    } catch (const WorkLimitReached& e) {
      EXPECT_EQ(e.reason(), Reason::Sums);
    }
    EXPECT_EQ(limit.sumsComputed(), 300u);
  }
  {
    const WorkLimit limit(WorkLimit::kUncounted, std::chrono::steady_clock::now() - std::chrono::seconds(1));
    try {
      parse("^*2000");
      FAIL() << "^*2000 ran past a deadline already passed";
    } catch (const WorkLimitReached& e) {
      EXPECT_EQ(e.reason(), Reason::Time);
    }
  }
  // 200,000 nested parentheses: the parser recurses once a level.
  {
    const WorkLimit limit(WorkLimit::kUncounted);
    const std::string nested = std::string(200000, '(') + "1" + std::string(200000, ')');
    try {
      parse(nested);
      FAIL() << "200000 parentheses fitted the stack";
    } catch (const WorkLimitReached& e) {
      EXPECT_EQ(e.reason(), Reason::Stack);
    }
  }
  // Stopped work leaves the tables sound: ^*k - ^ - *k = 0 for the values it was building.
  for (uint32_t k = 0; k < 40; ++k) EXPECT_EQ(subtract(subtract(parse("^*" + std::to_string(k)), up(1)), nimber(k)), zero()) << k;
}

// sumWithin is a WorkLimit of its own: inside an outer limit it counts its own sums, and the
// outer limit holds again once it returns.
TEST(CgtWorkLimit, SumWithinInsideAnotherLimit) {
  const std::vector<GameId> hot = {parse("{3|-1}"), parse("{5/2|-2}"), parse("{7|1}"), parse("+-4^"), parse("{2*|-3}")};
  GameId expected = zero();
  for (GameId g : hot) expected = add(expected, g);
  const WorkLimit outer(5);
  const std::optional<GameId> inner = sumWithin(hot, 1000000);
  ASSERT_TRUE(inner);
  EXPECT_EQ(*inner, expected);
  EXPECT_EQ(outer.sumsComputed(), 0u);
  EXPECT_THROW(parse("^*2000"), WorkLimitReached);
}

}  // namespace
}  // namespace cgt
