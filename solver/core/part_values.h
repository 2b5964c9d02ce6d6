// The values of the parts a raw move leaves, for the search over sums (core/sum_search.h): each
// part valued within a small allowance (tryValue) or left raw, an integer region waiting as
// pending between its bounds, over the table of region values (core/values.h). Parts as large
// as a form that did not fit in the analysis under way are not tried again (RawFrom).
#pragma once
#include <atomic>
#include <cstdint>
#include <limits>
#include <optional>
#include <utility>

#include <oneapi/tbb/task_arena.h>

#include "cgt/cgt.h"
#include "solver/core/game.h"
#include "solver/core/options.h"
#include "solver/core/sum_state.h"
#include "solver/core/values.h"

namespace amazons::core {

// Any thread may value parts (the tables are shared).
template <Game G>
class PartValues {
 public:
  using Region = typename G::Region;
  using State = SumState<G>;
  using Pending = PendingRegion<G>;

  // `options` is the analyser's, read as it changes; `store`, when given, outlives this.
  PartValues(const AnalysisOptions& options, const ValueStore<G>* store) : options_(options), values_(options.valueBytes(), store) {}

  // The value of a part as split() gives it, within `allowance` expansions (0: no limit).
  std::optional<cgt::GameId> tryValue(const Region& part, uint64_t allowance, Budget& budget) {
    return tryNormalisedValue(G::normalise(part), allowance, budget);
  }
  std::optional<cgt::GameId> tryNormalisedValue(const Region& normalised, uint64_t allowance, Budget& budget) {
    // Isolated in a parallel search: a thread waiting inside a form (a game's shortcut may run
    // tasks of its own: Amazons' territory solver) must not take a task of the search, whose
    // expansions would count against this form's allowance on this thread.
    if (options_.threads > 1) return tbb::this_task_arena::isolate([&] { return tryValueHere(normalised, allowance, budget); });
    return tryValueHere(normalised, allowance, budget);
  }

  // The parts of a region after a move, valued where their form fits a try; parts as large as
  // one that did not fit in this analysis are not tried, but take a value known without
  // expansion (the table's, G::shortcut's: Amazons' territories; left raw, a 41-empty 10x10
  // position searched 4.2 M positions instead of 1.0 M), else stay raw. An integer region
  // (G::integerBounds) not in the table waits as pending unless its bounds meet.
  void addParts(const Region& region, State& state, Budget& budget) {
    if constexpr (HasParts<G>) G::forEachPart(region, [&](Region&& normalised) { addPart(std::move(normalised), state, budget); });
    else
      for (const Placed<Region>& p : G::split(region)) addPart(G::normalise(p.region), state, budget);
  }

  // The pending integers solved exactly (G::shortcut, through the table), their values known.
  State resolved(State state, Budget& budget) {
    for (const Pending& p : state.pending) state.known.add(*tryNormalisedValue(p.region, 0, budget));
    state.pending.clear();
    return state;
  }

  // A fresh analysis: no form has failed yet.
  void newAnalysis() { rawFrom_ = std::numeric_limits<int>::max(); }

  // While it lives, the forms that fail lower the size from which parts stay raw for its own
  // searches only: a capped search (a probe, a proof search's try) that lowered it for the
  // searches after it left nearly every part raw there. A 41-empty 10x10 position with the
  // proof search: unknown at 60 s -> 22.4 s (BENCHMARKS.md).
  class RawFrom {
   public:
    explicit RawFrom(PartValues& p) : p_(p), kept_(p.rawFrom_.load()) {}
    ~RawFrom() { p_.rawFrom_ = kept_; }
    RawFrom(const RawFrom&) = delete;
    RawFrom& operator=(const RawFrom&) = delete;

   private:
    PartValues& p_;
    int kept_;
  };

  // The table of region values (the probes store theirs there; the analysis reports its size).
  RegionValues<G>& values() { return values_; }
  const RegionValues<G>& values() const { return values_; }

 private:
  // One part of addParts', normalised.
  void addPart(Region&& normalised, State& state, Budget& budget) {
    if constexpr (HasIntegerBounds<G>) {
      if (const std::optional<cgt::GameId> v = values_.storedValue(normalised)) {
        state.known.add(*v);
        return;
      }
      if (const std::optional<std::pair<int64_t, int64_t>> b = G::integerBounds(normalised)) {
        if (b->first == b->second) {
          state.known.add(cgt::integer(b->first));
          values_.rememberNormalised(normalised, cgt::integer(b->first));
        } else {
          state.pending.push_back({std::move(normalised), b->first, b->second});
        }
        return;
      }
    }
    if (G::size(normalised) < rawFrom_.load(std::memory_order_relaxed)) {
      if (const std::optional<cgt::GameId> v = tryNormalisedValue(normalised, options_.searchTry, budget)) state.known.add(*v);
      else state.raw.push_back(std::move(normalised));
      return;
    }
    if (const std::optional<cgt::GameId> v = values_.knownValue(normalised, budget)) state.known.add(*v);
    else state.raw.push_back(std::move(normalised));
  }

  std::optional<cgt::GameId> tryValueHere(const Region& normalised, uint64_t allowance, Budget& budget) {
    if (allowance == 0) return values_.normalisedValue(normalised, budget);
    Budget::Allowance scope(allowance);
    try {
      return values_.normalisedValue(normalised, budget);
    } catch (const FormTooLarge&) {
      for (int from = rawFrom_.load(std::memory_order_relaxed); G::size(normalised) < from;)
        if (rawFrom_.compare_exchange_weak(from, G::size(normalised), std::memory_order_relaxed)) break;
      return std::nullopt;
    }
  }

  const AnalysisOptions& options_;
  RegionValues<G> values_;
  // The least G::size of a form that did not fit, in the analysis under way.
  std::atomic<int> rawFrom_{0};
};

}  // namespace amazons::core
