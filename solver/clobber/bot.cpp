#include "solver/clobber/bot.h"

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <random>
#include <stdexcept>
#include <thread>
#include <vector>

namespace amazons::clobber {
namespace {

using Clock = std::chrono::steady_clock;

// Shares of a turn, from when its input was read, less the clock's margin: the analysis' time
// limit ends at 60% of it, and the answer goes at 75% at the latest. The core reads the clock
// every 256 expansions, and a group's form spends milliseconds in its sums and comparisons
// between two: in 8x8 games the clock went unread for up to 26 ms of CPU (BENCHMARKS.md), and
// an analysis that overruns leaves the answer to the fallback. The rest of the turn is for what
// the bot's clock does not see: the input's and the answer's way through the pipes.
constexpr double kExactShare = 0.6;
constexpr double kAnswerShare = 0.75;
// The last analysis, still running when the next turn starts, gets 10% of that turn to finish
// before that turn is left to the fallback.
constexpr double kGraceShare = 0.1;

core::AnalysisOptions options(size_t hashMegabytes) {
  core::AnalysisOptions o;
  o.hashMegabytes = hashMegabytes;
  return o;
}

}  // namespace

Move fewestReplies(const Region& board, cgt::Side mover, uint64_t seed) {
  std::vector<Move> moves = Clobber::moves(board, mover);
  std::shuffle(moves.begin(), moves.end(), std::mt19937_64(seed));
  const auto replies = [&](const Move& m) { return Clobber::moves(Clobber::play(board, m), core::opposite(mover)).size(); };
  Move best = moves.front();
  size_t fewest = replies(best);
  for (const Move& m : moves)
    if (const size_t n = replies(m); n < fewest) best = m, fewest = n;
  return best;
}

// One analysis, told to the thread that answers.
struct Bot::Attempt {
  std::mutex mutex;
  std::condition_variable finished;
  bool done = false;
  core::Verdict verdict = core::Verdict::Unknown;
  std::optional<Move> winningMove;
  Clock::time_point doneAt;
};

Bot::Bot(uint64_t seed, size_t hashMegabytes) : analyser_(options(hashMegabytes)), seed_(seed) {}

Bot::~Bot() {
  if (!attempt_) return;
  std::unique_lock lock(attempt_->mutex);
  attempt_->finished.wait(lock, [&] { return attempt_->done; });
}

BotMove Bot::choose(const Region& board, cgt::Side mover, Clock::time_point start, std::chrono::milliseconds turn) {
  if (Clobber::moves(board, mover).empty()) throw std::invalid_argument("the side to move has no legal move");
  const Move fallback = fewestReplies(board, mover, seed_++);
  const Clock::time_point exactBy = clock_.due(start, turn, kExactShare), answerBy = clock_.due(start, turn, kAnswerShare);
  bool running = false;
  if (attempt_) {  // the last analysis stops a little past its limit: it may still be running
    std::unique_lock lock(attempt_->mutex);
    running = !attempt_->finished.wait_until(lock, start + std::chrono::duration_cast<Clock::duration>(turn * kGraceShare),
                                              [&] { return attempt_->done; });
  }
  if (running || Clock::now() >= exactBy) {
    ready_ = Clock::now();
    return {fallback, MoveSource::Heuristic};
  }
  const auto attempt = attempt_ = std::make_shared<Attempt>();
  std::thread([this, attempt, board, mover, exactBy] {
    // The limit from when the thread runs: it may have waited for a core.
    const double seconds = std::chrono::duration<double>(exactBy - Clock::now()).count();
    core::Verdict verdict = core::Verdict::Unknown;
    std::optional<Move> winningMove;
    if (seconds > 0) try {
        analyser_.setLimits({seconds, 0});
        const core::SideReport<Clobber> side = analyser_.analyse(board, mover, core::Sides::ToMoveOnly).forSide(mover);
        verdict = side.verdict;
        winningMove = side.winningMove;
      } catch (const std::exception&) {
        // (out of memory or a value out of range: the fallback answers)
      }
    {
      std::lock_guard lock(attempt->mutex);
      attempt->done = true;
      attempt->verdict = verdict;
      attempt->winningMove = winningMove;
      attempt->doneAt = Clock::now();
    }
    attempt->finished.notify_all();
  }).detach();
  std::unique_lock lock(attempt->mutex);
  if (!attempt->finished.wait_until(lock, answerBy, [&] { return attempt->done; })) {
    ready_ = answerBy;
    return {fallback, MoveSource::Heuristic};
  }
  ready_ = attempt->doneAt;
  if (attempt->verdict == core::Verdict::Win && attempt->winningMove) return {*attempt->winningMove, MoveSource::ExactWin};
  // A lost position has no better move than another: the fallback's, which makes the opponent's
  // win hardest to find.
  if (attempt->verdict == core::Verdict::Loss) return {fallback, MoveSource::ExactLoss};
  return {fallback, MoveSource::Heuristic};
}

}  // namespace amazons::clobber
