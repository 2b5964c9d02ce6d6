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
  folded.add(up(2));
  folded.add(parse("^*"));
  EXPECT_EQ(folded.parts(), std::vector<GameId>{nus(Dyadic(), 3, 3)});  // *2 + ^^ + ^* = ^3*3
  EXPECT_EQ(folded.number(), Dyadic(7, 2));
}

// Up multiples and nimbers (x + n.^ + *m) fold into one part: a sum keyed with them one by one
// and the same sum keyed with their total in one value have one key, and one such part at most.
TEST(CgtSum, UpsAndNimbersFoldIntoOnePart) {
  std::mt19937 rng(29);
  const std::vector<GameId> games = randomGames(rng, 80);
  std::uniform_int_distribution<size_t> pick(0, games.size() - 1);
  std::uniform_int_distribution<int> ups(-3, 3), nim(0, 3), count(0, 4), numberPart(0, 2);
  const Dyadic numbers[] = {Dyadic(), Dyadic(1), Dyadic(-1, 1)};
  for (int i = 0; i < 500; ++i) {
    std::vector<GameId> others, small;
    for (int k = count(rng); k > 0; --k) others.push_back(games[pick(rng)]);
    Dyadic x;
    int64_t u = 0;
    uint32_t m = 0;
    for (int k = count(rng); k > 0; --k) {
      const Dyadic d = numbers[numberPart(rng)];
      const int du = ups(rng);
      const uint32_t dm = static_cast<uint32_t>(nim(rng));
      small.push_back(nus(d, du, dm));
      x = x + d, u += du, m ^= dm;
    }
    PartSum apart, together;
    std::vector<GameId> all = others;
    all.insert(all.end(), small.begin(), small.end());
    std::shuffle(all.begin(), all.end(), rng);
    for (GameId g : all) apart.add(g);
    for (GameId g : others) together.add(g);
    together.add(nus(x, u, m));
    std::string ka, kt;
    apart.appendKey(ka);
    together.appendKey(kt);
    ASSERT_EQ(ka, kt);
    ASSERT_EQ(canonicalSum(apart.values()), canonicalSum(all));
    auto nusParts = [](const PartSum& sum) {
      return std::count_if(sum.parts().begin(), sum.parts().end(), [](GameId p) { return asNus(p).has_value(); });
    };
    ASSERT_LE(nusParts(apart), 1);
    for (size_t j = 0; j < apart.parts().size(); ++j)  // and so do the sums after a move
      for (GameId o : leftOptions(apart.parts()[j])) {
        std::vector<GameId> moved = apart.values();
        moved.erase(std::find(moved.begin(), moved.end(), apart.parts()[j]));
        moved.push_back(o);
        const PartSum after = apart.replaced(j, o);
        PartSum fresh;
        for (GameId g : moved) fresh.add(g);
        std::string kr, kf;
        after.appendKey(kr);
        fresh.appendKey(kf);
        ASSERT_EQ(kr, kf);
        ASSERT_LE(nusParts(after), 1);
        ASSERT_EQ(canonicalSum(after.values()), canonicalSum(moved));
      }
  }
}

// nusAtLeast's closed form is the order of games: for every pair of x + ^n*m (x among five
// numbers, n -3..3, m 0..3), against leq on their canonical forms. And a sum's numberUpStar()
// and its key besides it are what PartSum folded: sums that differ only in numbers, ups and
// nimbers share that key, with the number-up-star parts the added ones. Mutation-checked:
// ^* read as positive, or the number compared after the ups, fails it.
TEST(CgtSum, NumberUpStarOrderIsTheOrderOfGames) {
  const Dyadic numbers[] = {Dyadic(-1), Dyadic(-1, 1), Dyadic(), Dyadic(1, 2), Dyadic(1)};
  std::vector<Nus> all;
  for (const Dyadic& x : numbers)
    for (int64_t u = -3; u <= 3; ++u)
      for (uint32_t m = 0; m <= 3; ++m) all.push_back({x, u, m});
  for (const Nus& a : all)
    for (const Nus& b : all)
      ASSERT_EQ(nusAtLeast(a, b), leq(nus(b.number, b.ups, b.nim), nus(a.number, a.ups, a.nim)))
          << a.number.num << "/2^" << a.number.exp << " ^" << a.ups << " *" << a.nim << " >= " << b.number.num << "/2^" << b.number.exp
          << " ^" << b.ups << " *" << b.nim;

  std::mt19937 rng(31);
  const std::vector<GameId> games = randomGames(rng, 60);
  std::uniform_int_distribution<size_t> pick(0, games.size() - 1), pickNus(0, all.size() - 1);
  for (int i = 0; i < 300; ++i) {
    std::vector<GameId> others;
    for (int k = static_cast<int>(rng() % 3); k > 0; --k)
      if (const GameId g = games[pick(rng)]; !asNus(g)) others.push_back(g);
    const Nus v = all[pickNus(rng)], w = all[pickNus(rng)];
    PartSum withV, withW;
    for (GameId g : others) {
      withV.add(g);
      withW.add(g);
    }
    withV.add(nus(v.number, v.ups, v.nim));
    withW.add(nus(w.number, 0, 0));
    withW.add(nus(Dyadic(), w.ups, w.nim));
    std::string kv, kw;
    withV.appendKeyBesidesNumberUpStar(kv);
    withW.appendKeyBesidesNumberUpStar(kw);
    ASSERT_EQ(kv, kw);
    for (const auto& [sum, expected] : {std::pair{withV, v}, std::pair{withW, w}}) {
      const Nus got = sum.numberUpStar();
      const GameId rest = canonicalSum(sum.values());
      ASSERT_EQ(nus(got.number, got.ups, got.nim), nus(expected.number, expected.ups, expected.nim));
      ASSERT_EQ(rest, add(canonicalSum(others), nus(expected.number, expected.ups, expected.nim)));
    }
  }
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
