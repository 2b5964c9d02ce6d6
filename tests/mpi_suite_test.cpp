// suite and verify over the ranks of an MPI job (Open MPI's mpiexec, 2 to 4 ranks on this one
// machine, 1 to 3 lanes a worker): the output is the one process's, line for line and in
// order (times aside), for Amazons, Clobber and Yinsh lines and for a line with a wrong expected
// answer; a worker killed mid-line makes the run name the lines left without a result and exit
// non-zero; commands that are not shared out print once.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/cli_run.h"
#include "tests/support/paths.h"

namespace amazons {
namespace {

using testing::CliResult;
using testing::has;
using testing::mpiexec;
using testing::quoted;
using testing::runCli;
using testing::runMpi;
using testing::tempPath;
using testing::writeTemp;

// The output without what depends on the clock: each line's us= and the summary's times.
std::string timeless(const std::string& out) {
  std::istringstream in(out);
  std::string kept;
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("mean time ") || line.starts_with("worst time ") || line.starts_with("nodes/s ") || line.starts_with("wall time "))
      continue;
    if (const size_t us = line.find(" ; us="); us != std::string::npos) {
      const size_t end = line.find(" ; ", us + 1);
      line.erase(us, end == std::string::npos ? std::string::npos : end - us);
    }
    kept += line + "\n";
  }
  return kept;
}

// MCGS's Clobber lines but the first 40 (the largest boards: 80% of the file's time).
std::string fastClobberLines() {
  std::ifstream in(testing::positionsDir() + "/clobber/mcgs-autotests.txt");
  std::string kept;
  int lines = 0;
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#' && ++lines > 40) kept += line + "\n";
  return writeTemp("clobber.txt", kept);
}

// Shipped suites of the three games and a file of lines whose answers are wrong on purpose (win
// for a loss, and a known failure that passes): one run of 465 lines, 0.2 s of one core.
std::vector<std::string> suiteFiles() {
  const std::string dir = testing::positionsDir();
  return {dir + "/amazons/known-results.txt", fastClobberLines(), dir + "/yinsh/endgames.txt",
          writeTemp("wrong.txt",
                    "x..o ; w ; loss ; src=wrong on purpose: CGSuite gives +-1, a first-player win\n"
                    "xo|ox ; b ; loss ; game=clobber ; src=wrong on purpose: * is a first-player win\n"
                    ".x#|##. ; w ; loss* ; L ; moves=1 ; src=CGSuite, marked as failing although it passes\n")};
}

// One process on one thread against `ranks` ranks whose workers run `threads` lanes each.
void expectSuiteOverRanks(int ranks, int threads) {
  std::vector<std::string> args = {"suite", "--threads", "1"};
  for (const std::string& f : suiteFiles()) args.push_back(f);
  const CliResult one = runCli(args);
  args[2] = std::to_string(threads);
  ASSERT_EQ(one.status, 1) << one.out << one.err;
  ASSERT_TRUE(has(one.out, "wrong outcome    : 2")) << one.out;
  ASSERT_TRUE(has(one.out, "1 unexpected passes")) << one.out;
  const CliResult many = runMpi(ranks, args);
  EXPECT_EQ(many.status, 1) << many.err;
  EXPECT_EQ(timeless(many.out), timeless(one.out));
  EXPECT_EQ(many.err, one.err);
  EXPECT_TRUE(has(many.out, "x..o ; w ; win ; value=+-1")) << many.out;
  EXPECT_TRUE(has(many.out, "FAIL (wrong outcome: expected loss) at " + suiteFiles().back() + ":1")) << many.out;
}

TEST(MpiSuite, TwoRanksPrintWhatOneProcessPrints) { expectSuiteOverRanks(2, 3); }
TEST(MpiSuite, ThreeRanksPrintWhatOneProcessPrints) { expectSuiteOverRanks(3, 1); }
TEST(MpiSuite, FourRanksPrintWhatOneProcessPrints) { expectSuiteOverRanks(4, 2); }

// --failures over ranks: only the failing lines, as one process prints them.
TEST(MpiSuite, FailuresOnlyOverRanks) {
  std::vector<std::string> args = {"suite", "--failures", "--threads", "1"};
  for (const std::string& f : suiteFiles()) args.push_back(f);
  const CliResult one = runCli(args);
  const CliResult many = runMpi(3, args);
  EXPECT_EQ(many.status, one.status);
  EXPECT_EQ(timeless(many.out), timeless(one.out));
}

// verify over ranks: the claims of the three games (wrong ones among them), reported as one
// process reports them.
TEST(MpiSuite, VerifyOverRanksPrintsWhatOneProcessPrints) {
  std::ifstream yinsh(testing::positionsDir() + "/yinsh/endgames.txt");
  std::string yinshLine;
  while (std::getline(yinsh, yinshLine) && (yinshLine.empty() || yinshLine[0] == '#')) {
  }
  const std::string yinshPosition = yinshLine.substr(0, yinshLine.find(" ; "));
  const std::string claims = writeTemp("claims.txt",
                                       ".x##o.|##.##.|..#### ; b ; move=b3-a3(b3) ; outcome=win\n"
                                       ".x##o.|##.##.|..#### ; b ; move=b3c2b1 ; outcome=win ; margin=1\n"
                                       ".x##o.|##.##.|..#### ; w ; outcome=win ; margin=2\n"
                                       "x..o ; b ; margin=1\n"
                                       "xo|ox ; w ; outcome=loss ; game=clobber\n"
                                       "xo ; b ; margin=0 ; game=clobber\n" +
                                           yinshPosition + " ; w ; outcome=draw ; game=yinsh\n");
  const CliResult one = runCli({"verify", "--threads", "1", claims});
  ASSERT_EQ(one.status, 1) << one.out << one.err;
  ASSERT_TRUE(has(one.out, "claims.txt:5: xo|ox ; w ; outcome=loss wrong")) << one.out;
  for (int ranks : {2, 4}) {
    const CliResult many = runMpi(ranks, {"verify", "--threads", "1", claims});
    EXPECT_EQ(many.status, 1) << ranks << " ranks: " << many.err;
    EXPECT_EQ(many.out, one.out) << ranks << " ranks";
  }
}

// A worker killed in the middle of a line: mpirun stops the job, and rank 0 prints the line it
// has, names the two lines without a result, and the run exits non-zero, within seconds (the
// 5x5 start takes its worker far longer than the moment before the kill).
TEST(MpiSuite, AKilledWorkerLeavesItsLinesNamedAsNotRun) {
  const std::string suite = writeTemp("slow.txt",
                                      "x..o ; w ; win ; src=CGSuite\n"
                                      ".x.x.|x...x|.....|o...o|.o.o. ; b ; win ; src=Müller 2001\n"
                                      ".x#|##. ; w ; loss ; L ; moves=1 ; src=CGSuite\n");
  const std::string out = tempPath("killed-stdout"), err = tempPath("killed-stderr");
  // The worker is mpiexec's child whose rank is 1; it is killed once rank 0 has printed the first
  // line, while it solves the second (one lane: --threads 1).
  const std::string script =
      mpiexec(2) + " suite --threads 1 --time-limit 60 " + quoted(suite) + " >" + quoted(out) + " 2>" + quoted(err) +
      " & m=$!\n"
      "for i in $(seq 300); do [ -s " + quoted(out) + " ] && break; sleep 0.1; done\n"
      "for p in $(pgrep -P $m); do tr '\\0' '\\n' </proc/$p/environ | grep -qx OMPI_COMM_WORLD_RANK=1 && kill -9 $p; done\n"
      "wait $m\n";
  const auto start = std::chrono::steady_clock::now();
  const int rc = std::system(("bash -c " + quoted(script)).c_str());
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const std::string printed = testing::slurp(out);
  EXPECT_TRUE(WIFEXITED(rc) && WEXITSTATUS(rc) != 0) << rc;
  EXPECT_LT(seconds, 50) << "the killed worker's line was waited for";
  EXPECT_TRUE(has(printed, "x..o ; w ; win ; value=+-1")) << printed;
  EXPECT_TRUE(has(printed, ".x.x.|x...x|.....|o...o|.o.o. ; b ; not run (the job was stopped) at " + suite + ":2")) << printed;
  EXPECT_TRUE(has(printed, ".x#|##. ; w ; not run (the job was stopped) at " + suite + ":3")) << printed;
  EXPECT_TRUE(has(printed, "not run          : 2 (the job was stopped)")) << printed;
  EXPECT_TRUE(has(printed, "result           : INTERRUPTED")) << printed;
}

// A command that is not shared out runs on rank 0 alone: printed once, its status kept. (The
// default command is shared out: the job search, mpi_jobs_test.cpp.)
TEST(MpiSuite, OtherCommandsRunOnRankZeroAlone) {
  const std::string position = testing::example("small-endgame.txt");
  const CliResult one = runCli({"perft", position, "2"});
  ASSERT_EQ(one.status, 0) << one.err;
  const CliResult many = runMpi(3, {"perft", position, "2"});
  EXPECT_EQ(many.status, 0) << many.err;
  std::string a = one.out, b = many.out;
  auto withoutTimes = [](std::string s) {  // "... s" times in the report
    std::string kept;
    std::istringstream in(s);
    for (std::string line; std::getline(in, line);)
      if (!has(line, "time") && !has(line, "nodes/s")) kept += line + "\n";
    return kept;
  };
  EXPECT_EQ(withoutTimes(b), withoutTimes(a));
}

// Errors are said once (by rank 0) and end the job: a usage error (every rank meets it) and a
// missing file (only rank 0 reads the files; the workers it stops).
TEST(MpiSuite, ErrorsAreSaidOnceAndEndTheJob) {
  const CliResult usage = runMpi(3, {"suite", "--threads", "-1", "x.txt"});
  const CliResult usageOne = runCli({"suite", "--threads", "-1", "x.txt"});
  EXPECT_EQ(usage.status, 2);
  EXPECT_EQ(usage.err, usageOne.err);
  const std::string missing = tempPath("no-such-suite.txt");
  const CliResult file = runMpi(3, {"suite", missing});
  const CliResult fileOne = runCli({"suite", missing});
  EXPECT_EQ(file.status, 2);
  EXPECT_EQ(file.err, fileOne.err);
  EXPECT_EQ(file.out, "");
  // A database that a worker cannot open: its message, as one process says it.
  const std::string db = tempPath("no-such.db");
  const std::string known = testing::positionsDir() + "/amazons/known-results.txt";
  const CliResult worker = runMpi(3, {"suite", "--db", db, known});
  const CliResult workerOne = runCli({"suite", "--db", db, known});
  EXPECT_EQ(worker.status, 2) << worker.err;
  EXPECT_EQ(worker.err, workerOne.err);
}

}  // namespace
}  // namespace amazons
