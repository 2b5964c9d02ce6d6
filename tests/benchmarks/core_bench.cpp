// The game-generic core running Amazons (core::Analyser<Amazons>, solver/amazons/game.h) on
// the suites: one thread, a fresh analyser per suite, each position analysed once under a
// limit (2 s; 20 s for the fourth suite, two small starts of one chamber each, whole boards).
// (It measured the core against the Amazons solver that came before it, until that was
// removed; the figures are in BENCHMARKS.md.) Counters: positions, unknown, median_ms,
// worst_ms, total_s, wrong (verdicts against the suite's answers). Run:
// build/amazons_benchmarks --benchmark_filter=coreSuite
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include <oneapi/tbb/global_control.h>

#include "solver/amazons/game.h"
#include "solver/amazons/suite.h"
#include "solver/core/analysis.h"

namespace {

const char* const kSuites[] = {"positions/amazons/endgames-medium.txt", "positions/amazons/endgames-hard.txt",
                               "bench/endgames-10x10-max12.txt", "bench/starts-small.txt"};
// Seconds a position, by suite: the starts take about 0.06 and 1.2 s.
constexpr double kLimitSeconds[] = {2, 2, 2, 20};

struct Timing {
  std::vector<double> ms;
  int unknown = 0;
  int wrong = 0;  // verdicts against the suite's answer
};

void report(benchmark::State& state, Timing& t) {
  std::sort(t.ms.begin(), t.ms.end());
  double total = 0;
  for (double x : t.ms) total += x;
  state.counters["positions"] = static_cast<double>(t.ms.size());
  state.counters["unknown"] = t.unknown;
  state.counters["wrong"] = t.wrong;
  state.counters["median_ms"] = t.ms.empty() ? 0 : t.ms[t.ms.size() / 2];
  state.counters["worst_ms"] = t.ms.empty() ? 0 : t.ms.back();
  state.counters["total_s"] = total / 1000;
}

template <class Analyse>
void runSuite(benchmark::State& state, Analyse&& analyse) {
  tbb::global_control oneThread(tbb::global_control::max_allowed_parallelism, 1);
  const std::vector<amazons::SuiteEntry> entries =
      amazons::loadSuite(std::string(AMAZONS_SOURCE_DIR) + "/" + kSuites[state.range(0)]);
  Timing t;
  for (auto _ : state) {
    t = {};
    analyse(entries, t);
  }
  report(state, t);
}

void coreSuite(benchmark::State& state) {
  runSuite(state, [&](const std::vector<amazons::SuiteEntry>& entries, Timing& t) {
    amazons::core::AnalysisOptions options;
    options.limits.seconds = kLimitSeconds[state.range(0)];
    amazons::core::Analyser<amazons::Amazons> analyser(options);
    for (const amazons::SuiteEntry& e : entries) {
      const amazons::core::Analysis<amazons::Amazons> a = analyser.analyse(amazons::GameRegion(e.board));
      t.ms.push_back(a.seconds * 1000);
      const amazons::core::Verdict v = a.forSide(amazons::Amazons::sideOf(e.board.sideToMove())).verdict;
      t.unknown += v == amazons::core::Verdict::Unknown;
      t.wrong += v != amazons::core::Verdict::Unknown && e.moverWins && (v == amazons::core::Verdict::Win) != *e.moverWins;
    }
  });
}

}  // namespace

BENCHMARK(coreSuite)->DenseRange(0, 3)->Iterations(1)->Unit(benchmark::kMillisecond);
