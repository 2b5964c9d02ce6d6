// Territory solver timings over positions/territory/suite.txt, one benchmark per size bucket
// of empty squares; each position solved once, cold (fresh table), on one thread.
// Counters: positions, median_ms, worst_ms, total nodes. Run: scripts/bench-territory.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include <oneapi/tbb/global_control.h>

#include "solver/amazons/formats.h"
#include "solver/amazons/territory.h"

namespace {

struct Position {
  std::string region;
  int empty;
};

const std::vector<Position>& suite() {
  static const std::vector<Position> all = [] {
    std::vector<Position> out;
    const char* env = std::getenv("TERRITORY_SUITE");
    std::ifstream in(env ? std::string(env) : std::string(AMAZONS_SOURCE_DIR) + "/positions/territory/suite.txt");
    for (std::string line; std::getline(in, line);) {
      if (line.empty() || line == "#" || line.rfind("# ", 0) == 0) continue;  // comments
      out.push_back({line.substr(0, line.find(' ')), std::atoi(line.c_str() + line.find("empty=") + 6)});
    }
    return out;
  }();
  return all;
}

void territoryBucket(benchmark::State& state) {
  const int lo = static_cast<int>(state.range(0)), hi = lo + 10;
  const int threads = static_cast<int>(state.range(1));
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
  std::vector<double> ms;
  uint64_t nodes = 0;
  for (auto _ : state) {
    ms.clear();
    for (const Position& p : suite()) {
      if (p.empty < lo || p.empty >= hi) continue;
      const amazons::Board b = amazons::parseOneLine(p.region);
      amazons::TerritorySolver solver(size_t{256} << 20);
      const auto t0 = std::chrono::steady_clock::now();
      const auto r = solver.solve(b, amazons::Color::Black);
      ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
      nodes += r.nodes;
      benchmark::DoNotOptimize(r.moves);
    }
  }
  std::sort(ms.begin(), ms.end());
  state.counters["positions"] = static_cast<double>(ms.size());
  state.counters["median_ms"] = ms.empty() ? 0 : ms[ms.size() / 2];
  state.counters["worst_ms"] = ms.empty() ? 0 : ms.back();
  state.counters["nodes"] = static_cast<double>(nodes);
}

BENCHMARK(territoryBucket)
    ->ArgsProduct({{10, 20, 30, 40, 50, 60}, {1}})
    ->ArgNames({"empty_from", "threads"})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(territoryBucket)
    ->ArgsProduct({{60}, {2}})
    ->ArgNames({"empty_from", "threads"})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

}  // namespace
