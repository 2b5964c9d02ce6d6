// `amazons-solve play cs61b`: the CS61B text commands. A scripted game is replayed and its
// dumps compared with boards kept here by hand (and with CS61B's own Figure 1); a game between
// two automatic players is replayed move by move against the naive move generator and must end
// with the right "* ... wins." line.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/cli_run.h"
#include "tests/support/naive.h"
#include "tests/support/paths.h"

namespace amazons {
namespace {

using testing::CliResult;
using testing::has;
using testing::runCli;

// Written here: "d10", and a move "d10-c9(h4)".
std::string square(const Board& b, int sq) { return std::string(1, static_cast<char>('a' + b.fileOf(sq))) + std::to_string(b.rankOf(sq) + 1); }
std::string moveText(const Board& b, const Move& m) { return square(b, m.from) + "-" + square(b, m.to) + "(" + square(b, m.arrow) + ")"; }

// CS61B's dump: "===", rows from the top, three spaces and the squares separated by spaces
// (- empty, W, B, S spear), "===".
std::string dump(const Board& b) {
  std::string out = "===\n";
  for (int r = b.height() - 1; r >= 0; --r) {
    out += "  ";
    for (int f = 0; f < b.width(); ++f) out += std::string(" ") + "-SBW"[static_cast<int>(b.at(f, r))];
    out += '\n';
  }
  return out + "===\n";
}

// Plays a move given as text on the test's board, by finding it among the naive moves.
bool playText(Board& b, const std::string& text) {
  for (const Move& m : testing::naiveMoves(b, b.sideToMove()))
    if (moveText(b, m) == text) {
      b.play(m);
      return true;
    }
  return false;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

TEST(PlayCs61b, ScriptedGameAndItsDumps) {
  const std::vector<std::string> moves = {"d1-d7(g7)", "d10-c9(h4)", "d7-d8(d9)", "c9-b8(c8)", "a4-a5(a6)"};
  std::string script = "manual black\n";
  std::string expected;
  Board board = testing::standardStart();
  for (size_t i = 0; i < moves.size(); ++i) {
    script += (i == 3 ? "  c9 b8 c8\n" : moves[i] + "\n");  // CS61B also reads "c9 b8 c8"
    ASSERT_TRUE(playText(board, moves[i])) << moves[i];
    script += "dump\n";
    expected += dump(board);
  }
  const CliResult r = runCli({"play", "cs61b"}, script + "quit\n");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, expected);
  // The second dump is CS61B's Figure 1 (right), as the project's example file has it (every
  // 10x10 dump has the same length).
  const std::string figure = testing::slurp(testing::positionsDir() + "/examples/cs61b-dump.txt");
  EXPECT_EQ(r.out.substr(figure.size(), figure.size()), figure);
}

TEST(PlayCs61b, TwoAutomaticPlayersFinishTheGame) {
  const CliResult r = runCli({"play", "cs61b", "--move-ms", "20", "--seed", "61"}, "auto white\nquit\n");
  EXPECT_EQ(r.status, 0);
  Board board = testing::standardStart();
  const std::vector<std::string> out = lines(r.out);
  ASSERT_GE(out.size(), 2u);
  for (size_t i = 0; i + 1 < out.size(); ++i) {
    ASSERT_EQ(out[i].substr(0, 2), "* ") << out[i];
    ASSERT_TRUE(playText(board, out[i].substr(2))) << "illegal: " << out[i];
  }
  ASSERT_TRUE(testing::naiveMoves(board, board.sideToMove()).empty()) << "the game stopped early";
  EXPECT_EQ(out.back(), board.sideToMove() == Color::White ? "* Black wins." : "* White wins.");
}

TEST(PlayCs61b, TheAutomaticPlayerAnswersAManualOne) {
  // Black is automatic after `new`, as in CS61B: White's move gets an answer at once.
  const CliResult r = runCli({"play", "cs61b", "--move-ms", "20"}, "new\nd1-d7(g7)\ndump\nquit\n");
  EXPECT_EQ(r.status, 0);
  const std::vector<std::string> out = lines(r.out);
  ASSERT_EQ(out.size(), 13u) << r.out;  // Black's move and the dump
  Board board = testing::standardStart();
  ASSERT_TRUE(playText(board, "d1-d7(g7)"));
  ASSERT_TRUE(playText(board, out[0].substr(2))) << out[0];
  EXPECT_EQ(r.out.substr(out[0].size() + 1), dump(board));
}

TEST(PlayCs61b, BadCommandsAreReportedAndTheGameGoesOn) {
  const CliResult r = runCli({"play", "cs61b"}, "manual black\n  a4-b6(c6)\nauto red\nseed x\nfoo\nd1-d7(g7)\ndump\nquit\n");
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(has(r.err, "<stdin>:2:6: error: illegal move")) << r.err;  // column of b6, the bad destination
  EXPECT_TRUE(has(r.err, "<stdin>:3:6: error: 'auto' takes white or black")) << r.err;
  EXPECT_TRUE(has(r.err, "<stdin>:4:6: error: 'seed' takes a number")) << r.err;
  EXPECT_TRUE(has(r.err, "<stdin>:5:2: error: neither a command")) << r.err;
  Board board = testing::standardStart();
  ASSERT_TRUE(playText(board, "d1-d7(g7)"));
  EXPECT_EQ(r.out, dump(board));
}

}  // namespace
}  // namespace amazons
