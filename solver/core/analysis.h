// Exact analysis of a whole position of any core::Game: the value of every region, their sum,
// who wins with either side to move, and a winning move.
//
// Regions get their canonical form within an allowance of expansions; a region whose form does
// not fit is probed for a simple value, else stays raw. Who wins is then a search over the sum
// (core/sum_search.h). A winning move is a move after which the opponent, moving first, loses
// (core/winning_moves.h). What an analysis finds: core/analysis_report.h.
#pragma once
#include <algorithm>
#include <atomic>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <functional>
#include <limits>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include <oneapi/tbb/task_arena.h>

#include "cgt/cgt.h"
#include "solver/core/game.h"
#include "solver/core/options.h"
#include "solver/core/analysis_report.h"
#include "solver/core/proof_search.h"
#include "solver/core/sum_search.h"
#include "solver/core/text.h"
#include "solver/core/value_probe.h"
#include "solver/core/values.h"
#include "solver/core/winning_moves.h"

namespace amazons::core {

// One analyser keeps its tables across positions; analyse() is for one thread at a time.
template <Game G>
class Analyser {
 public:
  using Region = typename G::Region;

  // `store`, when given (it outlives the analyser), is read before any region's form is
  // computed, and learns the values of the regions of each position analysed.
  explicit Analyser(AnalysisOptions options = {}, ValueStore<G>* store = nullptr)
      : options_(options), store_(store), search_(options_, store), arena_(static_cast<int>(std::max(1u, options.threads))) {}

  // Both sides' verdicts, `first` (the side to move) first: under a limit its verdict is the
  // one wanted, and a verdict found before the limit stands. With Sides::ToMoveOnly (a player's,
  // which needs no more) the other side's verdict is left unknown.
  Analysis<G> analyse(const Region& board, cgt::Side first = cgt::Side::Left, Sides sides = Sides::Both) {
    // In the arena even on one thread: a game's own parallel work (Amazons' territory counts)
    // then has the analysis' threads, and its node counts do not depend on the machine.
    return arena_.execute([&] { return analyseHere(board, first, sides); });
  }

  // f() with the analyses' threads (their arena): for work a report adds after an analysis.
  template <class F>
  auto withThreads(F&& f) {
    return arena_.execute(std::forward<F>(f));
  }

  size_t tableSize() const { return search_.parts().values().size(); }
  size_t tableBytes() const { return search_.parts().values().bytes(); }
  // The game's shortcut tables (G::ShortcutTable), for a report that asks more of them
  // between analyses (Amazons' filling lines).
  typename RegionValues<G>::Shortcuts& shortcutTable() { return search_.parts().values().shortcuts(); }
  // Expansions, sum positions and the shortcut's positions searched so far by this
  // analyser's analyses, the one under way included: for a progress line, read from another
  // thread while analyse() runs.
  uint64_t nodes() const {
    std::lock_guard lock(liveMutex_);
    return finishedExpansions_ + (live_ ? live_->nodes() : 0) + search_.tableNodes();
  }
  // What the analysis under way is doing ("chamber B", "chamber B, probe", "verdict, Black to
  // move", "total"; "" between analyses): for a progress line, read from another thread.
  std::string stage() const {
    std::lock_guard lock(liveMutex_);
    return stage_;
  }
  // For the analyses to come (a bot's turns differ in length); the tables stay.
  void setLimits(const Limits& limits) { options_.limits = limits; }
  // The labels the report will give the regions of the next analysis, in G::split's order,
  // for the progress line (Amazons' report letters its dead and closed chambers too, which
  // split leaves out); by default regionLabel(index).
  void setRegionLabels(std::vector<char> labels) { labels_ = std::move(labels); }
  // Empties the tables, so that the next analysis is as a fresh analyser's (a suite's lines
  // each as if alone).
  void clear() { search_.clear(); }
  // Whether the table of searched sums holds half its memory or more (past full it stores
  // nothing more): for a caller that keeps the tables from one analysis to the next.
  bool tablesHalfFull() const { return search_.searchedHalfFull(); }

 private:
  Analysis<G> analyseHere(const Region& board, cgt::Side first, Sides sides) {
    const auto start = std::chrono::steady_clock::now();
    const uint64_t tableNodesBefore = search_.tableNodes();
    Budget budget(options_.limits);
    const LiveBudget live(*this, budget);
    search_.parts().newAnalysis();
    Analysis<G> a;
    for (Placed<Region>& part : G::split(board)) a.regions.push_back({std::move(part), std::nullopt});
    for (cgt::Side s : {cgt::Side::Left, cgt::Side::Right}) {
      SideReport<G>& side = s == cgt::Side::Left ? a.left : a.right;
      for (const RegionReport<G>& r : a.regions) side.hasMove = side.hasMove || !G::moves(r.part.region, s).empty();
    }
    try {
      // Probes for simple values before any form, as the Amazons solver does: a simple value
      // found costs no form, and most regions the probes take have one. Forms first, the core
      // suites took 0.26 / 0.67 / 0.24 / 1.31-1.44 s (endgames-medium, -hard, 10x10 max-12,
      // the starts), probes first 0.15 / 0.48 / 0.18 / 1.24-1.26 s; a 10-empty chamber of
      // value 3 (bench line 8) took its full form, 11,411 expansions and 50 ms, against 4 ms.
      if constexpr (HasBounds<G>) probeUnknownValues(a, budget);
      tryUnknownValues(a, options_.formNodes, budget);
      decideInRounds(board, first, sides, a, budget);
      setStage("total");
      a.total = canonicalTotal(a, options_.totalSums, budget.deadline());
    } catch (const LimitReached&) {
      a.limitReached = true;
    }
    setStage("");
    a.totalMean = totalMean(a);
    if (store_) {
      std::vector<std::pair<Region, cgt::GameId>> found;
      for (const RegionReport<G>& r : a.regions)
        if (r.value) found.push_back({G::normalise(r.part.region), *r.value});
      store_->learn(found);
    }
    a.nodes = budget.nodes() + (search_.tableNodes() - tableNodesBefore);
    a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return a;
  }

  // Both sides' verdicts, `first` first; each side's report kept once complete (under a limit,
  // the side to move's is the one wanted, and a verdict found before the limit stands).
  void decideBoth(const Region& board, cgt::Side first, Sides sides, Analysis<G>& a, Budget& budget) {
    for (const cgt::Side mover : {first, opposite(first)}) {
      SideReport<G>& kept = mover == cgt::Side::Left ? a.left : a.right;
      SideReport<G> side = kept;
      try {
        setStage(std::string("verdict, ") + sideName(mover) + " to move");
        if (mover == first || !tookMirrored(board, a.forSide(first), side)) decideSide(a, side, search_, proof_, options_, budget);
      } catch (const LimitReached&) {
        // A win whose move was found stands when the limit cuts short the search for the other
        // winning moves (allWinningMoves): the list is then that move alone.
        if (side.winningMove) {
          side.winningMoves = {*side.winningMove};
          kept = std::move(side);
        }
        throw;
      }
      kept = std::move(side);
      if (sides == Sides::ToMoveOnly) break;
    }
  }

  // The verdicts in rounds, as the Amazons solver takes them: the search over the sum, with
  // the regions whose forms did not fit raw, may visit as many positions as their forms were
  // allowed expansions; past that it gives up, the regions still unknown are tried again with
  // four times the allowance, and the search starts again (what it stored stays). Raw regions
  // side by side make the search grow as the product of their games, a form only with its own
  // followers. With one region unknown there is no product to fear, and once the table of
  // searched sums is half full the search needs room of its own more than forms: the last
  // round then searches to the end. A round that may give up searches on this thread alone:
  // how many positions it visits, and so which values the analysis reports, must not depend
  // on the threads (it visits no more positions than the forms were allowed expansions).
  void decideInRounds(const Region& board, cgt::Side first, Sides sides, Analysis<G>& a, Budget& budget) {
    constexpr uint64_t kUnlimited = std::numeric_limits<uint64_t>::max();
    constexpr int64_t kNoEnd = std::numeric_limits<int64_t>::max();
    struct RoundEnd {  // the search may go on without end after the rounds, whatever ends them
      SumSearch<G>& search;
      ~RoundEnd() { search.setRound(kNoEnd, false); }
    } roundEnd{search_};
    for (uint64_t allowance = options_.formNodes;;) {
      const auto unknown = std::count_if(a.regions.begin(), a.regions.end(), [](const RegionReport<G>& r) { return !r.value; });
      // (An allowance of 0 asks for forms without limit: no region is left unknown.)
      const bool lastRound = !options_.rounds || unknown <= 1 || allowance == 0 || allowance == kUnlimited || search_.searchedHalfFull();
      search_.setRound(lastRound ? kNoEnd : static_cast<int64_t>(std::min<uint64_t>(allowance, kNoEnd)), !lastRound);
      try {
        decideBoth(board, first, sides, a, budget);
        return;
      } catch (const SearchTooLong&) {
        // given up: a larger allowance for the unknown regions
      }
      allowance = allowance > kUnlimited / 4 ? kUnlimited : allowance * 4;
      tryUnknownValues(a, allowance, budget);
    }
  }

  // The regions without a value tried within `allowance`; then a region still unknown takes
  // the value of an equal one that was found. (Of two 4x4 checkerboards side by side, the
  // second's form fitted once the first's failed try had stored its followers, and the first
  // was reported unknown. Trying every unknown region again while a pass found one, instead,
  // tried the failed forms of Amazons positions twice, their territories found in the first
  // pass: 45% more time on the core_bench suites.)
  void tryUnknownValues(Analysis<G>& a, uint64_t allowance, Budget& budget) {
    std::vector<std::pair<std::string, cgt::GameId>> found;
    for (size_t i = 0; i < a.regions.size(); ++i) {
      RegionReport<G>& r = a.regions[i];
      if (r.value) continue;
      setStage(regionWord<G>() + " " + label(i));
      if ((r.value = search_.parts().tryValue(r.part.region, allowance, budget))) found.push_back({G::key(G::normalise(r.part.region)), *r.value});
    }
    if (found.empty()) return;
    for (RegionReport<G>& r : a.regions) {
      if (r.value) continue;
      const std::string key = G::key(G::normalise(r.part.region));
      for (const auto& [k, v] : found)
        if (k == key) r.value = v;
    }
  }

  // The regions not yet valued probed for simple values (core/value_probe.h), in their order,
  // within the probes' share of the time limit.
  void probeUnknownValues(Analysis<G>& a, Budget& budget) {
    if (options_.probePositions <= 0) return;
    const auto until = options_.limits.seconds > 0
                           ? std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                                    std::chrono::duration<double>(options_.limits.seconds * options_.probeTimeShare))
                           : std::chrono::steady_clock::time_point::max();
    for (size_t i = 0; i < a.regions.size(); ++i) {
      RegionReport<G>& r = a.regions[i];
      if (r.value || G::size(r.part.region) < options_.probeSize) continue;
      setStage(regionWord<G>() + " " + label(i) + ", probe");
      r.value = probedValue(search_, options_, r.part.region, until, budget);
    }
  }

  // On a board that is its own mirror image with the colours swapped (G::colourMirror), the
  // second side's game is the first side's seen in the mirror: its verdict, and its winning
  // move through the symmetry. Whether the board is such.
  static bool tookMirrored(const Region& board, const SideReport<G>& first, SideReport<G>& side) {
    if constexpr (HasColourMirror<G>) {
      if (const std::optional<int> t = G::colourMirror(board)) {
        side.verdict = first.verdict;
        if (first.winningMove) side.winningMove = G::mirroredMove(board, *t, *first.winningMove);
        if (first.stubbornMove) side.stubbornMove = G::mirroredMove(board, *t, *first.stubbornMove);
        for (const typename G::Move& m : first.winningMoves) side.winningMoves.push_back(G::mirroredMove(board, *t, m));
        return true;
      }
    }
    return false;
  }

  // Shows the budget of the analysis under way to nodes() while it lives.
  class LiveBudget {
   public:
    LiveBudget(Analyser& a, const Budget& budget) : a_(a), budget_(budget) {
      std::lock_guard lock(a_.liveMutex_);
      a_.live_ = &budget_;
    }
    ~LiveBudget() {
      std::lock_guard lock(a_.liveMutex_);
      a_.live_ = nullptr;
      a_.finishedExpansions_ += budget_.nodes();
    }
    LiveBudget(const LiveBudget&) = delete;
    LiveBudget& operator=(const LiveBudget&) = delete;

   private:
    Analyser& a_;
    const Budget& budget_;
  };

  void setStage(std::string stage) {
    std::lock_guard lock(liveMutex_);
    stage_ = std::move(stage);
  }
  char label(size_t region) const { return region < labels_.size() ? labels_[region] : regionLabel(region); }

  mutable std::mutex liveMutex_;
  std::string stage_;  // under liveMutex_
  const Budget* live_ = nullptr;  // under liveMutex_
  std::vector<char> labels_;  // setRegionLabels'
  uint64_t finishedExpansions_ = 0;  // under liveMutex_

  AnalysisOptions options_;
  ValueStore<G>* store_;
  SumSearch<G> search_;  // reads options_
  ProofSearch<G> proof_{search_, options_};  // above search_, for large sums
  tbb::task_arena arena_;  // options_.threads wide
};

}  // namespace amazons::core
