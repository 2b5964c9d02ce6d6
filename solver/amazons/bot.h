// A player for bots and game loops: the exact analysis' move (the core's, core/analysis.h)
// when it settles the position within the turn, otherwise the heuristic's
// (solver/amazons/heuristic.h); never later than the turn allows.
#pragma once
#include <chrono>
#include <cstdint>
#include <memory>
#include <thread>

#include "solver/amazons/board.h"
#include "solver/amazons/game.h"
#include "solver/core/analysis.h"
#include "solver/core/text.h"

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
  ~Bot();  // an exact attempt still running is left to finish on its own (see idle)
  Bot(const Bot&) = delete;
  Bot& operator=(const Bot&) = delete;

  void setSeed(uint64_t seed) { seed_ = seed; }

  // A move for the side to move of `board`, which must have one, chosen by `start + turn`.
  // The analyser runs beside the heuristic with a time limit of a share of the turn. An attempt
  // still running at the next turn (a stage past its limit) is left behind with its tables,
  // and reported on stderr; the new turn gets a fresh analyser. While a left-behind attempt is
  // still running too, the heuristic plays alone: two searches at most.
  BotMove choose(const Board& board, std::chrono::steady_clock::time_point start, std::chrono::milliseconds turn);

  // No exact attempt is running. A process should end with _Exit rather than return while
  // one runs (a detached thread would outlive the program's static objects).
  bool idle() const;

 private:
  struct Attempt;
  size_t hashMegabytes_;
  uint64_t seed_;
  std::shared_ptr<core::Analyser<Amazons>> analyser_;  // made for the first attempt, kept while attempts finish in time
  std::chrono::milliseconds analyserTurn_{0};
  std::shared_ptr<Attempt> attempt_;      // the last exact attempt, run by worker_
  std::thread worker_;
  std::shared_ptr<Attempt> leftBehind_;   // an attempt that overran, on a detached thread
};

}  // namespace amazons
