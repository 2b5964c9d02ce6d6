// positions/yinsh/endgames.txt (made by tests/tools/yinsh_suite_gen from random and self-play
// games, every answer from the naive twin's minimax): the exact solver gives every line's result
// and plies, and the twin, asked again, gives the answers (all of them, or a sample where it is
// slow).
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "solver/yinsh/formats.h"
#include "solver/yinsh/solver.h"
#include "tests/support/paths.h"
#include "tests/support/yinsh_naive.h"

namespace amazons {
namespace {

using namespace yinsh;

struct Line {
  int number;
  std::string board, side, result, plies, game, src;
};

std::string trimmed(const std::string& s) {
  const size_t a = s.find_first_not_of(' '), b = s.find_last_not_of(' ');
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

// The suite's lines: ONE-LINE ; w|b ; win|draw|loss ; key=value ... (README's suite format).
std::vector<Line> readSuite(const std::string& path) {
  std::ifstream in(path);
  EXPECT_TRUE(in) << path;
  std::vector<Line> lines;
  std::string text;
  for (int number = 1; std::getline(in, text); ++number) {
    if (text.empty() || text[0] == '#') continue;
    std::vector<std::string> fields;
    for (size_t start = 0;;) {
      const size_t end = text.find(';', start);
      fields.push_back(trimmed(text.substr(start, end - start)));
      if (end == std::string::npos) break;
      start = end + 1;
    }
    Line line{number, fields.at(0), fields.at(1), fields.at(2), "", "", ""};
    for (size_t i = 3; i < fields.size(); ++i) {
      const size_t eq = fields[i].find('=');
      const std::string key = fields[i].substr(0, eq), value = fields[i].substr(eq + 1);
      if (key == "plies") {
        line.plies = value;
      } else if (key == "game") {
        line.game = value;
      } else if (key == "src") {
        line.src = value;
      } else {
        ADD_FAILURE() << "line " << number << ": unexpected field " << fields[i];
      }
    }
    lines.push_back(line);
  }
  return lines;
}

const char* naiveName(yinsh_naive::Result r) {
  return r == yinsh_naive::Result::Win ? "win" : r == yinsh_naive::Result::Draw ? "draw" : "loss";
}

const std::vector<Line>& suite() {
  static const std::vector<Line> lines = readSuite(testing::positionsDir() + "/yinsh/endgames.txt");
  return lines;
}

TEST(YinshEndgames, LinesAreWellFormedAndMixed) {
  std::map<std::string, int> count;
  for (const Line& l : suite()) {
    EXPECT_EQ(l.game, "yinsh") << "line " << l.number;
    EXPECT_EQ(l.src.rfind("naive-twin ", 0), 0u) << "line " << l.number;
    EXPECT_EQ(l.plies.empty(), l.result == "draw") << "line " << l.number;  // plies for a win or a loss only
    ++count[l.result];
    ++count["to move " + l.side];
    ++count[l.src.find("random-game") != std::string::npos ? "random" : l.src.find("bot-game") != std::string::npos ? "bot" : "other"];
  }
  EXPECT_GE(suite().size(), 200u);
  for (const char* key : {"win", "draw", "loss", "to move w", "to move b", "random", "bot"}) EXPECT_GT(count[key], 10) << key;
  EXPECT_EQ(count["other"], 0);
}

TEST(YinshEndgames, SolverGivesEveryAnswer) {
  const Rules rules;
  SolveOptions options;
  options.hashBytes = size_t{32} << 20;
  for (const Line& l : suite()) {
    const Position p = parseOneLine(l.board, l.side == "w" ? Color::White : Color::Black, rules);
    const Solution s = Solver(options).solve(p);
    ASSERT_TRUE(s.result.has_value()) << "line " << l.number;
    EXPECT_EQ(resultName(*s.result), l.result) << "line " << l.number << ": " << l.board;
    if (*s.result != Result::Draw) {
      EXPECT_EQ(std::to_string(s.plies.value_or(-1)), l.plies) << "line " << l.number << ": " << l.board;
    }
  }
}

// The twin's minimax walks each position's whole tree: lines 1, 6, 11, ..., then 2, 7, 12, ...
// while 20 s last (the whole file in release builds; a sample spread over it in slower ones).
TEST(YinshEndgames, NaiveTwinRederivesTheAnswers) {
  const auto stop = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  constexpr size_t kStride = 5;
  size_t checked = 0;
  for (size_t first = 0; first < kStride; ++first) {
    for (size_t i = first; i < suite().size() && std::chrono::steady_clock::now() < stop; i += kStride) {
      const Line& l = suite()[i];
      const yinsh_naive::Outcome o = yinsh_naive::solve({l.board, l.side[0]}, 3);
      EXPECT_EQ(naiveName(o.result), l.result) << "line " << l.number;
      if (o.result != yinsh_naive::Result::Draw) {
        EXPECT_EQ(std::to_string(o.plies), l.plies) << "line " << l.number;
      }
      ++checked;
    }
  }
  EXPECT_GE(checked, 25u);
}

}  // namespace
}  // namespace amazons
