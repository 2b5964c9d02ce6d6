// Amazons on the game-generic core as the engine of the CLI: the default command, suites,
// verify and bench (core/suite_check.h) analyse through AmazonsEngine, and the bot with the
// same options (coreOptions).
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "solver/amazons/game.h"
#include "solver/amazons/notation.h"
#include "solver/amazons/territory.h"
#include "solver/amazons/value_db.h"
#include "solver/core/analysis.h"

namespace amazons {

// What the CLI's options ask of an Amazons analysis, in its terms (coreOptions gives the
// core's). No limit is the type's largest value, as runSolve sets them.
struct SolveOptions {
  size_t hashMegabytes = 512;         // the tables together
  double timeLimitSeconds = 0;        // 0: none; when reached the verdicts are unknown
  // Expansions first allowed to one contested chamber's canonical form (the CLI's default is
  // kCoreFormNodes). Beyond it the verdicts come from the search over sums with that chamber
  // raw; a search that visits more positions than this raises the allowance fourfold, round
  // after round while the table is less than half full, and a chamber whose form still does
  // not fit is reported unknown.
  uint64_t canonicalNodes = 10000;
  // Sums built anew allowed to the canonical form of the total. A sum of several hot values
  // can be huge (past a few hundred sums its form runs to thousands of characters, of no use
  // to read); beyond it the total is given as the sum of the chamber values. The verdicts
  // never need it.
  uint64_t totalNodes = 300;
  // Sums whose raw regions hold at least this many empty squares are decided by proof-number
  // search (core/proof_search.h) over the search over sums; 0: never. On ten greedy 10x10
  // games walked back from their ends (scripts/bench-reach, 5 s a position) 20 solves 1-2
  // empty squares earlier in six games and never later than the depth-first search alone,
  // and a 44-empty position in 10 s against unknown after 60 s (BENCHMARKS.md); the
  // small-board starts (12-17 empty squares) never reach it.
  int proofEmpty = 20;
  // The positions each position of the proof search is first tried with, depth-first.
  int64_t proofTryPositions = 10000;
  // Decide the board's side to move alone (the other side's verdict stays unknown): for a
  // player, which needs no more and answers as soon as it has it.
  bool sideToMoveOnly = false;
  bool allWinningMoves = false;       // list every winning move, not only the first
  bool fillingLines = false;          // an optimal filling sequence for each territory
  // A value database (value_db.h), or null: read before any chamber's form is computed, for
  // chambers of 8 or more empty squares (smaller ones are quicker to compute than to read);
  // with `learn` each analysis ends by storing there, in one transaction, its chambers' values
  // and those of the larger chambers its forms computed.
  ValueDb* database = nullptr;
  bool learn = false;
};

// Positions whose raw regions hold at least this many empty squares in all search their moves
// after the first in parallel (Young Brothers Wait), in the search's last round: the core's
// AnalysisOptions::parallelSize for Amazons. Below it a position's moves take too little time
// to share; the core's default of 20 never split the 4x6 start, 16 empty squares, which took
// two threads as long as one, 9.2 s.
inline constexpr int kParallelSearchEmpty = 12;
// The CLI's default of --canonical-nodes (SolveOptions keep 10,000, as the Amazons solver
// before the core had it): the rounds raise the allowance where the search needs it. One thread,
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
