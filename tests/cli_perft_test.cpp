// The built CLI: perft on the standard start against the published counts (KNOWN-RESULTS.md),
// --divide, the example files (counts from the naive generator), and convert round trips.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "solver/amazons/formats.h"
#include "solver/amazons/notation.h"
#include "tests/support/cli_run.h"
#include "tests/support/naive.h"
#include "tests/support/paths.h"

namespace amazons {
namespace {

using testing::CliResult;
using testing::runCli;
using testing::slurp;

using testing::example;

std::string lastLine(const std::string& text) {
  std::string t = text;
  while (!t.empty() && t.back() == '\n') t.pop_back();
  return t.substr(t.rfind('\n') == std::string::npos ? 0 : t.rfind('\n') + 1);
}

TEST(CliPerft, StandardStartDepth1) {  // KNOWN-RESULTS: 2,176
  const CliResult r = runCli({"perft", example("standard-10x10.txt"), "1"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "Nodes searched: 2176\n");
  EXPECT_NE(r.err.find("leaves/s"), std::string::npos);
}

TEST(CliPerft, StandardStartDepth2) {  // KNOWN-RESULTS: 4,307,152
  const CliResult r = runCli({"perft", example("standard-10x10.txt"), "2"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(lastLine(r.out), "Nodes searched: 4307152");
}

TEST(CliPerft, DepthZeroIsOne) {
  const CliResult r = runCli({"perft", example("standard-10x10.txt"), "0"});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "Nodes searched: 1\n");
}

// A one-line board says no side: White moves, as the file formats have it, unless --to-move
// says otherwise (counts from the naive generator).
TEST(CliPerft, ToMoveChoosesTheSide) {
  const std::string text = "x...|.#..|..o.|.x..";
  const std::string file = testing::writeTemp("perft-to-move.txt", text + "\n");
  for (const Color side : {Color::Black, Color::White}) {
    Board board = parseOneLine(text);
    board.setSideToMove(side);
    const uint64_t expected = testing::naivePerft(board, 3);
    const CliResult r = runCli({"perft", file, "3", "--to-move", side == Color::Black ? "black" : "white"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, "Nodes searched: " + std::to_string(expected) + "\n");
    if (side == Color::White) {
      EXPECT_EQ(runCli({"perft", file, "3"}).out, r.out);
    }
  }
  const CliResult bad = runCli({"perft", file, "1", "--to-move", "red"});
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("--to-move must be black or white"), std::string::npos) << bad.err;
}

void checkDivide(Notation notation, const std::vector<std::string>& extra) {
  std::vector<std::string> args = {"perft", example("standard-10x10.txt"), "2", "--divide"};
  args.insert(args.end(), extra.begin(), extra.end());
  const CliResult r = runCli(args);
  ASSERT_EQ(r.status, 0) << r.err;
  const Board start = loadPosition(example("standard-10x10.txt")).board;
  std::istringstream in(r.out);
  std::string line;
  uint64_t sum = 0;
  size_t moves = 0;
  std::vector<Move> seen;
  while (std::getline(in, line) && !line.empty()) {
    const size_t colon = line.find(": ");
    ASSERT_NE(colon, std::string::npos) << line;
    const Move m = parseLegalMove(start, line.substr(0, colon));
    EXPECT_EQ(formatMove(start, m, notation), line.substr(0, colon));
    seen.push_back(m);
    sum += std::stoull(line.substr(colon + 2));
    ++moves;
  }
  ASSERT_TRUE(std::getline(in, line));
  EXPECT_EQ(line, "Nodes searched: " + std::to_string(sum));
  EXPECT_FALSE(std::getline(in, line));
  EXPECT_EQ(sum, 4307152u);
  EXPECT_EQ(moves, 2176u);
  std::vector<Move> expected = testing::naiveMoves(start, Color::White);  // sorted
  auto key = [](const Move& m) { return (m.from << 16) | (m.to << 8) | m.arrow; };
  std::sort(seen.begin(), seen.end(), [&](const Move& a, const Move& b) { return key(a) < key(b); });
  std::sort(expected.begin(), expected.end(), [&](const Move& a, const Move& b) { return key(a) < key(b); });
  EXPECT_EQ(seen, expected);
}

TEST(CliPerft, DivideLinesSumToTotal) { checkDivide(Notation::CS61B, {}); }
TEST(CliPerft, DivideInCodinGameNotation) { checkDivide(Notation::CodinGame, {"--notation", "codingame"}); }

TEST(CliPerft, ExamplesMatchNaiveCounts) {
  for (const char* name : {"standard-10x10.txt", "codingame-8x8.txt", "cs61b-dump.txt", "small-endgame.txt"}) {
    Board b = loadPosition(example(name)).board;
    const CliResult r = runCli({"perft", example(name), "2"});
    EXPECT_EQ(r.status, 0) << name << r.err;
    EXPECT_EQ(r.out, "Nodes searched: " + std::to_string(testing::naivePerft(b, 2)) + "\n") << name;
  }
}

TEST(CliPerft, CodinGameExampleCountAccepted) {
  const CliResult r = runCli({"perft", example("codingame-8x8.txt"), "1"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "Nodes searched: 1259\n");
}

TEST(CliPerft, CodinGameExampleWrongCountRejected) {
  std::string text = slurp(example("codingame-8x8.txt"));
  text.replace(text.find("1259"), 4, "1258");
  const std::string path = testing::writeTemp("codingame-1258.txt", text);
  const CliResult r = runCli({"perft", path, "1"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find(path + ":12:1: error:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("1258"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("1259"), std::string::npos) << r.err;
}

TEST(CliPerft, ReadsStandardInputAndInputFormat) {
  const std::string text = slurp(example("small-endgame.txt"));
  Board b = parseOneLine(text);
  const std::string want = "Nodes searched: " + std::to_string(testing::naivePerft(b, 2)) + "\n";
  EXPECT_EQ(runCli({"perft", "-", "2"}, text).out, want);
  EXPECT_EQ(runCli({"perft", "-", "2", "--input-format", "cgsuite"}, text).out, want);
  EXPECT_EQ(runCli({"perft", "--input-format=oneline", "-", "2"}, text).out, want);
}

TEST(CliConvert, EveryExampleToEveryFormatAndBack) {
  for (const char* name : {"standard-10x10.txt", "codingame-8x8.txt", "cs61b-dump.txt", "small-endgame.txt"}) {
    const Board b = loadPosition(example(name)).board;
    for (const char* to : {"grid", "codingame", "dump", "cs61b", "oneline", "cgsuite", "mcgs"}) {
      const CliResult r = runCli({"convert", example(name), "--to", to});
      ASSERT_EQ(r.status, 0) << r.err;
      EXPECT_EQ(r.out, writePosition(b, parseFormatName(to)));
      EXPECT_EQ(parsePosition(r.out, parseFormatName(to)).board, b) << name << " " << to;
      const CliResult back = runCli({"convert", "-", "--to", "oneline", "--input-format", to}, r.out);
      EXPECT_EQ(back.status, 0) << back.err;
      EXPECT_EQ(back.out, writePosition(b, Format::OneLine));
    }
  }
}

TEST(CliConvert, DumpExampleIsReproducedExactly) {
  const CliResult r = runCli({"convert", example("standard-10x10.txt"), "--to", "dump"});
  EXPECT_EQ(r.status, 0);
  const CliResult d = runCli({"convert", example("cs61b-dump.txt"), "--to", "dump"});
  EXPECT_EQ(d.out, slurp(example("cs61b-dump.txt")));
  const CliResult c = runCli({"convert", example("codingame-8x8.txt"), "--to", "codingame"});
  EXPECT_EQ(c.out, slurp(example("codingame-8x8.txt")));
}

}  // namespace
}  // namespace amazons
