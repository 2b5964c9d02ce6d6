// `amazons-solve play codingame --game clobber` under a referee written here: the bot runs as
// its own process and gets the CodinGame Clobber turn input on a pipe, against a random player,
// from small checkerboard starts and random boards. Every answer must be a legal move (checked
// against the naive twin), come within the turn, and carry one of the three messages; from a
// position the bot is to move in and the naive whole-board minimax (or the bot's own "exact
// win") calls won, the bot must win the game. The bot's choices depend on timing (exact or
// fallback); these checks hold whatever it chooses.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "solver/core/child_process.h"
#include "tests/support/bot_referee.h"
#include "tests/support/cli_run.h"
#include "tests/support/clobber_naive.h"
#include "tests/support/paths.h"

namespace amazons {
namespace {

using std::chrono::milliseconds;
using testing::Grid;

using testing::kSlowdown;

constexpr int kTurnMs = 135 * kSlowdown, kFirstTurnMs = 900 * kSlowdown;  // the bot's defaults, passed explicitly
// The naive minimax judges boards with at most this many stones (a full 4x4 takes well under
// a second).
constexpr int kOracleStones = 16;

int stones(const Grid& g) {
  int n = 0;
  for (const std::string& row : g) n += static_cast<int>(std::count_if(row.begin(), row.end(), [](char c) { return c != '.'; }));
  return n;
}

// One turn's input: [size and colour], rows top first in w/b/., the last action, the number of actions.
std::string turnInput(const Grid& g, const std::string& colour, bool first, const std::string& lastAction, size_t actions) {
  std::string text = first ? std::to_string(g.size()) + "\n" + colour + "\n" : "";
  for (std::string row : g) {
    std::replace(row.begin(), row.end(), 'x', 'b');
    std::replace(row.begin(), row.end(), 'o', 'w');
    text += row + '\n';
  }
  return text + lastAction + "\n" + std::to_string(actions) + "\n";
}

struct GameStats : testing::BotStats {
  int gamesWon = 0;
};

// Plays one game, Black (x) first; the bot has `botSide`, the random player the other.
void playGame(Grid board, cgt::Side botSide, std::mt19937_64& rng, GameStats& stats) {
  SCOPED_TRACE("start " + testing::oneLine(board));
  ChildProcess bot({testing::cliPath(), "play", "codingame", "--game", "clobber", "--turn-ms", std::to_string(kTurnMs),
                    "--first-turn-ms", std::to_string(kFirstTurnMs), "--seed", std::to_string(rng() % 1000)});
  const std::string colour = botSide == cgt::Side::Left ? "b" : "w";
  bool first = true, mustWin = false;
  std::string lastAction = "null";
  for (cgt::Side mover = cgt::Side::Left;; mover = mover == cgt::Side::Left ? cgt::Side::Right : cgt::Side::Left) {
    const std::vector<testing::NaiveClobberMove> moves = testing::naiveClobberMoves(board, mover);
    if (moves.empty()) {
      const int status = bot.finish();
      if (!first) {  // (a game over before the bot's first turn: it read nothing)
        EXPECT_EQ(status, 0);
      }
      if (mustWin) {
        EXPECT_NE(mover, botSide) << "the bot lost a won position";
      }
      if (mover != botSide) ++stats.gamesWon;
      return;
    }
    if (mover != botSide) {
      const testing::NaiveClobberMove& m = moves[rng() % moves.size()];
      lastAction = m.text;
      board = m.after;
      continue;
    }
    std::optional<bool> oracle;
    if (stones(board) <= kOracleStones) oracle = testing::naiveClobberMoverWins(board, mover);
    if (oracle == true) mustWin = true;
    const std::optional<testing::BotAnswer> answer =
        stats.ask(bot, turnInput(board, colour, first, lastAction, moves.size()), milliseconds(first ? kFirstTurnMs : kTurnMs), first, " ");
    if (!answer) return;
    first = false;
    const auto played = std::find_if(moves.begin(), moves.end(), [&](const auto& m) { return m.text == answer->move; });
    ASSERT_NE(played, moves.end()) << "illegal move " << answer->move;
    if (answer->message == "exact win") mustWin = true;
    if (oracle && answer->message != "heuristic") {
      EXPECT_EQ(*oracle, answer->message == "exact win") << answer->move;
    }
    lastAction = answer->move;
    board = played->after;
  }
}

TEST(PlayClobber, SmallBoardsAgainstARandomPlayer) {
  std::mt19937_64 rng(1803);
  GameStats stats;
  const std::vector<Grid> starts = {testing::clobberStart(4, 4), testing::clobberStart(5, 5), testing::clobberStart(6, 6),
                                    testing::randomClobberGrid(rng, 4, 4, 0.2), testing::randomClobberGrid(rng, 5, 5, 0.2),
                                    testing::randomClobberGrid(rng, 6, 6, 0.2)};
  for (size_t game = 0; game < 2 * starts.size(); ++game)
    playGame(starts[game / 2], game % 2 ? cgt::Side::Right : cgt::Side::Left, rng, stats);
  EXPECT_GT(stats.exactWins, 0) << "the analysis settles the end of a game";
  std::cout << stats.gamesWon << " of " << 2 * starts.size() << " games won\n";
  stats.check(milliseconds(kTurnMs));
}

TEST(PlayClobber, BadTurnInputNamesTheLine) {
  // Line 4 (the second row): 'x' is no square of CodinGame's.
  const testing::CliResult r = testing::runCli({"play", "codingame", "--game", "clobber"}, "3\nb\nbw.\n.x.\n...\nnull\n1\n");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(testing::has(r.err, "<stdin>:4:")) << r.err;
  // A later turn: lines 8 to 10 are its rows.
  const testing::CliResult later =
      testing::runCli({"play", "codingame", "--game", "clobber"}, "3\nb\nbw.\n...\n...\nnull\n1\n.b.\n.x.\n...\nnull\n0\n");
  EXPECT_EQ(later.status, 2);
  EXPECT_TRUE(testing::has(later.out, "a3b3 ")) << later.out;
  EXPECT_TRUE(testing::has(later.err, "<stdin>:9:")) << later.err;
  const testing::CliResult mode = testing::runCli({"play", "cs61b", "--game", "clobber"});
  EXPECT_EQ(mode.status, 2);
}

}  // namespace
}  // namespace amazons
