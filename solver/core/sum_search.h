// The search over a sum of any core::Game's regions (core/analysis.h decides with it): the
// known values as a cgt::PartSum (decided by cgt::SumSearch once no raw region is left, never
// added into one form), the raw regions moved in one move at a time (core/move_order.h), the
// parts they fall into valued again within a small allowance (core/part_values.h), with the
// tables of sums of known values and sums with raw regions (core/sum_table.h, with a game's own
// search of a lone region beside an integer, G::LoneSearch). Simple values proven by this
// search are core/value_probe.h's.
#pragma once
#include <algorithm>
#include <atomic>
#include <concepts>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <oneapi/tbb/task_group.h>

#include "cgt/cgt.h"
#include "solver/core/game.h"
#include "solver/core/killers.h"
#include "solver/core/move_order.h"
#include "solver/core/options.h"
#include "solver/core/parallel.h"
#include "solver/core/part_values.h"
#include "solver/core/search_allowance.h"
#include "solver/core/sum_state.h"
#include "solver/core/sum_table.h"
#include "solver/core/values.h"

namespace amazons::core {

// One search keeps its tables across analyses; any thread may search (the tables are shared).
template <Game G>
class SumSearch {
 public:
  using Region = typename G::Region;
  using State = SumState<G>;
  using Pending = PendingRegion<G>;
  using Order = MoveOrder<G>;

  // `options` is the analyser's, read as it changes; `store`, when given, outlives the search.
  explicit SumSearch(const AnalysisOptions& options, const ValueStore<G>* store = nullptr)
      : options_(options),
        parts_(options, store),
        sums_(options.sumEntries()),
        table_(options) {}

  // Whether `mover`, to move, wins the sum. `boundsTried`: the caller found that the bounds do
  // not decide it (settledAtOnce), which then need not be taken again.
  bool moverWins(const State& state, cgt::Side mover, Budget& budget, bool boundsTried = false) {
    if (!state.pending.empty()) {
      if (!state.raw.empty())
        if (const std::optional<bool> found = known(state, mover)) return *found;
      if (!boundsTried)
        if (const std::optional<bool> decided = decidedByBounds(state, mover, budget).wins) return *decided;
      return moverWins(parts_.resolved(state, budget), mover, budget);
    }
    if (state.raw.empty()) {
      const bool wins = sums_.moverWins(state.known, mover);
      budget.checkClock();
      return wins;
    }
    if constexpr (HasLoneSearch<G>)
      if (loneBesideInteger(state)) {
        const std::function<void()> count = [&] { allowance().count(budget); };
        if (const std::optional<bool> wins = table_.lone().wins(state.raw.front(), state.known.number().num, mover, count)) return *wins;
      }
    const typename SumTable<G>::TableKey key = table_.keyOf(state, mover);
    if (const std::optional<bool> found = table_.known(state, mover, key)) return *found;
    // The game's bounds, then the tightened ones (tightBounds), whose verdict is kept: it
    // took searches.
    if constexpr (HasBounds<G>)
      if (!boundsTried) {
        const Bounded bounded = decidedByBounds(state, mover, budget, true);
        if (bounded.tightened) table_.remember(state, mover, key, *bounded.wins);
        if (bounded.wins) return *bounded.wins;
      }
    allowance().count(budget);
    if (parallel() && tbb::is_current_task_group_canceling()) throw Cancelled{};
    const cgt::Side next = opposite(mover);
    typename Killers<G>::Slots* killers = state.raw.size() == 1 ? &killers_.slots(G::size(state.raw.front()), mover) : nullptr;
    if (killers && killerWinsAtOnce(state, *killers, mover, budget)) {
      table_.remember(state, mover, key, true);
      return true;
    }
    typename History<G>::Table* history = OrdersByHistory<G> ? &history_.table() : nullptr;
    const std::vector<RawMove<G>> moves = Order::orderedRawMoves(state, mover, history);
    const int size = rawSize(state);
    // Every option made first, and each looked up (settledAtOnce) before any is searched
    // (enhanced transposition cutoffs, with the bounds besides the table): an option whose
    // loss for the opponent is proven already wins with no search below it, where the first
    // option in the order may win only by a deep one. The 18 hardest positions of the 40
    // reach-walk lines (BENCHMARKS.md), one thread, 30 s each, with the killers below: 63.7 s
    // -> 51.1 s (geometric mean of the time ratios 0.53; the first eight options only: 47.5 s,
    // 0.59); with the lone search's table read too (which that try left out) and each option
    // made once, 22.4 s, against 131.9 s with neither killers nor look-ups.
    // An option found there to be won by the opponent is not searched, and one found unsettled
    // is searched without its bounds taken again. (Searched again, a lone region beside an
    // integer went first to the game's lone search, Amazons' leaves, which counted positions
    // that the table or the bounds had settled: bench 36,712 -> 36,542 positions; the 23
    // reach-walk lines solved in 15 s 69.9 -> 62.1 s, within this machine's noise.)
    std::vector<State> afterMoves;
    std::vector<bool> opponentWins;
    afterMoves.reserve(moves.size());
    opponentWins.reserve(moves.size());
    for (size_t i = 0; i < moves.size(); ++i) {
      afterMoves.push_back(afterRawMove(state, moves[i], budget));
      const std::optional<bool> settled = settledAtOnce(afterMoves.back(), next, budget);
      if (settled == false) {
        if (killers) killers->won(moves[i].move);
        if (history) history->won(mover, moves[i].move, size);
        table_.remember(state, mover, key, true);
        return true;
      }
      opponentWins.push_back(settled.has_value());
    }
    // The eldest moves alone, then, in a large position, the others in parallel: in a winning
    // position one of the first moves mostly wins (orderedRawMoves) and nothing is shared; in a
    // losing one every move must be refuted, each a search of its own.
    const size_t eldest = options_.eldestMoves;
    const bool split = parallel() && !allowance().bounded() && moves.size() > eldest + 1 && rawSize(state) >= options_.parallelSize;
    bool wins = false;
    for (size_t i = 0; i < (split ? eldest : moves.size()) && !wins; ++i) {
      if (opponentWins[i]) continue;
      wins = !moverWins(afterMoves[i], next, budget, true);
      if (wins) {
        if (killers) killers->won(moves[i].move);
        if (history) history->won(mover, moves[i].move, size);
      }
    }
    if (!wins && split) wins = anyMoveWinsInParallel(state, moves, afterMoves, opponentWins, mover, budget);
    if (!wins)
      for (const State& after : knownOptions(state, mover))
        if (!moverWins(after, next, budget)) {
          wins = true;
          break;
        }
    table_.remember(state, mover, key, wins);
    return wins;
  }

  // For the proof search above this one (core/proof_search.h):
  // What the table knows of the sum (no search).
  std::optional<bool> known(const State& state, cgt::Side mover) const { return table_.known(state, mover, table_.keyOf(state, mover)); }
  // A verdict proven otherwise, stored as moverWins stores its own.
  void remember(const State& state, cgt::Side mover, bool wins) { table_.remember(state, mover, table_.keyOf(state, mover), wins); }
  // The positions `mover` can move to, in the order moverWins tries them: the raw regions'
  // moves by orderedRawMoves, then a move in a known part, then (with no part but the number)
  // in the number. The mover wins iff the opponent loses one of them. Without the history
  // heuristic: ordered by it too, the proof search's expansions gained nothing (the 60 frontier
  // lines at 2 M nodes: 14 unknown either way, 0.997 times the nodes, 1.12 times the time).
  std::vector<State> options(const State& state, cgt::Side mover, Budget& budget) {
    if (!state.pending.empty()) return options(parts_.resolved(state, budget), mover, budget);  // their moves too
    std::vector<State> out;
    for (const RawMove<G>& m : Order::orderedRawMoves(state, mover)) out.push_back(afterRawMove(state, m, budget));
    for (State& after : knownOptions(state, mover)) out.push_back(std::move(after));
    return out;
  }
  // Whether `mover` wins, within `positions` more positions; nullopt past them
  // (SearchAllowance::within: a round's or probe's allowance spent first goes on as
  // SearchTooLong; caught here, it left the proof search's rounds without end: its tries came
  // back unknown at once and it expanded on, a 44-empty 10x10 position's 8-empty second
  // chamber never given the larger allowance that values it). The forms that fail inside stay
  // the try's own (RawFrom), as each of the Amazons solver's tries has a Search of its own.
  std::optional<bool> moverWinsWithin(const State& state, cgt::Side mover, int64_t positions, Budget& budget) {
    const typename PartValues<G>::RawFrom keep(parts_);
    bool wins = false;
    if (!allowance().within(positions, [&] { wins = moverWins(state, mover, budget); })) return std::nullopt;
    return wins;
  }
  // body(i) for i = 0, 1, ... < n until stop(): where the search may use its threads (not in a
  // bounded round), as many at once, each body on one thread with an allowance of its own (a
  // bounded one: no split inside), so that the moverWinsWithin calls of concurrent bodies each
  // cap their own try; the positions they visit are charged to the search's allowance after
  // them (past a round's, SearchTooLong). A thread takes the next i as soon as its body ends,
  // stop() read first. The proof search's tries of a position's options (core/proof_search.h):
  // each a few thousand positions, where a split inside one cost more than it gained (a 10x10
  // frontier line of 43 empty squares, 3.75 s on one thread, 4.79 s on two).
  template <class Body, class Stop>
  void forEachTry(size_t n, Body&& body, Stop&& stop) {
    if (n < 2 || !parallel() || allowance_.bounded()) {
      for (size_t i = 0; i < n && !stop(); ++i) body(i);
      return;
    }
    // The size from which parts stay raw, lowered by a form that fails in one try, is seen by
    // the others under way (it steers, never decides) and set back after all of them.
    const typename PartValues<G>::RawFrom keep(parts_);
    std::atomic<int64_t> used{0};
    tbb::task_group_context isolated(tbb::task_group_context::isolated);
    (void)forEachIndexInParallel(
        isolated, 0, n,
        [&](size_t i) {
          OwnAllowance own{this, {}, ownAllowance_};
          own.allowance.setRound(std::numeric_limits<int64_t>::max(), true);
          ownAllowance_ = &own;
          const struct Restore {
            OwnAllowance& own;
            ~Restore() { ownAllowance_ = own.outer; }
          } restore{own};
          body(i);
          used += std::numeric_limits<int64_t>::max() - own.allowance.left();
        },
        stop);
    allowance_.charge(used);
  }
  // The search may visit `positions` more (then throws SearchTooLong), on one thread when
  // `bounded` (SearchAllowance::setRound).
  void setRound(int64_t positions, bool bounded) { allowance_.setRound(positions, bounded); }
  // lo <= r <= hi, integers, for a raw region of at most AnalysisOptions::tightBoundsSize: the
  // greatest such lo and least such hi, found between the game's bounds (G::bounds) by
  // bisection, each step a search of r beside an integer (r >= n: Right, moving first in
  // r - n, loses; r <= n: Left, moving first, loses), which the tables keep (G::LoneSearch's,
  // Amazons' leaves, for regions this small). Larger regions take the game's bounds. Public
  // for the tests.
  std::pair<int64_t, int64_t> tightBounds(const Region& r, Budget& budget) {
    auto [lo, hi] = G::bounds(r);
    if (G::size(r) > options_.tightBoundsSize) return {lo, hi};
    const auto firstLoses = [&](int64_t n, cgt::Side first) {
      State s{{}, {r}, {}};
      s.known.add(cgt::integer(-n));
      return !moverWins(s, first, budget);
    };
    for (int64_t top = hi; lo < top;) {  // r >= lo; the greatest n with r >= n
      const int64_t n = lo + (top - lo + 1) / 2;
      if (firstLoses(n, cgt::Side::Right)) lo = n;
      else top = n - 1;
    }
    for (int64_t bottom = lo; bottom < hi;) {  // r <= hi; the least n with r <= n
      const int64_t n = bottom + (hi - bottom) / 2;
      if (firstLoses(n, cgt::Side::Left)) hi = n;
      else bottom = n + 1;
    }
    return {lo, hi};
  }

  // Whether the table of sums with raw regions holds half its memory or more.
  bool searchedHalfFull() const { return table_.halfFull(); }
  // The values of the parts moves leave, and their table (the analysis values its regions there).
  PartValues<G>& parts() { return parts_; }
  const PartValues<G>& parts() const { return parts_; }
  // The positions the round, try or probe under way may still visit (a probe caps them): on a
  // thread running a try of forEachTry, that try's own.
  SearchAllowance& allowance() { return ownAllowance_ && ownAllowance_->search == this ? ownAllowance_->allowance : allowance_; }

  // Positions searched behind the tables: sums of known values (cgt::SumSearch) and the
  // game's shortcut (G::ShortcutTable: Amazons' territory counts).
  uint64_t tableNodes() const { return sums_.nodes() + parts_.values().shortcutNodes(); }
  void clear() {
    killers_.clear();
    history_.clear();
    parts_.values().clear();
    sums_.clear();
    table_.clear();
  }

 private:
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

  bool parallel() const { return options_.threads > 1; }
  // Each raw region lies between its bounds (G::bounds), each pending one between its own:
  // the mover wins if it wins with every one at the opponent's end, and loses if it loses with
  // every one at its own. Where they decide nothing and `tighten`, the raw regions of at most
  // tightBoundsSize, in a sum with other parts (alone beside an integer, a region's bounds
  // would be its own search), are taken again between tightBounds' (the others' kept); then
  // `tightened`. The game's bounds of such regions are wide: in a 49-empty 10x10 reach line's
  // search (game 4), the raw regions of 7-10 empty squares beside others met there lay
  // 7.5-8.5 apart on average; over a 50-empty one's (game 2), those tightened 9.1 before, 3.2
  // after (Amazons' leaves, 10 or fewer empty squares, are searched cheaply; tightening up to
  // 8 or 14 took the 60 frontier lines of the reach walk 1.3 and 1.6 times as long as 10).
  struct Bounded {
    std::optional<bool> wins;
    bool tightened = false;
  };
  Bounded decidedByBounds(const State& state, cgt::Side mover, Budget& budget, bool tighten = false) {
    int64_t lo = 0, hi = 0, smallLo = 0, smallHi = 0;  // small: the regions tightBounds tightens
    const int tightSize = tighten && !loneBesideInteger(state) ? options_.tightBoundsSize : 0;
    bool anySmall = false;
    if constexpr (HasBounds<G>)
      for (const Region& r : state.raw) {
        const auto [l, h] = G::bounds(r);
        lo += l;
        hi += h;
        if (G::size(r) <= tightSize) {
          anySmall = true;
          smallLo += l;
          smallHi += h;
        }
      }
    for (const Pending& p : state.pending) {
      lo += p.lo;
      hi += p.hi;
    }
    if (const std::optional<bool> decided = decidedBetween(state.known, mover, lo, hi, budget)) return {decided};
    if constexpr (HasBounds<G>)
      if (anySmall) {
        lo -= smallLo;
        hi -= smallHi;
        for (const Region& r : state.raw)
          if (G::size(r) <= tightSize) {
            const auto [l, h] = tightBounds(r, budget);
            lo += l;
            hi += h;
          }
        const std::optional<bool> decided = decidedBetween(state.known, mover, lo, hi, budget);
        return {decided, decided.has_value()};
      }
    return {};
  }
  // The known sum and lo <= the rest <= hi.
  std::optional<bool> decidedBetween(const cgt::PartSum& known, cgt::Side mover, int64_t lo, int64_t hi, Budget& budget) {
    cgt::PartSum worst = known, best = known;
    worst.add(cgt::integer(mover == cgt::Side::Left ? lo : hi));
    best.add(cgt::integer(mover == cgt::Side::Left ? hi : lo));
    std::optional<bool> decided;
    if (sums_.moverWins(worst, mover)) decided = true;
    else if (!sums_.moverWins(best, mover)) decided = false;
    budget.checkClock();
    return decided;
  }

  State afterRawMove(const State& state, const RawMove<G>& m, Budget& budget) {
    State after{state.known, {}, state.pending};
    for (size_t j = 0; j < state.raw.size(); ++j)
      if (j != m.region) after.raw.push_back(state.raw[j]);
    parts_.addParts(m.after ? *m.after : G::play(state.raw[m.region], m.move), after, budget);
    return after;
  }

  // Whether a move after the eldest wins, the moves searched in parallel (movesToShare), the
  // options they lead to made and looked up already (settledAtOnce).
  bool anyMoveWinsInParallel(const State& state, const std::vector<RawMove<G>>& moves, const std::vector<State>& afterMoves,
                             const std::vector<bool>& opponentWins, cgt::Side mover, Budget& budget) {
    const std::vector<size_t> shared = Order::movesToShare(state, moves, options_.eldestMoves);
    return anyIndexInParallel(0, shared.size(), [&](size_t j) {
      return !opponentWins[shared[j]] && !moverWins(afterMoves[shared[j]], opposite(mover), budget, true);
    });
  }

  // Whether `mover`, to move, is known to win without a search: by the tables (the lone
  // search's included), the known sum alone, or the bounds (tightened, past the game's: the
  // searches for them are small, and an option they settle is not searched; the 60 frontier
  // lines of the reach walk, one thread, 5 s each, 0.74 times the time of the game's bounds
  // alone here, geometric mean of the ratios), as moverWins decides before it searches. nullopt where none of them knows: the bounds were then taken and decide nothing
  // (moverWins' boundsTried).
  std::optional<bool> settledAtOnce(const State& state, cgt::Side mover, Budget& budget) {
    if (!state.pending.empty()) return decidedByBounds(state, mover, budget).wins;
    if (state.raw.empty()) return sums_.moverWins(state.known, mover);
    if (const std::optional<bool> found = table_.known(state, mover, table_.keyOf(state, mover))) return found;
    if constexpr (HasBounds<G>) return decidedByBounds(state, mover, budget, true).wins;
    return std::nullopt;
  }

  // Whether a killer move (core/killers.h), legal in the position's one raw region, leads to a
  // position that settledAtOnce finds lost for the opponent. Tried before the moves are
  // ordered, each only as far as settledAtOnce sees: where one's option is a loss for the
  // opponent, the position is won with no order made (a game's estimate of every move,
  // Amazons' queen territory, the costliest part of a position). Searched to the end instead,
  // a killer that fails costs a search of its own: the 18 hardest reach-walk positions (one
  // thread, before every option was looked up) took 130.4 s with no killers, 108.0 s with one
  // searched to the end (game 9's 43-empty line 4.0 s -> past 30 s), 68.6 s with one looked
  // up, 63.7 s with two.
  bool killerWinsAtOnce(const State& state, const typename Killers<G>::Slots& killers, cgt::Side mover, Budget& budget) {
    if (!killers.moves[0]) return false;
    const std::vector<typename G::Move> legal = G::moves(state.raw.front(), mover);
    for (const std::optional<typename G::Move>& killer : killers.moves)
      if (killer && std::find(legal.begin(), legal.end(), *killer) != legal.end() &&
          settledAtOnce(afterRawMove(state, RawMove<G>{0, *killer, std::nullopt}, budget), opposite(mover), budget) == false)
        return true;
    return false;
  }

  const AnalysisOptions& options_;
  PartValues<G> parts_;
  cgt::SumSearch sums_;
  SumTable<G> table_;
  // The positions the round, try or probe under way may still visit.
  SearchAllowance allowance_;
  // A try of forEachTry under way on this thread: its allowance, and the one it hid (a thread
  // waiting inside one try may run another).
  struct OwnAllowance {
    const SumSearch* search;
    SearchAllowance allowance;
    OwnAllowance* outer;
  };
  static inline thread_local OwnAllowance* ownAllowance_ = nullptr;
  // Emptied with the tables (clear()), so that a fresh search's positions do not depend on
  // earlier searches.
  Killers<G> killers_;
  History<G> history_;
};

}  // namespace amazons::core
