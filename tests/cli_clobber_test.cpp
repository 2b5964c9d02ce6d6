// The built CLI with --game clobber: analysis (text, JSON, both input formats), perft with
// --divide against the naive twin, limits, and input errors (file:line:col, exit status 2).
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "tests/support/cli_run.h"
#include "tests/support/clobber_naive.h"

namespace amazons {
namespace {

using testing::has;
using testing::runCli;

TEST(CliClobber, AnalysisText) {
  // xxo = ^ and xo = *: ^* in all, the first player wins (^* is fuzzy with 0).
  const std::string file = testing::writeTemp("p.txt", "xxo.xo\n");
  const testing::CliResult r = runCli({"--game", "clobber", file});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(has(r.out, "   A    a1   ^  (xxo)")) << r.out;
  EXPECT_TRUE(has(r.out, "   B    e1   *  (xo)")) << r.out;
  EXPECT_TRUE(has(r.out, "Total: ^*  (the first player wins)")) << r.out;
  EXPECT_TRUE(has(r.out, "Black to move: Black wins with ")) << r.out;
  EXPECT_TRUE(has(r.out, "White to move: White wins with ")) << r.out;
}

TEST(CliClobber, CodinGameInputAndJson) {
  // b = Black = x, w = White = o, rows top first: White (to move) has b3a3 and b2c2.
  const std::string file = testing::writeTemp("cg.txt", "3\nw\nbw.\n.wb\n...\nnull\n2\n");
  const testing::CliResult r = runCli({file, "--game=clobber", "--format", "json"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(has(r.out, "\"game\": \"clobber\", \"position\": \"xo.|.ox|...\", \"width\": 3, \"height\": 3, \"to_move\": \"white\"")) << r.out;
  EXPECT_TRUE(has(r.out, "\"black_to_move\": {\"winner\": ")) << r.out;
  // The action count is checked.
  const std::string wrong = testing::writeTemp("cg-wrong.txt", "3\nw\nbw.\n.wb\n...\nnull\n4\n");
  const testing::CliResult bad = runCli({"--game", "clobber", wrong});
  EXPECT_EQ(bad.status, 2);
  EXPECT_TRUE(has(bad.err, wrong + ":7:1: ")) << bad.err;
  EXPECT_TRUE(has(bad.err, "White has 2 legal actions")) << bad.err;
}

// The report as the Amazons one: --all-moves lists every winning move (White's, here, are the
// moves after which minimax says Black loses), and a sum too large to build within
// --total-nodes is written out, its mean beside it.
TEST(CliClobber, AllMovesAndTheWrittenOutTotal) {
  const testing::Grid grid{"xoxo", "oxox", "xo..", "..ox"};
  const std::string file = testing::writeTemp("all.txt", testing::oneLine(grid) + "\n");
  const testing::CliResult r = runCli({"--game", "clobber", file, "--all-moves"});
  ASSERT_EQ(r.status, 0) << r.err;
  std::vector<std::string> winning;
  for (const testing::NaiveClobberMove& m : testing::naiveClobberMoves(grid, cgt::Side::Right))
    if (!testing::naiveClobberMoverWins(m.after, cgt::Side::Left)) winning.push_back(m.text);
  ASSERT_GT(winning.size(), 1u);
  const size_t list = r.out.find("  winning moves (" + std::to_string(winning.size()) + "):");
  ASSERT_NE(list, std::string::npos) << r.out;
  const std::string line = r.out.substr(list, r.out.find('\n', list) - list);
  for (const std::string& m : winning) EXPECT_TRUE(has(line, " " + m)) << line;
  const testing::CliResult json = runCli({"--game", "clobber", file, "--all-moves", "--format", "json"});
  EXPECT_TRUE(has(json.out, "\"winning_moves\": [\"")) << json.out;

  const std::string sum = testing::writeTemp("sum.txt", "xxo.xo\n");  // ^ + *
  const testing::CliResult text = runCli({"--game", "clobber", sum, "--total-nodes", "1"});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_TRUE(has(text.out, "Total: ^ + *  (the first player wins)")) << text.out;
  EXPECT_TRUE(has(text.out, "(canonical form over --total-nodes; mean 0)")) << text.out;
}

TEST(CliClobber, BadInputNamesThePlace) {
  const std::string file = testing::writeTemp("bad.txt", "# comment\nxo.|.#x\n");
  const testing::CliResult r = runCli({"--game", "clobber", file});
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(has(r.err, file + ":2:6: ")) << r.err;
  const testing::CliResult game = runCli({"--game", "chess", file});
  EXPECT_EQ(game.status, 2);
  EXPECT_TRUE(has(game.err, "unknown game 'chess'")) << game.err;
}

TEST(CliClobber, SameReportWithOneAndTwoThreads) {
  // A 4x4 checkerboard: one group of 16 stones, searched raw at the default allowance.
  const std::string file = testing::writeTemp("cb4.txt", "xoxo|oxox|xoxo|oxox\n");
  const testing::CliResult one = runCli({"--game", "clobber", file, "--threads", "1", "--format", "json"});
  const testing::CliResult two = runCli({"--game", "clobber", file, "--threads", "2", "--format", "json"});
  ASSERT_EQ(one.status, 0) << one.err;
  ASSERT_EQ(two.status, 0) << two.err;
  // The same report but for the nodes and the time.
  auto withoutCounts = [](std::string json) { return json.substr(0, json.find("\"nodes\"")); };
  EXPECT_EQ(withoutCounts(one.out), withoutCounts(two.out));
  EXPECT_TRUE(has(one.out, "\"winner\"")) << one.out;
}

TEST(CliClobber, LimitsGiveUnknown) {
  const std::string file = testing::writeTemp("start.txt", testing::oneLine(testing::clobberStart(6, 6)) + "\n");
  const testing::CliResult r = runCli({"--game", "clobber", file, "--node-limit", "100"});
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(has(r.out, "Black to move: unknown (not solved within the limits)")) << r.out;
  EXPECT_TRUE(has(r.out, "Total: unknown")) << r.out;
  const testing::CliResult timed = runCli({"--game", "clobber", file, "--time-limit", "0.2", "--format", "json"});
  EXPECT_EQ(timed.status, 1);
  EXPECT_TRUE(has(timed.out, "\"black_to_move\": {\"winner\": null, \"move\": null}")) << timed.out;
}

// The progress line (as the Amazons solver's): on stderr when asked, past half a second, erased
// at the end; never in the results, and none by default when stderr is not a terminal. The 6x6
// start is not solved within the 1 s limit.
TEST(CliClobber, ProgressLineOnStderrWhenAsked) {
  const std::string file = testing::writeTemp("start.txt", testing::oneLine(testing::clobberStart(6, 6)) + "\n");
  const testing::CliResult r = runCli({"--game", "clobber", file, "--progress", "on", "--time-limit", "1"});
  EXPECT_EQ(r.status, 1);
  EXPECT_FALSE(has(r.out, "\r") || has(r.out, "\033")) << "the results stay clean";
  EXPECT_TRUE(has(r.err, " nodes, ")) << r.err;
  const std::string erase = "\r\033[K";
  ASSERT_GE(r.err.size(), erase.size());
  EXPECT_EQ(r.err.substr(r.err.size() - erase.size()), erase) << "the line is erased at the end";
  for (const char* setting : {"auto", "off"}) {
    const testing::CliResult quiet = runCli({"--game", "clobber", file, "--progress", setting, "--time-limit", "1"});
    EXPECT_EQ(quiet.status, 1) << setting;
    EXPECT_EQ(quiet.err, "") << setting;
  }
  const testing::CliResult bad = runCli({"--game", "clobber", file, "--progress", "sometimes"});
  EXPECT_EQ(bad.status, 2);
  EXPECT_TRUE(has(bad.err, "--progress must be")) << bad.err;
}

TEST(CliClobber, PerftDivideMatchesNaive) {
  const testing::Grid start = testing::clobberStart(4, 4);
  const std::string file = testing::writeTemp("start.txt", "white\n" + testing::oneLine(start) + "\n");
  const testing::CliResult r = runCli({"perft", "--game", "clobber", file, "3", "--divide"});
  ASSERT_EQ(r.status, 0) << r.err;
  std::ostringstream expected;
  uint64_t total = 0;
  const auto moves = testing::naiveClobberMoves(start, cgt::Side::Right);
  std::vector<std::string> lines;
  for (const auto& m : moves) {
    const uint64_t n = testing::naiveClobberPerft(m.after, cgt::Side::Left, 2);
    EXPECT_TRUE(has(r.out, m.text + ": " + std::to_string(n) + "\n")) << m.text << "\n" << r.out;
    total += n;
  }
  EXPECT_TRUE(has(r.out, "\nNodes searched: " + std::to_string(total) + "\n")) << r.out;
  EXPECT_EQ(total, testing::naiveClobberPerft(start, cgt::Side::Right, 3));
  const testing::CliResult black = runCli({"perft", "--game", "clobber", file, "4", "--to-move", "black"});
  EXPECT_EQ(black.out, "Nodes searched: " + std::to_string(testing::naiveClobberPerft(start, cgt::Side::Left, 4)) + "\n");
}

}  // namespace
}  // namespace amazons
