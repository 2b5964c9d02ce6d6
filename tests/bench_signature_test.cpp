// `amazons-solve bench` searches a fixed list of endgames on one thread: its node count is the
// search's signature, recorded in bench/signature.txt; `bench --game clobber` likewise for
// Clobber, in bench/signature-clobber.txt, and `bench --game yinsh` for Yinsh's solver, in
// bench/signature-yinsh.txt.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "tests/support/cli_run.h"
#include "tests/support/paths.h"

namespace amazons {
namespace {

// The first number in `file` (bench/), and the node count `amazons-solve bench ARGS` prints.
void expectSignature(const std::string& file, const std::vector<std::string>& args) {
  const std::string path = testing::positionsDir() + "/../bench/" + file;
  std::ifstream in(path);
  ASSERT_TRUE(in) << "cannot read " << path;
  std::string line;
  unsigned long long recorded = 0;
  bool found = false;
  while (std::getline(in, line))
    if (!line.empty() && line[0] != '#') {
      recorded = std::stoull(line);
      found = true;
      break;
    }
  ASSERT_TRUE(found) << path << " has no node count";

  const testing::CliResult r = testing::runCli(args);
  const std::string& out = r.out;
  ASSERT_EQ(r.status, 0) << out << r.err;
  std::smatch m;
  ASSERT_TRUE(std::regex_search(out, m, std::regex(R"(Nodes searched : (\d+))"))) << out;
  EXPECT_EQ(std::stoull(m[1].str()), recorded)
      << out << "\nThe bench node count changed. A change that alters the search must update the recorded value in "
      << path << " in the same commit (`scripts/bench [--game G] --record` writes it).";
}

TEST(BenchSignature, NodeCountMatchesTheRecordedValue) { expectSignature("signature.txt", {"bench"}); }

TEST(BenchSignature, ClobberNodeCountMatchesTheRecordedValue) {
  expectSignature("signature-clobber.txt", {"bench", "--game", "clobber"});
}

TEST(BenchSignature, YinshNodeCountMatchesTheRecordedValue) { expectSignature("signature-yinsh.txt", {"bench", "--game", "yinsh"}); }

}  // namespace
}  // namespace amazons
