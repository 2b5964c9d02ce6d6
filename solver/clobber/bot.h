// A Clobber player for bots (`play codingame --game clobber`): the exact analysis' move when it
// settles the position within a share of the turn, otherwise the move that leaves the opponent
// fewest moves; never later than the turn allows, earlier when the process was kept waiting
// for a core on the turns before (core/turn_clock.h).
#pragma once
#include <chrono>
#include <cstdint>
#include <memory>

#include "solver/clobber/clobber.h"
#include "solver/core/analysis.h"
#include "solver/core/text.h"
#include "solver/core/turn_clock.h"

namespace amazons::clobber {

// The fallback: the move leaving the opponent fewest moves; among equal counts the first in an
// order shuffled by `seed`. `mover` must have a move.
Move fewestReplies(const Region& board, cgt::Side mover, uint64_t seed);

struct BotMove {
  Move move;
  MoveSource source;
};

class Bot {
 public:
  // `seed`: the order of the fallback's moves (its choice among equal counts);
  // `hashMegabytes`: the analyser's tables, kept from turn to turn.
  Bot(uint64_t seed, size_t hashMegabytes);
  ~Bot();  // waits for an analysis under way, which stops at its time limit
  Bot(const Bot&) = delete;
  Bot& operator=(const Bot&) = delete;

  // A move for `mover`, which must have one, chosen by `start + turn`. The analysis runs on a
  // thread of its own while the calling thread sleeps until the answer is due or the analysis
  // is done; an analysis still running a tenth into the next turn (past its limit) leaves
  // that turn to the fallback.
  BotMove choose(const Region& board, cgt::Side mover, std::chrono::steady_clock::time_point start, std::chrono::milliseconds turn);
  // The last answer went out (was written and flushed) at `written`: its lateness sets the
  // margin of the turns to come.
  void answered(std::chrono::steady_clock::time_point written) { clock_.answered(ready_, written); }

 private:
  struct Attempt;
  core::Analyser<Clobber> analyser_;  // used by one attempt at a time
  uint64_t seed_;
  std::shared_ptr<Attempt> attempt_;  // the last analysis, on a detached thread: a turn never waits to join it
  core::TurnClock clock_;
  std::chrono::steady_clock::time_point ready_;  // when the last answer was ready
};

}  // namespace amazons::clobber
