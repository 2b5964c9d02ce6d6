// The default command end to end: the status line of long analyses on standard error, and
// errors in its options.
#include <gtest/gtest.h>

#include <string>

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
