// Exact analysis of a whole position of any core::Game: the value of every region, their sum,
// who wins with either side to move, and a winning move.
//
// Regions get their canonical form within an allowance of expansions; a region whose form does
// not fit stays raw. Who wins is then a search over the sum (as solver/amazons/solve.cpp does for
// Amazons): the known values as a cgt::PartSum (decided by cgt::SumSearch once no raw region
// is left, never added into one form), the raw regions moved in one move at a time, the parts
// they fall into valued again within a smaller allowance. A winning move is a move after which
// the opponent, moving first, loses.
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
#include <oneapi/tbb/task_group.h>
#include <xxhash.h>

#include "cgt/cgt.h"
#include "solver/core/game.h"
#include "solver/core/parallel.h"
#include "solver/core/searched_table.h"
#include "solver/core/values.h"

namespace amazons::core {

enum class Verdict { Win, Loss, Unknown };  // for the side to move

// A round of the search over sums visited the positions it was allowed (Analyser's rounds).
struct SearchTooLong {};

template <Game G>
struct SideReport {
  explicit SideReport(cgt::Side side) : mover(side) {}
  cgt::Side mover;
  Verdict verdict = Verdict::Unknown;
  bool hasMove = false;
  std::optional<typename G::Move> winningMove;  // on the board; set with every Win that has a move
  std::vector<typename G::Move> winningMoves;   // winningMove, then with allWinningMoves every other
  // With a Loss, the move that holds out longest, where the game's own solver picks one
  // (Amazons': the most stubborn move); the core's search does not.
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

struct AnalysisOptions {
  Limits limits;
  // Expansions allowed to the form of a region of the position (0: no limit), and to one met
  // in the search over sums. On three random 5x5 Clobber boards of one large group, no limit
  // took 3.1, 11.3 and 2.0 s, 20,000 took 3.6, 3.9 and 1.8 s, 2,000 took 0.41, 2.8 and 0.53 s
  // (200: 0.50, 2.2, 0.25 s, but fewer values reported). In the search a raw node costs less
  // than a form's expansion: with the moves ordered, the bench-clobber sets random 5x5 / the
  // first 40 random 6x6 / grouped 8x8 took 1.39 / 17.6 / 1.1 s in all with 400 (Amazons'
  // kSearchTry), 0.84 / 14.5 / 1.05 s with 100, 0.82 / 13.8 / 0.73 s with 60, 0.65 / 13.7 /
  // 0.85 s with 30.
  // formNodes is the first round's allowance (Analyser::decideInRounds); without `rounds`
  // the regions whose forms did not fit in it stay raw for the whole search.
  uint64_t formNodes = 2000;
  bool rounds = true;
  uint64_t searchTry = 60;
  // Sums built anew allowed to the canonical form of the total, as Amazons' totalNodes: the
  // verdicts never need it, and the form of a sum of many values can be huge.
  uint64_t totalSums = 300;
  // Table memory in MB (--hash): a quarter for the region values, an eighth for the sums of
  // known values (cgt::SumSearch, at kSumEntryBytes an entry), five eighths for the sums with
  // raw regions (SearchedTable, its bytes counted). A full table stops storing; answers stay
  // exact. The 5x5 checkerboard start stores 4.2 M sums with raw regions (some 80 bytes
  // each, slots and keys): at 3/8 of 512 MB and 128 bytes an entry, as first set, that table
  // filled at 1.6 M and the search went from 4.5 M nodes to past 50 M (unknown at 100 s).
  size_t hashMegabytes = 512;
  // Threads one analysis uses (its own oneTBB arena). A search position whose raw regions hold
  // at least parallelSize (G::size summed) searches its first move, then the others in
  // parallel (Young Brothers Wait), sharing the tables. Verdicts, values and winning moves
  // never depend on the threads; node counts do. Splits from 10, 16, 20 or 23 stones gave the
  // 6x4 Clobber checkerboard start the same time on two cores (within 3%).
  unsigned threads = 1;
  int parallelSize = 20;
  // Decide the side to move (analyse's `first`) alone, the other's verdict left unknown: for a
  // player, which needs no more.
  bool sideToMoveOnly = false;
  // Every winning move of each side (SideReport::winningMoves), not only the first.
  bool allWinningMoves = false;
  // Regions of a game with bounds (G::bounds) of at least probeSize (G::size) whose forms did
  // not fit are first probed for a simple value (Analyser::probedValue) within probePositions
  // search positions in all (0: no probes), and under a time limit within probeTimeShare of
  // it. The Amazons solver's figures (solve.cpp, where they were measured): of the 122 such
  // chambers of 8 or more empty squares in the three 12-empty 10x10 sets, the 61 with simple
  // values were proven within 1,906 positions (most within 400); in a chamber of 40 empty
  // squares 2,000 positions take seconds (a 10x10 line of one 44-empty chamber: 9 s of a 10 s
  // limit), hence the share.
  int probeSize = 8;
  int64_t probePositions = 2000;
  double probeTimeShare = 0.25;
  static constexpr size_t kSumEntryBytes = 128;
  size_t valueBytes() const { return (hashMegabytes << 20) / 4; }
  size_t sumEntries() const { return (hashMegabytes << 20) / 8 / kSumEntryBytes; }
  size_t searchedBytes() const { return (hashMegabytes << 20) * 5 / 8; }
};

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

// One analyser keeps its tables across positions; analyse() is for one thread at a time.
template <Game G>
class Analyser {
 public:
  using Region = typename G::Region;

  explicit Analyser(AnalysisOptions options = {})
      : options_(options),
        values_(options.valueBytes()),
        sums_(options.sumEntries()),
        searched_(options.searchedBytes() - loneBytes(options)),
        lone_(loneBytes(options)),
        arena_(static_cast<int>(std::max(1u, options.threads))) {}

  // Both sides' verdicts, `first` (the side to move) first: under a limit its verdict is the
  // one wanted, and a verdict found before the limit stands.
  Analysis<G> analyse(const Region& board, cgt::Side first = cgt::Side::Left) {
    if (!parallel()) return analyseHere(board, first);
    return arena_.execute([&] { return analyseHere(board, first); });
  }

  size_t tableSize() const { return values_.size(); }
  size_t tableBytes() const { return values_.bytes(); }
  // Expansions and sum positions searched so far by this analyser's analyses, the one under
  // way included: for a progress line, read from another thread while analyse() runs.
  uint64_t nodes() const {
    std::lock_guard lock(liveMutex_);
    return finishedExpansions_ + (live_ ? live_->nodes() : 0) + sums_.nodes();
  }
  // For the analyses to come (a bot's turns differ in length); the tables stay.
  void setLimits(const Limits& limits) { options_.limits = limits; }
  // Empties the tables, so that the next analysis is as a fresh analyser's (a suite's lines
  // each as if alone).
  void clear() {
    values_.clear();
    sums_.clear();
    searched_.clear();
    lone_.clear();
  }

 private:
  bool parallel() const { return options_.threads > 1; }
  // A game's lone search (G::LoneSearch) takes half the memory of the sums with raw regions:
  // its table holds the positions below those.
  static size_t loneBytes(const AnalysisOptions& options) { return HasLoneSearch<G> ? options.searchedBytes() / 2 : 0; }

  Analysis<G> analyseHere(const Region& board, cgt::Side first) {
    const auto start = std::chrono::steady_clock::now();
    const uint64_t sumNodesBefore = sums_.nodes();
    Budget budget(options_.limits);
    const LiveBudget live(*this, budget);
    rawFrom_ = std::numeric_limits<int>::max();
    Analysis<G> a;
    for (Placed<Region>& part : G::split(board)) a.regions.push_back({std::move(part), std::nullopt});
    for (cgt::Side s : {cgt::Side::Left, cgt::Side::Right}) {
      SideReport<G>& side = s == cgt::Side::Left ? a.left : a.right;
      for (const RegionReport<G>& r : a.regions) side.hasMove = side.hasMove || !G::moves(r.part.region, s).empty();
    }
    try {
      tryUnknownValues(a, options_.formNodes, budget);
      if constexpr (HasBounds<G>) probeUnknownValues(a, budget);
      decideInRounds(board, first, a, budget);
      a.total = canonicalTotal(a, options_.totalSums);
    } catch (const LimitReached&) {
      a.limitReached = true;
    }
    a.totalMean = totalMean(a);
    a.nodes = budget.nodes() + (sums_.nodes() - sumNodesBefore);
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
      Analyser& analyser;
      ~RoundEnd() {
        analyser.searchLeft_ = kNoEnd;
        analyser.boundedRound_ = false;
      }
    } roundEnd{*this};
    for (uint64_t allowance = options_.formNodes;;) {
      const auto unknown = std::count_if(a.regions.begin(), a.regions.end(), [](const RegionReport<G>& r) { return !r.value; });
      // (An allowance of 0 asks for forms without limit: no region is left unknown.)
      const bool lastRound = !options_.rounds || unknown <= 1 || allowance == 0 || allowance == kUnlimited ||
                             searched_.bytes() >= (options_.searchedBytes() - loneBytes(options_)) / 2;
      searchLeft_ = lastRound ? kNoEnd : static_cast<int64_t>(std::min<uint64_t>(allowance, kNoEnd));
      boundedRound_ = !lastRound;
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
    for (RegionReport<G>& r : a.regions)
      if (!r.value && (r.value = tryValue(r.part.region, allowance, budget))) found.push_back({G::key(G::normalise(r.part.region)), *r.value});
    if (found.empty()) return;
    for (RegionReport<G>& r : a.regions) {
      if (r.value) continue;
      const std::string key = G::key(G::normalise(r.part.region));
      for (const auto& [k, v] : found)
        if (k == key) r.value = v;
    }
  }

  // The regions still unknown probed for simple values (probedValue), in their order, within
  // the probes' share of the time limit.
  void probeUnknownValues(Analysis<G>& a, Budget& budget) {
    if (options_.probePositions <= 0) return;
    const auto start = std::chrono::steady_clock::now();
    probeUntil_ = options_.limits.seconds > 0
                      ? start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                    std::chrono::duration<double>(options_.limits.seconds * options_.probeTimeShare))
                      : std::chrono::steady_clock::time_point::max();
    for (RegionReport<G>& r : a.regions)
      if (!r.value && G::size(r.part.region) >= options_.probeSize) r.value = probedValue(r.part.region, budget);
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
  // found is stored as a form would be.
  std::optional<cgt::GameId> probedValue(const Region& part, Budget& budget)
    requires HasBounds<G>
  {
    const Region normalised = G::normalise(part);
    auto [lo, hi] = G::bounds(normalised);
    // G - v with `mover` to move: whether the mover wins, the search capped as a bounded
    // round is (serial, SearchTooLong past the positions left).
    auto wins = [&](cgt::GameId v, cgt::Side mover) {
      SumState state;
      state.known.add(cgt::negate(v));
      state.raw.push_back(normalised);
      return moverWins(state, mover, budget);
    };
    const int64_t searchLeft = searchLeft_.exchange(options_.probePositions);
    const bool bounded = boundedRound_.exchange(true);
    probing_ = true;
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
    }
    probing_ = false;
    searchLeft_ = searchLeft;
    boundedRound_ = bounded;
    if (value) values_.remember(part, *value);
    return value;
  }

  // On a board that is its own mirror image with the colours swapped (G::colourMirror), the
  // second side's game is the first side's seen in the mirror: its verdict, and its winning
  // move through the symmetry. Whether the board is such.
  static bool tookMirrored(const Region& board, const SideReport<G>& first, SideReport<G>& side) {
    if constexpr (HasColourMirror<G>) {
      if (const std::optional<int> t = G::colourMirror(board)) {
        side.verdict = first.verdict;
        if (first.winningMove) side.winningMove = G::mirroredMove(board, *t, *first.winningMove);
        for (const typename G::Move& m : first.winningMoves) side.winningMoves.push_back(G::mirroredMove(board, *t, m));
        return true;
      }
    }
    return false;
  }

  // Known values as parts, the others raw (normalised).
  struct SumState {
    cgt::PartSum known;
    std::vector<Region> raw;
  };

  // The value of a part as split() gives it, within `allowance` expansions (0: no limit).
  std::optional<cgt::GameId> tryValue(const Region& part, uint64_t allowance, Budget& budget) {
    // Isolated in a parallel search: a thread waiting inside a form (a game's shortcut may run
    // tasks of its own: Amazons' territory solver) must not take a task of the search, whose
    // expansions would count against this form's allowance on this thread.
    if (parallel()) return tbb::this_task_arena::isolate([&] { return tryValueHere(part, allowance, budget); });
    return tryValueHere(part, allowance, budget);
  }
  std::optional<cgt::GameId> tryValueHere(const Region& part, uint64_t allowance, Budget& budget) {
    if (allowance == 0) return values_.partValue(part, budget);
    Budget::Allowance scope(allowance);
    try {
      return values_.partValue(part, budget);
    } catch (const FormTooLarge&) {
      for (int from = rawFrom_.load(std::memory_order_relaxed); G::size(part) < from;)
        if (rawFrom_.compare_exchange_weak(from, G::size(part), std::memory_order_relaxed)) break;
      return std::nullopt;
    }
  }

  // The parts of a region after a move, valued where their form fits a try; parts as large as
  // one that did not fit in this analysis stay raw untried.
  void addParts(const Region& region, SumState& state, Budget& budget) {
    for (const Placed<Region>& p : G::split(region)) {
      if (const std::optional<cgt::GameId> v = G::size(p.region) < rawFrom_.load(std::memory_order_relaxed) ? tryValue(p.region, options_.searchTry, budget) : std::nullopt)
        state.known.add(*v);
      else state.raw.push_back(G::normalise(p.region));
    }
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

  // The verdict for one side to move, and a winning move: the first that wins with the moves
  // of the raw regions first, in the search's order (the search has just met them, so most are
  // in its table), then those of the valued regions, each by moveScore; with allWinningMoves,
  // every move that wins, in that order.
  void decide(const Analysis<G>& a, SideReport<G>& side, Budget& budget) {
    const bool wins = moverWins(stateOf(a), side.mover, budget);
    side.verdict = wins ? Verdict::Win : Verdict::Loss;
    if (!wins) return;
    struct Candidate {
      bool valued;
      int64_t score;
      size_t region;
      typename G::Move move;
      Region after;
    };
    std::vector<Candidate> candidates;
    const bool rawAlone = std::count_if(a.regions.begin(), a.regions.end(), [](const RegionReport<G>& r) { return !r.value; }) == 1;
    for (size_t i = 0; i < a.regions.size(); ++i) {
      const bool valued = a.regions[i].value.has_value();
      forEachScoredMove(a.regions[i].part.region, side.mover, !valued && rawAlone, [&](int64_t score, const typename G::Move& m, Region&& after) {
        candidates.push_back({valued, score, i, m, std::move(after)});
      });
    }
    std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate& x, const Candidate& y) {
      return std::tie(x.valued, x.score) < std::tie(y.valued, y.score);
    });
    for (const Candidate& c : candidates) {
      SumState after = stateOf(a, c.region);
      addParts(c.after, after, budget);
      if (moverWins(after, opposite(side.mover), budget)) continue;
      const Placed<Region>& part = a.regions[c.region].part;
      const typename G::Move move = G::shifted(c.move, part.file0, part.rank0);
      if (!side.winningMove) side.winningMove = move;
      side.winningMoves.push_back(move);
      if (!options_.allWinningMoves) return;
    }
    // A sum that the mover wins has a move to a sum the opponent loses: finding none is a bug.
    if (!side.winningMove) throw std::logic_error("a won position without a winning move");
  }

  // The mover, the raw regions' keys (sorted, each length-prefixed), the known parts.
  static std::string sumKey(const SumState& state, cgt::Side mover) {
    std::vector<std::string> keys;
    for (const Region& r : state.raw) keys.push_back(G::key(r));
    std::sort(keys.begin(), keys.end());
    std::string key(1, static_cast<char>(mover));
    for (const std::string& k : keys) {
      const uint32_t n = static_cast<uint32_t>(k.size());
      key.append(reinterpret_cast<const char*>(&n), sizeof n);
      key += k;
    }
    key += '|';
    state.known.appendKey(key);
    return key;
  }

  struct RawMove {
    size_t region;
    Region after;  // the raw region after the move, not split
  };

  // Each move of `mover` in `region` as f(score, move, region after it), score by moveScore,
  // and by the game's estimate first where the region is raw and `alone` (orderedRawMoves).
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
    for (const typename G::Move& m : G::moves(region, mover)) {
      Region after = G::play(region, m);
      int64_t score = moveScore(after, mover);
      if constexpr (HasEstimate<G>)
        if (byEstimate) score -= sign * (G::estimate(after) - before) * kEstimateWeight;
      f(score, m, std::move(after));
    }
  }

  // The moves in the raw regions by moveScore, fewest opponent replies first: a winning move
  // often shuts the opponent out, and trying it first cuts the rest. (In G::moves order 40
  // random 6x6 boards took 62 s, four unknown at 10 s; in this order 26 s, one unknown.) In a
  // raw region alone in the sum and large enough, a game's estimate (G::estimate) goes first:
  // the most gained for the mover first, replies breaking ties. With several raw regions what
  // a move gains in one says little of its worth in the sum, where the tempo it spends counts
  // too (the Amazons solver's measures, sum_search.cpp).
  static std::vector<RawMove> orderedRawMoves(const SumState& state, cgt::Side mover) {
    std::vector<std::pair<int64_t, RawMove>> scored;
    for (size_t i = 0; i < state.raw.size(); ++i)
      forEachScoredMove(state.raw[i], mover, state.raw.size() == 1, [&](int64_t score, const typename G::Move&, Region&& after) {
        scored.push_back({score, {i, std::move(after)}});
      });
    std::stable_sort(scored.begin(), scored.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    std::vector<RawMove> out;
    out.reserve(scored.size());
    for (auto& s : scored) out.push_back(std::move(s.second));
    return out;
  }

  // Each raw region lies between its bounds (G::bounds): the mover wins if it wins with every
  // raw region at the opponent's end, and loses if it loses with every one at its own.
  std::optional<bool> decidedByBounds(const SumState& state, cgt::Side mover, Budget& budget) {
    int64_t lo = 0, hi = 0;
    for (const Region& r : state.raw) {
      const auto [l, h] = G::bounds(r);
      lo += l;
      hi += h;
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

  bool moverWins(const SumState& state, cgt::Side mover, Budget& budget) {
    if (state.raw.empty()) {
      const bool wins = sums_.moverWins(state.known, mover);
      budget.checkClock();
      return wins;
    }
    if constexpr (HasLoneSearch<G>)
      if (state.raw.size() == 1 && state.known.parts().empty() && state.known.number().isInteger()) {
        const std::function<void()> count = [&] { countPosition(budget); };
        if (const std::optional<bool> wins = lone_.wins(state.raw.front(), state.known.number().num, mover, count)) return *wins;
      }
    std::string key = sumKey(state, mover);
    const uint64_t hash = XXH3_64bits(key.data(), key.size());
    if (const std::optional<bool> found = searched_.find(key, hash)) return *found;
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
      for (const auto& [part, option] : state.known.moves(mover))
        if (!moverWins(SumState{state.known.replaced(part, option), state.raw}, next, budget)) {
          wins = true;
          break;
        }
    // Number avoidance: with a known part that is not a number, some move outside the numbers
    // wins if any does. Without one the raw regions may add up to a number, and moving in the
    // number may be the only win.
    if (!wins && state.known.parts().empty()) {
      const cgt::GameId x = cgt::number(state.known.number());
      for (cgt::GameId option : mover == cgt::Side::Left ? cgt::leftOptions(x) : cgt::rightOptions(x)) {
        SumState after{{}, state.raw};
        after.known.add(option);
        if (!moverWins(after, next, budget)) {
          wins = true;
          break;
        }
      }
    }
    searched_.insert(key, hash, wins);
    return wins;
  }

  // One more position searched, against the user's limits and the round's allowance.
  void countPosition(Budget& budget) {
    budget.expand();
    const int64_t left = searchLeft_.fetch_sub(1, std::memory_order_relaxed);
    if (left <= 0) throw SearchTooLong{};
    // A probe (serial) reads the clock every 64 positions: one takes microseconds.
    if (probing_ && (left & 63) == 0 && std::chrono::steady_clock::now() > probeUntil_) throw SearchTooLong{};
  }

  static int rawSize(const SumState& state) {
    int size = 0;
    for (const Region& r : state.raw) size += G::size(r);
    return size;
  }

  SumState afterRawMove(const SumState& state, const RawMove& m, Budget& budget) {
    SumState after{state.known, {}};
    for (size_t j = 0; j < state.raw.size(); ++j)
      if (j != m.region) after.raw.push_back(state.raw[j]);
    addParts(m.after, after, budget);
    return after;
  }

  // Whether a move after the first wins, the moves searched in parallel.
  bool anyMoveWinsInParallel(const SumState& state, const std::vector<RawMove>& moves, cgt::Side mover, Budget& budget) {
    return anyIndexInParallel(1, moves.size(), [&](size_t i) { return !moverWins(afterRawMove(state, moves[i], budget), opposite(mover), budget); });
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

  mutable std::mutex liveMutex_;
  const Budget* live_ = nullptr;  // under liveMutex_
  uint64_t finishedExpansions_ = 0;  // under liveMutex_

  AnalysisOptions options_;
  RegionValues<G> values_;
  cgt::SumSearch sums_;
  SharedSearchedTable<bool> searched_;  // sums with raw regions, by sumKey: exact
  typename LoneSearchOf<G>::type lone_;
  // The least G::size of a form that did not fit, in the analysis under way.
  std::atomic<int> rawFrom_{0};
  // The search positions the round under way may still visit, and whether it may give up
  // (decideInRounds).
  std::atomic<int64_t> searchLeft_{std::numeric_limits<int64_t>::max()};
  std::atomic<bool> boundedRound_{false};
  // A probe is under way (on this thread alone: probes are serial), and when the probes stop.
  bool probing_ = false;
  std::chrono::steady_clock::time_point probeUntil_;
  tbb::task_arena arena_;  // options_.threads wide
};

}  // namespace amazons::core
