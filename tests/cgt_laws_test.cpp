// Random laws of the game algebra, checked against brute force on raw (non-canonical) game trees.
// The oracle is an independent plain tree type with its own minimax and recursive <= test; the
// library only sees the trees through make() applied bottom-up.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <map>
#include <memory>
#include <random>
#include <vector>

#include <tbb/parallel_for.h>

#include "cgt/cgt.h"

namespace {

using namespace cgt;

struct Raw {
  std::vector<const Raw*> left, right;
};

class Forest {
 public:
  const Raw* node(std::vector<const Raw*> l, std::vector<const Raw*> r) {
    auto n = std::make_unique<Raw>();
    n->left = std::move(l);
    n->right = std::move(r);
    all_.push_back(std::move(n));
    return all_.back().get();
  }
  // Leaves: 0, 1, -1, 1/2 (as {0|1}), * and {1|-1}, each a fresh raw tree.
  const Raw* leaf(int kind) {
    const Raw* z = node({}, {});
    switch (kind) {
      case 0: return z;
      case 1: return node({z}, {});
      case 2: return node({}, {z});
      case 3: return node({z}, {node({z}, {})});
      case 4: return node({z}, {z});
      default: return node({node({z}, {})}, {node({}, {z})});
    }
  }
  const Raw* random(std::mt19937& rng, int depth, int maxOptions = 3) {
    std::uniform_int_distribution<int> pct(0, 99), leafKind(0, 5), count(0, maxOptions);
    if (depth == 0 || pct(rng) < 20) return leaf(leafKind(rng));
    std::vector<const Raw*> l, r;
    const int nl = count(rng), nr = count(rng);
    for (int i = 0; i < nl; ++i) l.push_back(random(rng, depth - 1, maxOptions));
    for (int i = 0; i < nr; ++i) r.push_back(random(rng, depth - 1, maxOptions));
    return node(l, r);
  }
  // Disjunctive sum as a raw DAG.
  const Raw* sum(const Raw* a, const Raw* b) {
    auto key = std::make_pair(a, b);
    auto it = sums_.find(key);
    if (it != sums_.end()) return it->second;
    std::vector<const Raw*> l, r;
    for (const Raw* x : a->left) l.push_back(sum(x, b));
    for (const Raw* x : b->left) l.push_back(sum(a, x));
    for (const Raw* x : a->right) r.push_back(sum(x, b));
    for (const Raw* x : b->right) r.push_back(sum(a, x));
    const Raw* s = node(l, r);
    sums_[key] = s;
    return s;
  }

 private:
  std::vector<std::unique_ptr<Raw>> all_;
  std::map<std::pair<const Raw*, const Raw*>, const Raw*> sums_;
};

GameId valueOf(const Raw* g, std::map<const Raw*, GameId>& memo) {
  auto it = memo.find(g);
  if (it != memo.end()) return it->second;
  std::vector<GameId> l, r;
  for (const Raw* x : g->left) l.push_back(valueOf(x, memo));
  for (const Raw* x : g->right) r.push_back(valueOf(x, memo));
  const GameId v = make(l, r);
  memo[g] = v;
  return v;
}

// Brute-force minimax: does the player to move win?
struct Minimax {
  std::map<std::pair<const Raw*, bool>, bool> memo;
  bool moverWins(const Raw* g, bool leftMoves) {
    auto key = std::make_pair(g, leftMoves);
    auto it = memo.find(key);
    if (it != memo.end()) return it->second;
    bool win = false;
    for (const Raw* x : leftMoves ? g->left : g->right)
      if (!moverWins(x, !leftMoves)) {
        win = true;
        break;
      }
    memo[key] = win;
    return win;
  }
  Outcome outcome(const Raw* g) {
    const bool lf = moverWins(g, true), rf = moverWins(g, false);
    if (lf && rf) return Outcome::N;
    if (lf) return Outcome::L;
    if (rf) return Outcome::R;
    return Outcome::P;
  }
};

// Recursive definition: G <= H iff no G^L >= H and no H^R <= G.
struct RawLeq {
  std::map<std::pair<const Raw*, const Raw*>, bool> memo;
  bool leq(const Raw* g, const Raw* h) {
    auto key = std::make_pair(g, h);
    auto it = memo.find(key);
    if (it != memo.end()) return it->second;
    bool result = true;
    for (const Raw* gl : g->left)
      if (leq(h, gl)) {
        result = false;
        break;
      }
    if (result)
      for (const Raw* hr : h->right)
        if (leq(hr, g)) {
          result = false;
          break;
        }
    memo[key] = result;
    return result;
  }
};

// A canonical form as a raw tree, for the raw definitions.
const Raw* rawOf(GameId g, Forest& forest, std::map<GameId, const Raw*>& memo) {
  if (const auto it = memo.find(g); it != memo.end()) return it->second;
  std::vector<const Raw*> l, r;
  for (GameId o : leftOptions(g)) l.push_back(rawOf(o, forest, memo));
  for (GameId o : rightOptions(g)) r.push_back(rawOf(o, forest, memo));
  return memo[g] = forest.node(l, r);
}

TEST(CgtLaws, OutcomeMatchesMinimaxOnRawTrees) {
  std::mt19937 rng(12345);
  Forest forest;
  std::map<const Raw*, GameId> memo;
  Minimax mm;
  int counts[4] = {};
  for (int i = 0; i < 3000; ++i) {
    const Raw* g = forest.random(rng, 4);
    const GameId v = valueOf(g, memo);
    const Outcome o = mm.outcome(g);
    ASSERT_EQ(outcome(v), o) << "game " << toString(v) << " (case " << i << ")";
    ++counts[static_cast<int>(o)];
  }
  for (int c : counts) EXPECT_GT(c, 50);  // all four outcome classes exercised
}

TEST(CgtLaws, ComparisonMatchesRawDefinition) {
  std::mt19937 rng(777);
  Forest forest;
  std::map<const Raw*, GameId> memo;
  RawLeq raw;
  int equalPairs = 0, lessPairs = 0;
  for (int i = 0; i < 2000; ++i) {
    const Raw* a = forest.random(rng, 3);
    const Raw* b = forest.random(rng, 3);
    const GameId va = valueOf(a, memo), vb = valueOf(b, memo);
    const bool le = raw.leq(a, b), ge = raw.leq(b, a);
    ASSERT_EQ(leq(va, vb), le) << toString(va) << " <= " << toString(vb);
    ASSERT_EQ(leq(vb, va), ge) << toString(vb) << " <= " << toString(va);
    ASSERT_EQ(va == vb, le && ge) << toString(va) << " vs " << toString(vb);
    equalPairs += le && ge;
    lessPairs += le != ge;
  }
  EXPECT_GT(equalPairs, 10);
  EXPECT_GT(lessPairs, 100);
}

TEST(CgtLaws, SumMatchesRawSum) {
  std::mt19937 rng(4242);
  Forest forest;
  std::map<const Raw*, GameId> memo;
  Minimax mm;
  for (int i = 0; i < 250; ++i) {
    const Raw* a = forest.random(rng, 3);
    const Raw* b = forest.random(rng, 3);
    const Raw* s = forest.sum(a, b);
    const GameId va = valueOf(a, memo), vb = valueOf(b, memo);
    const GameId vs = valueOf(s, memo);
    ASSERT_EQ(add(va, vb), vs) << toString(va) << " + " << toString(vb);
    ASSERT_EQ(outcome(vs), mm.outcome(s));
  }
}

// make() keeps the forms of the option lists it was given: valuing each tree a second time
// (a fresh memo here) repeats every list of the first. Both must be the tree's value by the
// raw definition of equality.
TEST(CgtLaws, RepeatedOptionListsGiveTheirForms) {
  std::mt19937 rng(8080);
  Forest forest;
  RawLeq raw;
  std::map<GameId, const Raw*> raws;
  for (int i = 0; i < 500; ++i) {
    const Raw* g = forest.random(rng, 4);
    std::map<const Raw*, GameId> first, second;
    const GameId v = valueOf(g, first);
    ASSERT_EQ(valueOf(g, second), v);
    const Raw* r = rawOf(v, forest, raws);
    ASSERT_TRUE(raw.leq(g, r) && raw.leq(r, g)) << toString(v);
  }
}

// More distinct option lists than make()'s cache holds (its arenas 32 MB, 8.4 M words; here
// 80 k lists of 100 to 200 integers a side, some 300 words an entry, 24 M), so that its shards
// start again empty on the way: every form stays exact, the early lists' made again. {L | R}
// with integers max L < min R - 1 is the simplest integer between them.
TEST(CgtLaws, MadeFormsStayExactPastTheCacheBound) {
  std::mt19937 rng(4711);
  std::uniform_int_distribution<int> centre(-100, 100), length(100, 199);
  // The integers from .. from + n - 1 but one, at random.
  auto run = [&](int from, int n) {
    const int hole = std::uniform_int_distribution<int>(0, n - 1)(rng);
    std::vector<GameId> ids;
    for (int i = 0; i < n; ++i)
      if (i != hole) ids.push_back(integer(from + i));
    return std::pair(ids, hole);
  };
  struct Made {
    std::vector<GameId> left, right;
    int64_t simplest;
  };
  std::vector<Made> early;
  for (int i = 0; i < 80000; ++i) {
    const int k = centre(rng), nl = length(rng), nr = length(rng);
    const auto [left, leftHole] = run(k - nl, nl);
    const auto [right, rightHole] = run(k + 1, nr);
    const int64_t a = leftHole == nl - 1 ? k - 2 : k - 1, b = rightHole == 0 ? k + 2 : k + 1;
    const int64_t simplest = a < 0 && b > 0 ? 0 : a >= 0 ? a + 1 : b - 1;
    ASSERT_EQ(make(left, right), integer(simplest)) << a << " " << b;
    if (i % 500 == 0) early.push_back({left, right, simplest});
  }
  for (const Made& m : early) ASSERT_EQ(make(m.left, m.right), integer(m.simplest));
}

TEST(CgtLaws, AlgebraOnRandomCanonicalGames) {
  std::mt19937 rng(99);
  Forest forest;
  std::map<const Raw*, GameId> memo;
  std::vector<GameId> games;
  for (int i = 0; i < 300; ++i) games.push_back(valueOf(forest.random(rng, 4), memo));
  std::uniform_int_distribution<size_t> pick(0, games.size() - 1);
  for (int i = 0; i < 3000; ++i) {
    const GameId g = games[pick(rng)], h = games[pick(rng)], k = games[pick(rng)];
    ASSERT_EQ(add(g, negate(g)), zero()) << toString(g);
    ASSERT_EQ(negate(negate(g)), g);
    ASSERT_EQ(add(g, h), add(h, g));
    ASSERT_EQ(add(add(g, h), k), add(g, add(h, k)));
    ASSERT_EQ(make(leftOptions(g), rightOptions(g)), g) << toString(g);
    ASSERT_EQ(leq(g, h), leq(zero(), subtract(h, g)));
    ASSERT_EQ(compare(g, h) == Cmp::Equal, g == h);
    // Transitivity spot check and monotonicity of addition.
    if (leq(g, h) && leq(h, k)) {
      ASSERT_TRUE(leq(g, k));
    }
    if (leq(g, h)) {
      ASSERT_TRUE(leq(add(g, k), add(h, k)));
    }
    ASSERT_EQ(mean(add(g, h)), mean(g) + mean(h)) << toString(g) << " + " << toString(h);
  }
}

TEST(CgtLaws, StopsAndTemperatureBounds) {
  std::mt19937 rng(2024);
  Forest forest;
  std::map<const Raw*, GameId> memo;
  for (int i = 0; i < 1500; ++i) {
    const GameId g = valueOf(forest.random(rng, 4), memo);
    const Dyadic m = mean(g);
    ASSERT_LE(rightStop(g), m) << toString(g);
    ASSERT_LE(m, leftStop(g)) << toString(g);
    if (isNumber(g)) {
      ASSERT_LT(temperature(g), Dyadic(0));
    } else {
      ASSERT_GE(temperature(g), Dyadic(0)) << toString(g);
      // Stops differ by at most twice the temperature.
      ASSERT_LE(leftStop(g) - rightStop(g), temperature(g) * 2) << toString(g);
    }
    ASSERT_EQ(isInfinitesimal(g), leftStop(g) == Dyadic() && rightStop(g) == Dyadic());
  }
}

TEST(CgtLaws, PrintParseRoundTrip) {
  std::mt19937 rng(31337);
  Forest forest;
  std::map<const Raw*, GameId> memo;
  for (int i = 0; i < 2000; ++i) {
    const GameId g = valueOf(forest.random(rng, 4), memo);
    const std::string s = toString(g);
    ASSERT_EQ(parse(s), g) << s;
  }
  for (int u = -5; u <= 5; ++u)
    for (uint32_t n = 0; n < 5; ++n)
      for (Dyadic x : {Dyadic(0), Dyadic(1), Dyadic(-3, 2)}) {
        const GameId g = nus(x, u, n);
        ASSERT_EQ(parse(toString(g)), g) << toString(g);
        auto v = asNus(g);
        ASSERT_TRUE(v);
        EXPECT_EQ(v->number, x);
        EXPECT_EQ(v->ups, u);
        EXPECT_EQ(v->nim, n);
      }
}

TEST(CgtLaws, ConcurrentConstructionIsConsistent) {
  // Many threads canonicalise, add and compare fresh random games at once; a serial pass
  // afterwards must find exactly the same ids.
  constexpr int kTasks = 16, kPerTask = 150;
  std::vector<std::vector<GameId>> values(kTasks), sums(kTasks);
  std::vector<std::vector<char>> leqs(kTasks);
  auto work = [&](int t, std::vector<GameId>& vals, std::vector<GameId>& sm, std::vector<char>& lq) {
    std::mt19937 rng(5000 + t);
    Forest forest;
    std::map<const Raw*, GameId> memo;
    vals.clear();
    sm.clear();
    lq.clear();
    for (int i = 0; i < kPerTask; ++i) vals.push_back(valueOf(forest.random(rng, 4), memo));
    for (int i = 0; i + 1 < kPerTask; ++i) {
      sm.push_back(add(vals[i], vals[i + 1]));
      lq.push_back(leq(vals[i], vals[i + 1]));
    }
  };
  // Each task hands its lists over by a release store that the check acquires: the join inside
  // libtbb orders them too, but ThreadSanitizer does not see it (libtbb is not instrumented),
  // and reported the check's reads as racing with the tasks' writes once their stacks had left
  // its history, where no suppression can name them.
  std::array<std::atomic<bool>, kTasks> done{};
  tbb::parallel_for(0, kTasks, [&](int t) {
    work(t, values[t], sums[t], leqs[t]);
    done[t].store(true, std::memory_order_release);
  });
  for (int t = 0; t < kTasks; ++t) {
    ASSERT_TRUE(done[t].load(std::memory_order_acquire));
    std::vector<GameId> v, s;
    std::vector<char> l;
    work(t, v, s, l);
    ASSERT_EQ(v, values[t]);
    ASSERT_EQ(s, sums[t]);
    ASSERT_EQ(l, leqs[t]);
  }
}

}  // namespace
