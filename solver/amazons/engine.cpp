#include "solver/amazons/engine.h"

#include "solver/amazons/chamber_report.h"

namespace amazons {

core::AnalysisOptions amazonsAnalysisOptions() {
  core::AnalysisOptions out;
  out.formNodes = kCoreFormNodes;
  out.parallelSize = kParallelSearchEmpty;
  out.proofSize = kProofEmpty;
  out.tightBoundsSize = kTightBoundsEmpty;
  return out;
}

Amazons::MoveFormat notationFormat(Notation notation) {
  return [notation](const GameRegion& region, const GameMove& m) {
    const Board board = region.toBoard();
    return formatMove(board, Amazons::onBoard(board, m), notation);
  };
}

AmazonsEngine::AmazonsEngine(const AmazonsOptions& options, Notation notation)
    : store_(options.database ? std::make_unique<ValueDbStore>(*options.database, options.learn) : nullptr),
      analyser_(options.analysis, store_.get()),
      fillingLines_(options.fillingLines),
      format_(notationFormat(notation)),
      timeLimitSeconds_(options.analysis.limits.seconds) {}

core::Analysis<Amazons> AmazonsEngine::analyse(const GameRegion& board, cgt::Side mover, core::Wanted wanted) {
  const Deadline deadline = Deadline::after(timeLimitSeconds_);
  // The progress line names each chamber by the report's letter (reportChambers' order, dead
  // and closed chambers counted), not by its place among the analysed ones.
  const Board whole = board.toBoard();
  const ChamberMap map = mapChambers(whole);
  std::vector<char> labels;
  for (const size_t chamber : map.ofPart) labels.push_back(regionLabel(chamber));
  analyser_.setRegionLabels(std::move(labels));
  core::Analysis<Amazons> a = analyser_.analyse(board, mover, wanted.sides);
  // The filling lines on the analysis' threads, their positions counted with its own.
  TerritorySolver& territory = analyser_.shortcutTable();
  const uint64_t before = territory.nodes();
  analyser_.withThreads([&] { reportChambers(whole, map, a, fillingLines_ ? &territory : nullptr, deadline); });
  a.nodes += territory.nodes() - before;
  if (wanted.fullTotal && !a.total) a.total = core::canonicalTotal(a, ~uint64_t{0}, deadline.at);
  return a;
}

void AmazonsEngine::clear() { analyser_.clear(); }

}  // namespace amazons
