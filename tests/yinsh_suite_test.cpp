// Yinsh suite lines (game=yinsh) end to end: `suite` and `verify` on endgames of seeded random
// games whose answers come from the naive twin (tests/support/yinsh_naive: the rules written
// again, plain minimax to the end), never from the solver. Deliberately wrong answers (the
// outcome, the plies, an action that is not optimal) fail; errors name the line and the column.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "solver/core/errors.h"
#include "solver/core/suite.h"
#include "solver/yinsh/formats.h"
#include "solver/yinsh/notation.h"
#include "solver/yinsh/suite.h"
#include "tests/support/cli_run.h"
#include "tests/support/yinsh_naive.h"

namespace amazons {
namespace {

using namespace yinsh;
using testing::CliResult;
using testing::has;
using testing::runCli;
using testing::writeTemp;

// Positions a few plies before the end of random games (turns uniform over legalTurns,
// std::mt19937 with the seed given); the twin settles each, and every position after it, in a
// second at most.
struct Endgame {
  const char* position;
  const char* toMove;
};
constexpr Endgame kEndgames[] = {
    {"wbbw|B.bbwbb|Ww.bwwwb|.ww.wwww.|.w...W..wb|.b.wbbwbb|.ww.ww....|bb.wbWBB.|wwwbb.w.|..w..w.|.w..", "w"},  // seed 1
    {"wbbb|w.Bw.ww|.b.bwbb.|..wbw..wW|W..w..b..b|b.wB.wb.w|.w...wwb.w|.b...bw.w|Wwbbww.w|w.ww.bw|.Bbb", "b"},  // seed 38
    {"bBbb|bwb.bbw|b..wbww.|bbw.w..b.|w.b..w..bw|.wWb.ww..|bb..b.bbw.|.BwbbWb..|.wwb.wWw|bB.w.w.|w...", "b"},  // seed 34
    {"w.wW|b.bwww.|bb...bwb|.ww.wb.W.|b.Bw..bwb.|b...w.bw.|.bWb.w.b.w|bw.bb.B.b|wbbbB.bb|.bwwWwb|w..w", "b"},  // seed 25
    {"Wwbw|wb.w.bb|bwWw.b.B|.b.w.Wb.b|.w.b..wbw.|w.w.wwwbb|.w.wbb.bw.|.wWwbbwwb|b..wb...|.B.bwb.|b.Bb", "w"},  // seed 10
    {"w...|.b.....|bbbw.w.W|.bb..bwbw|.b.w.bWww.|w.bb.w.b.|B.wbwwwb.b|w.b.bwwBw|..b.wwBw|w..Wwwb|wwb.", "b"},  // seed 33
};

// The twin's answer as a score for the side to move: a win in n plies 1000 - n, a loss in n
// -(1000 - n), a draw 0.
int twinScore(const yinsh_naive::Position& p) {
  const yinsh_naive::Outcome o = yinsh_naive::solve(p);
  return o.result == yinsh_naive::Result::Win ? 1000 - o.plies : o.result == yinsh_naive::Result::Loss ? -(1000 - o.plies) : 0;
}

// An endgame with its answer: the score, and each action's score through it.
struct Solved {
  std::string position, toMove;
  int score = 0;
  std::vector<std::string> optimal, other;  // actions that keep the score, and the rest
  std::string outcome() const { return score > 0 ? "win" : score < 0 ? "loss" : "draw"; }
  int plies() const { return 1000 - std::abs(score); }
  std::string line(const std::string& outcome, const std::string& rest = {}) const {
    return position + " ; " + toMove + " ; " + outcome + rest + " ; src=twin\n";
  }
  // The answer, two optimal actions as best= (one, where only one is).
  std::string correctLine() const {
    std::string line = position + " ; " + toMove + " ; " + outcome();
    if (score != 0) line += " ; plies=" + std::to_string(plies());
    return line + " ; best=" + optimal.front() + (optimal.size() > 1 ? "," + optimal.back() : "") + " ; src=twin\n";
  }
};

const std::vector<Solved>& solved() {
  static const std::vector<Solved> all = [] {
    std::vector<Solved> out;
    for (const Endgame& e : kEndgames) {
      Solved s;
      s.position = e.position;
      s.toMove = e.toMove;
      const yinsh_naive::Position p{e.position, e.toMove[0]};
      s.score = twinScore(p);
      for (const std::string& action : yinsh_naive::legalActions(p)) {
        const int child = twinScore(yinsh_naive::play(p, action));
        const int through = child > 0 ? -(child - 1) : child < 0 ? -(child + 1) : 0;  // one ply further
        (through == s.score ? s.optimal : s.other).push_back(action);
      }
      out.push_back(s);
    }
    return out;
  }();
  return all;
}

// The endgames cover every outcome, and the first (the tests' example) has an action that is
// not optimal.
TEST(YinshSuite, TheEndgamesCoverWinDrawAndLoss) {
  int wins = 0, draws = 0, losses = 0;
  for (const Solved& s : solved()) {
    (s.score > 0 ? wins : s.score < 0 ? losses : draws)++;
    EXPECT_FALSE(s.optimal.empty());
  }
  EXPECT_GT(wins, 0);
  EXPECT_GT(draws, 0);
  EXPECT_GT(losses, 0);
  EXPECT_FALSE(solved().front().other.empty());
}

TEST(YinshSuite, CorrectLinesPass) {
  std::string text = "# answers from the naive twin\n";
  for (const Solved& s : solved()) text += s.correctLine();
  const CliResult r = runCli({"suite", "--game", "yinsh", "--threads", "2", writeTemp("ok.txt", text)});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "positions        : " + std::to_string(solved().size()))) << r.out;
  EXPECT_TRUE(has(r.out, "result           : OK")) << r.out;
  // A line each, in input order, with the exact answer.
  size_t at = 0;
  for (const Solved& s : solved()) {
    std::string answer = s.position + " ; " + s.toMove + " ; " + s.outcome();
    if (s.score != 0) answer += " ; plies=" + std::to_string(s.plies());
    at = r.out.find(answer, at);
    ASSERT_NE(at, std::string::npos) << answer << "\n" << r.out;
  }
}

// `suite` reads each line by its game: Yinsh lines (game=yinsh) among Amazons ones.
TEST(YinshSuite, MixedWithAnotherGame) {
  const Solved& s = solved().front();
  const std::string yinshLine = s.correctLine();
  const std::string text = "x.|.o ; b ; loss ; src=CGSuite\n" + yinshLine.substr(0, yinshLine.size() - 1) + " ; game=yinsh\n";
  const CliResult r = runCli({"suite", writeTemp("mixed.txt", text)});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "positions        : 2")) << r.out;
}

TEST(YinshSuite, WrongAnswersFail) {
  std::string text;
  size_t outcomes = 0, plies = 0, moves = 0;
  for (const Solved& s : solved()) {
    text += s.line(s.score > 0 ? "loss" : "win", s.score == 0 ? " ; plies=3" : "");  // a draw called a win in 3
    ++outcomes;
    if (s.score != 0) {
      text += s.line(s.outcome(), " ; plies=" + std::to_string(s.plies() + 2));
      ++plies;
    }
    if (!s.other.empty()) {
      text += s.line(s.outcome(), " ; best=" + s.other.front());
      ++moves;
    }
  }
  const CliResult r = runCli({"suite", "--game", "yinsh", writeTemp("bad.txt", text)});
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "wrong outcome    : " + std::to_string(outcomes))) << r.out;
  EXPECT_TRUE(has(r.out, "wrong value      : " + std::to_string(plies))) << r.out;
  EXPECT_TRUE(has(r.out, "wrong move       : " + std::to_string(moves))) << r.out;
  EXPECT_TRUE(has(r.out, "unsolved         : 0")) << r.out;
  EXPECT_TRUE(has(r.out, "FAIL (wrong outcome: expected ")) << r.out;
  EXPECT_TRUE(has(r.out, "FAIL (wrong plies: expected ")) << r.out;
  EXPECT_TRUE(has(r.out, "FAIL (best move " + solved().front().other.front() + " gives ")) << r.out;
  EXPECT_TRUE(has(r.out, "bad.txt:1")) << r.out;
}

// A '*' line that fails is a known failure; one that passes, an unexpected pass.
TEST(YinshSuite, KnownFailures) {
  const Solved& s = solved().front();
  const CliResult r = runCli({"suite", "--game", "yinsh",
                              writeTemp("marked.txt", s.line(s.score > 0 ? "loss*" : "win*") + s.line(s.outcome() + "*"))});
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_TRUE(has(r.out, "known failures   : 2 marked, 1 still failing, 1 unexpected passes")) << r.out;
}

// --node-limit bounds each line's work: a line that needs more is unsolved.
TEST(YinshSuite, NodeLimitLeavesALineUnsolved) {
  const Solved& s = solved().front();
  const CliResult r = runCli({"suite", "--game", "yinsh", "--node-limit", "3", writeTemp("tight.txt", s.correctLine())});
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_TRUE(has(r.out, " ; unknown ; nodes=")) << r.out;
  EXPECT_TRUE(has(r.out, "FAIL (unsolved (time or node limit))")) << r.out;
  EXPECT_TRUE(has(r.out, "unsolved         : 1")) << r.out;
}

// A line's answer and its count of nodes are those of a run alone, whatever ran before it.
TEST(YinshSuite, LinesAreIndependent) {
  std::string all;
  for (const Solved& s : solved()) all += s.correctLine();
  const std::string last = solved().back().correctLine();
  // The output line of `position` (the last), up to its time.
  auto resultLine = [](const std::string& out, const std::string& position) {
    const size_t at = out.rfind(position);
    return at == std::string::npos ? std::string() : out.substr(at, out.find(" ; us=", at) - at);
  };
  const CliResult alone = runCli({"suite", "--game", "yinsh", "--threads", "1", writeTemp("alone.txt", last)});
  const CliResult after = runCli({"suite", "--game", "yinsh", "--threads", "1", writeTemp("all.txt", all)});
  const std::string line = resultLine(alone.out, solved().back().position);
  ASSERT_FALSE(line.empty()) << alone.out;
  EXPECT_EQ(resultLine(after.out, solved().back().position), line);
}

TEST(YinshSuite, VerifyChecksMovesAndOutcomes) {
  std::string claims;
  size_t wrongMoves = 0;
  for (const Solved& s : solved()) {
    claims += s.position + " ; " + s.toMove + " ; move=" + s.optimal.back() + " ; outcome=" + s.outcome() + "\n";
    // A wrong outcome, with a move that is not optimal where there is one.
    const std::string wrongOutcome = std::string(" ; outcome=") + (s.score == 0 ? "loss" : "draw") + "\n";
    if (s.other.empty()) {
      claims += s.position + " ; " + s.toMove + wrongOutcome;
    } else {
      claims += s.position + " ; " + s.toMove + " ; move=" + s.other.front() + wrongOutcome;
      ++wrongMoves;
    }
  }
  const CliResult r = runCli({"verify", "--game", "yinsh", writeTemp("claims.txt", claims)});
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  const size_t n = solved().size();
  EXPECT_TRUE(has(r.out, "claims           : " + std::to_string(3 * n + wrongMoves) + " (" + std::to_string(n + wrongMoves) +
                             " moves, " + std::to_string(2 * n) + " outcomes, 0 margins)"))
      << r.out;
  EXPECT_TRUE(has(r.out, "wrong moves      : " + std::to_string(wrongMoves))) << r.out;
  EXPECT_TRUE(has(r.out, "wrong outcomes   : " + std::to_string(n))) << r.out;
  const Solved& s = solved().front();
  EXPECT_TRUE(has(r.out, "claims.txt:2: " + s.position + " ; " + s.toMove + " ; move=" + s.other.front() + " gives ")) << r.out;
  EXPECT_TRUE(has(r.out, "claims.txt:2: " + s.position + " ; " + s.toMove + " ; outcome=draw wrong; exact: win in " +
                             std::to_string(s.plies()) + " plies by "))
      << r.out;
  EXPECT_FALSE(has(r.out, "claims.txt:1:")) << r.out;
  EXPECT_TRUE(has(r.out, "result           : FAIL")) << r.out;
}

// A bad line: exit 2 and file:line:column, the column where the fault is on the line.
TEST(YinshSuite, BadLinesNameLineAndColumn) {
  const Solved& s = solved().front();  // White to move, a ring move e6-g8 that ends the turn
  const std::string p = s.position;
  struct Case {
    std::string text, at;  // the line, and the text where the fault is (empty: the line's start)
    const char* fragment;
  };
  const std::vector<Case> cases = {
      {p.substr(0, 5) + "Q" + p.substr(6) + " ; w ; draw ; game=yinsh\n", "Q", "unexpected 'Q' at b1"},
      {p + " ; w ; win ; best=" + s.optimal.front() + ",a1-a2 ; game=yinsh\n", "a1-a2", "'a1-a2' is not a legal step here"},
      {p + " ; w ; move=e6-g8;xa1-a5 ; game=yinsh\n", "xa1-a5", "the turn is over before this step"},
      {p + " ; w ; draw ; game=amazons\n", "draw", "amazons has no draws"},
      {p + "|.... ; w ; draw ; game=yinsh\n", "", "the one-line form has 11 groups"},
      {"w ; w ; draw ; plies=2 ; game=yinsh\n", "plies", "plies= goes with win or loss"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    const std::string path = writeTemp("bad-line.txt", "# a comment\n" + c.text);
    const CliResult r = runCli({"suite", path});
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "");
    const size_t column = c.at.empty() ? 1 : c.text.find(c.at) + 1;
    EXPECT_TRUE(has(r.err, path + ":2:" + std::to_string(column) + ": error: " + c.fragment)) << r.err;
  }
}

// The reader's case: the position with its side, the actions read in either end's order and
// case, and the line written back as it reads.
TEST(YinshSuite, CaseReadAndWrittenBack) {
  const Solved& s = solved().back();  // Black wins by the row f7-j11: i10-d5;xf7-j11xd5
  const core::SuiteLine fields = core::parseSuiteFields(s.position + " ; B ; WIN ; plies=1 ; best=I10-D5;XJ11-F7XD5 ; game=yinsh", 7);
  const SuiteCase c = suiteCase(fields, "f.txt");
  EXPECT_EQ(c.position, parseOneLine(s.position, Color::Black, Rules{}));
  ASSERT_EQ(c.best.size(), 1u);
  EXPECT_EQ(formatTurn(c.best[0].turn), "i10-d5;xf7-j11xd5");
  const std::string written = suiteLineText(c);
  EXPECT_EQ(written, s.position + " ; b ; win ; plies=1 ; best=i10-d5;xf7-j11xd5 ; game=yinsh");
  EXPECT_EQ(suiteLineText(suiteCase(core::parseSuiteFields(written), "f.txt")), written);
}

}  // namespace
}  // namespace amazons
