// The Amazons solver (solve.h) as the engine of the game-generic suite checks
// (core/suite_check.h): its analysis in the core's terms (core::Analysis<Amazons>), moves in the
// run's notation. Until the solver itself runs on the core (issue 17, phase 2), this is where
// the generic commands meet it.
#pragma once
#include <string>

#include "solver/amazons/game.h"
#include "solver/amazons/notation.h"
#include "solver/amazons/solve.h"
#include "solver/core/analysis.h"

namespace amazons {

// The solver's analysis `a` of `board` in the core's terms, as core/report.h prints it: every
// chamber a region (dead and closed ones too) with its detail, the filling lines when
// `fillingLines`, a losing side's most stubborn move.
core::Analysis<Amazons> toCore(const Board& board, const Analysis& a, bool fillingLines);
// The solver's analysis of `board` in the core's terms; `board`'s side to move is the one
// decided first. With `withTotal`, a total over SolveOptions::totalNodes is built in full
// (before `deadline`).
core::Analysis<Amazons> coreAnalysis(Solver& solver, const Board& board, bool withTotal, const Deadline& deadline = {});
// The CLI's options (SolveOptions, as runSolve sets them: no limit is the type's largest
// value) in the core's terms, for an analysis on `threads` threads.
core::AnalysisOptions coreOptions(const SolveOptions& options, unsigned threads);
// Moves written in `notation` (the run's --notation).
Amazons::MoveFormat notationFormat(Notation notation);

// One solver of its own; the tables are emptied by clear() (a suite's lines each as if alone).
class AmazonsEngine {
 public:
  using Game = Amazons;
  AmazonsEngine(const SolveOptions& options, Notation notation)
      : solver_(options), format_(notationFormat(notation)), timeLimitSeconds_(options.timeLimitSeconds) {}
  core::Analysis<Amazons> analyse(const GameRegion& board, cgt::Side mover, bool withTotal) {
    Board b = board.toBoard();
    b.setSideToMove(Amazons::colorOf(mover));
    return coreAnalysis(solver_, b, withTotal, Deadline::after(timeLimitSeconds_));
  }
  std::string formatMove(const GameRegion& region, const Amazons::Move& m) const { return format_(region, m); }
  uint64_t nodes() const { return solver_.nodes(); }
  void clear() { solver_.clear(); }

 private:
  Solver solver_;
  Amazons::MoveFormat format_;
  double timeLimitSeconds_;
};

}  // namespace amazons
