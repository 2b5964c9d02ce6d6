// The CodinGame bots (`play codingame`, Amazons and Clobber) on a loaded machine: one busy
// process per core runs beside the bot while a referee written here plays it against a random
// player, and every answer after the first must come within CodinGame's own limit (100 ms for
// Amazons, 150 ms for Clobber), measured on the referee's side from the turn's input written
// to the answer read, the bots given their default turns (90 and 135 ms). The same games
// without the busy processes are held to the same limits. The figures (median and slowest
// answer) are printed for BENCHMARKS.md.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "solver/amazons/endgames.h"
#include "solver/core/child_process.h"
#include "tests/support/clobber_naive.h"
#include "tests/support/naive.h"
#include "tests/support/paths.h"
#include "tests/support/sanitizers.h"

namespace amazons {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

constexpr int kSlowdown = testing::kSanitized ? 4 : 1;
// Answers timed in all (after each game's first turn), over as many games as it takes.
constexpr size_t kAnswers = 40;

// One busy process per core (at least two) for as long as it lives.
class Load {
 public:
  Load() {
    const unsigned n = std::max(2u, std::thread::hardware_concurrency());
    for (unsigned i = 0; i < n; ++i) busy_.push_back(std::make_unique<ChildProcess>(std::vector<std::string>{"/bin/sh", "-c", "while :; do :; done"}));
  }

 private:
  std::vector<std::unique_ptr<ChildProcess>> busy_;
};

// The referee's side: each answer's time from the input written to the line read.
struct Timing {
  std::vector<milliseconds> times;  // after each game's first turn

  std::optional<std::string> ask(ChildProcess& bot, const std::string& input, bool first) {
    const Clock::time_point sent = Clock::now();
    if (!bot.send(input)) return std::nullopt;
    const std::optional<std::string> line = bot.readLine(milliseconds(5000));
    if (line && !first) times.push_back(std::chrono::duration_cast<milliseconds>(Clock::now() - sent));
    return line;
  }

  // Every answer within `limit`; prints the median and the slowest.
  void check(const char* what, milliseconds limit) {
    ASSERT_FALSE(times.empty());
    std::sort(times.begin(), times.end());
    std::cout << what << ": " << times.size() << " answers, median " << times[times.size() / 2].count() << " ms, slowest "
              << times.back().count() << " ms (limit " << limit.count() << " ms)\n";
    EXPECT_LE(times.back(), limit) << "the slowest answer";
  }
};

std::string square(const Board& b, int sq) { return std::string(1, static_cast<char>('a' + b.fileOf(sq))) + std::to_string(b.rankOf(sq) + 1); }
std::string moveText(const Board& b, const Move& m) { return square(b, m.from) + square(b, m.to) + square(b, m.arrow); }

// Plays Amazons games from random 8x8 starts until kAnswers answers are timed.
void playAmazons(Timing& timing) {
  std::mt19937_64 rng(6708);
  while (timing.times.size() < kAnswers) {
    Board board = randomSymmetricStart(rng, 8, 8, 4);
    const Color botColor = rng() % 2 ? Color::White : Color::Black;
    ChildProcess bot({testing::cliPath(), "play", "codingame", "--turn-ms", std::to_string(90 * kSlowdown), "--first-turn-ms",
                      std::to_string(900 * kSlowdown)});
    std::string lastAction = "null";
    for (bool first = true;;) {
      const std::vector<Move> moves = testing::naiveMoves(board, board.sideToMove());
      if (moves.empty()) break;
      if (board.sideToMove() != botColor) {
        const Move m = moves[rng() % moves.size()];
        lastAction = moveText(board, m);
        board.play(m);
        continue;
      }
      std::string input = first ? "8\n" : "";
      input += botColor == Color::White ? "w\n" : "b\n";
      for (int r = 7; r >= 0; --r) {
        for (int f = 0; f < 8; ++f) input += ".-bw"[static_cast<int>(board.at(f, r))];
        input += '\n';
      }
      input += lastAction + "\n" + std::to_string(moves.size()) + "\n";
      const std::optional<std::string> answer = timing.ask(bot, input, first);
      ASSERT_TRUE(answer) << "no answer";
      first = false;
      const std::string action = answer->substr(0, answer->find(' '));
      const auto played = std::find_if(moves.begin(), moves.end(), [&](const Move& m) { return moveText(board, m) == action; });
      ASSERT_NE(played, moves.end()) << "illegal move " << *answer;
      lastAction = action;
      board.play(*played);
    }
  }
}

// Plays Clobber games from the 8x8 start until kAnswers answers are timed.
void playClobber(Timing& timing) {
  std::mt19937_64 rng(6709);
  while (timing.times.size() < kAnswers) {
    testing::Grid board = testing::clobberStart(8, 8);
    const cgt::Side botSide = rng() % 2 ? cgt::Side::Left : cgt::Side::Right;
    ChildProcess bot({testing::cliPath(), "play", "codingame", "--game", "clobber", "--turn-ms", std::to_string(135 * kSlowdown),
                      "--first-turn-ms", std::to_string(900 * kSlowdown)});
    std::string lastAction = "null";
    bool first = true;
    for (cgt::Side mover = cgt::Side::Left;; mover = mover == cgt::Side::Left ? cgt::Side::Right : cgt::Side::Left) {
      const std::vector<testing::NaiveClobberMove> moves = testing::naiveClobberMoves(board, mover);
      if (moves.empty()) break;
      if (mover != botSide) {
        const testing::NaiveClobberMove& m = moves[rng() % moves.size()];
        lastAction = m.text;
        board = m.after;
        continue;
      }
      std::string input = first ? std::string("8\n") + (botSide == cgt::Side::Left ? "b\n" : "w\n") : "";
      for (std::string row : board) {
        std::replace(row.begin(), row.end(), 'x', 'b');
        std::replace(row.begin(), row.end(), 'o', 'w');
        input += row + "\n";
      }
      input += lastAction + "\n" + std::to_string(moves.size()) + "\n";
      const std::optional<std::string> answer = timing.ask(bot, input, first);
      ASSERT_TRUE(answer) << "no answer";
      first = false;
      const std::string action = answer->substr(0, answer->find(' '));
      const auto played = std::find_if(moves.begin(), moves.end(), [&](const auto& m) { return m.text == action; });
      ASSERT_NE(played, moves.end()) << "illegal move " << *answer;
      lastAction = action;
      board = played->after;
    }
  }
}

TEST(PlayUnderLoad, AmazonsAnswersWithinCodinGamesLimit) {
  Timing timing;
  {
    const Load load;
    playAmazons(timing);
  }
  timing.check("Amazons under load", milliseconds(100 * kSlowdown));
}

TEST(PlayUnderLoad, ClobberAnswersWithinCodinGamesLimit) {
  Timing timing;
  {
    const Load load;
    playClobber(timing);
  }
  timing.check("Clobber under load", milliseconds(150 * kSlowdown));
}

// The same games without the busy processes: the figures to compare.
TEST(PlayWithoutLoad, AmazonsAnswersWithinCodinGamesLimit) {
  Timing timing;
  playAmazons(timing);
  timing.check("Amazons without load", milliseconds(100 * kSlowdown));
}

TEST(PlayWithoutLoad, ClobberAnswersWithinCodinGamesLimit) {
  Timing timing;
  playClobber(timing);
  timing.check("Clobber without load", milliseconds(150 * kSlowdown));
}

}  // namespace
}  // namespace amazons
