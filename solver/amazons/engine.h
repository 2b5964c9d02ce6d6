// Amazons on the game-generic core as the engine of the CLI: the default command, suites,
// verify and bench (core/suite_check.h) analyse through AmazonsEngine, and the bot with the
// same options (coreOptions). The solver's analysis (solve.h) in the core's terms (toCore)
// stays for the tests that hold one to the other.
#pragma once
#include <memory>
#include <string>

#include "solver/amazons/game.h"
#include "solver/amazons/notation.h"
#include "solver/amazons/solve.h"
#include "solver/amazons/territory.h"
#include "solver/amazons/value_db.h"
#include "solver/core/analysis.h"

namespace amazons {

// The solver's analysis `a` of `board` in the core's terms, as core/report.h prints it: every
// chamber a region (dead and closed ones too) with its detail, the filling lines when
// `fillingLines`, a losing side's most stubborn move.
core::Analysis<Amazons> toCore(const Board& board, const Analysis& a, bool fillingLines);
// The CLI's default of --canonical-nodes for Amazons on the core (the solver's SolveOptions
// keep 10,000): the rounds raise the allowance where the search needs it. One thread,
// endgames-hard + -medium through `suite` (650 lines) / the 41-empty 10x10 position, Black to
// move: 2,000 0.72 s / 23.3 s; 4,000 0.89 s / 15.7 s; 10,000 1.69 s / 16.2 s, and with the
// forms' lookups prefetched (cgt::Evaluator) 4,000 0.72 s / 15.8 s, 10,000 1.19 s / 16.1 s.
// Every line's value is found at each of them.
inline constexpr uint64_t kCoreFormNodes = 4000;
// The CLI's options (SolveOptions, as runSolve sets them: no limit is the type's largest
// value) in the core's terms, for an analysis on `threads` threads.
core::AnalysisOptions coreOptions(const SolveOptions& options, unsigned threads);
// Moves written in `notation` (the run's --notation).
Amazons::MoveFormat notationFormat(Notation notation);

// Amazons on the core: the engine of the default command, suites, verify and bench. The core's
// analysis (core::Analyser<Amazons>) with the report's chambers (reportChambers), the CLI's
// options (coreOptions), the value database as its store, moves in the run's notation. The
// tables are emptied by clear() (a suite's lines each as if alone).
class AmazonsEngine {
 public:
  using Game = Amazons;
  AmazonsEngine(const SolveOptions& options, Notation notation, unsigned threads = 1);
  // The analysis of `board` with `mover`'s verdict first. With `withTotal`, a total beyond
  // SolveOptions::totalNodes is built in full within the time limit.
  core::Analysis<Amazons> analyse(const GameRegion& board, cgt::Side mover, bool withTotal);
  std::string formatMove(const GameRegion& region, const Amazons::Move& m) const { return format_(region, m); }
  // For a progress line, read from another thread while analyse() runs.
  uint64_t nodes() const { return analyser_.nodes(); }
  std::string stage() const { return analyser_.stage(); }
  void clear();

 private:
  std::unique_ptr<ValueDbStore> store_;  // before the analyser, which reads it
  core::Analyser<Amazons> analyser_;
  std::unique_ptr<TerritorySolver> lines_;  // filling lines, when asked
  Amazons::MoveFormat format_;
  double timeLimitSeconds_;
};

}  // namespace amazons
