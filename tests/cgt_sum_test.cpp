// cgt/sum: who wins a sum of parts, decided by search, against the canonical form of the sum
// (add, then compare with 0), which the laws tests check against brute force.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "cgt/cgt.h"

namespace {

using namespace cgt;

// Random canonical games built bottom up from a few small values: hot, tepid and cold ones,
// numbers, nimbers and their negatives (so that parts cancel and fold now and then).
std::vector<GameId> randomGames(std::mt19937& rng, size_t count) {
  std::vector<GameId> pool = {zero(), star(), integer(1), integer(-1), number(Dyadic(1, 1)), up(1), nimber(2)};
  std::uniform_int_distribution<int> options(0, 2);
  while (pool.size() < count) {
    std::uniform_int_distribution<size_t> pick(0, pool.size() - 1);
    std::vector<GameId> left, right;
    for (int i = options(rng); i >= 0; --i) left.push_back(pool[pick(rng)]);
    for (int i = options(rng); i > 0; --i) right.push_back(pool[pick(rng)]);
    // Shift Right's options down now and then, so that hot games are common.
    if (options(rng) == 0)
      for (GameId& r : right) r = add(r, integer(-2));
    const GameId g = make(left, right);
    pool.push_back(g);
    pool.push_back(negate(g));
  }
  return pool;
}

GameId canonicalSum(const std::vector<GameId>& parts) {
  GameId sum = zero();
  for (GameId p : parts) sum = add(sum, p);
  return sum;
}

TEST(CgtSum, SearchAgreesWithTheCanonicalSum) {
  std::mt19937 rng(5);
  const std::vector<GameId> games = randomGames(rng, 160);
  std::uniform_int_distribution<size_t> pick(0, games.size() - 1);
  std::uniform_int_distribution<int> partCount(1, 5);
  SumSearch search(1 << 20);
  int searched = 0;
  for (int i = 0; i < 3000; ++i) {
    std::vector<GameId> parts;
    for (int k = partCount(rng); k > 0; --k) parts.push_back(games[pick(rng)]);
    PartSum sum;
    for (GameId p : parts) sum.add(p);
    const GameId whole = canonicalSum(parts);
    for (Side mover : {Side::Left, Side::Right}) {
      ASSERT_EQ(search.moverWins(sum, mover), moverWins(whole, mover))
          << "sum of " << parts.size() << " parts, " << toString(whole) << ", mover "
          << (mover == Side::Left ? "Left" : "Right");
      if (!sum.decidedByStops(mover)) ++searched;
    }
  }
  EXPECT_GT(searched, 500);  // the search itself, not only the stop bounds, was exercised
  EXPECT_GT(search.nodes(), 0u);
}

TEST(CgtSum, StopBoundsAgreeWithTheCanonicalSum) {
  std::mt19937 rng(17);
  const std::vector<GameId> games = randomGames(rng, 160);
  std::uniform_int_distribution<size_t> pick(0, games.size() - 1);
  int settled = 0;
  for (int i = 0; i < 3000; ++i) {
    std::vector<GameId> parts;
    for (int k = 1 + i % 4; k > 0; --k) parts.push_back(games[pick(rng)]);
    PartSum sum;
    for (GameId p : parts) sum.add(p);
    const GameId whole = canonicalSum(parts);
    for (Side mover : {Side::Left, Side::Right})
      if (const auto verdict = sum.decidedByStops(mover)) {
        ++settled;
        ASSERT_EQ(*verdict, moverWins(whole, mover)) << toString(whole);
      }
  }
  EXPECT_GT(settled, 1000);
}

TEST(CgtSum, PartsFoldAndKeysIgnoreOrder) {
  std::mt19937 rng(23);
  const std::vector<GameId> games = randomGames(rng, 80);
  std::uniform_int_distribution<size_t> pick(0, games.size() - 1);
  for (int i = 0; i < 500; ++i) {
    std::vector<GameId> parts;
    for (int k = 0; k < 5; ++k) parts.push_back(games[pick(rng)]);
    PartSum a, b;
    for (GameId p : parts) a.add(p);
    std::shuffle(parts.begin(), parts.end(), rng);
    for (GameId p : parts) b.add(p);
    std::string ka, kb;
    a.appendKey(ka);
    b.appendKey(kb);
    ASSERT_EQ(ka, kb);
    ASSERT_EQ(canonicalSum(a.values()), canonicalSum(parts));
    for (GameId p : a.parts()) ASSERT_FALSE(isNumber(p));
  }
  PartSum folded;
  for (GameId g : {star(), nimber(3), integer(2), number(Dyadic(-1, 2)), up(1), up(-1)}) folded.add(g);
  EXPECT_EQ(folded.parts(), std::vector<GameId>{nimber(2)});  // * + *3 = *2; ^ + v = 0
  EXPECT_EQ(folded.number(), Dyadic(7, 2));
}

TEST(CgtSum, SumWithinStopsAtItsAllowanceAndLeavesTheTablesSound) {
  std::mt19937 rng(41);
  const std::vector<GameId> games = randomGames(rng, 200);
  std::vector<GameId> hot;
  for (GameId g : games)
    if (leftStop(g) - rightStop(g) > Dyadic(1) && hot.size() < 6) hot.push_back(g);
  ASSERT_EQ(hot.size(), 6u);
  EXPECT_FALSE(sumWithin(hot, 3));
  const auto full = sumWithin(hot, ~uint64_t{0});
  ASSERT_TRUE(full);
  GameId reversed = zero();
  for (auto it = hot.rbegin(); it != hot.rend(); ++it) reversed = add(*it, reversed);
  EXPECT_EQ(*full, reversed);
}

}  // namespace
