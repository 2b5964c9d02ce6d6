// `amazons-solve play codingame --game yinsh` under a referee written here on the naive twin
// (tests/support/yinsh_naive.h): the bot runs as its own process and gets CodinGame's Yinsh turn
// input on a pipe. Every answer must be one of the twin's legal actions, come within the turn and
// carry one of the four messages; the bot must win against a random and a greedy player, and
// from positions the exact solver calls won it must win against the solver's own defence. The
// local referee (`referee --game yinsh`) is checked on its own: games to the end, illegal and
// late answers.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "solver/core/child_process.h"
#include "solver/yinsh/bot.h"
#include "solver/yinsh/formats.h"
#include "solver/yinsh/notation.h"
#include "solver/yinsh/solver.h"
#include "tests/support/bot_referee.h"
#include "tests/support/cli_run.h"
#include "tests/support/paths.h"
#include "tests/support/yinsh_naive.h"

namespace amazons {
namespace {

using std::chrono::milliseconds;
using testing::kSlowdown;

constexpr int kTurnMs = 90 * kSlowdown;  // the bot's default, passed explicitly

// A turn's input as CodinGame's referee sends it, from the twin's one-line board: "11", the 11
// groups in the mover's view (R/S its own, r/s the opponent's), the action count and actions.
std::string turnInput(const yinsh_naive::Position& p, const std::vector<std::string>& actions) {
  std::string text = "11\n";
  for (char c : p.board) {
    if (c == '|') {
      text += '\n';
      continue;
    }
    const bool mine = (c == 'W' || c == 'w') == (p.toMove == 'w');
    text += c == '.' ? '.' : c == 'W' || c == 'B' ? (mine ? 'R' : 'r') : (mine ? 'S' : 's');
  }
  text += '\n';
  text += std::to_string(actions.size());
  text += '\n';
  for (const std::string& a : actions) {
    text += a;
    text += '\n';
  }
  return text;
}

int count(const std::string& board, char c) { return static_cast<int>(std::count(board.begin(), board.end(), c)); }

// The greedy player: the action after which the mover has removed the most rings more than the
// opponent, then has the most markers; the first of those in the twin's order.
std::string greedyAction(const yinsh_naive::Position& p, const std::vector<std::string>& actions) {
  const char ring = p.toMove == 'w' ? 'W' : 'B', theirRing = p.toMove == 'w' ? 'B' : 'W';
  std::string best;
  std::pair<int, int> bestValue{-100, -1};
  for (const std::string& a : actions) {
    const std::string board = yinsh_naive::play(p, a).board;
    const std::pair<int, int> value{count(board, theirRing) - count(board, ring), count(board, p.toMove)};
    if (value > bestValue) best = a, bestValue = value;
  }
  return best;
}

enum class Opponent { Random, Greedy, Solver };

struct GameStats : testing::BotStats {
  int gamesWon = 0;
};

// Plays one game from `start`; the bot has the side `bot` ('w' or 'b'). The game must be won.
void playGame(yinsh_naive::Position p, char bot, Opponent opponent, std::mt19937_64& rng, GameStats& stats) {
  SCOPED_TRACE(std::string("start ") + p.toMove + " " + p.board + ", bot " + bot);
  ChildProcess process({testing::cliPath(), "play", "codingame", "--game", "yinsh", "--turn-ms", std::to_string(kTurnMs), "--seed",
                        std::to_string(rng() % 1000)});
  ASSERT_TRUE(process.send(bot == 'w' ? "1\n" : "2\n"));
  ASSERT_EQ(process.readLine(milliseconds(1000 * kSlowdown)), "yes");
  yinsh::SolveOptions defence;
  defence.hashBytes = size_t{64} << 20;  // (positions a few turns from the end)
  yinsh::Solver solver(defence);
  std::string record;
  for (;;) {
    if (const auto over = yinsh_naive::gameOver(p)) {
      EXPECT_EQ(process.finish(), 0);
      const bool botWon = (*over == yinsh_naive::Result::Win) == (p.toMove == bot) && *over != yinsh_naive::Result::Draw;
      EXPECT_TRUE(botWon) << "the bot did not win: " << record;
      stats.gamesWon += botWon;
      return;
    }
    const std::vector<std::string> actions = yinsh_naive::legalActions(p);
    std::string action;
    if (p.toMove == bot) {
      const std::optional<testing::BotAnswer> answer = stats.ask(process, turnInput(p, actions), milliseconds(kTurnMs), false, " MSG ");
      if (!answer) return;
      ASSERT_TRUE(std::binary_search(actions.begin(), actions.end(), answer->move)) << "illegal action " << answer->move << " after " << record;
      EXPECT_NE(answer->message, "exact loss") << record;
      action = answer->move;
    } else if (opponent == Opponent::Random) {
      action = actions[rng() % actions.size()];
    } else if (opponent == Opponent::Greedy) {
      action = greedyAction(p, actions);
    } else {
      const yinsh::Position q = yinsh::parsePosition(std::string(1, p.toMove) + "\n" + p.board, yinsh::Rules{}).position;
      action = yinsh::formatTurn(*solver.solve(q).move);
    }
    record += action + " ";
    p = yinsh_naive::play(p, action);
  }
}

TEST(PlayYinsh, WinsAgainstRandomAndGreedyPlayers) {
  std::mt19937_64 rng(65);
  GameStats stats;
  playGame(yinsh_naive::startPosition(), 'w', Opponent::Random, rng, stats);
  playGame(yinsh_naive::startPosition(), 'b', Opponent::Greedy, rng, stats);
  stats.check(milliseconds(kTurnMs));
}

// Positions a few turns from the end of random games that the solver calls won for the side to
// move, with the solver's plies to the end: the bot, playing them against the solver's longest
// defence, must win.
std::vector<std::pair<yinsh::Position, int>> wonPositions(std::mt19937_64& rng, size_t wanted) {
  const yinsh::Rules rules;
  std::vector<std::pair<yinsh::Position, int>> found;
  while (found.size() < wanted) {
    std::vector<yinsh::Position> game{yinsh::Position{}};
    while (!yinsh::finalResult(game.back(), rules)) {
      const std::vector<yinsh::TurnAndPosition> turns = yinsh::legalTurns(game.back(), rules);
      game.push_back(turns[rng() % turns.size()].after);
    }
    // From the end back: the first position won in 3 plies or more (the opponent replies).
    for (auto it = game.rbegin(); it != game.rend(); ++it) {
      yinsh::SolveOptions options;
      options.nodeLimit = 200'000;
      options.hashBytes = size_t{64} << 20;
      const yinsh::Solution s = yinsh::Solver(options).solve(*it);
      if (!s.result) break;
      if (s.result == yinsh::Result::Win && *s.plies >= 3) {
        found.emplace_back(*it, *s.plies);
        break;
      }
    }
  }
  return found;
}

TEST(PlayYinsh, ExactWinsAreWon) {
  std::mt19937_64 rng(6565);
  GameStats stats;
  for (const auto& [position, plies] : wonPositions(rng, 3)) {
    SCOPED_TRACE("won in " + std::to_string(plies) + " plies");
    playGame({yinsh::formatOneLine(position), position.toMove == yinsh::Color::White ? 'w' : 'b'}, position.toMove == yinsh::Color::White ? 'w' : 'b',
             Opponent::Solver, rng, stats);
  }
  EXPECT_GT(stats.exactWins, 0) << "the solver settles positions a few plies from the end within the turn";
}

TEST(PlayYinsh, BadTurnInputNamesTheLine) {
  const std::vector<std::string> play = {"play", "codingame", "--game", "yinsh"};
  // Line 4 (the board's second line, letter b): 'x' is no cell of CodinGame's.
  std::string turn = "1\n11\n....\n..x....\n";
  for (const char* group : {"........", ".........", "..........", ".........", "..........", ".........", "........", ".......", "...."})
    turn += std::string(group) + "\n";
  const testing::CliResult r = testing::runCli(play, turn + "0\n");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "yes\n");
  EXPECT_TRUE(testing::has(r.err, "<stdin>:4:3: ")) << r.err;
  const testing::CliResult id = testing::runCli(play, "3\n");
  EXPECT_EQ(id.status, 2);
  EXPECT_TRUE(testing::has(id.err, "<stdin>:1:1: ")) << id.err;
  const testing::CliResult count = testing::runCli(play, "2\n11\n....\n");
  EXPECT_EQ(count.status, 2);
  EXPECT_TRUE(testing::has(count.err, "<stdin>:4:1: ")) << count.err;
}

TEST(PlayYinsh, PlacesCentrallyAndStealsAGoodFirstRing) {
  const yinsh::Rules rules;
  const std::vector<std::string> centre = {"f6", "f5", "f7", "e5", "e6", "g6", "g7"};  // f6 and its neighbours
  yinsh::Bot bot(yinsh::BotOptions{});
  const std::string first = yinsh::formatTurn(bot.chooseFixed(yinsh::Position{}, 0, 1).turn);
  EXPECT_NE(std::find(centre.begin(), centre.end(), first), centre.end()) << first;
  // White's first ring where the bot would put its own: Black steals it.
  EXPECT_EQ(yinsh::formatTurn(bot.chooseFixed(yinsh::parseTurn(yinsh::Position{}, rules, first).after, 0, 1).turn), "STEAL");
  // On the edge: Black places its own, centrally.
  const std::string reply = yinsh::formatTurn(bot.chooseFixed(yinsh::parseTurn(yinsh::Position{}, rules, "a2").after, 0, 1).turn);
  EXPECT_NE(std::find(centre.begin(), centre.end(), reply), centre.end()) << reply;
}

TEST(PlayYinsh, FixedSearchIsTheSameEveryRun) {
  std::mt19937_64 rng(650);
  const yinsh::Rules rules;
  yinsh::Position p;
  for (int i = 0; i < 30; ++i) {
    const std::vector<yinsh::TurnAndPosition> turns = yinsh::legalTurns(p, rules);
    p = turns[rng() % turns.size()].after;
  }
  ASSERT_FALSE(p.placement);
  yinsh::BotOptions options;
  options.seed = 7;
  const yinsh::BotAnswer a = yinsh::Bot(options).chooseFixed(p, 1000, 3), b = yinsh::Bot(options).chooseFixed(p, 1000, 3);
  EXPECT_EQ(a.turn, b.turn);
  EXPECT_EQ(a.depth, 3);
  EXPECT_EQ(a.nodes, b.nodes);
}

}  // namespace
}  // namespace amazons

namespace amazons {
namespace {

TEST(YinshReferee, PlaysGamesToTheEnd) {
  const testing::CliResult r = testing::runCli({"referee", "--game", "yinsh", "random", "greedy", "--games", "2", "--seed", "5"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(testing::has(r.out, "game 2: White greedy, Black random: ")) << r.out;
  EXPECT_TRUE(testing::has(r.out, "player 1 (random) ")) << r.out;
  const std::string bot = testing::cliPath() + " play codingame --game yinsh --turn-ms " + std::to_string(kTurnMs);
  const testing::CliResult won =
      testing::runCli({"referee", "--game", "yinsh", bot, "greedy", "--games", "1", "--quiet", "--turn-ms", std::to_string(100 * kSlowdown)});
  EXPECT_EQ(won.status, 0) << won.err;
  EXPECT_TRUE(testing::has(won.out, "White (player 1) wins")) << won.out;
}

TEST(YinshReferee, IllegalAndLateAnswersLose) {
  const testing::CliResult illegal = testing::runCli({"referee", "--game", "yinsh", "echo yes; echo z9", "random", "--games", "1"});
  EXPECT_EQ(illegal.status, 0) << illegal.err;
  EXPECT_TRUE(testing::has(illegal.out, "Black (player 2) wins after 0 turns; White loses: illegal action 'z9'")) << illegal.out;
  const testing::CliResult late = testing::runCli({"referee", "--game", "yinsh", "random", "sleep 5", "--games", "1", "--first-turn-ms", "100"});
  EXPECT_TRUE(testing::has(late.out, "White (player 1) wins after 0 turns; Black loses: no answer to its id within 100 ms")) << late.out;
  const testing::CliResult slow =
      testing::runCli({"referee", "--game", "yinsh", "random", "read id; echo yes; sleep 5", "--games", "1", "--turn-ms", "100"});
  EXPECT_TRUE(testing::has(slow.out, "White (player 1) wins after 1 turns; Black loses: no answer within 100 ms")) << slow.out;
}

}  // namespace
}  // namespace amazons
