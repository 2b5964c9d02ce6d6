#include "solver/amazons/engine.h"

#include <limits>

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

core::Analysis<Amazons> coreAnalysis(Solver& solver, const Board& board, bool withTotal, const Deadline& deadline) {
  Analysis a = solver.analyse(board);
  if (withTotal && !a.total) a.total = canonicalTotal(a, ~uint64_t{0}, deadline);
  return toCore(board, a, false);
}

}  // namespace amazons
