#include "solver/amazons/engine.h"

namespace amazons {

namespace {

core::Verdict coreVerdict(Verdict v) {
  return v == Verdict::Win ? core::Verdict::Win : v == Verdict::Loss ? core::Verdict::Loss : core::Verdict::Unknown;
}

}  // namespace

core::Analysis<Amazons> coreAnalysis(Solver& solver, const Board& board, bool withTotal, const Deadline& deadline) {
  Analysis a = solver.analyse(board);
  if (withTotal && !a.total) a.total = canonicalTotal(a, ~uint64_t{0}, deadline);
  core::Analysis<Amazons> out;
  for (const ChamberReport& r : a.chambers) {
    const Box box = boundingBox(board, r.chamber);
    out.regions.push_back({{r.region, box.f0, box.r0}, r.value});
  }
  out.total = a.total;
  for (const Color c : {Color::Black, Color::White}) {
    const SideReport& from = a.forSide(c);
    core::SideReport<Amazons>& to = c == Color::Black ? out.left : out.right;
    to.verdict = coreVerdict(from.verdict);
    to.hasMove = from.hasMove;
    if (from.verdict == Verdict::Win && from.bestMove) to.winningMove = Amazons::ofBoard(board, *from.bestMove);
  }
  out.limitReached = a.blackToMove.verdict == Verdict::Unknown || a.whiteToMove.verdict == Verdict::Unknown;
  out.nodes = a.nodes;
  out.seconds = a.seconds;
  return out;
}

}  // namespace amazons
