// The search over a sum of any core::Game's regions (core/analysis.h decides with it): the
// known values as a cgt::PartSum (decided by cgt::SumSearch once no raw region is left, never
// added into one form), the raw regions moved in one move at a time, the parts they fall into
// valued again within a small allowance (tryValue), with the tables of region values, sums of
// known values and sums with raw regions; a game's own search of a lone region beside an
// integer (G::LoneSearch) and simple values proven by search (probedValue).
#pragma once
#include <algorithm>
#include <atomic>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include <oneapi/tbb/task_arena.h>
#include <oneapi/tbb/task_group.h>
#include <xxhash.h>

#include "cgt/cgt.h"
#include "solver/core/game.h"
#include "solver/core/options.h"
#include "solver/core/parallel.h"
#include "solver/core/searched_table.h"
#include "solver/core/values.h"

namespace amazons::core {

// The search visited the positions it was allowed (SumSearch::setRound; a probe's).
struct SearchTooLong {};

// The game's search of a lone raw region beside an integer (G::LoneSearch), or nothing.
template <class G>
struct LoneSearchOf {
  struct type {
    explicit type(size_t) {}
    void clear() {}
  };
};
template <class G>
  requires HasLoneSearch<G>
struct LoneSearchOf<G> {
  using type = typename G::LoneSearch;
};

// One search keeps its tables across analyses; any thread may search (the tables are shared).
template <Game G>
class SumSearch {
 public:
  using Region = typename G::Region;
  // A region whose value is an integer between lo and hi (G::integerBounds), not yet solved.
  struct Pending {
    Region region;  // normalised
    int64_t lo = 0, hi = 0;
  };
  // Known values as parts, the others raw (normalised), and, in the search's own positions,
  // pending integers (games with G::integerBounds).
  struct State {
    cgt::PartSum known;
    std::vector<Region> raw;
    std::vector<Pending> pending;
  };

  struct RawMove {
    size_t region;
    typename G::Move move;
    std::optional<Region> after;  // the raw region after the move, not split, where scoring made it
  };

  // `options` is the analyser's, read as it changes; `store`, when given, outlives the search.
  explicit SumSearch(const AnalysisOptions& options, const ValueStore<G>* store = nullptr)
      : options_(options),
        values_(options.valueBytes(), store),
        sums_(options.sumEntries()),
        searched_(searchedBytes(options)),
        lone_(loneBytes(options)) {}

  // Whether `mover`, to move, wins the sum.
  bool moverWins(const State& state, cgt::Side mover, Budget& budget) {
    if (!state.pending.empty()) {
      if (!state.raw.empty())
        if (const std::optional<bool> found = known(state, mover)) return *found;
      if (const std::optional<bool> decided = decidedByBounds(state, mover, budget)) return *decided;
      return moverWins(resolved(state, budget), mover, budget);
    }
    if (state.raw.empty()) {
      const bool wins = sums_.moverWins(state.known, mover);
      budget.checkClock();
      return wins;
    }
    if constexpr (HasLoneSearch<G>)
      if (loneBesideInteger(state)) {
        const std::function<void()> count = [&] { countPosition(budget); };
        if (const std::optional<bool> wins = lone_.wins(state.raw.front(), state.known.number().num, mover, count)) return *wins;
      }
    const TableKey key = tableKey(state, mover);
    if (const std::optional<bool> found = knownAt(state, mover, key)) return *found;
    if constexpr (HasBounds<G>)
      if (const std::optional<bool> bounded = decidedByBounds(state, mover, budget)) return *bounded;
    countPosition(budget);
    if (parallel() && tbb::is_current_task_group_canceling()) throw Cancelled{};
    const cgt::Side next = opposite(mover);
    const std::vector<RawMove> moves = orderedRawMoves(state, mover);
    // The first move alone, then, in a large position, the others in parallel: in a winning
    // position the first move mostly wins (orderedRawMoves) and nothing is shared; in a losing
    // one every move must be refuted, each a search of its own.
    const bool split = parallel() && !boundedRound_.load(std::memory_order_relaxed) && moves.size() > 2 && rawSize(state) >= options_.parallelSize;
    bool wins = false;
    for (size_t i = 0; i < (split ? 1 : moves.size()) && !wins; ++i) wins = !moverWins(afterRawMove(state, moves[i], budget), next, budget);
    if (!wins && split) wins = anyMoveWinsInParallel(state, moves, mover, budget);
    if (!wins)
      for (const State& after : knownOptions(state, mover))
        if (!moverWins(after, next, budget)) {
          wins = true;
          break;
        }
    rememberAt(state, mover, key, wins);
    return wins;
  }

  // The value of a part as split() gives it, within `allowance` expansions (0: no limit).
  std::optional<cgt::GameId> tryValue(const Region& part, uint64_t allowance, Budget& budget) {
    return tryNormalisedValue(G::normalise(part), allowance, budget);
  }
  std::optional<cgt::GameId> tryNormalisedValue(const Region& normalised, uint64_t allowance, Budget& budget) {
    // Isolated in a parallel search: a thread waiting inside a form (a game's shortcut may run
    // tasks of its own: Amazons' territory solver) must not take a task of the search, whose
    // expansions would count against this form's allowance on this thread.
    if (parallel()) return tbb::this_task_arena::isolate([&] { return tryValueHere(normalised, allowance, budget); });
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

  // A simple value of a region proven by search (the Amazons solver's probes, sum_search.cpp's
  // simpleValue): many large regions whose forms do not fit are integers, switches {a|b} or
  // n*, which a search of G - v proves in a few hundred positions where G's form takes tens of
  // thousands of expansions (an Amazons chamber of 10 empty squares and value 4: 26,000
  // expansions, against 174 positions). With lo <= G <= hi (G::bounds): first the least
  // integer hi with G <= hi (Left moving first loses G - hi), by bisection; G = hi if also
  // G >= hi (Right moving first loses G - hi). Else the greatest integer lo with G >= lo, and
  // the guess {hi-1 | lo+1} (a switch {a|b} has hi = a+1, lo = b-1; n* has hi = n+1,
  // lo = n-1), or lo + 1/2 when hi = lo + 1, which G - V a second-player win proves. nullopt
  // when the guess is wrong, or past probePositions positions or the probes' time. A value
  // found is stored as a form would be. The probe gives up at `until` too.
  std::optional<cgt::GameId> probedValue(const Region& part, std::chrono::steady_clock::time_point until, Budget& budget)
    requires HasBounds<G>
  {
    const Region normalised = G::normalise(part);
    auto [lo, hi] = G::bounds(normalised);
    // G - v with `mover` to move: whether the mover wins, the search capped as a bounded
    // round is (serial, SearchTooLong past the positions left).
    auto wins = [&](cgt::GameId v, cgt::Side mover) {
      State state;
      state.known.add(cgt::negate(v));
      state.raw.push_back(normalised);
      return moverWins(state, mover, budget);
    };
    const Probe probe(*this, until);
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
      // a territory count past the probes' time: no value
    }
    if (value) values_.remember(part, *value);
    return value;
  }

  // For the proof search above this one (core/proof_search.h):
  // What the table knows of the sum (no search).
  std::optional<bool> known(const State& state, cgt::Side mover) const { return knownAt(state, mover, tableKey(state, mover)); }
  // A verdict proven otherwise, stored as moverWins stores its own.
  void remember(const State& state, cgt::Side mover, bool wins) { rememberAt(state, mover, tableKey(state, mover), wins); }
  // The positions `mover` can move to, in the order moverWins tries them: the raw regions'
  // moves by orderedRawMoves, then a move in a known part, then (with no part but the number)
  // in the number. The mover wins iff the opponent loses one of them.
  std::vector<State> options(const State& state, cgt::Side mover, Budget& budget) {
    if (!state.pending.empty()) return options(resolved(state, budget), mover, budget);  // their moves too
    std::vector<State> out;
    for (const RawMove& m : orderedRawMoves(state, mover)) out.push_back(afterRawMove(state, m, budget));
    for (State& after : knownOptions(state, mover)) out.push_back(std::move(after));
    return out;
  }
  // The pending integers solved exactly (G::shortcut, through the table), their values known.
  State resolved(State state, Budget& budget) {
    for (const Pending& p : state.pending) state.known.add(*tryNormalisedValue(p.region, 0, budget));
    state.pending.clear();
    return state;
  }
  // How many moves `mover` has, counted cheaply (equal parts once, a number's left out).
  static uint64_t moveCount(const State& state, cgt::Side mover) {
    uint64_t count = state.known.moves(mover).size();
    for (const Region& r : state.raw) count += countMoves(r, mover);
    return count;
  }
  // Whether `mover` wins, within `positions` more positions (those it visits count against
  // any allowance around it too); nullopt past them. The forms that fail inside stay the
  // try's own (RawFrom), as each of the Amazons solver's tries has a Search of its own.
  std::optional<bool> moverWinsWithin(const State& state, cgt::Side mover, int64_t positions, Budget& budget) {
    const RawFrom keep(*this);
    const int64_t outer = searchLeft_.load();
    const int64_t cap = std::min(positions, outer);
    searchLeft_ = cap;
    std::optional<bool> wins;
    try {
      wins = moverWins(state, mover, budget);
    } catch (const SearchTooLong&) {
    }
    const int64_t used = cap - std::max<int64_t>(0, searchLeft_.load());
    searchLeft_ = outer - used;  // the outer allowance, when spent, ends its search at the next position
    return wins;
  }
  static int rawSize(const State& state) {
    int size = 0;
    for (const Region& r : state.raw) size += G::size(r);
    return size;
  }
  // The mover, the raw regions' keys and the pending ones' (appendKeys), the known parts: an
  // exact key of the position.
  static std::string sumKey(const State& state, cgt::Side mover) {
    std::string key(1, static_cast<char>(mover));
    appendKeys(state.raw, [](const Region& r) -> const Region& { return r; }, key);
    appendKeys(state.pending, [](const Pending& p) -> const Region& { return p.region; }, key);
    key += '|';
    state.known.appendKey(key);
    return key;
  }

  // The search may visit `positions` more (then throws SearchTooLong), on one thread when
  // `bounded` (Analyser's rounds: how many it visits must not depend on the threads).
  void setRound(int64_t positions, bool bounded) {
    searchLeft_ = positions;
    boundedRound_ = bounded;
  }
  // A fresh analysis: no form has failed yet.
  void newAnalysis() { rawFrom_ = std::numeric_limits<int>::max(); }
  // Whether the table of sums with raw regions holds half its memory or more.
  bool searchedHalfFull() const { return searched_.bytes() >= searchedBytes(options_) / 2; }

  size_t valuesSize() const { return values_.size(); }
  size_t valuesBytes() const { return values_.bytes(); }
  uint64_t sumNodes() const { return sums_.nodes(); }
  void clear() {
    values_.clear();
    sums_.clear();
    searched_.clear();
    lone_.clear();
  }

  // The moves in the raw regions by moveScore, fewest opponent replies first: a winning move
  // often shuts the opponent out, and trying it first cuts the rest. (In G::moves order 40
  // random 6x6 boards took 62 s, four unknown at 10 s; in this order 26 s, one unknown.) In a
  // raw region alone in the sum and large enough, a game's estimate (G::estimate) goes first:
  // the most gained for the mover first, replies breaking ties. With several raw regions what
  // a move gains in one says little of its worth in the sum, where the tempo it spends counts
  // too (the Amazons solver's measures, sum_search.cpp).
  static std::vector<RawMove> orderedRawMoves(const State& state, cgt::Side mover) {
    // The scores sorted with the moves' places, not the moves, which carry their regions. Both
    // lists are the thread's own, kept from call to call (every position above the leaves
    // orders its moves: two allocations fewer each).
    thread_local std::vector<RawMove> moves;
    thread_local std::vector<std::pair<int64_t, uint32_t>> order;
    moves.clear();
    order.clear();
    for (size_t i = 0; i < state.raw.size(); ++i)
      forEachScoredMove(state.raw[i], mover, state.raw.size() == 1, [&](int64_t score, const typename G::Move& m, std::optional<Region>&& after) {
        order.push_back({score, static_cast<uint32_t>(moves.size())});
        moves.push_back({i, m, std::move(after)});
      });
    std::sort(order.begin(), order.end());  // the place breaks ties: a stable sort of the scores
    std::vector<RawMove> out;
    out.reserve(moves.size());
    for (const auto& [score, place] : order) out.push_back(std::move(moves[place]));
    moves.clear();  // the regions moved from, released now
    return out;
  }

  // The moves after the first that a split searches in parallel, by their places in `moves`:
  // each but those to the same position as an earlier move (in a position that is its own
  // mirror image, the mirror images of earlier moves: the same region after them, once
  // normalised). Searched in parallel two such would be searched at once, neither stored
  // before the other ends, where one after the other the second is found in the table. On
  // the 6x4 start, Black to move (every move refuted), the two threads had searched each
  // pair of mirror-image first moves side by side, ending both at the same moment.
  static std::vector<size_t> movesToShare(const State& state, const std::vector<RawMove>& moves) {
    std::vector<size_t> shared;
    std::unordered_set<std::string> seen;
    for (size_t i = 0; i < moves.size(); ++i) {
      const RawMove& m = moves[i];
      std::string key = G::key(G::normalise(m.after ? *m.after : G::play(state.raw[m.region], m.move)));
      key.append(reinterpret_cast<const char*>(&m.region), sizeof m.region);
      if (seen.insert(std::move(key)).second && i > 0) shared.push_back(i);
    }
    return shared;
  }

  // How promising a move is (less is better): the opponent's replies in the region after it.
  // Counted by G::countMoves(region, side) where the game has one (optional, =
  // G::moves(region, side).size() without the list). The mover's own replies as a tie-break
  // (most first) cost as much again and ordered worse: without them the Amazons starts, Black
  // to move, took 5x4 2.06 s and 809 k nodes instead of 2.47 s and 925 k (medians of three
  // interleaved runs), 4x5 8.3 s and 4.0 M instead of 12.0 s and 4.6 M. Clobber's order is the
  // same either way: both sides have as many moves there.
  static int64_t moveScore(const Region& after, cgt::Side mover) {
    return static_cast<int64_t>(countMoves(after, opposite(mover)));
  }
  static size_t countMoves(const Region& region, cgt::Side side) {
    if constexpr (requires { { G::countMoves(region, side) } -> std::convertible_to<size_t>; }) return G::countMoves(region, side);
    else return G::moves(region, side).size();
  }

  // Each move of `mover` in `region` as f(score, move, region after it or nullopt), score by
  // moveScore, and by the game's estimate first where the region is raw and `alone`
  // (orderedRawMoves). A game that scores a region's moves itself (G::forEachMoveScore) may
  // give no region after them (Amazons' boards of 65-128 squares, on 128-bit masks): only the
  // moves searched are played.
  template <class F>
  static void forEachScoredMove(const Region& region, cgt::Side mover, bool alone, F&& f) {
    constexpr int64_t kEstimateWeight = int64_t{1} << 32;  // a point of estimate outweighs any count of replies
    const int64_t sign = mover == cgt::Side::Left ? 1 : -1;
    bool byEstimate = false;
    int before = 0;
    if constexpr (HasEstimate<G>) {
      byEstimate = alone && G::size(region) >= G::kEstimateFrom;
      if (byEstimate) before = G::estimate(region);
    }
    if constexpr (HasMoveScores<G>) {
      const bool scored = G::forEachMoveScore(region, mover, byEstimate, [&](const typename G::Move& m, int64_t replies, int estimate, const Region* after) {
        f(byEstimate ? replies - sign * (estimate - before) * kEstimateWeight : replies, m,
          after ? std::optional<Region>(*after) : std::optional<Region>());
      });
      if (scored) return;
    }
    for (const typename G::Move& m : G::moves(region, mover)) {
      Region after = G::play(region, m);
      int64_t score = moveScore(after, mover);
      if constexpr (HasEstimate<G>)
        if (byEstimate) score -= sign * (G::estimate(after) - before) * kEstimateWeight;
      f(score, m, std::optional<Region>(std::move(after)));
    }
  }

 private:
  // A raw region alone beside an integer, and nothing else (G::LoneSearch's positions).
  static bool loneBesideInteger(const State& state) {
    return state.raw.size() == 1 && state.pending.empty() && state.known.parts().empty() && state.known.number().isInteger();
  }

  // The regions' keys, sorted, after their count, each after its length.
  template <class Item, class RegionOf>
  static void appendKeys(const std::vector<Item>& items, RegionOf&& regionOf, std::string& key) {
    auto appendKey = [&key](const std::string& k) {
      appendCount(k.size(), key);
      key += k;
    };
    appendCount(items.size(), key);
    // Most positions of a search hold one raw region or none: no list to sort.
    if (items.size() <= 1) {
      for (const Item& item : items) appendKey(G::key(regionOf(item)));
      return;
    }
    std::vector<std::string> keys;
    for (const Item& item : items) keys.push_back(G::key(regionOf(item)));
    std::sort(keys.begin(), keys.end());
    for (const std::string& k : keys) appendKey(k);
  }
  static void appendCount(size_t count, std::string& key) {
    const uint32_t n = static_cast<uint32_t>(count);
    key.append(reinterpret_cast<const char*>(&n), sizeof n);
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

  // The mover's options outside the raw regions: a move in a known part, or, with no part but
  // the number, in the number. Number avoidance: with a known part that is not a number, some
  // move outside the numbers wins if any does. Without one the raw regions may add up to a
  // number, and moving in the number may be the only win.
  static std::vector<State> knownOptions(const State& state, cgt::Side mover) {
    std::vector<State> out;
    for (const auto& [part, option] : state.known.moves(mover)) out.push_back({state.known.replaced(part, option), state.raw, state.pending});
    if (state.known.parts().empty()) {
      const cgt::GameId x = cgt::number(state.known.number());
      for (cgt::GameId option : mover == cgt::Side::Left ? cgt::leftOptions(x) : cgt::rightOptions(x)) {
        State after{{}, state.raw, state.pending};
        after.known.add(option);
        out.push_back(std::move(after));
      }
    }
    return out;
  }

  // While it lives, the forms that fail lower rawFrom_ for its own searches only: a capped
  // search (a probe, a proof search's try) that lowered it for the searches after it left
  // nearly every part raw there. A 41-empty 10x10 position with the proof search: unknown at
  // 60 s -> 22.4 s (BENCHMARKS.md).
  class RawFrom {
   public:
    explicit RawFrom(SumSearch& s) : s_(s), kept_(s.rawFrom_.load()) {}
    ~RawFrom() { s_.rawFrom_ = kept_; }
    RawFrom(const RawFrom&) = delete;
    RawFrom& operator=(const RawFrom&) = delete;

   private:
    SumSearch& s_;
    int kept_;
  };

  // While it lives, a probe is under way: at most probePositions positions and until `until`
  // (the budget's deadline on this thread, Budget::Until: a territory count stops there too),
  // on this thread alone (a bounded round), its failed forms its own (RawFrom), as the
  // solver's probes. Whatever ends the probe, a limit's LimitReached included, the search is
  // left as it was: a stale probe once made every later search give up past its time.
  class Probe {
   public:
    Probe(SumSearch& s, std::chrono::steady_clock::time_point until)
        : s_(s),
          rawFrom_(s),
          searchLeft_(s.searchLeft_.exchange(s.options_.probePositions)),
          bounded_(s.boundedRound_.exchange(true)),
          inTime_(until) {
      s_.probing_ = true;
    }
    ~Probe() {
      s_.probing_ = false;
      s_.searchLeft_ = searchLeft_;
      s_.boundedRound_ = bounded_;
    }
    Probe(const Probe&) = delete;
    Probe& operator=(const Probe&) = delete;

   private:
    SumSearch& s_;
    RawFrom rawFrom_;
    int64_t searchLeft_;
    bool bounded_;
    Budget::Until inTime_;
  };

  // Where the tables keep what is known of a sum: the game's lone search, for a raw region
  // alone beside an integer that it keeps (G::LoneSearch), else searched_, by the mover, the
  // raw regions and what of the known parts the mover's advantage leaves out, which a
  // verdict is remembered and read at (searched_table.h):
  // - a game whose integer regions wait as pending (G::integerBounds: Amazons, whose hot
  //   values add up to large forms) reads its number-up-star part and the pending integers
  //   (a range) as the advantage (NusBounds), the other parts in the key. A number apart: a
  //   41-empty 10x10 position took 12.7 s instead of 13.2 s (1.15 M positions, not 1.21 M).
  // - any other game (Clobber, whose values are all-small and add up to small forms; no region
  //   of it is ever pending, addPart) reads the whole known sum as the advantage (ValueBounds), up to kWholeParts parts besides the
  //   number-up-star one; with more, those parts go in the key and the advantage is that part.
  //   Clobber's hard 6x6 board (BENCHMARKS.md) took 2.81 M positions with the exact known parts
  //   in the key, 2.45 M with its ups and stars read as the advantage, 2.20 M with the whole
  //   sum; the grouped 8x8 set 72 k, 71 k, 62 k.
  static constexpr bool kPendingRanges = HasIntegerBounds<G>;
  using Searched = std::conditional_t<kPendingRanges, NusBounds, ValueBounds>;
  // Beyond this many parts besides the number-up-star one, a sum of known parts may be a large
  // form (a sum of many different all-small values), which the search never builds otherwise.
  static constexpr size_t kWholeParts = 2;
  static bool wholeSumIsAdvantage(const State& state) {
    const cgt::Nus v = state.known.numberUpStar();
    return state.known.parts().size() - (v.ups != 0 || v.nim != 0) <= kWholeParts;
  }
  struct TableKey {
    bool lone = false;
    std::string key;
    uint64_t hash = 0;
    cgt::GameId advantage = 0;  // ValueBounds' (valueAdvantage), found once for the probe and the store
  };
  TableKey tableKey(const State& state, cgt::Side mover) const {
    if constexpr (HasLoneSearch<G>)
      if (loneBesideInteger(state) && lone_.keeps(state.raw.front())) return {true, {}, 0};
    std::string key(1, static_cast<char>(mover));
    appendKeys(state.raw, [](const Region& r) -> const Region& { return r; }, key);
    key += '|';
    cgt::GameId advantage = 0;
    if constexpr (kPendingRanges) {
      state.known.appendKeyBesidesNumberUpStar(key);
    } else {
      const bool whole = wholeSumIsAdvantage(state);
      if (!whole) state.known.appendKeyBesidesNumberUpStar(key);
      advantage = valueAdvantage(state, mover, whole);
    }
    const uint64_t hash = XXH3_64bits(key.data(), key.size());
    return {false, std::move(key), hash, advantage};
  }
  // The mover's advantage in the number-up-star part, x + ^n*m for Left and -x + ^-n*m for
  // Right, with the pending integers at the mover's worst and at its best.
  static std::pair<cgt::Nus, cgt::Nus> advantageRange(const State& state, cgt::Side mover) {
    int64_t lo = 0, hi = 0;
    for (const Pending& p : state.pending) {
      lo += p.lo;
      hi += p.hi;
    }
    const cgt::Nus v = state.known.numberUpStar();
    if (mover == cgt::Side::Left) return {{v.number + cgt::Dyadic(lo), v.ups, v.nim}, {v.number + cgt::Dyadic(hi), v.ups, v.nim}};
    return {{-v.number - cgt::Dyadic(hi), -v.ups, v.nim}, {-v.number - cgt::Dyadic(lo), -v.ups, v.nim}};
  }
  // The mover's advantage as a value (ValueBounds): the known sum, or its number-up-star part.
  static cgt::GameId valueAdvantage(const State& state, cgt::Side mover, bool whole) {
    cgt::GameId sum;
    if (whole) {
      sum = cgt::zero();
      for (cgt::GameId g : state.known.values()) sum = cgt::add(sum, g);
    } else {
      const cgt::Nus v = state.known.numberUpStar();
      sum = cgt::nus(v.number, v.ups, v.nim);
    }
    return mover == cgt::Side::Left ? sum : cgt::negate(sum);
  }
  std::optional<bool> knownAt(const State& state, cgt::Side mover, const TableKey& key) const {
    if constexpr (HasLoneSearch<G>)
      if (key.lone) return lone_.known(state.raw.front(), state.known.number().num, mover);
    const std::optional<Searched> found = searched_.find(key.key, key.hash);
    if (!found) return std::nullopt;
    if constexpr (kPendingRanges) {
      const auto [least, most] = advantageRange(state, mover);
      if (found->at(least) == true) return true;
      if (found->at(most) == false) return false;
      return std::nullopt;
    } else {
      return found->at(key.advantage);
    }
  }
  void rememberAt(const State& state, cgt::Side mover, const TableKey& key, bool wins) {
    if constexpr (HasLoneSearch<G>)
      if (key.lone) return lone_.remember(state.raw.front(), state.known.number().num, mover, wins);
    Searched fresh;
    auto record = [&](const auto& a) {
      fresh.record(a, wins);
      searched_.merge(key.key, key.hash, fresh, [&](Searched& stored) { stored.record(a, wins); });
    };
    if constexpr (kPendingRanges) {
      // With pending integers the advantage is only known to lie in a range: a win holds from
      // its top, a loss up to its bottom.
      const auto [least, most] = advantageRange(state, mover);
      record(wins ? most : least);
    } else {
      record(key.advantage);
    }
  }

  bool parallel() const { return options_.threads > 1; }
  // A game's lone search (G::LoneSearch) takes half the memory of the sums with raw regions:
  // its table holds the positions below those.
  static size_t loneBytes(const AnalysisOptions& options) { return HasLoneSearch<G> ? options.searchedBytes() / 2 : 0; }
  // Less the proof search's table where the game's sums use one (core/proof_search.h).
  static size_t searchedBytes(const AnalysisOptions& options) {
    return options.searchedBytes() - loneBytes(options) - (options.proofSize > 0 ? options.proofBytes() : 0);
  }


  // Each raw region lies between its bounds (G::bounds), each pending one between its own:
  // the mover wins if it wins with every one at the opponent's end, and loses if it loses with
  // every one at its own.
  std::optional<bool> decidedByBounds(const State& state, cgt::Side mover, Budget& budget) {
    int64_t lo = 0, hi = 0;
    if constexpr (HasBounds<G>)
      for (const Region& r : state.raw) {
        const auto [l, h] = G::bounds(r);
        lo += l;
        hi += h;
      }
    for (const Pending& p : state.pending) {
      lo += p.lo;
      hi += p.hi;
    }
    cgt::PartSum worst = state.known, best = state.known;
    worst.add(cgt::integer(mover == cgt::Side::Left ? lo : hi));
    best.add(cgt::integer(mover == cgt::Side::Left ? hi : lo));
    std::optional<bool> decided;
    if (sums_.moverWins(worst, mover)) decided = true;
    else if (!sums_.moverWins(best, mover)) decided = false;
    budget.checkClock();
    return decided;
  }

  // One more position searched, against the user's limits and the round's allowance.
  void countPosition(Budget& budget) {
    budget.expand();
    const int64_t left = searchLeft_.fetch_sub(1, std::memory_order_relaxed);
    if (left <= 0) throw SearchTooLong{};
    // A probe (serial) reads the clock at every position. Every 64th, as first written, let the
    // probe of the 10x10 opening (positions of 92 empty squares, ~10 ms each) run to 1.2-1.3 s
    // of its 0.5 s share of a 2 s limit, and under AddressSanitizer past the whole limit.
    if (probing_ && std::chrono::steady_clock::now() > budget.deadline()) throw SearchTooLong{};
  }

  State afterRawMove(const State& state, const RawMove& m, Budget& budget) {
    State after{state.known, {}, state.pending};
    for (size_t j = 0; j < state.raw.size(); ++j)
      if (j != m.region) after.raw.push_back(state.raw[j]);
    addParts(m.after ? *m.after : G::play(state.raw[m.region], m.move), after, budget);
    return after;
  }

  // Whether a move after the first wins, the moves searched in parallel (movesToShare).
  bool anyMoveWinsInParallel(const State& state, const std::vector<RawMove>& moves, cgt::Side mover, Budget& budget) {
    const std::vector<size_t> shared = movesToShare(state, moves);
    return anyIndexInParallel(0, shared.size(), [&](size_t j) {
      return !moverWins(afterRawMove(state, moves[shared[j]], budget), opposite(mover), budget);
    });
  }

  const AnalysisOptions& options_;
  RegionValues<G> values_;
  cgt::SumSearch sums_;
  SharedSearchedTable<Searched> searched_;  // sums with raw regions (tableKey): exact
  typename LoneSearchOf<G>::type lone_;
  // The least G::size of a form that did not fit, in the analysis under way.
  std::atomic<int> rawFrom_{0};
  // The search positions the round under way may still visit, and whether it may give up
  // (decideInRounds).
  std::atomic<int64_t> searchLeft_{std::numeric_limits<int64_t>::max()};
  std::atomic<bool> boundedRound_{false};
  // A probe is under way (on this thread alone: probes are serial).
  bool probing_ = false;
};

}  // namespace amazons::core
