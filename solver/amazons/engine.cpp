#include "solver/amazons/engine.h"

#include <limits>

#include "solver/amazons/chamber_report.h"

namespace amazons {

core::AnalysisOptions coreOptions(const SolveOptions& options, unsigned threads) {
  constexpr uint64_t kUnlimited = std::numeric_limits<uint64_t>::max();
  core::AnalysisOptions out;
  out.limits.seconds = options.timeLimitSeconds;
  out.hashMegabytes = options.hashMegabytes;
  out.threads = threads;
  out.parallelSize = kParallelSearchEmpty;
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
  // The progress line names each chamber by the report's letter (reportChambers' order, dead
  // and closed chambers counted), not by its place among the analysed ones.
  const Board whole = board.toBoard();
  const ChamberMap map = mapChambers(whole);
  std::vector<char> labels;
  for (const size_t chamber : map.ofPart) labels.push_back(regionLabel(chamber));
  analyser_.setRegionLabels(std::move(labels));
  core::Analysis<Amazons> a = analyser_.analyse(board, mover);
  reportChambers(whole, map, a, lines_.get(), deadline);
  if (withTotal && !a.total) a.total = core::canonicalTotal(a, ~uint64_t{0}, deadline.at);
  return a;
}

void AmazonsEngine::clear() {
  analyser_.clear();
  if (lines_) lines_->clear();
}

}  // namespace amazons
