// A Yinsh player for bots (`play codingame --game yinsh`) and the local referee. Each turn:
// - placing rings: a heuristic (cells with long free lines, near the centre; STEAL when White's
//   first ring stands on a cell as good as the best one left);
// - moving: the exact solver (solver.h) first, under a share of the turn; when it settles the
//   position its optimal action is played (a win the fastest, a loss the longest, a draw one
//   that keeps it). Otherwise an iterative-deepening alpha-beta over full turns with a Yinsh
//   evaluation (rings removed, rows of four threatened, markers, ring mobility) until its
//   share of the turn is spent; the deepest finished iteration's best action (or a better one
//   the unfinished iteration found) is played.
// The answer comes by a share of the turn, earlier when the process was kept off the CPU on the
// turns before (a loaded machine may keep it off after it answers too).
#pragma once
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>

#include "solver/yinsh/rules.h"

namespace amazons::yinsh {

struct BotOptions {
  Rules rules;
  uint64_t seed = 0;          // the order of equal actions (the choice among equal scores)
  size_t hashMegabytes = 64;  // the exact solver's table, made anew each turn
};

struct BotAnswer {
  Turn turn;
  std::optional<Result> exact;  // the solver settled the position and `turn` is optimal
  int depth = 0;                // the search's deepest finished iteration (0: none ran)
  uint64_t nodes = 0;           // positions the solver and the search visited
};

// "exact win", "exact draw", "exact loss" or "heuristic": the message the bot prints.
const char* answerMessage(const BotAnswer& answer);

// The evaluation of a position in movement for its side to move (positive: better for it).
int evaluate(const Position& p);

class Bot {
 public:
  using Clock = std::chrono::steady_clock;
  explicit Bot(const BotOptions& options);
  ~Bot();
  Bot(const Bot&) = delete;
  Bot& operator=(const Bot&) = delete;

  // An action for the side to move of p, which must have one, by `start + turn` at the latest.
  BotAnswer choose(const Position& p, Clock::time_point start, std::chrono::milliseconds turn);

  // Without a clock, the same every run: the solver up to `exactNodes` positions, then the
  // search to `depth` turns.
  BotAnswer chooseFixed(const Position& p, uint64_t exactNodes, int depth);

 private:
  struct Search;
  BotAnswer decide(const Position& p, uint64_t exactNodes, Clock::time_point exactBy, int depth, Clock::time_point searchBy);

  BotOptions options_;
  std::unique_ptr<Search> search_;
  Clock::duration lag_{0};  // time off the CPU lately (see choose)
};

}  // namespace amazons::yinsh
