#include "solver/amazons/engine.h"

#include <limits>

#include "solver/amazons/chamber_report.h"
#include "solver/amazons/solve_context.h"

namespace amazons {

namespace {

core::Verdict coreVerdict(Verdict v) {
  return v == Verdict::Win ? core::Verdict::Win : v == Verdict::Loss ? core::Verdict::Loss : core::Verdict::Unknown;
}

}  // namespace

core::Analysis<Amazons> toCore(const Board& board, const Analysis& a, bool fillingLines) {
  core::Analysis<Amazons> out;
  for (const ChamberReport& r : a.chambers) {
    const Box box = boundingBox(board, r.chamber);
    Amazons::RegionDetail detail{r.chamber, r.moves, std::nullopt};
    if (fillingLines && r.moves) {
      detail.fillingLine.emplace();
      for (const Move& m : r.fillingLine) detail.fillingLine->push_back(Amazons::ofBoard(board, m));
    }
    out.regions.push_back({{GameRegion(r.region), box.f0, box.r0}, r.value, std::move(detail)});
  }
  out.total = a.total;
  out.totalMean = a.totalMean;
  for (const Color c : {Color::Black, Color::White}) {
    const SideReport& from = a.forSide(c);
    core::SideReport<Amazons>& to = c == Color::Black ? out.left : out.right;
    to.verdict = coreVerdict(from.verdict);
    to.hasMove = from.hasMove;
    if (from.verdict == Verdict::Win && from.bestMove) to.winningMove = Amazons::ofBoard(board, *from.bestMove);
    if (from.verdict == Verdict::Loss && from.bestMove) to.stubbornMove = Amazons::ofBoard(board, *from.bestMove);
    for (const Move& m : from.winningMoves) to.winningMoves.push_back(Amazons::ofBoard(board, m));
  }
  out.limitReached = a.blackToMove.verdict == Verdict::Unknown || a.whiteToMove.verdict == Verdict::Unknown;
  out.nodes = a.nodes;
  out.seconds = a.seconds;
  return out;
}

core::AnalysisOptions coreOptions(const SolveOptions& options, unsigned threads) {
  constexpr uint64_t kUnlimited = std::numeric_limits<uint64_t>::max();
  core::AnalysisOptions out;
  out.limits.seconds = options.timeLimitSeconds;
  out.hashMegabytes = options.hashMegabytes;
  out.threads = threads;
  out.parallelSize = solve::kParallelSearchEmpty;
  out.formNodes = options.canonicalNodes == kUnlimited ? 0 : options.canonicalNodes;
  out.totalSums = options.totalNodes;
  out.proofSize = options.proofEmpty;
  out.proofTryPositions = options.proofTryPositions;
  out.sideToMoveOnly = options.sideToMoveOnly;
  out.allWinningMoves = options.allWinningMoves;
  return out;
}

Amazons::MoveFormat notationFormat(Notation notation) {
  return [notation](const GameRegion& region, const GameMove& m) {
    const Board board = region.toBoard();
    return formatMove(board, Amazons::onBoard(board, m), notation);
  };
}

AmazonsEngine::AmazonsEngine(const SolveOptions& options, Notation notation, unsigned threads)
    : store_(options.database ? std::make_unique<ValueDbStore>(*options.database, options.learn) : nullptr),
      analyser_(coreOptions(options, threads), store_.get()),
      lines_(options.fillingLines ? std::make_unique<TerritorySolver>(64) : nullptr),
      format_(notationFormat(notation)),
      timeLimitSeconds_(options.timeLimitSeconds) {}

core::Analysis<Amazons> AmazonsEngine::analyse(const GameRegion& board, cgt::Side mover, bool withTotal) {
  const Deadline deadline = Deadline::after(timeLimitSeconds_);
  core::Analysis<Amazons> a = analyser_.analyse(board, mover);
  reportChambers(board.toBoard(), a, lines_.get(), deadline);
  if (withTotal && !a.total) a.total = core::canonicalTotal(a, ~uint64_t{0}, deadline.at);
  return a;
}

void AmazonsEngine::clear() {
  analyser_.clear();
  if (lines_) lines_->clear();
}

}  // namespace amazons
