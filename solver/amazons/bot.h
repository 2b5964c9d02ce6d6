// A player for bots and game loops: the exact analysis' move (the core's, core/analysis.h)
// when it settles the position within the turn, otherwise the heuristic's
// (solver/amazons/heuristic.h); never later than the turn allows, earlier when the process
// was kept waiting for a core on the turns before (core/turn_clock.h).
#pragma once
#include <chrono>
#include <cstdint>
#include <memory>

#include "solver/amazons/board.h"
#include "solver/amazons/game.h"
#include "solver/core/analysis.h"
#include "solver/core/text.h"
#include "solver/core/turn_clock.h"

namespace amazons {

struct BotMove {
  Move move;
  MoveSource source;
};

class Bot {
 public:
  // `hashMegabytes`: the analyser's tables, kept from turn to turn. `seed`: the heuristic's
  // order of moves (and so its choice among equal scores).
  explicit Bot(size_t hashMegabytes = 256, uint64_t seed = 0);
  ~Bot();  // waits for the heuristics; an exact attempt still running is left to finish on its own (see idle)
  Bot(const Bot&) = delete;
  Bot& operator=(const Bot&) = delete;

  void setSeed(uint64_t seed) { seed_ = seed; }

  // A move for the side to move of `board`, which must have one, chosen by `start + turn`.
  // The analyser and the heuristic each run on a thread of their own for a share of the turn
  // while the calling thread sleeps until the answer is due or the analysis is done, and no
  // thread of a turn before is waited for longer than a tenth of the turn. An attempt still
  // running then (a stage past its limit) is left behind with its tables, and reported on
  // stderr; the new turn gets a fresh analyser. While a left-behind attempt is still running
  // too, the heuristic plays alone: two searches at most.
  BotMove choose(const Board& board, std::chrono::steady_clock::time_point start, std::chrono::milliseconds turn);
  // The last answer went out (was written and flushed) at `written`: its lateness sets the
  // margin of the turns to come. A game loop without a referee's clock need not call it.
  void answered(std::chrono::steady_clock::time_point written) { clock_.answered(ready_, written); }

  // No thread of the bot is running. A process should end with _Exit rather than return while
  // one runs (a detached thread would outlive the program's static objects).
  bool idle() const;

 private:
  struct Turn;
  struct Running;
  size_t hashMegabytes_;
  uint64_t seed_;
  std::shared_ptr<core::Analyser<Amazons>> analyser_;  // made for the first attempt, kept while attempts finish in time
  // The threads are detached: a turn never waits to join one. Each tells its turn when done,
  // and running_ when it ends.
  std::shared_ptr<Turn> attempt_;     // the turn of the last exact attempt
  std::shared_ptr<Turn> leftBehind_;  // one whose attempt overran
  std::shared_ptr<Running> running_;
  core::TurnClock clock_;
  std::chrono::steady_clock::time_point ready_;  // when the last answer was ready
};

}  // namespace amazons
