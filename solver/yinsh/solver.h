// Yinsh's exact solver: win, draw or loss for the side to move, the plies to the end under
// optimal play (a winner wins as fast as it can, a loser loses as slowly as it can), and a move
// that achieves it. Yinsh is a whole board with draws: it never splits into independent regions,
// so it does not use the core's search over sums; it shares the core's exact-key tables, clock
// and threads.
//
// The search: negamax alpha-beta over full turns to the end of the game, scores
// +(kWin - plies) for a win, -(kWin - plies) for a loss, 0 for a draw. The root first asks
// with null windows whether the mover wins, then whether it at least draws, then searches the
// exact score inside the window those leave. A table keyed by the whole position (exact: four
// masks, side and phase; a hash is only the slot) keeps proven bounds on each position's
// score, so every null-window search reuses what the earlier ones proved. The other children
// are ordered by what they remove (own rings first, rows left for the opponent last).
#pragma once
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "solver/core/deadline.h"
#include "solver/yinsh/rules.h"

namespace amazons::yinsh {

inline constexpr int kWin = 1000;  // a game lasts at most a few hundred plies

struct SolveOptions {
  Rules rules;
  Deadline deadline;           // past it: unknown
  uint64_t nodeLimit = 0;      // positions searched; 0: none
  size_t hashBytes = size_t{512} << 20;  // the table's memory; past it entries replace others
  unsigned threads = 1;
};

struct Solution {
  std::optional<Result> result;  // nullopt: unknown (a limit was reached)
  std::optional<int> plies;      // win or loss: plies to the end under optimal play
  std::optional<Turn> move;      // an optimal turn (none when the game is over)
  uint64_t nodes = 0;
  double seconds = 0;
};

// The score of a game over with `result` for the side to move, `plies` from here.
int scoreOf(Result result, int plies);

class Solver {
 public:
  explicit Solver(const SolveOptions& options);
  ~Solver();
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  Solution solve(const Position& p);
  // The exact score of p (throws SolveTimeout past a limit); for tests and the bot.
  int score(const Position& p);
  uint64_t nodes() const;  // searched so far (thread-safe, for the progress line)
  void clear();            // forget the table

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace amazons::yinsh
