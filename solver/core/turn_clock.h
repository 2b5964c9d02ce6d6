// A CodinGame bot's clock over its turns (play codingame: Amazons, Clobber): when this turn's
// work and answer are due, earlier by a margin that follows the delays the process itself sees.
//
// A turn's time runs from when the referee writes the input to when it reads the answer; the
// bot sees only the middle, from when it read the turn's first line to when it wrote the
// answer. On a loaded machine a thread that is due to answer waits for a core: the bot answers
// from a thread that sleeps until the answer is due (a woken sleeper gets a core soonest), and
// reports each turn when the answer was ready (due, or its work done) and when it was written.
// That lateness is a sample of the wait for a core, which can come twice more where the bot
// does not see it: at its reading of the input and at the referee's reading of the answer (on
// the same machine; measured there up to 27 ms). So the margin is three times the recent peak
// lateness: a decaying peak, which follows a load at once and forgets it over some turns.
// Measured in BENCHMARKS.md (CodinGame bots under load).
#pragma once
#include <algorithm>
#include <chrono>

namespace amazons::core {

class TurnClock {
 public:
  using Clock = std::chrono::steady_clock;

  // When work planned to end at `share` of the turn is due: that much of the turn after
  // `start`, less the margin. The margin is at most half the turn.
  Clock::time_point due(Clock::time_point start, std::chrono::milliseconds turn, double share) const {
    const auto margin = std::min<Clock::duration>(margin_, turn / 2);
    return start + std::chrono::duration_cast<Clock::duration>(turn * share) - margin;
  }

  // The answer was ready at `ready` and written (and flushed) at `written`.
  void answered(Clock::time_point ready, Clock::time_point written) {
    const Clock::duration late = std::max(Clock::duration::zero(), written - ready);
    peak_ = std::max(late, std::chrono::duration_cast<Clock::duration>(peak_ * kDecay));
    margin_ = peak_ * 3;
  }

 private:
  // What is left of the peak after a turn: a quarter goes a turn, so a spike's margin is
  // mostly gone after ten turns.
  static constexpr double kDecay = 0.75;
  Clock::duration peak_{0}, margin_{0};
};

}  // namespace amazons::core
