// The suite and verify commands end to end, on small temporary suites whose answers come from
// KNOWN-RESULTS (CGSuite) or the whole-board oracle, never from the solver; then the shipped
// easy endgames and known results.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/paths.h"

namespace amazons {
namespace {

namespace fs = std::filesystem;

struct CliRun {
  int status = -1;
  std::string out, err;
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

class CliSuite : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("amazons_cli_suite_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string write(const std::string& name, const std::string& text) {
    const fs::path p = dir_ / name;
    std::ofstream(p) << text;
    return p.string();
  }

  CliRun run(const std::string& args) {
    const fs::path out = dir_ / "stdout", err = dir_ / "stderr";
    const std::string command = "'" + testing::cliPath() + "' " + args + " >'" + out.string() + "' 2>'" + err.string() + "'";
    const int raw = std::system(command.c_str());
    CliRun r;
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    r.out = slurp(out);
    r.err = slurp(err);
    return r;
  }

  fs::path dir_;
};

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Answers: KNOWN-RESULTS (CGSuite) and the oracle (.x##o.|##.##.|..####: Black 3 moves in a
// defective territory, White 2: value 1).
constexpr const char* kCorrect =
    "# correct answers\n"
    "x..o ; w ; win ; N ; value=+-1 ; src=CGSuite\n"
    "x...|o... ; b ; win ; N ; value=+-{3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},+-1,+-{1,{2|0}}}} ; src=CGSuite\n"
    ".x#|##. ; w ; loss ; L ; moves=1 ; src=CGSuite\n"
    ".x##o.|##.### ; b ; loss ; P ; value=0 ; src=CGSuite\n"
    ".x##o.|##.##.|..#### ; b ; win ; L ; value=1 ; best=b3-c2(b1),b3c2b3 ; src=oracle\n";

TEST_F(CliSuite, CorrectSuitePasses) {
  const CliRun r = run("suite --threads 2 '" + write("ok.txt", kCorrect) + "'");
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "positions        : 5")) << r.out;
  EXPECT_TRUE(has(r.out, "wrong outcome    : 0")) << r.out;
  EXPECT_TRUE(has(r.out, "result           : OK")) << r.out;
  // One result line per position, in input order.
  EXPECT_LT(r.out.find("x..o ; w ; win"), r.out.find("x...|o... ; b ; win"));
  EXPECT_LT(r.out.find("x...|o... ; b ; win"), r.out.find(".x#|##. ; w ; loss"));
}

TEST_F(CliSuite, WrongOutcomeIsCountedAndFails) {
  // x.|.o = 0 (CGSuite): the player to move loses; "win" is deliberately wrong.
  const CliRun r = run("suite '" + write("bad.txt", std::string(kCorrect) + "x.|.o ; b ; win ; src=deliberately-wrong\n") + "'");
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "wrong outcome    : 1")) << r.out;
  EXPECT_TRUE(has(r.out, "wrong value      : 0")) << r.out;
  EXPECT_TRUE(has(r.out, "FAIL (wrong outcome: expected win)")) << r.out;
  EXPECT_TRUE(has(r.out, "bad.txt:7")) << r.out;
  EXPECT_TRUE(has(r.out, "result           : FAIL")) << r.out;
}

TEST_F(CliSuite, WrongValueAndWrongBestMoveAreCounted) {
  const CliRun r = run("suite '" + write("bad.txt",
                                      ".x##o.|##.### ; b ; value=1 ; src=deliberately-wrong\n"
                                      ".x##o.|##.##.|..#### ; b ; best=b3-a3(b3) ; src=deliberately-wrong\n") +
                    "'");
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "wrong value      : 1")) << r.out;
  EXPECT_TRUE(has(r.out, "wrong move       : 1")) << r.out;
  EXPECT_TRUE(has(r.out, "rates best move b3-a3(b3) as losing")) << r.out;
}

TEST_F(CliSuite, KnownFailureMarks) {
  // x.o = * (first player wins): "win*" passes, so it is an unexpected pass.
  CliRun r = run("suite '" + write("star.txt", "x.o ; b ; win* ; src=CGSuite\n") + "'");
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "1 marked, 0 still failing, 1 unexpected passes")) << r.out;
  EXPECT_TRUE(has(r.out, "UNEXPECTED PASS")) << r.out;
  // A marked line that does fail is not an error.
  r = run("suite '" + write("star2.txt", "x.|.o ; b ; win* ; src=CGSuite\n") + "'");
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "1 marked, 1 still failing, 0 unexpected passes")) << r.out;
}

TEST_F(CliSuite, ParseErrorsNameFileLineColumn) {
  const std::string file = write("broken.txt", "# ok\nx.o ; b ; win\nx.o ; q ; win\n");
  const CliRun r = run("suite '" + file + "'");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(has(r.err, file + ":3:7: error:")) << r.err;
  const CliRun v = run("suite '" + write("badvalue.txt", "x.o ; b ; value={1|\n") + "'");
  EXPECT_EQ(v.status, 2);
  EXPECT_TRUE(has(v.err, "badvalue.txt:1:")) << v.err;
}

TEST_F(CliSuite, VerifyFlagsALosingMoveWithTheExactAnswer) {
  const std::string claims =
      ".x##o.|##.##.|..#### ; b ; move=b3-a3(b3) ; outcome=win\n"   // the move loses (oracle)
      ".x##o.|##.##.|..#### ; b ; move=b3c2b1 ; outcome=win ; margin=1\n"
      ".x##o.|##.##.|..#### ; w ; outcome=win ; margin=2\n"          // both wrong: loss, margin -1
      "x..o ; b ; margin=1\n";                                       // +-1 is no number: n/a
  const CliRun r = run("verify '" + write("claims.txt", claims) + "'");
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "claims.txt:1: .x##o.|##.##.|..#### ; b ; move=b3-a3(b3) loses; exact: win by b3-c2(")) << r.out;
  EXPECT_FALSE(has(r.out, "claims.txt:2:")) << r.out;
  EXPECT_TRUE(has(r.out, "claims.txt:3: .x##o.|##.##.|..#### ; w ; outcome=win wrong; exact: loss")) << r.out;
  EXPECT_TRUE(has(r.out, "margin=2 wrong; exact: margin=-1")) << r.out;
  EXPECT_TRUE(has(r.out, "wrong moves      : 1")) << r.out;
  EXPECT_TRUE(has(r.out, "wrong outcomes   : 1")) << r.out;
  EXPECT_TRUE(has(r.out, "wrong margins    : 1")) << r.out;
  EXPECT_TRUE(has(r.out, "margins n/a      : 1")) << r.out;

  const CliRun ok = run("verify '" + write("good.txt", ".x##o.|##.##.|..#### ; b ; move=b3-c2(b3) ; outcome=win ; margin=1\n") + "'");
  EXPECT_EQ(ok.status, 0) << ok.out << ok.err;
  EXPECT_TRUE(has(ok.out, "result           : OK")) << ok.out;
}

// The shipped easy endgames (oracle) and the published results: the solver must agree with
// every one. A failure here names the positions; do not edit the suites to match the solver.
TEST_F(CliSuite, EasyEndgamesAndKnownResultsAllCorrect) {
  const std::string dir = testing::positionsDir() + "/amazons/";
  const CliRun r = run("suite --failures '" + dir + "endgames-easy.txt' '" + dir + "known-results.txt'");
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "result           : OK")) << r.out;
}

}  // namespace
}  // namespace amazons
