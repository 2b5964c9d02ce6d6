// Amazons on the game-generic core as the engine of the CLI: the default command, suites,
// verify, bench (core/suite_check.h) and the bot analyse through AmazonsEngine, with the
// core's options at Amazons' defaults (amazonsAnalysisOptions).
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "solver/amazons/game.h"
#include "solver/amazons/notation.h"
#include "solver/amazons/value_db.h"
#include "solver/core/analysis.h"

namespace amazons {

// Positions whose raw regions hold at least this many empty squares in all search their moves
// after the eldest (AnalysisOptions::eldestMoves) in parallel (Young Brothers Wait), in the
// search's last round: the core's AnalysisOptions::parallelSize for Amazons. Below it a
// position's moves take too little time to share; the core's default of 20 never split the
// 4x6 start, 16 empty squares, which took two threads as long as one, 9.2 s.
inline constexpr int kParallelSearchEmpty = 12;
// Amazons' --canonical-nodes, the first round's allowance of a contested chamber's form
// (AnalysisOptions::formNodes): the rounds raise it where the search needs it. One thread,
// endgames-hard + -medium through `suite` (650 lines) / the 41-empty 10x10 position, Black to
// move: 2,000 0.72 s / 23.3 s; 4,000 0.89 s / 15.7 s; 10,000 1.69 s / 16.2 s, and with the
// forms' lookups prefetched (cgt::Evaluator) 4,000 0.72 s / 15.8 s, 10,000 1.19 s / 16.1 s.
// Every line's value is found at each of them.
inline constexpr uint64_t kCoreFormNodes = 4000;
// Amazons' --proof-empty (AnalysisOptions::proofSize): sums whose raw regions hold at least
// this many empty squares are decided by proof-number search (core/proof_search.h). On ten
// greedy 10x10 games walked back from their ends (scripts/bench-reach, 5 s a position) 20
// solves 1-2 empty squares earlier in six games and never later than the depth-first search
// alone, and a 44-empty position in 10 s against unknown after 60 s (BENCHMARKS.md); the
// small-board starts (12-17 empty squares) never reach it.
inline constexpr int kProofEmpty = 20;
// Amazons' AnalysisOptions::tightBoundsSize: raw chambers of at most this many empty squares
// beside other parts are bounded by search (core::SumSearch::tightBounds), the leaves'
// size (solve::LeafSearch::kLeafEmpty), searched cheaply. The 60 lines of the reach walk's
// frontier (six a game about its 5 s reach), one thread, 5 s each: the time of the lines both
// solved 0.62 times that without (geometric mean of the ratios); of the 15 left unknown at 5
// s, 3 solved in 20 s against 1 (BENCHMARKS.md).
inline constexpr int kTightBoundsEmpty = solve::LeafSearch::kLeafEmpty;

// The core's options with Amazons' defaults: the forms' first allowance, the parallel splits,
// the proof search and the tightened bounds above.
core::AnalysisOptions amazonsAnalysisOptions();

// An Amazons analysis: the core's options, and what only Amazons has.
struct AmazonsOptions {
  core::AnalysisOptions analysis = amazonsAnalysisOptions();
  bool fillingLines = false;  // an optimal filling sequence for each territory
  // A value database (value_db.h), or null: read before any chamber's form is computed, for
  // chambers of 8 or more empty squares (smaller ones are quicker to compute than to read);
  // with `learn` each analysis ends by storing there, in one transaction, its chambers' values
  // and those of the larger chambers its forms computed.
  ValueDb* database = nullptr;
  bool learn = false;
};

// Moves written in `notation` (the run's --notation).
Amazons::MoveFormat notationFormat(Notation notation);

// Amazons on the core: the engine of the default command, suites, verify and bench. The core's
// analysis (core::Analyser<Amazons>) with the report's chambers (reportChambers), the value
// database as its store, moves in the run's notation. The tables are emptied by clear() (a
// suite's lines each as if alone).
class AmazonsEngine {
 public:
  using Game = Amazons;
  AmazonsEngine(const AmazonsOptions& options, Notation notation);
  // The analysis of `board` with `mover`'s verdict first (the other's as wanted.sides asks).
  // With wanted.fullTotal, a total beyond AnalysisOptions::totalSums is built in full within
  // the time limit.
  core::Analysis<Amazons> analyse(const GameRegion& board, cgt::Side mover, core::Wanted wanted = {});
  std::string formatMove(const GameRegion& region, const Amazons::Move& m) const { return format_(region, m); }
  // For a progress line, read from another thread while analyse() runs.
  uint64_t nodes() const { return analyser_.nodes(); }
  std::string stage() const { return analyser_.stage(); }
  void clear();

 private:
  std::unique_ptr<ValueDbStore> store_;  // before the analyser, which reads it
  core::Analyser<Amazons> analyser_;
  bool fillingLines_;  // found by the analyser's territory solver (its shortcut table)
  Amazons::MoveFormat format_;
  double timeLimitSeconds_;
};

}  // namespace amazons
