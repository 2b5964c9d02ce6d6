// A player for bots and game loops: the exact solver's move when it settles the position within
// the turn, otherwise the heuristic's (solver/heuristic.h); never later than the turn allows.
#pragma once
#include <chrono>
#include <cstdint>
#include <memory>
#include <thread>

#include "solver/board.h"
#include "solver/solve.h"

namespace amazons {

enum class MoveSource { ExactWin, ExactLoss, Heuristic };
const char* moveSourceText(MoveSource source);  // "exact win", "exact loss", "heuristic"

struct BotMove {
  Move move;
  MoveSource source;
};

class Bot {
 public:
  // `hashMegabytes`: the solver's tables, kept from turn to turn. `seed`: the heuristic's
  // order of moves (and so its choice among equal scores).
  explicit Bot(size_t hashMegabytes = 256, uint64_t seed = 0);
  ~Bot();  // waits for an exact attempt still running (it stops at its own time limit)
  Bot(const Bot&) = delete;
  Bot& operator=(const Bot&) = delete;

  void setSeed(uint64_t seed) { seed_ = seed; }

  // A move for the side to move of `board`, which must have one, chosen by `start + turn`.
  // The solver runs beside the heuristic with a time limit of kExactShare of the turn; an
  // attempt still running at the turn's end (a stage past its limit) is left to finish, and
  // the turns until it has finished are played by the heuristic alone.
  BotMove choose(const Board& board, std::chrono::steady_clock::time_point start, std::chrono::milliseconds turn);

 private:
  struct Attempt;
  size_t hashMegabytes_;
  uint64_t seed_;
  std::unique_ptr<Solver> solver_;       // made on the first turn, when the time limit is known
  std::chrono::milliseconds solverTurn_{0};
  std::shared_ptr<Attempt> attempt_;     // the last exact attempt
  std::thread worker_;                   // running it
};

}  // namespace amazons
