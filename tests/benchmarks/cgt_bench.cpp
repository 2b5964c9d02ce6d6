// Micro-benchmarks of cgt: canonical forms of deep random games, sums of hot values, comparisons.
// The game table is a process-wide cache, so each benchmark builds fresh inputs where it matters
// (new random games per iteration) and reports what it measures in its label.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "cgt/cgt.h"

namespace {

using namespace cgt;

// Fresh inputs across repetitions too: the game table and caches are process-wide, so every run
// draws new seeds and salts from these counters instead of restarting them.
int64_t nextSalt() {
  static int64_t salt = 0;
  return ++salt;
}

// A random game tree as explicit option lists, canonicalised bottom-up with make().
struct RawTree {
  std::vector<std::vector<int>> left, right;  // children by index
  std::vector<int> leafValue;                 // -1000 for inner nodes
};

// Builds a random DAG with `nodes` positions, each with up to `fanout` options per side on
// later (smaller) positions; leaves are small numbers, so values get hot and complicated.
RawTree randomTree(std::mt19937& rng, int nodes, int fanout) {
  RawTree t;
  t.left.resize(nodes);
  t.right.resize(nodes);
  t.leafValue.assign(nodes, -1000);
  std::uniform_int_distribution<int> leaf(-4, 4), cnt(1, fanout);
  const int leaves = std::max(8, nodes / 8);
  for (int i = nodes - leaves; i < nodes; ++i) t.leafValue[i] = leaf(rng);
  for (int i = 0; i < nodes - leaves; ++i) {
    std::uniform_int_distribution<int> child(i + 1, std::min(nodes - 1, i + 1 + nodes / 4));
    for (int k = cnt(rng); k > 0; --k) t.left[i].push_back(child(rng));
    for (int k = cnt(rng); k > 0; --k) t.right[i].push_back(child(rng));
  }
  return t;
}

GameId canonical(const RawTree& t, Dyadic shift) {
  const int n = static_cast<int>(t.left.size());
  std::vector<GameId> v(n);
  for (int i = n - 1; i >= 0; --i) {
    if (t.leafValue[i] != -1000) {
      v[i] = number(Dyadic(t.leafValue[i]) + shift);
      continue;
    }
    std::vector<GameId> l, r;
    for (int c : t.left[i]) l.push_back(v[c]);
    for (int c : t.right[i]) r.push_back(v[c]);
    v[i] = make(l, r);
  }
  return v[0];
}

// Canonical form of a fresh random DAG of `nodes` positions (leaves shifted by a fresh tiny
// number each iteration so nothing is cached from earlier iterations).
void BM_CanonicalRandomDag(benchmark::State& state) {
  const int nodes = static_cast<int>(state.range(0));
  std::mt19937 rng(static_cast<uint32_t>(nextSalt()));
  for (auto _ : state) {
    state.PauseTiming();
    RawTree t = randomTree(rng, nodes, 3);
    const Dyadic shift(2 * nextSalt() + 1, 30);
    state.ResumeTiming();
    benchmark::DoNotOptimize(canonical(t, shift));
  }
  state.SetLabel("positions per game: " + std::to_string(nodes));
  state.counters["table"] = static_cast<double>(tableSize());
}
BENCHMARK(BM_CanonicalRandomDag)->Arg(1000)->Arg(4000)->Unit(benchmark::kMillisecond);

// Hot values typical of endgames: switches, {a|b||c}, numbers with stars.
std::vector<GameId> hotValues(std::mt19937& rng, int count, int salt) {
  std::vector<GameId> out;
  std::uniform_int_distribution<int> small(0, 6), kind(0, 3);
  for (int i = 0; i < count; ++i) {
    const int a = small(rng) + 1, b = small(rng), c = small(rng);
    const Dyadic s(2 * salt + 1, 20);
    switch (kind(rng)) {
      case 0: out.push_back(make({number(Dyadic(a) + s)}, {number(-Dyadic(a) + s)})); break;        // +-a
      case 1: out.push_back(make({number(Dyadic(a + b) + s)}, {make({number(Dyadic(b) + s)}, {number(-Dyadic(c) + s)})})); break;  // {a+b||b|-c}
      case 2: out.push_back(make({make({number(Dyadic(a + c) + s)}, {number(Dyadic(c) + s)})}, {number(-Dyadic(b) + s)})); break;  // {a+c|c||-b}
      default: out.push_back(add(number(Dyadic(b) + s), star())); break;
    }
  }
  return out;
}

void BM_SumOfTenHotValues(benchmark::State& state) {
  std::mt19937 rng(static_cast<uint32_t>(nextSalt()));
  for (auto _ : state) {
    state.PauseTiming();
    std::vector<GameId> vals = hotValues(rng, 10, static_cast<int>(nextSalt()));
    state.ResumeTiming();
    GameId s = zero();
    for (GameId g : vals) s = add(s, g);
    benchmark::DoNotOptimize(s);
  }
  state.SetLabel("fresh values each iteration");
}
BENCHMARK(BM_SumOfTenHotValues)->Unit(benchmark::kMillisecond);

// Who wins the same kind of sum, both sides to move, by cgt::SumSearch over its parts (a fresh
// table each iteration), without building the canonical sum.
void BM_WhoWinsTenHotValuesBySearch(benchmark::State& state) {
  std::mt19937 rng(static_cast<uint32_t>(nextSalt()));
  for (auto _ : state) {
    state.PauseTiming();
    std::vector<GameId> vals = hotValues(rng, 10, static_cast<int>(nextSalt()));
    SumSearch search(1 << 20);
    state.ResumeTiming();
    PartSum sum;
    for (GameId g : vals) sum.add(g);
    benchmark::DoNotOptimize(search.moverWins(sum, Side::Left));
    benchmark::DoNotOptimize(search.moverWins(sum, Side::Right));
  }
  state.SetLabel("fresh values each iteration");
}
BENCHMARK(BM_WhoWinsTenHotValuesBySearch)->Unit(benchmark::kMillisecond);

// Comparisons between sums of 8 hot values (a pool built once; each iteration a pair not
// compared before, so the leq cache does not answer at the top level).
void BM_CompareSums(benchmark::State& state) {
  std::mt19937 rng(static_cast<uint32_t>(nextSalt()));
  std::vector<GameId> pool;
  const int salt = static_cast<int>(nextSalt());
  for (int k = 0; k < 24; ++k) {
    std::vector<GameId> vals = hotValues(rng, 8, salt);
    GameId s = zero();
    for (GameId g : vals) s = add(s, g);
    pool.push_back(s);
  }
  size_t i = 0, j = 1;
  for (auto _ : state) {
    benchmark::DoNotOptimize(leq(pool[i], pool[j]));
    if (++j == pool.size()) j = ++i + 1;
    if (i + 1 >= pool.size()) i = 0, j = 1;
  }
}
BENCHMARK(BM_CompareSums)->Iterations(250)->Unit(benchmark::kMicrosecond);

// A sum of 8 hot values compared with zero (fresh sum each iteration, comparison timed only).
void BM_CompareSumToZero(benchmark::State& state) {
  std::mt19937 rng(static_cast<uint32_t>(nextSalt()));
  for (auto _ : state) {
    state.PauseTiming();
    std::vector<GameId> vals = hotValues(rng, 6, static_cast<int>(nextSalt()));
    GameId s = zero();
    for (GameId g : vals) s = add(s, g);
    state.ResumeTiming();
    benchmark::DoNotOptimize(leq(zero(), s));
    benchmark::DoNotOptimize(leq(s, zero()));
  }
}
BENCHMARK(BM_CompareSumToZero)->Iterations(100)->Unit(benchmark::kMicrosecond);

void BM_ParsePrintKnownValue(benchmark::State& state) {
  const char* text = "+-{3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},+-1,+-{1,{2|0}}}}";
  for (auto _ : state) benchmark::DoNotOptimize(toString(parse(text)));
}
BENCHMARK(BM_ParsePrintKnownValue)->Unit(benchmark::kMicrosecond);

}  // namespace
