// The `amazons-solve cgt` command, run as a subprocess.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

#include "tests/support/paths.h"

namespace {

struct Result {
  int status;
  std::string out;
};

// Runs the CLI with one quoted expression argument (plus flags); stderr merged into the output.
Result run(const std::string& args) {
  const std::string cmd = amazons::testing::cliPath() + " cgt " + args + " 2>&1";
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
}

}  // namespace
