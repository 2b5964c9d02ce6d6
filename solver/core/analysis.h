// Exact analysis of a whole position of any core::Game: the value of every region, their sum,
// who wins with either side to move, and a winning move.
//
// Regions get their canonical form within an allowance of expansions; a region whose form does
// not fit is probed for a simple value, else stays raw. Who wins is then a search over the sum
// (core/sum_search.h). A winning move is a move
// after which the opponent, moving first, loses.
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
#include "solver/core/proof_search.h"
#include "solver/core/sum_search.h"
#include "solver/core/text.h"
#include "solver/core/values.h"

namespace amazons::core {

enum class Verdict { Win, Loss, Unknown };  // for the side to move

template <Game G>
struct SideReport {
  explicit SideReport(cgt::Side side) : mover(side) {}
  cgt::Side mover;
  Verdict verdict = Verdict::Unknown;
  bool hasMove = false;
  std::optional<typename G::Move> winningMove;  // on the board; set with every Win that has a move
  std::vector<typename G::Move> winningMoves;   // winningMove, then with allWinningMoves every other
  // With a Loss, the move that holds out longest: of best mean for the mover when every
  // region's value is known, else the first in the search's order (Analyser::decide).
  std::optional<typename G::Move> stubbornMove;
};

// What a game reports of a region beside its value (G::RegionDetail, optional: Amazons' chamber
// class, empty squares and a territory's moves; core/report.h prints it through the game).
template <class G>
struct RegionDetailOf {
  struct type {};
};
template <class G>
  requires requires { typename G::RegionDetail; }
struct RegionDetailOf<G> {
  using type = typename G::RegionDetail;
};

template <Game G>
struct RegionReport {
  Placed<typename G::Region> part;
  // Left's point of view; unset when the limits ran out first, or its form is over
  // AnalysisOptions::formNodes (the verdicts then come from the search with it raw).
  std::optional<cgt::GameId> value;
  [[no_unique_address]] typename RegionDetailOf<G>::type detail{};
};

template <Game G>
struct Analysis {
  std::vector<RegionReport<G>> regions;
  std::optional<cgt::GameId> total;  // canonical sum, within AnalysisOptions::totalSums
  std::optional<cgt::Dyadic> totalMean;  // the mean of that sum, whenever every value is known
  SideReport<G> left{cgt::Side::Left}, right{cgt::Side::Right};
  const SideReport<G>& forSide(cgt::Side s) const { return s == cgt::Side::Left ? left : right; }
  bool limitReached = false;
  uint64_t nodes = 0;  // region expansions and sum positions searched
  double seconds = 0;
};

inline const char* sideName(cgt::Side s) { return s == cgt::Side::Left ? "Black" : "White"; }

// What a game's regions are called (G::kRegionWord: Amazons' "chamber"), else "region".
template <Game G>
std::string regionWord() {
  if constexpr (requires { { G::kRegionWord } -> std::convertible_to<std::string_view>; }) return std::string(G::kRegionWord);
  else return "region";
}

// The canonical sum of the region values, built within `allowance` new sums and before
// `deadline` (cgt::sumWithin); nullopt when a value is unknown or either runs out.
template <Game G>
std::optional<cgt::GameId> canonicalTotal(const Analysis<G>& a, uint64_t allowance,
                                          std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max()) {
  std::vector<cgt::GameId> values;
  for (const RegionReport<G>& r : a.regions) {
    if (!r.value) return std::nullopt;
    values.push_back(*r.value);
  }
  return cgt::sumWithin(values, allowance, deadline);
}

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
  // one wanted, and a verdict found before the limit stands.
  Analysis<G> analyse(const Region& board, cgt::Side first = cgt::Side::Left) {
    if (!parallel()) return analyseHere(board, first);
    return arena_.execute([&] { return analyseHere(board, first); });
  }

  size_t tableSize() const { return search_.valuesSize(); }
  size_t tableBytes() const { return search_.valuesBytes(); }
  // Expansions and sum positions searched so far by this analyser's analyses, the one under
  // way included: for a progress line, read from another thread while analyse() runs.
  uint64_t nodes() const {
    std::lock_guard lock(liveMutex_);
    return finishedExpansions_ + (live_ ? live_->nodes() : 0) + search_.sumNodes();
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

 private:
  using SumState = typename SumSearch<G>::State;
  bool parallel() const { return options_.threads > 1; }

  Analysis<G> analyseHere(const Region& board, cgt::Side first) {
    const auto start = std::chrono::steady_clock::now();
    const uint64_t sumNodesBefore = search_.sumNodes();
    Budget budget(options_.limits);
    const LiveBudget live(*this, budget);
    search_.newAnalysis();
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
      decideInRounds(board, first, a, budget);
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
    a.nodes = budget.nodes() + (search_.sumNodes() - sumNodesBefore);
    a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return a;
  }

  // The mean is additive: the sum of the values' means, with no sum built.
  static std::optional<cgt::Dyadic> totalMean(const Analysis<G>& a) {
    cgt::Dyadic mean;
    for (const RegionReport<G>& r : a.regions) {
      if (!r.value) return std::nullopt;
      mean = mean + cgt::mean(*r.value);
    }
    return mean;
  }

  // Both sides' verdicts, `first` first; each side's report kept once complete (under a limit,
  // the side to move's is the one wanted, and a verdict found before the limit stands).
  void decideBoth(const Region& board, cgt::Side first, Analysis<G>& a, Budget& budget) {
    for (const cgt::Side mover : {first, opposite(first)}) {
      SideReport<G>& kept = mover == cgt::Side::Left ? a.left : a.right;
      SideReport<G> side = kept;
      try {
        setStage(std::string("verdict, ") + sideName(mover) + " to move");
        if (mover == first || !tookMirrored(board, a.forSide(first), side)) decide(a, side, budget);
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
      if (options_.sideToMoveOnly) break;
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
  void decideInRounds(const Region& board, cgt::Side first, Analysis<G>& a, Budget& budget) {
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
        decideBoth(board, first, a, budget);
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
      if ((r.value = search_.tryValue(r.part.region, allowance, budget))) found.push_back({G::key(G::normalise(r.part.region)), *r.value});
    }
    if (found.empty()) return;
    for (RegionReport<G>& r : a.regions) {
      if (r.value) continue;
      const std::string key = G::key(G::normalise(r.part.region));
      for (const auto& [k, v] : found)
        if (k == key) r.value = v;
    }
  }

  // The regions not yet valued probed for simple values (SumSearch::probedValue), in their order, within
  // the probes' share of the time limit.
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
      r.value = search_.probedValue(r.part.region, until, budget);
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

  // The position as a sum with region `except` left out.
  static SumState stateOf(const Analysis<G>& a, size_t except = SIZE_MAX) {
    SumState state;
    for (size_t i = 0; i < a.regions.size(); ++i) {
      if (i == except) continue;
      if (a.regions[i].value) state.known.add(*a.regions[i].value);
      else state.raw.push_back(G::normalise(a.regions[i].part.region));
    }
    return state;
  }

  // The verdict for one side to move, and a winning move (with a loss, the most stubborn): the
  // first that wins with the moves of the raw regions first, in the search's order (the search
  // has just met them, so most are in its table), then those of the valued regions, each by
  // SumSearch::moveScore, and with every value known the best mean first; with
  // allWinningMoves, every move that wins, in that order.
  void decide(const Analysis<G>& a, SideReport<G>& side, Budget& budget) {
    const bool wins = proof_.moverWins(stateOf(a), side.mover, budget);
    side.verdict = wins ? Verdict::Win : Verdict::Loss;
    if (!wins && !side.hasMove) return;
    struct Candidate {
      bool valued;
      int64_t score;
      size_t region;
      typename G::Move move;
      std::optional<Region> after;
    };
    std::vector<Candidate> candidates;
    const bool rawAlone = std::count_if(a.regions.begin(), a.regions.end(), [](const RegionReport<G>& r) { return !r.value; }) == 1;
    for (size_t i = 0; i < a.regions.size(); ++i) {
      const bool valued = a.regions[i].value.has_value();
      MoveOrder<G>::forEachScoredMove(a.regions[i].part.region, side.mover, !valued && rawAlone, [&](int64_t score, const typename G::Move& m, std::optional<Region>&& after) {
        candidates.push_back({valued, score, i, m, std::move(after)});
      });
    }
    std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate& x, const Candidate& y) {
      return std::tie(x.valued, x.score) < std::tie(y.valued, y.score);
    });
    // Each candidate's position, made when first needed.
    std::vector<std::optional<SumState>> afters(candidates.size());
    auto after = [&](size_t i) -> const SumState& {
      if (!afters[i]) {
        afters[i] = stateOf(a, candidates[i].region);
        const Candidate& c = candidates[i];
        search_.addParts(c.after ? *c.after : G::play(a.regions[c.region].part.region, c.move), *afters[i], budget);
      }
      return *afters[i];
    };
    // With every value known, the candidates of best mean for the mover go first (stably: the
    // search's order stays among equal means, and behind them those whose parts are not all
    // valued), as the Amazons solver orders them: the winning move reported is the one of best
    // mean, and with a loss the first is the most stubborn.
    if (totalMean(a)) {
      const int64_t sign = side.mover == cgt::Side::Left ? 1 : -1;
      std::vector<std::optional<cgt::Dyadic>> means(candidates.size());
      for (size_t i = 0; i < candidates.size(); ++i) {
        if (!after(i).raw.empty()) continue;
        cgt::Dyadic mean;
        const cgt::PartSum known = after(i).pending.empty() ? after(i).known : search_.resolved(after(i), budget).known;
        for (const cgt::GameId v : known.values()) mean = mean + cgt::mean(v);
        means[i] = sign > 0 ? mean : -mean;
      }
      std::vector<size_t> order(candidates.size());
      for (size_t i = 0; i < order.size(); ++i) order[i] = i;
      std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return means[x] && (!means[y] || *means[y] < *means[x]); });
      std::vector<Candidate> sorted;
      std::vector<std::optional<SumState>> sortedAfters;
      for (const size_t i : order) {
        sorted.push_back(std::move(candidates[i]));
        sortedAfters.push_back(std::move(afters[i]));
      }
      candidates = std::move(sorted);
      afters = std::move(sortedAfters);
    }
    auto onBoard = [&](const Candidate& c) {
      const Placed<Region>& part = a.regions[c.region].part;
      return G::shifted(c.move, part.file0, part.rank0);
    };
    if (!wins) {
      side.stubbornMove = onBoard(candidates.front());
      return;
    }
    auto found = [&](const Candidate& c) {
      const typename G::Move move = onBoard(c);
      if (!side.winningMove) side.winningMove = move;
      side.winningMoves.push_back(move);
    };
    // A proof search has just proven a move winning, and the table likely holds it: with a raw
    // region, take it from there rather than prove the losing moves before it in turn (in the
    // Amazons solver a 10x10 line took 18,000 positions to none). Without one the candidates
    // come in the search's own order, and making every candidate's position first cost the
    // Amazons core suites 10-20%.
    if (!options_.allWinningMoves && options_.proofSize > 0)
      for (size_t i = 0; i < candidates.size(); ++i)
        if (!after(i).raw.empty() && search_.known(after(i), opposite(side.mover)) == false) return found(candidates[i]);
    for (size_t i = 0; i < candidates.size(); ++i) {
      if (proof_.moverWins(after(i), opposite(side.mover), budget)) continue;
      found(candidates[i]);
      if (!options_.allWinningMoves) return;
    }
    // A sum that the mover wins has a move to a sum the opponent loses: finding none is a bug.
    if (!side.winningMove) throw std::logic_error("a won position without a winning move");
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
