// Simple values of regions proven by the search over sums (core/sum_search.h) rather than by
// forms: the probes the analysis makes of regions whose forms did not fit (core/analysis.h).
#pragma once
#include <chrono>
#include <cstdint>
#include <optional>

#include "cgt/cgt.h"
#include "solver/core/game.h"
#include "solver/core/options.h"
#include "solver/core/part_values.h"
#include "solver/core/search_allowance.h"
#include "solver/core/sum_search.h"
#include "solver/core/values.h"

namespace amazons::core {

// A simple value of a region proven by search (as the probes of the Amazons solver the core
// replaced): many large regions whose forms do not fit are integers, switches {a|b} or
// n*, which a search of G - v proves in a few hundred positions where G's form takes tens of
// thousands of expansions (an Amazons chamber of 10 empty squares and value 4: 26,000
// expansions, against 174 positions). With lo <= G <= hi (G::bounds): first the least
// integer hi with G <= hi (Left moving first loses G - hi), by bisection; G = hi if also
// G >= hi (Right moving first loses G - hi). Else the greatest integer lo with G >= lo, and
// the guess {hi-1 | lo+1} (a switch {a|b} has hi = a+1, lo = b-1; n* has hi = n+1,
// lo = n-1), or lo + 1/2 when hi = lo + 1, which G - V a second-player win proves. nullopt
// when the guess is wrong, or past probePositions positions, the shortcuts' positions
// (probeShortcutPositions) or the probes' time. A value found is stored as a form would be.
// The probe gives up at `until` too.
template <Game G>
  requires HasBounds<G>
std::optional<cgt::GameId> probedValue(SumSearch<G>& search, const AnalysisOptions& options, const typename G::Region& part,
                                       std::chrono::steady_clock::time_point until, Budget& budget) {
  const typename G::Region normalised = G::normalise(part);
  // An integer region (an Amazons territory) is counted, not probed: a probe of G - v moves
  // in it and counts every territory a move leaves, some a square short of their size, a
  // long proof each (a 40-square territory's probe: 15 s, where the count took 5 nodes).
  if constexpr (HasIntegerBounds<G>) {
    if (G::integerBounds(normalised)) {
      const Budget::Until inTime(until);
      try {
        return search.parts().values().knownValue(normalised, budget);
      } catch (const LimitReached&) {
        if (budget.spent()) throw;
        return std::nullopt;  // past the probes' time
      }
    }
  }
  auto [lo, hi] = G::bounds(normalised);
  // G - v with `mover` to move: whether the mover wins, the search capped as a bounded
  // round is (serial, SearchTooLong past the positions left).
  auto wins = [&](cgt::GameId v, cgt::Side mover) {
    SumState<G> state;
    state.known.add(cgt::negate(v));
    state.raw.push_back(normalised);
    return search.moverWins(state, mover, budget);
  };
  // At most probePositions positions, probeShortcutPositions of the game's shortcuts
  // (Budget::ShortcutAllowance: Amazons' territory counts) and until `until` (the budget's
  // deadline on this thread, Budget::Until: a territory count stops there too), on this thread alone
  // (SearchAllowance::Probe), its failed forms its own (PartValues::RawFrom), as the
  // solver's probes.
  const typename PartValues<G>::RawFrom rawFrom(search.parts());
  const SearchAllowance::Probe allowance(search.allowance(), options.probePositions);
  const Budget::Until inTime(until);
  const Budget::ShortcutAllowance counts(options.probeShortcutPositions);
  std::optional<cgt::GameId> value;
  try {
    for (int64_t below = lo; below < hi;) {  // G <= hi; not G <= below - 1
      const int64_t mid = below + (hi - below) / 2;
      if (wins(cgt::integer(mid), cgt::Side::Left)) below = mid + 1;
      else hi = mid;
    }
    if (!wins(cgt::integer(hi), cgt::Side::Right)) {
      value = cgt::integer(hi);
    } else {
      for (int64_t above = hi - 1; lo < above;) {  // G >= lo; not G >= above + 1
        const int64_t mid = lo + (above - lo + 1) / 2;
        if (wins(cgt::integer(mid), cgt::Side::Right)) above = mid - 1;
        else lo = mid;
      }
      const cgt::GameId guess = hi - lo >= 2 ? cgt::make({cgt::integer(hi - 1)}, {cgt::integer(lo + 1)})
                                             : cgt::make({cgt::integer(lo)}, {cgt::integer(hi)});
      if (!wins(guess, cgt::Side::Left) && !wins(guess, cgt::Side::Right)) value = guess;
    }
  } catch (const SearchTooLong&) {
    // past the probe's positions or the probes' time: no value
  } catch (const LimitReached&) {
    if (budget.spent()) throw;
    // a shortcut past the probes' time or positions: no value
  }
  if (value) search.parts().values().rememberNormalised(normalised, *value);
  return value;
}

}  // namespace amazons::core
