#include "solver/amazons/bot.h"

#include <atomic>
#include <condition_variable>
#include <iostream>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>

#include "solver/amazons/engine.h"
#include "solver/amazons/formats.h"
#include "solver/amazons/heuristic.h"

namespace amazons {
namespace {

using Clock = std::chrono::steady_clock;

// Shares of a turn, from when its input was read, less the clock's margin. The analysis' time
// limit ends at 60% of it and the heuristic scans moves for as long; the answer goes at 75% at
// the latest, whatever the analysis is doing. The last quarter (22 ms of a 90 ms turn) is for
// what the bot's clock does not see: the input's and the answer's way through the pipes.
constexpr double kExactShare = 0.6;
constexpr double kAnswerShare = 0.75;
// An attempt still running when the next turn starts gets 10% of that turn to finish before it
// is left behind (the opponent may answer at once).
constexpr double kGraceShare = 0.1;

}  // namespace

// One turn's threads, the exact attempt and the heuristic, and what they tell the thread that
// answers.
struct Bot::Turn {
  std::mutex mutex;
  std::condition_variable changed;
  std::atomic<bool> exactDone{false}, scanDone{false};  // set under the mutex
  std::optional<BotMove> exact;  // the analysis' move, when it settled the position
  Clock::time_point doneAt;      // when the last of them finished
  MoveSlot best;                 // the heuristic's best move so far
  std::atomic<bool> stop{false};  // the answer is out: the heuristic stops
  std::string position;           // for a report when the attempt overruns
  Color mover;
  double seconds = 0;             // the attempt's time limit

  // Nothing better will come: answer now.
  bool settled() const { return exact || (exactDone && scanDone); }
  void finish(std::atomic<bool>& done, std::optional<BotMove> answer = std::nullopt) {
    {
      std::lock_guard lock(mutex);
      done = true;
      if (answer) exact = answer;
      doneAt = Clock::now();
    }
    changed.notify_all();
  }
};

// The bot's threads that have not ended, heuristics and exact attempts: each counts itself
// out as its last act, after its last read of anything static.
struct Bot::Running {
  std::mutex mutex;
  std::condition_variable changed;
  int scans = 0, attempts = 0;

  void add(int Running::*count) {
    std::lock_guard lock(mutex);
    ++(this->*count);
  }
  void end(int Running::*count) {
    {
      std::lock_guard lock(mutex);
      --(this->*count);
    }
    changed.notify_all();
  }
};

Bot::Bot(size_t hashMegabytes, uint64_t seed) : hashMegabytes_(hashMegabytes), seed_(seed), running_(std::make_shared<Running>()) {}

Bot::~Bot() {  // the heuristics stop at once: their answers are out
  std::unique_lock lock(running_->mutex);
  running_->changed.wait(lock, [&] { return running_->scans == 0; });
}

bool Bot::idle() const {
  std::lock_guard lock(running_->mutex);
  return running_->scans == 0 && running_->attempts == 0;
}

BotMove Bot::choose(const Board& board, Clock::time_point start, std::chrono::milliseconds turn) {
  if (!board.hasMove(board.sideToMove())) throw std::invalid_argument("the side to move has no legal move");
  if (attempt_ && !attempt_->exactDone) {  // a few milliseconds late is no runaway yet
    std::unique_lock lock(attempt_->mutex);
    attempt_->changed.wait_until(lock, start + std::chrono::duration_cast<Clock::duration>(turn * kGraceShare),
                                 [&] { return attempt_->exactDone.load(); });
  }
  if (attempt_ && !attempt_->exactDone && (!leftBehind_ || leftBehind_->exactDone)) {
    std::cerr << "amazons-solve: the exact search of " << attempt_->position << " (" << colorName(attempt_->mover)
              << " to move) ran past its time limit of " << attempt_->seconds << " s; left behind\n";
    leftBehind_ = std::move(attempt_);
    analyser_.reset();  // its tables stay with it
  }
  const Clock::time_point exactBy = clock_.due(start, turn, kExactShare), answerBy = clock_.due(start, turn, kAnswerShare);
  const auto state = std::make_shared<Turn>();
  if (!attempt_ || attempt_->exactDone) {
    if (!analyser_) {
      core::AnalysisOptions options = amazonsAnalysisOptions();
      options.hashMegabytes = hashMegabytes_;
      analyser_ = std::make_shared<core::Analyser<Amazons>>(options);
    }
    attempt_ = state;
    state->position = toOneLine(board);
    state->mover = board.sideToMove();
    state->seconds = std::chrono::duration<double>(exactBy - Clock::now()).count();
    running_->add(&Running::attempts);
    std::thread([state, board, analyser = analyser_, exactBy, running = running_] {
      std::optional<BotMove> answer;
      // The limit from when the thread runs: it may have waited for a core.
      const double seconds = std::chrono::duration<double>(exactBy - Clock::now()).count();
      if (seconds > 0) try {
          analyser->setLimits({seconds, 0});
          const cgt::Side mover = Amazons::sideOf(board.sideToMove());
          const core::SideReport<Amazons> side = analyser->analyse(GameRegion(board), mover, core::Sides::ToMoveOnly).forSide(mover);
          if (side.verdict == core::Verdict::Win && side.winningMove)
            answer = BotMove{Amazons::onBoard(board, *side.winningMove), MoveSource::ExactWin};
          if (side.verdict == core::Verdict::Loss && side.stubbornMove)
            answer = BotMove{Amazons::onBoard(board, *side.stubbornMove), MoveSource::ExactLoss};
        } catch (const std::exception&) {
          // (out of memory or a value out of range: the heuristic answers)
        }
      state->finish(state->exactDone, answer);
      running->end(&Running::attempts);
    }).detach();
  } else {
    state->exactDone = true;  // a left-behind attempt runs: the heuristic alone
  }
  running_->add(&Running::scans);
  std::thread([state, board, exactBy, seed = seed_++, running = running_] {
    heuristicMove(board, exactBy, seed, &state->stop, &state->best);
    state->finish(state->scanDone);
    running->end(&Running::scans);
  }).detach();
  std::optional<BotMove> answer;
  {
    std::unique_lock lock(state->mutex);
    ready_ = state->changed.wait_until(lock, answerBy, [&] { return state->settled(); }) ? state->doneAt : answerBy;
    answer = state->exact;
  }
  state->stop = true;
  if (answer) return *answer;
  // The heuristic's best so far; the first legal move when its thread has not had a core yet.
  const std::optional<Move> guess = state->best.get();
  return {guess ? *guess : board.legalMoves().front(), MoveSource::Heuristic};
}

}  // namespace amazons
