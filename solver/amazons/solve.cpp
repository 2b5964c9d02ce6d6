#include "solver/amazons/solve.h"


#include <algorithm>
#include <limits>

#include "solver/amazons/chamber_values.h"
#include "solver/amazons/proof_search.h"
#include "solver/amazons/solve_context.h"
#include "solver/amazons/sum_search.h"
#include "solver/amazons/value_db.h"
#include "solver/core/parallel.h"
#include "solver/core/text.h"

namespace amazons {

using solve::Search;
using solve::SumState;

namespace {

// Under a time limit, a root chamber's first try gets this share of SolveOptions::canonicalNodes
// (the verdicts come before the values; a try inside the search is capped lower, see
// sum_search.cpp).
constexpr uint64_t kQuickShare = 16;
// Root contested chambers of at least kProbeEmpty empty squares are first probed for a
// simple value (RawSumSearch::simpleValue), with at most kProbePositions sum positions and
// tries of kProbeTry expansions. Of the 122 such chambers in the three 12-empty 10x10 sets, the 61
// with simple values were proven within 1,906 positions (most within 400); 1,000 lost one
// that the line needing it paid for with 0.3 s of canonical forms.
constexpr int kProbeEmpty = 8;
constexpr int64_t kProbePositions = 2000;
// Under a time limit the probes of an analysis give up after this share of it: in a chamber of
// 40 empty squares their 2,000 positions take seconds (a 10x10 line of one 44-empty chamber:
// 9 s of a 10 s limit, leaving the verdict 1 s).
constexpr double kProbeTimeShare = 0.25;

// The board square of a region square, the region being the chamber cropped at (f0, r0).
struct RegionFrame {
  int f0, r0;
  static RegionFrame of(const Board& board, const Chamber& chamber) {
    const Box box = boundingBox(board, chamber);
    return {box.f0, box.r0};
  }
  Move toBoard(const Board& board, const Board& region, const Move& m) const {
    auto map = [&](int sq) {
      return static_cast<uint8_t>(board.square(region.fileOf(sq) + f0, region.rankOf(sq) + r0));
    };
    return {map(m.from), map(m.to), map(m.arrow)};
  }
};

// A board that is its own mirror image with the colours swapped (colourMirror: the published
// starts) has White to move as Black to move seen in the mirror: the second side's report is
// the first side's, each move through the symmetry, with no second search (the 4x5 start,
// both sides, one thread: 4.9 M positions and 4.6 s before, 2.5 M and 2.0 s).
SideReport mirroredReport(const Board& board, int t, const SideReport& side) {
  SideReport other{opposite(side.mover)};
  other.verdict = side.verdict;
  other.hasMove = side.hasMove;
  if (side.bestMove) other.bestMove = mirroredMove(board, t, *side.bestMove);
  for (const Move& m : side.winningMoves) other.winningMoves.push_back(mirroredMove(board, t, m));
  return other;
}

}  // namespace

// The parts of an analysis: chamber values, the search over sums, and the analysis itself
// (here), which holds the shared context.
struct Solver::Impl {
  explicit Impl(SolveOptions o) : context(o), values(context), sums(context, values), proof(context, sums) {
    cgt::zero();  // the game table's first nodes are allocated with the solver, not in an analysis
  }

  solve::Context context;
  solve::ChamberValues values;
  solve::RawSumSearch sums;
  solve::ProofSearch proof;
  const SolveOptions& options() const { return context.options; }
  // For Solver::stage: the Stage in the low byte, a chamber's letter above it.
  enum Stage : uint32_t { Idle, ChamberValue, BlackVerdict, WhiteVerdict, Total };
  std::atomic<uint32_t> stage{Idle};
  void setStage(Stage now, char letter = 0) {
    stage.store(now | static_cast<uint32_t>(static_cast<unsigned char>(letter)) << 8, std::memory_order_relaxed);
  }

  // The whole position as a sum: known chamber values as parts, the others raw. `except`
  // leaves one chamber out.
  static SumState sumOf(const std::vector<ChamberReport>& chambers, size_t except = SIZE_MAX) {
    SumState state;
    for (size_t i = 0; i < chambers.size(); ++i) {
      if (i == except) continue;
      if (chambers[i].value) state.known.add(*chambers[i].value);
      else state.raw.push_back(solve::rawRegion(chambers[i].region));
    }
    return state;
  }

  // The verdict for one side to move, and its winning (or most stubborn) moves. Candidates go
  // best mean for the mover first (when every value is known), so the first winning one found
  // is the winning move of best mean and, when losing, the first is the most stubborn.
  void decide(const Board& board, const std::vector<ChamberReport>& chambers, SideReport& side, Search& search) {
    const Color mover = side.mover;
    const bool wins = proof.moverWins(sumOf(chambers), mover, search);
    side.verdict = wins ? Verdict::Win : Verdict::Loss;
    side.hasMove = board.hasMove(mover);
    if (!side.hasMove) return;
    // A move changes one chamber: the rest stays as it was, and means add.
    struct Candidate {
      Move onBoard;
      std::optional<cgt::Dyadic> mean;  // for the mover
      SumState after;                   // the opponent to move
    };
    std::vector<Candidate> candidates;
    const bool exact = std::all_of(chambers.begin(), chambers.end(), [](const ChamberReport& r) { return r.value.has_value(); });
    cgt::Dyadic totalMean;
    if (exact)
      for (const ChamberReport& report : chambers) totalMean += cgt::mean(*report.value);
    for (size_t i = 0; i < chambers.size(); ++i) {
      const ChamberReport& report = chambers[i];
      const bool mine = mover == Color::Black ? report.chamber.blackAmazons > 0 : report.chamber.whiteAmazons > 0;
      if (!mine || report.chamber.empty == 0) continue;
      const SumState rest = sumOf(chambers, i);
      const cgt::Dyadic restMean = exact ? totalMean - cgt::mean(*report.value) : cgt::Dyadic{};
      const RegionFrame frame = RegionFrame::of(board, report.chamber);
      std::vector<Move> moves = report.region.legalMoves(mover);
      // In a territory every move leaves at most one move less, which the first move of an
      // optimal filling does: the others are dominated and need no look unless all are asked.
      if (report.moves && !options().allWinningMoves) {
        const std::vector<Move> line = context.territory.solve(report.region, mover, true, search.deadline).line;
        if (!line.empty()) moves = {line.front()};
      }
      for (const Move& m : moves) {
        Board after = report.region;
        after.play(m);
        Candidate c{frame.toBoard(board, report.region, m), std::nullopt, rest};
        // The chamber's options, valued within the search's allowance: those of a form just
        // built are in the table, those of a value proven by a probe (in this analysis or an
        // earlier one) may be far larger, and stay raw.
        SumState moved;
        sums.addRegion(after, moved, search);
        const std::vector<cgt::GameId> values = moved.known.values();
        if (exact && moved.raw.empty()) {
          cgt::Dyadic mean = restMean;
          for (cgt::GameId v : values) mean += cgt::mean(v);
          c.mean = mover == Color::Black ? mean : -mean;
        }
        for (cgt::GameId v : values) c.after.known.add(v);
        for (solve::RawRegion& r : moved.raw) c.after.raw.push_back(std::move(r));
        candidates.push_back(std::move(c));
      }
    }
    std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
      return a.mean && (!b.mean || *b.mean < *a.mean);
    });
    if (!wins) {
      side.bestMove = candidates.front().onBoard;
      return;
    }
    // The verdict's search has just proven a move winning, and the table likely holds it: with
    // a raw chamber (no means to order by) take it from there, rather than prove the losing
    // moves before it in turn (a 10x10 line: 18,000 positions searched to none).
    if (!options().allWinningMoves && !exact)
      for (const Candidate& c : candidates) {
        if (c.after.raw.empty()) continue;
        if (sums.known(c.after, opposite(mover)) != false) continue;
        side.winningMoves.push_back(c.onBoard);
        side.bestMove = c.onBoard;
        return;
      }
    for (const Candidate& c : candidates) {
      if (proof.moverWins(c.after, opposite(mover), search)) continue;
      side.winningMoves.push_back(c.onBoard);
      if (!side.bestMove) side.bestMove = c.onBoard;
      if (!options().allWinningMoves) break;
    }
  }
};

std::optional<cgt::GameId> canonicalTotal(const Analysis& analysis, uint64_t allowance, const Deadline& deadline) {
  std::vector<cgt::GameId> values;
  for (const ChamberReport& r : analysis.chambers) {
    if (!r.value) return std::nullopt;
    values.push_back(*r.value);
  }
  return cgt::sumWithin(values, allowance, deadline.at);
}

Solver::Solver(SolveOptions options) : impl_(std::make_unique<Impl>(options)) {}
Solver::~Solver() = default;

cgt::GameId Solver::value(const Board& region) { return impl_->values.value(region, Search{}); }
std::string Solver::stage() const {
  const uint32_t stage = impl_->stage.load(std::memory_order_relaxed);
  switch (stage & 0xFF) {
    case Impl::ChamberValue: return std::string("chamber ") + static_cast<char>(stage >> 8);
    case Impl::BlackVerdict: return "verdict, Black to move";
    case Impl::WhiteVerdict: return "verdict, White to move";
    case Impl::Total: return "total";
    default: return "";
  }
}
uint64_t Solver::nodes() const { return impl_->context.nodes + impl_->sums.nodes() + impl_->context.territory.nodes(); }
void Solver::clear() {
  impl_->values.clear();
  impl_->sums.clear();
  impl_->context.tableBytes = 0;
  impl_->context.territory.clear();
}

Analysis Solver::analyse(const Board& board) {
  const auto start = std::chrono::steady_clock::now();
  const uint64_t nodesBefore = nodes();
  Impl& s = *impl_;
  Search search;
  search.deadline = Deadline::after(s.options().timeLimitSeconds, start);
  search.parallel = true;
  Analysis a;
  const std::vector<Chamber> chambers = findChambers(board);
  a.chambers.resize(chambers.size());
  for (size_t i = 0; i < chambers.size(); ++i) {
    ChamberReport& r = a.chambers[i];
    r.chamber = chambers[i];
    r.region = extractRegion(board, chambers[i]);
    r.letter = regionLabel(i);
  }
  // Contested chambers get their canonical form first, within the full allowance: the values
  // are reported anyway, and a chamber known makes the search over sums far smaller (two raw
  // 12-empty chambers: 59,000 sum positions; one: 900). Under a time limit the verdicts come
  // first: a quick allowance, the search, and then the full one for the values still unknown.
  constexpr uint64_t kUnlimited = std::numeric_limits<uint64_t>::max();
  const bool quickFirst = s.options().timeLimitSeconds > 0 && s.options().canonicalNodes != kUnlimited;
  const uint64_t first = quickFirst ? std::max<uint64_t>(1, s.options().canonicalNodes / kQuickShare) : s.options().canonicalNodes;
  auto allKnown = [&] {
    return std::all_of(a.chambers.begin(), a.chambers.end(), [](const ChamberReport& r) { return r.value.has_value(); });
  };
  try {
    // Probes for simple values first, one chamber after another, also where the forms below
    // go parallel: which probes fit their positions must not depend on the threads.
    const Deadline probeDeadline = Deadline::after(s.options().timeLimitSeconds * kProbeTimeShare, start);
    if (s.options().canonicalNodes != 0)
      for (ChamberReport& r : a.chambers) {
        if (r.chamber.kind != ChamberClass::Contested || r.chamber.empty < kProbeEmpty) continue;
        if ((r.value = s.values.stored(board, r.chamber))) continue;  // no probe for a value the database has
        s.setStage(Impl::ChamberValue, r.letter);
        r.value = s.sums.simpleValue(board, r.chamber, kProbePositions, search, probeDeadline);
        r.valueBySearch = r.value.has_value();
      }
    auto rootValue = [&](size_t i) {
      ChamberReport& r = a.chambers[i];
      if (r.value) return;
      s.setStage(Impl::ChamberValue, r.letter);
      const ChamberClass kind = r.chamber.kind;
      if (kind == ChamberClass::BlackOnly || kind == ChamberClass::WhiteOnly) {
        const Color owner = kind == ChamberClass::BlackOnly ? Color::Black : Color::White;
        const TerritoryResult t = s.context.territory.solve(r.region, owner, s.options().fillingLines, search.deadline);
        r.moves = t.moves;
        r.value = cgt::integer(owner == Color::Black ? t.moves : -t.moves);
        const RegionFrame frame = RegionFrame::of(board, r.chamber);
        for (const Move& m : t.line) r.fillingLine.push_back(frame.toBoard(board, r.region, m));
        return;
      }
      if (kind == ChamberClass::Dead || kind == ChamberClass::Closed) r.moves = 0;
      r.value = s.values.tryChamberValue(board, r.chamber, first, search, true);  // unset: decided by search
    };
    // Tries under a budget run one chamber after another, in order: chambers share followers
    // in the table, so which one fits its budget must not depend on the threads' timing (for
    // one analysis at a time: analyses of a batch run at once share the table too).
    // Chambers all below the size whose options go parallel take a few milliseconds at most:
    // less than starting the thread pool in a fresh process (1-3 ms), which they then skip.
    if (first == kUnlimited && std::any_of(a.chambers.begin(), a.chambers.end(), [](const ChamberReport& r) { return r.chamber.empty >= solve::kParallelEmpty; })) {
      core::forEveryIndexInParallel(0, a.chambers.size(), rootValue);
    } else
      for (size_t i = 0; i < a.chambers.size(); ++i) rootValue(i);
    // The verdicts in turn too: the searches' own tries fill the table for later positions.
    // Each time anew: a search given up, or values found since, leave the last reports stale.
    auto tryUnknown = [&](uint64_t allowance) {
      for (ChamberReport& r : a.chambers)
        if (!r.value) {
          s.setStage(Impl::ChamberValue, r.letter);
          r.value = s.values.tryChamberValue(board, r.chamber, allowance, search, true);
        }
    };
    // The side to move first, and each side's report kept once complete: under a time limit
    // the verdict for the side to move is the one wanted (a 10x10 position of 44 empty
    // squares, White to move: 5 s to decide Black to move first left White's unknown), and
    // a verdict found before the clock runs out stands.
    const std::optional<int> mirror = colourMirror(board);
    auto decideBoth = [&] {
      for (const Color mover : {board.sideToMove(), opposite(board.sideToMove())}) {
        SideReport side{mover};
        if (mirror && mover != board.sideToMove()) {
          side = mirroredReport(board, *mirror, a.forSide(board.sideToMove()));
        } else {
          s.setStage(mover == Color::Black ? Impl::BlackVerdict : Impl::WhiteVerdict);
          s.decide(board, a.chambers, side, search);
        }
        (mover == Color::Black ? a.blackToMove : a.whiteToMove) = std::move(side);
        if (s.options().sideToMoveOnly) break;
      }
    };
    // In rounds: the search over sums, with the chambers still unknown raw, may visit as many
    // positions as the chambers had expansions; past that it gives up, and the unknown
    // chambers are tried again with four times the allowance, and so on. Raw chambers side by
    // side make the search grow as the product of their games, a form only with its own
    // followers: a line with two 12-empty chambers searched over ten minutes, where their
    // forms take 1.1 s. Each round keeps what the last one stored, so that the rounds cost a
    // constant factor at most. Once the table is half full the search goes on to the end: it
    // needs room of its own (with a full table it stores nothing and repeats itself).
    // With one chamber unknown there is no product to fear: the rounds would only spend the
    // verdicts' time on forms that do not fit, and the search goes to the end at once (a
    // 10x10 position whose 20-empty chamber is the one unknown: 11 s, 6 of them in its forms,
    // against 4 s; scripts/bench-reach at 60 s: median 44 -> 45; the 5x4 start 286,392 ->
    // 86,372 nodes, 4x5 21.9 M -> 18.2 M). Under a time limit the chamber's form gets the
    // full allowance after the verdicts, below.
    uint64_t allowance = first;
    for (;;) {
      // (An allowance of 0, which asks for the search alone, is never raised.)
      const bool oneUnknownAtMost = std::count_if(a.chambers.begin(), a.chambers.end(), [](const ChamberReport& r) { return !r.value; }) <= 1;
      const bool lastRound = oneUnknownAtMost || s.options().canonicalNodes == 0 || allowance == kUnlimited ||
                             s.context.tableBytes.load(std::memory_order_relaxed) >= s.context.tableLimit() / 2;
      search.rawLeft = lastRound ? std::numeric_limits<int64_t>::max()
                                 : static_cast<int64_t>(std::min<uint64_t>(allowance, std::numeric_limits<int64_t>::max()));
      try {
        decideBoth();
        break;
      } catch (const solve::SearchTooLong&) {
        // given up: a larger allowance for the unknown chambers, below
      }
      allowance = allowance > kUnlimited / 4 ? kUnlimited : allowance * 4;
      tryUnknown(allowance);
    }
    search.rawLeft = std::numeric_limits<int64_t>::max();
    if (!allKnown() && s.options().canonicalNodes > allowance) {  // under a time limit
      tryUnknown(s.options().canonicalNodes);
      if (allKnown()) decideBoth();  // every value known now: choose the moves again, by mean
    }
    if (allKnown()) {
      cgt::Dyadic mean;
      for (const ChamberReport& r : a.chambers) mean += cgt::mean(*r.value);
      a.totalMean = mean;
      s.setStage(Impl::Total);
      a.total = canonicalTotal(a, s.options().totalNodes, search.deadline);
    }
  } catch (const SolveTimeout&) {
    a.total.reset();
    a.totalMean.reset();
  }
  for (SideReport* side : {&a.blackToMove, &a.whiteToMove})  // a side not decided
    if (side->verdict == Verdict::Unknown) side->hasMove = board.hasMove(side->mover);
  if (s.options().learn) s.values.learn(board, a.chambers);
  s.setStage(Impl::Idle);
  a.nodes = nodes() - nodesBefore;
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return a;
}

}  // namespace amazons
