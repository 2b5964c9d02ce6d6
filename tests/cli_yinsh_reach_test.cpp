// `amazons-solve reach --game yinsh` end to end: a line per game and the medians of its figures;
// the first position left unknown is printed with its pool.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/cli_run.h"

namespace amazons {
namespace {

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

TEST(CliYinshReach, ReportsEachGameAndTheMedians) {
  const testing::CliResult r = testing::runCli({"reach", "--game", "yinsh", "--games", "2", "--seed", "3", "--time-limit", "0.2", "--hash", "16"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::regex game(R"(^game (\d) \(seed (\d)\): \d+ plies, .*; reach (\d+) plies, pool (\d+) \(.*; next unknown: (.*)$)");
  const std::regex unknown(R"(^pool (\d+), rings removed \d-\d, [0-9.]+ s: ([.wWbB|]+) ; [wb]$)");
  std::vector<double> reaches, pools;
  std::istringstream lines(r.out);
  std::string line;
  while (std::getline(lines, line) && line.rfind("median", 0) != 0) {
    std::smatch m, u;
    ASSERT_TRUE(std::regex_match(line, m, game)) << line;
    EXPECT_EQ(std::stoi(m[1]) + 2, std::stoi(m[2])) << "game i has seed 3 + i - 1";
    reaches.push_back(std::stoi(m[3]));
    pools.push_back(std::stoi(m[4]));
    EXPECT_GE(reaches.back(), 1) << "the last turn's position is settled at once";
    const std::string next = m[5];
    ASSERT_TRUE(std::regex_match(next, u, unknown)) << next;
    const std::string board = u[2];
    EXPECT_EQ(std::stoi(u[1]), 51 - std::count_if(board.begin(), board.end(), [](char c) { return c == 'w' || c == 'b'; }));
  }
  ASSERT_EQ(reaches.size(), 2u) << r.out;
  std::ostringstream expected;
  expected << "median reach: " << median(reaches) << " plies, pool " << median(pools) << " (2 games)";
  EXPECT_EQ(line, expected.str());
}

}  // namespace
}  // namespace amazons
