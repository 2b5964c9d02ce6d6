// The built CLI with --game yinsh, as a user runs it: the analysis in text and JSON (its answer
// checked against the naive twin's minimax), perft with --divide (each line's count the twin's),
// limits that answer unknown, and bad input named by file, line and column with exit status 2.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "tests/support/cli_run.h"
#include "tests/support/paths.h"
#include "tests/support/yinsh_naive.h"

namespace amazons {
namespace {

using testing::CliResult;
using testing::has;
using testing::runCli;

// Three plies from the end of a random game (seed 99): its whole tree is 2,494 positions, which
// the twin's minimax walks in a moment.
const yinsh_naive::Position kNearEnd{"W.w.|....bwW|Wbbb..wb|bw..ww.bw|bbbbwwbww.|.bbbb.b.B|w..w.b.b.b|b..wb.w..|B..bwbBb|w..wwbb|b.b.", 'w'};

std::string fileOf(const yinsh_naive::Position& p) { return std::string(1, p.toMove) + "\n" + p.board + "\n"; }

TEST(CliYinsh, AnalysisAgreesWithMinimax) {
  const yinsh_naive::Outcome expected = yinsh_naive::solve(kNearEnd);
  const std::string file = testing::writeTemp("near-end.txt", fileOf(kNearEnd));
  const CliResult json = runCli({"--game", "yinsh", file, "--format", "json", "--threads", "1"});
  ASSERT_EQ(json.status, 0) << json.err;
  const char* words[] = {"win", "draw", "loss"};
  EXPECT_TRUE(has(json.out, "\"game\":\"yinsh\""));
  EXPECT_TRUE(has(json.out, "\"result\":\"" + std::string(words[static_cast<int>(expected.result)]) + "\"")) << json.out;
  EXPECT_TRUE(has(json.out, "\"plies\":" + std::to_string(expected.plies))) << json.out;
  std::smatch move;
  ASSERT_TRUE(std::regex_search(json.out, move, std::regex("\"move\":\"([^\"]+)\"")));
  // The move printed is one of the mover's legal actions.
  const std::vector<std::string> legal = yinsh_naive::legalActions(kNearEnd);
  EXPECT_NE(std::find(legal.begin(), legal.end(), move[1].str()), legal.end()) << move[1];
  const CliResult text = runCli({"--game", "yinsh", file});
  ASSERT_EQ(text.status, 0);
  EXPECT_TRUE(has(text.out, "result: " + std::string(words[static_cast<int>(expected.result)]) + " for white in " +
                                std::to_string(expected.plies) + " pl"))
      << text.out;
}

TEST(CliYinsh, PerftDivideListsEveryAction) {
  const std::string file = testing::writeTemp("near-end.txt", fileOf(kNearEnd));
  const CliResult r = runCli({"perft", "--game", "yinsh", file, "2", "--divide"});
  ASSERT_EQ(r.status, 0) << r.err;
  uint64_t total = 0;
  size_t lines = 0;
  for (const std::string& action : yinsh_naive::legalActions(kNearEnd)) {
    const uint64_t below = yinsh_naive::perft(yinsh_naive::play(kNearEnd, action), 1);
    EXPECT_TRUE(has(r.out, action + ": " + std::to_string(below) + "\n")) << action;
    total += below;
    ++lines;
  }
  EXPECT_GT(lines, 1u);
  EXPECT_TRUE(has(r.out, "Nodes searched: " + std::to_string(total))) << r.out;
}

TEST(CliYinsh, UnknownPastALimit) {
  const std::string file = testing::writeTemp("middle.txt",
                                              "w\nB...|.w.....|.w.w...W|b.....b.b|.W.Ww.B.b.|.bWw.....|.b...Ww.B.|wbB.w....|.b.wbww.|.......|.B..\n");
  const CliResult r = runCli({"--game", "yinsh", file, "--node-limit", "1000", "--format", "json"});
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(has(r.out, "\"result\":\"unknown\"")) << r.out;
  EXPECT_TRUE(has(r.out, "\"move\":null"));
}

TEST(CliYinsh, BadInputNamesTheFileLineAndColumn) {
  const std::string file = testing::writeTemp("bad.txt", "w\n....|.......|...x....|.........|..........|.........|..........|.........|........|.......|....\n");
  const CliResult r = runCli({"--game", "yinsh", file});
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(has(r.err, file + ":2:17: error: unexpected 'x' at c4")) << r.err;
  const CliResult game = runCli({"--game", "yinsh", "perft", file, "x"});
  EXPECT_EQ(game.status, 2);
}

}  // namespace
}  // namespace amazons
