// `amazons-solve play codingame` under a referee written here: the bot runs as its own process
// and gets the CodinGame turn input on a pipe, against a random player, from random 8x8 starts
// and from late endgames. Every answer must be a legal move (checked against the naive move
// generator), come within the turn limit, and carry one of the three messages; from a position
// the bot is to move in and the whole-board oracle (or the bot's own "exact win") calls won,
// the bot must win the game. The bot's choices depend on timing (exact or heuristic); these
// checks hold whatever it chooses.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "solver/amazons/endgames.h"
#include "solver/amazons/minimax.h"
#include "solver/core/child_process.h"
#include "tests/support/bot_referee.h"
#include "tests/support/cli_run.h"
#include "tests/support/naive.h"
#include "tests/support/paths.h"

namespace amazons {
namespace {

using std::chrono::milliseconds;

using testing::BotStats;
using testing::kSlowdown;

// The bot's defaults, passed explicitly; it answers at 75% of the turn.
constexpr int kTurnMs = 90 * kSlowdown, kFirstTurnMs = 900 * kSlowdown;
// The oracle judges positions with at most this many live empty squares, within its nodes.
constexpr int kOracleEmpty = 14;
constexpr uint64_t kOracleNodes = 300'000;

// Squares and moves written here, not by the solver's notation code: a file letter and the
// rank number, rank 1 at the bottom; a move is from, to and arrow run together.
std::string square(const Board& b, int sq) { return std::string(1, static_cast<char>('a' + b.fileOf(sq))) + std::to_string(b.rankOf(sq) + 1); }
std::string moveText(const Board& b, const Move& m) { return square(b, m.from) + square(b, m.to) + square(b, m.arrow); }

// One turn's input: [size], colour, rows top first, the last action, the number of actions.
std::string turnInput(const Board& b, bool first, const std::string& lastAction, size_t actions) {
  std::string text = first ? std::to_string(b.width()) + "\n" : "";
  text += b.sideToMove() == Color::White ? "w\n" : "b\n";
  for (int r = b.height() - 1; r >= 0; --r) {
    for (int f = 0; f < b.width(); ++f) text += ".-bw"[static_cast<int>(b.at(f, r))];
    text += '\n';
  }
  return text + lastAction + "\n" + std::to_string(actions) + "\n";
}

int liveEmptySquares(const Board& b) {
  // Empty squares a queen move of some amazon can still reach (naive: repeated rays).
  std::vector<bool> reached(b.squares(), false);
  for (Color c : {Color::Black, Color::White})
    for (const Move& m : testing::naiveMoves(b, c)) reached[m.to] = true;
  return static_cast<int>(std::count(reached.begin(), reached.end(), true));
}

// Plays one game; the bot has `botColor`, the random player the other side.
void playGame(Board board, Color botColor, std::mt19937_64& rng, BotStats& stats) {
  SCOPED_TRACE("start " + turnInput(board, false, "null", 0));
  ChildProcess bot({testing::cliPath(), "play", "codingame", "--turn-ms", std::to_string(kTurnMs), "--first-turn-ms",
                  std::to_string(kFirstTurnMs), "--seed", std::to_string(rng() % 1000)});
  bool first = true, mustWin = false;
  std::string lastAction = "null";
  for (;;) {
    const Color mover = board.sideToMove();
    const std::vector<Move> moves = testing::naiveMoves(board, mover);
    if (moves.empty()) {
      EXPECT_EQ(bot.finish(), 0);
      if (mustWin) {
        EXPECT_NE(mover, botColor) << "the bot lost a won position";
      }
      return;
    }
    if (mover != botColor) {
      const Move m = moves[rng() % moves.size()];
      lastAction = moveText(board, m);
      board.play(m);
      continue;
    }
    std::optional<bool> oracle;
    if (liveEmptySquares(board) <= kOracleEmpty) oracle = WholeBoardSearch(kOracleNodes).moverWins(board);
    if (oracle == true) mustWin = true;
    const std::optional<testing::BotAnswer> answer =
        stats.ask(bot, turnInput(board, first, lastAction, moves.size()), milliseconds(first ? kFirstTurnMs : kTurnMs), first, " msg ");
    if (!answer) return;
    first = false;
    const auto played = std::find_if(moves.begin(), moves.end(), [&](const Move& m) { return moveText(board, m) == answer->move; });
    ASSERT_NE(played, moves.end()) << "illegal move " << answer->move;
    if (answer->message == "exact win") mustWin = true;
    if (oracle && answer->message != "heuristic") {
      EXPECT_EQ(*oracle, answer->message == "exact win") << answer->move;
    }
    lastAction = answer->move;
    board.play(*played);
  }
}

TEST(PlayCodinGame, RandomStartsAgainstARandomPlayer) {
  std::mt19937_64 rng(18);
  BotStats stats;
  for (int game = 0; game < 4; ++game) playGame(randomSymmetricStart(rng, 8, 8, 4), game % 2 ? Color::Black : Color::White, rng, stats);
  EXPECT_GT(stats.exactWins, 0) << "the solver settles the end of a random game";
  stats.check(milliseconds(kTurnMs));
}

TEST(PlayCodinGame, LateEndgamesAgainstARandomPlayer) {
  std::mt19937_64 rng(1818);
  EndgameOptions options;
  options.maxChamberEmpty = 10;  // (14 and 28: 20 s, mostly the oracle's)
  options.maxTotalEmpty = 20;
  BotStats stats;
  for (int game = 0; game < 8;) {
    const std::optional<Board> start = playToEndgame(rng, 8, 8, options);
    if (!start) continue;
    const Color mover = start->sideToMove();
    playGame(*start, game % 2 ? mover : opposite(mover), rng, stats);
    ++game;
  }
  stats.check(milliseconds(kTurnMs));
}

TEST(PlayCodinGame, BadTurnInputNamesTheLine) {
  std::string turn = "8\nw\n........\n..x.....\n";  // line 4: 'x' is no square of CodinGame's
  for (int i = 0; i < 6; ++i) turn += "........\n";
  const testing::CliResult r = testing::runCli({"play", "codingame"}, turn + "null\n0\n");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(testing::has(r.err, "<stdin>:4:3: error:")) << r.err;
}

}  // namespace
}  // namespace amazons

namespace amazons {
namespace {

TEST(Referee, RandomPlayersPlayToTheEnd) {
  const testing::CliResult r = testing::runCli({"referee", "random", "random", "--games", "3", "--seed", "5"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 4) << r.out;
  EXPECT_TRUE(testing::has(r.out, "game 3: White random, Black random: ")) << r.out;
  EXPECT_TRUE(testing::has(r.out, " has no move; ")) << r.out;
}

TEST(Referee, IllegalAndLateAnswersLose) {
  // White's first answer: a square with no amazon (a1 is a corner, never used by the start).
  const testing::CliResult illegal = testing::runCli({"referee", "echo a1a2a3", "random", "--games", "1"});
  EXPECT_EQ(illegal.status, 0) << illegal.err;
  EXPECT_TRUE(testing::has(illegal.out, "Black (player 2) wins after 0 moves; White loses: illegal action 'a1a2a3'")) << illegal.out;
  const testing::CliResult late = testing::runCli({"referee", "random", "sleep 5", "--games", "1", "--first-turn-ms", "100"});
  EXPECT_TRUE(testing::has(late.out, "White (player 1) wins after 1 moves; Black loses: no answer within 100 ms")) << late.out;
}

}  // namespace
}  // namespace amazons
