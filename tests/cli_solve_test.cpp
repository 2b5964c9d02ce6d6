// The default command end to end: the status line of long analyses on standard error, and
// errors in its options.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/cli_run.h"

namespace amazons {
namespace {

using testing::CliResult;
using testing::has;
using testing::runCli;
using testing::writeTemp;

// The 5x5 start is not solved in a second (the 5x4 start is, since the search orders its moves
// by territory): a run of exactly --time-limit 1.
constexpr const char* kFiveByFive = ".x.x.|x...x|.....|o...o|.o.o.\n";

TEST(CliSolve, ProgressLineOnStderrWhenAsked) {
  const std::string path = writeTemp("start.txt", kFiveByFive);
  const CliResult r = runCli({path, "--progress", "on", "--time-limit", "1", "--threads", "1"});
  EXPECT_EQ(r.status, 1);  // unknown within the limit
  EXPECT_TRUE(has(r.out, "not solved within the limits")) << r.out;
  EXPECT_FALSE(has(r.out, "\r") || has(r.out, "\033")) << "the results stay clean";
  EXPECT_TRUE(has(r.err, " nodes, ")) << r.err;
  EXPECT_TRUE(has(r.err, "verdict, ") || has(r.err, "chamber A")) << r.err;
  const std::string erase = "\r\033[K";
  ASSERT_GE(r.err.size(), erase.size());
  EXPECT_EQ(r.err.substr(r.err.size() - erase.size()), erase) << "the line is erased at the end";
}

TEST(CliSolve, NoProgressLineWhenStderrIsNotATerminal) {
  const std::string path = writeTemp("start.txt", kFiveByFive);
  for (const char* setting : {"auto", "off"}) {
    const CliResult r = runCli({path, "--progress", setting, "--time-limit", "1", "--threads", "1"});
    EXPECT_EQ(r.status, 1) << setting;
    EXPECT_EQ(r.err, "") << setting;
  }
}

// --node-limit: past it the verdicts are unknown, as past a time limit, with the nodes the
// report counts at the limit (its search positions and expansions, which the limit caps, and
// the positions of the tables behind them: the sums and territory counts); on one thread the
// same report on every run (the 5x5 start, and a 53-empty 10x10 position of the reach walk,
// game 1, whose search meets territories, pending integers and probes), where one under a time
// limit depends on the machine and its load. With room, the limit changes nothing.
TEST(CliSolve, NodeLimitGivesTheSameUnknownOnEveryRun) {
  const std::string tenByTen =
      ".#....##..|...##.#.o.|.....o#x..|.##.#....#|#.#.#.####|..#.##x#..|#.#####...|.x..#.###o|.o###..#..|.#.#....#x\n";
  for (const auto& [text, limit] : {std::pair{kFiveByFive, 20'000}, {tenByTen.c_str(), 100'000}}) {
    const std::string path = writeTemp("limited.txt", text);
    // (The time limit, far past the node limit's, makes a limit not honoured fail, not hang.)
    const std::vector<std::string> args{path, "--node-limit", std::to_string(limit), "--time-limit", "60", "--threads", "1", "--format", "json"};
    const CliResult first = runCli(args), second = runCli(args);
    EXPECT_EQ(first.status, 1) << first.out << first.err;
    EXPECT_TRUE(has(first.out, "\"black_to_move\": {\"winner\": null")) << first.out;
    auto withoutTime = [](const std::string& json) { return json.substr(0, json.find("\"seconds\"")); };
    EXPECT_EQ(withoutTime(first.out), withoutTime(second.out));
    const size_t at = first.out.find("\"nodes\": ");
    ASSERT_NE(at, std::string::npos) << first.out;
    const uint64_t nodes = std::stoull(first.out.substr(at + 9));
    EXPECT_GE(nodes, static_cast<uint64_t>(limit));
    EXPECT_LT(nodes, static_cast<uint64_t>(limit) * 11 / 10);
  }
  // Black wins a defective territory of 3 moves against 2 (value 1; the suite tests' oracle).
  const std::string small = writeTemp("small.txt", ".x##o.|##.##.|..####\n");
  const CliResult roomy = runCli({small, "--node-limit", "1000000", "--to-move", "black"});
  EXPECT_EQ(roomy.status, 0) << roomy.out << roomy.err;
  EXPECT_TRUE(has(roomy.out, "Black to move: Black wins")) << roomy.out;
}

TEST(CliSolve, OptionErrorsNameTheProgram) {
  const std::string path = writeTemp("start.txt", kFiveByFive);
  for (const auto& [option, value] : {std::pair{"--progress", "sometimes"}, {"--format", "xml"}, {"--to-move", "red"}}) {
    const CliResult r = runCli({path, option, value});
    EXPECT_EQ(r.status, 2) << option;
    EXPECT_EQ(r.out, "") << option;
    EXPECT_TRUE(has(r.err, std::string("amazons-solve: error: ") + option + " must be")) << r.err;
  }
}

}  // namespace
}  // namespace amazons
