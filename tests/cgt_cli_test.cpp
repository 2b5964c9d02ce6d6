// The `amazons-solve cgt` command, run as a subprocess.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

#include "tests/support/cpu_time.h"
#include "tests/support/paths.h"

namespace {

struct Result {
  int status;
  std::string out;
};

// Runs the CLI with one quoted expression argument (plus flags); stderr merged into the output.
// With no --time-limit in `args`, none (not the default 10 s): what a test expects must not
// depend on the machine's load, and the count of sums (--node-limit) bounds the work.
Result run(const std::string& args) {
  const std::string limit = args.find("--time-limit") == std::string::npos ? "--time-limit 0 " : "";
  const std::string cmd = amazons::testing::cliPath() + " cgt " + limit + args + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return {-1, ""};
  std::string out;
  std::array<char, 256> buf;
  while (fgets(buf.data(), buf.size(), p)) out += buf.data();
  const int st = pclose(p);
  return {WIFEXITED(st) ? WEXITSTATUS(st) : -1, out};
}

TEST(CgtCli, CanonicalForms) {
  EXPECT_EQ(run("'^ + ^ + *'").out, "^^*\n");
  EXPECT_EQ(run("'{3|{2|0}}'").out, "{3||2|0}\n");
  EXPECT_EQ(run("'{1|-1} + {1|-1}'").out, "0\n");
  EXPECT_EQ(run("'*2 + *3'").out, "*\n");
  EXPECT_EQ(run("'1/2 + 1/4'").out, "3/4\n");
}

TEST(CgtCli, Comparisons) {
  EXPECT_EQ(run("'^ + ^ + * >= 0'").out, "true\n");
  EXPECT_EQ(run("'^ > 0'").out, "true\n");
  EXPECT_EQ(run("'^ || *'").out, "true\n");
  EXPECT_EQ(run("'^* || 0'").out, "true\n");
  EXPECT_EQ(run("'^* <| 0'").out, "true\n");
  EXPECT_EQ(run("'^* |> 0'").out, "true\n");
  EXPECT_EQ(run("'{0|^} == ^^*'").out, "true\n");
  EXPECT_EQ(run("'{0|^} = ^^*'").out, "true\n");
  EXPECT_EQ(run("'1/2 < 1'").out, "true\n");
  EXPECT_EQ(run("'1 <= 1/2'").out, "false\n");
  EXPECT_EQ(run("'{3||2|0} <= 4'").out, "true\n");
  EXPECT_EQ(run("'{3||2|0} <= 3'").out, "false\n");  // Left moves to 3 first
}

TEST(CgtCli, Flags) {
  EXPECT_EQ(run("--mean --temperature '{3|-1}'").out, "1\n2\n");
  EXPECT_EQ(run("--outcome '+-1'").out, "N\n");
  EXPECT_EQ(run("--outcome '^'").out, "L\n");
  EXPECT_EQ(run("--temperature '1/2'").out, "-1/2\n");
}

TEST(CgtCli, Errors) {
  Result r = run("'1 + '");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "<expression>:1:5: error: expected a value\n");
  r = run("'0 <= {1|2|3}'");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out.rfind("<expression>:1:10: error:", 0), 0u) << r.out;
  EXPECT_EQ(run("").status, 2);
  // Values past what the table holds are input errors too, found while adding.
  r = run("'4194304 + 4194304'");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "<expression>: error: cgt::integer: magnitude above 2^22\n");
}

TEST(CgtCli, ExpressionsStartingWithAMinus) {
  EXPECT_EQ(run("-1/2 + 1").out, "1/2\n");
  EXPECT_EQ(run("-v").out, "^\n");
  EXPECT_EQ(run("-h").status, 0);
}

// Past --node-limit (new sums) an expression is unknown: exit status 1, the reason on stderr,
// nothing else on stdout. *2000 + ^ needs thousands of sums; *5 + ^ some tens.
TEST(CgtCli, UnknownPastTheNodeLimit) {
  Result r = run("--node-limit 100 '^*2000'");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "amazons-solve cgt: more than 100 new sums needed (--node-limit; 0: no limit): unknown\nunknown\n");
  r = run("--node-limit 100 --outcome '^*2000'");
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(r.out.ends_with("\nunknown\n")) << r.out;
  r = run("--node-limit 100 '^*2000 > 0'");
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(r.out.ends_with("\nunknown\n")) << r.out;
  EXPECT_EQ(run("--node-limit 100 '^*5'").out, "^*5\n");
}

// A sum of 15 switches and 7 ups (117 bytes) whose canonical form takes 7 s and 470 MB
// unbounded: the default allowance (a million new sums) stops it.
TEST(CgtCli, ALongSumOfHotValuesStopsAtTheDefaultAllowance) {
  const Result r = run("'^6*+-9v9*+-29^8+-34v6*+-25^2+^6+v3+-61v5*+-38v3+-77v5+-30v8+-6v6*+v6+-53v4*+-46^9+-13v7*+^5+-38^3+-90v2*+-42^6+v7*+v3'");
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(r.out.ends_with("\nunknown\n")) << r.out;
}

// ^*2000 (minutes unbounded: few sums, each of lists of a thousand options) is stopped by the
// clock. Bounded in processor time, which a busy machine does not stretch: a second to the
// limit, then two more for the process's start and end.
TEST(CgtCli, TheTimeLimitStopsOneCostlySum) {
  const double start = amazons::testing::childCpuSeconds();
  const Result r = run("--time-limit 1 '^*2000'");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "amazons-solve cgt: time limit of 1 s reached (--time-limit; 0: no limit): unknown\nunknown\n");
  EXPECT_LT(amazons::testing::childCpuSeconds() - start, 3);
}

// Values tens of thousands of levels deep (^n is {0|^(n-1)*}) are evaluated on the command's
// large stack: ^1000000 overflowed the stack before its first sum, ^20000 when printed.
TEST(CgtCli, DeepValues) {
  EXPECT_EQ(run("'^30000 > ^29999'").out, "true\n");
  EXPECT_EQ(run("'v30000 < v29999'").out, "true\n");
  const Result deep = run("'^25000'");
  ASSERT_EQ(deep.status, 0);
  ASSERT_GT(deep.out.size(), 25000u);
  std::string readBack = "'";
  readBack.append(deep.out, 0, deep.out.size() - 1).append(" == ^25000'");
  EXPECT_EQ(run(readBack).out, "true\n");
  const Result r = run("'^1000000'");
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(r.out.ends_with("\nunknown\n")) << r.out;
}

TEST(CgtCli, LimitsHaveRanges) {
  EXPECT_EQ(run("--time-limit -1 0").status, 2);
  EXPECT_EQ(run("--node-limit -5 0").status, 2);
  EXPECT_EQ(run("--node-limit x 0").status, 2);
  const Result help = run("--help");
  EXPECT_NE(help.out.find("--node-limit"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("--time-limit"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("[0..1e+09]"), std::string::npos) << help.out;
}

}  // namespace
