#include "solver/amazons/bot.h"

#include <atomic>
#include <condition_variable>
#include <iostream>
#include <mutex>
#include <optional>
#include <stdexcept>

#include "solver/amazons/engine.h"
#include "solver/amazons/formats.h"
#include "solver/amazons/heuristic.h"

namespace amazons {
namespace {

// Shares of a turn. The analysis' time limit is 60% of it and the heuristic scans moves for
// as long; the answer goes at 75% at the latest, whatever the analysis is doing. The last
// quarter (22 ms of a 90 ms turn) is the margin for reading the input, printing, and a
// descheduled process on a loaded machine.
constexpr double kExactShare = 0.6;
constexpr double kHeuristicShare = 0.6;
constexpr double kAnswerShare = 0.75;
// An attempt still running when the next turn starts gets 10% of that turn to finish before it
// is left behind (the opponent may answer at once).
constexpr double kGraceShare = 0.1;

std::chrono::steady_clock::time_point after(std::chrono::steady_clock::time_point start, std::chrono::milliseconds turn,
                                            double share) {
  return start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(turn * share);
}

}  // namespace

struct Bot::Attempt {
  std::mutex mutex;
  std::condition_variable finished;
  std::atomic<bool> done{false};
  std::optional<BotMove> answer;     // the analysis' move for the side to move, when it settled it
  std::string position;              // for a report when it overruns
  Color mover;
};

Bot::Bot(size_t hashMegabytes, uint64_t seed) : hashMegabytes_(hashMegabytes), seed_(seed) {}

Bot::~Bot() {
  if (!worker_.joinable()) return;
  if (attempt_->done) worker_.join();
  else worker_.detach();  // it holds its analyser and attempt
}

bool Bot::idle() const { return (!attempt_ || attempt_->done) && (!leftBehind_ || leftBehind_->done); }

BotMove Bot::choose(const Board& board, std::chrono::steady_clock::time_point start, std::chrono::milliseconds turn) {
  if (!board.hasMove(board.sideToMove())) throw std::invalid_argument("the side to move has no legal move");
  if (attempt_ && !attempt_->done) {  // a few milliseconds late is no runaway yet
    std::unique_lock lock(attempt_->mutex);
    attempt_->finished.wait_until(lock, after(start, turn, kGraceShare), [&] { return attempt_->done.load(); });
  }
  if (attempt_ && !attempt_->done && (!leftBehind_ || leftBehind_->done)) {
    std::cerr << "amazons-solve: the exact search of " << attempt_->position << " (" << colorName(attempt_->mover)
              << " to move) ran past its time limit of " << std::chrono::duration<double>(analyserTurn_).count() * kExactShare
              << " s; left behind\n";
    worker_.detach();
    leftBehind_ = std::move(attempt_);
    analyser_.reset();  // its tables stay with it
  }
  std::shared_ptr<Attempt> attempt;
  if (!attempt_ || attempt_->done) {
    if (worker_.joinable()) worker_.join();
    if (!analyser_ || analyserTurn_ != turn) {
      core::AnalysisOptions options = amazonsAnalysisOptions();
      options.hashMegabytes = hashMegabytes_;
      options.limits.seconds = std::chrono::duration<double>(turn).count() * kExactShare;
      analyser_ = std::make_shared<core::Analyser<Amazons>>(options);
      analyserTurn_ = turn;
    }
    attempt = attempt_ = std::make_shared<Attempt>();
    attempt->position = toOneLine(board);
    attempt->mover = board.sideToMove();
    worker_ = std::thread([attempt, board, analyser = analyser_] {
      std::optional<BotMove> answer;
      try {
        const cgt::Side mover = Amazons::sideOf(board.sideToMove());
        const core::SideReport<Amazons> side = analyser->analyse(GameRegion(board), mover, core::Sides::ToMoveOnly).forSide(mover);
        if (side.verdict == core::Verdict::Win && side.winningMove)
          answer = BotMove{Amazons::onBoard(board, *side.winningMove), MoveSource::ExactWin};
        if (side.verdict == core::Verdict::Loss && side.stubbornMove)
          answer = BotMove{Amazons::onBoard(board, *side.stubbornMove), MoveSource::ExactLoss};
      } catch (const std::exception&) {
        // (out of memory or a value out of range: the heuristic answers)
      }
      {
        std::lock_guard lock(attempt->mutex);
        attempt->answer = answer;
        attempt->done = true;
      }
      attempt->finished.notify_all();
    });
  }
  const std::optional<Move> guess =
      heuristicMove(board, after(start, turn, kHeuristicShare), seed_++, attempt ? &attempt->done : nullptr);
  if (attempt) {
    std::unique_lock lock(attempt->mutex);
    attempt->finished.wait_until(lock, after(start, turn, kAnswerShare), [&] { return attempt->done.load(); });
    if (attempt->answer) return *attempt->answer;
  }
  return {*guess, MoveSource::Heuristic};  // (a move exists: checked above)
}

}  // namespace amazons
