// The suite, verify and generate commands end to end, on small temporary suites whose answers
// come from KNOWN-RESULTS (CGSuite) or the whole-board oracle, never from the solver; then the
// shipped easy endgames and known results.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "cgt/cgt.h"
#include "solver/amazons/formats.h"
#include "solver/amazons/chambers.h"
#include "solver/amazons/minimax.h"
#include "solver/amazons/suite.h"
#include "solver/core/suite.h"
#include "tests/support/cli_run.h"
#include "tests/support/naive.h"
#include "tests/support/paths.h"

namespace amazons {
namespace {

using testing::CliResult;
using testing::has;
using testing::runCli;
using testing::writeTemp;

// Answers: KNOWN-RESULTS (CGSuite) and the oracle (.x##o.|##.##.|..####: Black 3 moves in a
// defective territory, White 2: value 1).
constexpr const char* kCorrect =
    "# correct answers\n"
    "x..o ; w ; win ; N ; value=+-1 ; src=CGSuite\n"
    "x...|o... ; b ; win ; N ; value=+-{3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},+-1,+-{1,{2|0}}}} ; src=CGSuite\n"
    ".x#|##. ; w ; loss ; L ; moves=1 ; src=CGSuite\n"
    ".x##o.|##.### ; b ; loss ; P ; value=0 ; src=CGSuite\n"
    ".x##o.|##.##.|..#### ; b ; win ; L ; value=1 ; best=b3-c2(b1),b3c2b3 ; src=oracle\n";

TEST(CliSuite, CorrectSuitePasses) {
  const CliResult r = runCli({"suite", "--threads", "2", writeTemp("ok.txt", kCorrect)});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "positions        : 5")) << r.out;
  EXPECT_TRUE(has(r.out, "wrong outcome    : 0")) << r.out;
  EXPECT_TRUE(has(r.out, "result           : OK")) << r.out;
  // One result line per position, in input order.
  EXPECT_LT(r.out.find("x..o ; w ; win"), r.out.find("x...|o... ; b ; win"));
  EXPECT_LT(r.out.find("x...|o... ; b ; win"), r.out.find(".x#|##. ; w ; loss"));
}

// --node-limit holds for every line, each on an engine of its own: the correct suite passes
// within a roomy one, and the 5x5 start (Black wins, Müller 2001) is unsolved within 1,000.
TEST(CliSuite, NodeLimitLeavesLinesUnsolved) {
  const CliResult roomy = runCli({"suite", "--node-limit", "1000000", writeTemp("ok.txt", kCorrect)});
  EXPECT_EQ(roomy.status, 0) << roomy.out << roomy.err;
  const CliResult tight = runCli({"suite", "--node-limit", "1000", "--time-limit", "60", writeTemp("start.txt", ".x.x.|x...x|.....|o...o|.o.o. ; b ; win ; src=Müller 2001\n")});
  EXPECT_EQ(tight.status, 1) << tight.out << tight.err;
  EXPECT_TRUE(has(tight.out, "unknown")) << tight.out;
  EXPECT_TRUE(has(tight.out, "FAIL (unsolved (time or node limit))")) << tight.out;
  EXPECT_TRUE(has(tight.out, "unsolved         : 1")) << tight.out;
}

TEST(CliSuite, WrongOutcomeIsCountedAndFails) {
  // x.|.o = 0 (CGSuite): the player to move loses; "win" is deliberately wrong.
  const CliResult r = runCli({"suite", writeTemp("bad.txt", std::string(kCorrect) + "x.|.o ; b ; win ; src=deliberately-wrong\n")});
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "wrong outcome    : 1")) << r.out;
  EXPECT_TRUE(has(r.out, "wrong value      : 0")) << r.out;
  EXPECT_TRUE(has(r.out, "FAIL (wrong outcome: expected win)")) << r.out;
  EXPECT_TRUE(has(r.out, "bad.txt:7")) << r.out;
  EXPECT_TRUE(has(r.out, "result           : FAIL")) << r.out;
}

TEST(CliSuite, WrongValueAndWrongBestMoveAreCounted) {
  const CliResult r = runCli({"suite", writeTemp("bad.txt",
                                              ".x##o.|##.### ; b ; value=1 ; src=deliberately-wrong\n"
                                              ".x##o.|##.##.|..#### ; b ; best=b3-a3(b3) ; src=deliberately-wrong\n")});
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "wrong value      : 1")) << r.out;
  EXPECT_TRUE(has(r.out, "wrong move       : 1")) << r.out;
  EXPECT_TRUE(has(r.out, "rates best move b3-a3(b3) as losing")) << r.out;
}

TEST(CliSuite, ValueChecksBuildTotalsOverTheDisplayAllowance) {
  // Three hot 3x3 chambers: their canonical total is far over --total-nodes, which only limits
  // what is printed; a suite line that states the value still gets it checked in full. The
  // expected value is the sum, without allowance, of the chambers' naive canonical forms.
  const char* position = "..x#.x.#x..|..##...#o..|o..#..o#..#";
  const Board board = parseOneLine(position);
  cgt::GameId sum = cgt::zero();
  for (const Chamber& c : findChambers(board)) sum = cgt::add(sum, testing::naiveValue(extractRegion(board, c)));
  const std::string value = cgt::toString(sum);
  ASSERT_GT(value.size(), 1000u);
  const std::string good = std::string(position) + " ; b ; value=" + value + " ; src=naive-forms\n";
  const CliResult ok = runCli({"suite", writeTemp("hot.txt", good)});
  EXPECT_EQ(ok.status, 0) << ok.out << ok.err;
  EXPECT_TRUE(has(ok.out, "wrong value      : 0")) << ok.out;
  EXPECT_TRUE(has(ok.out, "unsolved         : 0")) << ok.out;
  const CliResult bad = runCli({"suite", writeTemp("hot-bad.txt", std::string(position) + " ; b ; value=* ; src=deliberately-wrong\n")});
  EXPECT_EQ(bad.status, 1) << bad.out;
  EXPECT_TRUE(has(bad.out, "wrong value      : 1")) << bad.out;
}

// A line that asks only the side to move's outcome has that side alone decided; one with an
// outcome class has both. Answers from the whole-board oracle; the first line's count of
// positions must be the smaller (the other side of this board is not its colour mirror, so it
// costs a search of its own).
TEST(CliSuite, AWinOrLossLineDecidesTheSideToMoveAlone) {
  const std::string position = "x...|..o.|....|.#.x";
  Board board = parseOneLine(position);
  bool wins[2];
  for (const Color mover : {Color::Black, Color::White}) {
    board.setSideToMove(mover);
    const std::optional<bool> w = WholeBoardSearch(1'000'000).moverWins(board);
    ASSERT_TRUE(w.has_value());
    wins[static_cast<int>(mover)] = *w;
  }
  const bool black = wins[static_cast<int>(Color::Black)], white = wins[static_cast<int>(Color::White)];
  const char* outcomeClass = core::outcomeClassName(core::classOf(black, white));
  const std::string outcome = black ? "win" : "loss";
  const CliResult r = runCli({"suite", "--threads", "1",
                              writeTemp("sides.txt", position + " ; b ; " + outcome + " ; src=oracle\n" + position + " ; b ; " + outcome +
                                                         " ; " + outcomeClass + " ; src=oracle\n")});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  auto nodesOfLine = [&](size_t line) {
    size_t at = 0;
    for (size_t i = 0; i < line; ++i) at = r.out.find('\n', at) + 1;
    const size_t nodes = r.out.find("nodes=", at);
    return std::stoull(r.out.substr(nodes + 6));
  };
  EXPECT_LT(nodesOfLine(0), nodesOfLine(1)) << r.out;
}

TEST(CliSuite, KnownFailureMarks) {
  // x.o = * (first player wins): "win*" passes, so it is an unexpected pass.
  CliResult r = runCli({"suite", writeTemp("star.txt", "x.o ; b ; win* ; src=CGSuite\n")});
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "1 marked, 0 still failing, 1 unexpected passes")) << r.out;
  EXPECT_TRUE(has(r.out, "UNEXPECTED PASS")) << r.out;
  // A marked line that does fail is not an error.
  r = runCli({"suite", writeTemp("star2.txt", "x.|.o ; b ; win* ; src=CGSuite\n")});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "1 marked, 1 still failing, 0 unexpected passes")) << r.out;
}

TEST(CliSuite, ParseErrorsNameFileLineColumn) {
  const std::string file = writeTemp("broken.txt", "# ok\nx.o ; b ; win\nx.o ; q ; win\n");
  const CliResult r = runCli({"suite", file});
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(has(r.err, file + ":3:7: error:")) << r.err;
  const CliResult v = runCli({"suite", writeTemp("badvalue.txt", "x.o ; b ; value={1|\n")});
  EXPECT_EQ(v.status, 2);
  EXPECT_TRUE(has(v.err, "badvalue.txt:1:")) << v.err;
}

// The suite command reads positions and moves through the game's interface (Amazons::
// parsePosition, parseMove): its errors name the same places as the Amazons reader's.
TEST(CliSuite, InputErrorsNameLineAndColumn) {
  struct Case {
    const char* text;
    const char* place;
  };
  const Case cases[] = {
      {"# c\nx.o ; q ; win\n", ":2:7: error: side to move"},
      {"x.z ; b\n", ":1:3: error:"},
      {"x..o ; b ; best=a1-b1(a1),zz\n", ":1:28: error:"},
      {"x..o ; w ; best=a1-b1(c1)\n", ":1:17: error: 'a1-b1(c1)' is not a move of the side to move"},
      {"x.o ; b ; value={1|\n", ":1:"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    const std::string file = writeTemp("errors.txt", c.text);
    const CliResult r = runCli({"suite", file});
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_TRUE(has(r.err, file + c.place)) << r.err;
  }
}

// An expected value is read under a bound (core::parseSuiteValue): 300,000 nested parentheses
// once overflowed the stack; ^*2000 needed minutes. Each is now a bad value, exit status 2.
TEST(CliSuite, CostlyExpectedValuesAreErrors) {
  const std::string deep = std::string(300000, '(') + "1" + std::string(300000, ')');
  const CliResult r = runCli({"suite", writeTemp("deep.txt", "x.o ; b ; value=" + deep + "\n")});
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(has(r.err, "deep.txt:1:")) << r.err.substr(0, 300);
  EXPECT_TRUE(has(r.err, "bad value: cgt: value too deep for the stack")) << r.err.substr(0, 300);
  const CliResult c = runCli({"suite", "--game", "clobber", writeTemp("deep2.txt", "xo ; b ; game=clobber ; value=" + deep + "\n")});
  EXPECT_EQ(c.status, 2);
  EXPECT_TRUE(has(c.err, "bad value: cgt: value too deep for the stack")) << c.err.substr(0, 300);
}

TEST(CliSuite, VerifyFlagsALosingMoveWithTheExactAnswer) {
  const std::string claims =
      ".x##o.|##.##.|..#### ; b ; move=b3-a3(b3) ; outcome=win\n"   // the move loses (oracle)
      ".x##o.|##.##.|..#### ; b ; move=b3c2b1 ; outcome=win ; margin=1\n"
      ".x##o.|##.##.|..#### ; w ; outcome=win ; margin=2\n"          // both wrong: loss, margin -1
      "x..o ; b ; margin=1\n";                                       // +-1 is no number: n/a
  const CliResult r = runCli({"verify", writeTemp("claims.txt", claims)});
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "claims.txt:1: .x##o.|##.##.|..#### ; b ; move=b3-a3(b3) loses; exact: win by b3-c2(")) << r.out;
  EXPECT_FALSE(has(r.out, "claims.txt:2:")) << r.out;
  EXPECT_TRUE(has(r.out, "claims.txt:3: .x##o.|##.##.|..#### ; w ; outcome=win wrong; exact: loss")) << r.out;
  EXPECT_TRUE(has(r.out, "margin=2 wrong; exact: margin=-1")) << r.out;
  EXPECT_TRUE(has(r.out, "wrong moves      : 1")) << r.out;
  EXPECT_TRUE(has(r.out, "wrong outcomes   : 1")) << r.out;
  EXPECT_TRUE(has(r.out, "wrong margins    : 1")) << r.out;
  EXPECT_TRUE(has(r.out, "margins n/a      : 1")) << r.out;

  const CliResult ok = runCli({"verify", writeTemp("good.txt", ".x##o.|##.##.|..#### ; b ; move=b3-c2(b3) ; outcome=win ; margin=1\n")});
  EXPECT_EQ(ok.status, 0) << ok.out << ok.err;
  EXPECT_TRUE(has(ok.out, "result           : OK")) << ok.out;
}

TEST(CliSuite, GenerateIsDeterministicAndOracleLabelled) {
  for (const char* board : {"8x8", "10x10"}) {
    const std::vector<std::string> args = {"generate", "--board", board, "--count", "4", "--seed", "5",
                                           "--max-empty", "10", "--greedy", "--label"};
    const CliResult r = runCli(args);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(runCli(args).out, r.out);
    const std::vector<SuiteEntry> entries = parseSuite(r.out);
    ASSERT_EQ(entries.size(), 4u) << r.out;
    for (const SuiteEntry& e : entries) {
      EXPECT_EQ(std::to_string(e.board.width()) + "x" + std::to_string(e.board.height()), board);
      EXPECT_EQ(e.src, "oracle");
      EXPECT_TRUE(e.moverWins && e.outcomeClass);
    }
    // The solver agrees with the oracle's labels.
    const CliResult check = runCli({"suite", writeTemp("generated.txt", r.out)});
    EXPECT_EQ(check.status, 0) << check.out;
  }
}

TEST(CliSuite, GenerateWholeGamePlaysOneLegalMoveAPly) {
  // The reach benchmark walks these games back from their end: each position must follow the
  // one before by a legal move of its side to move (naive move generator), the last ends it.
  for (const char* board : {"6x6", "10x10"}) {
    const std::vector<std::string> args = {"generate", "--board", board, "--whole-game", "--greedy", "--count", "1", "--seed", "3"};
    const CliResult r = runCli(args);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(runCli(args).out, r.out);
    const std::vector<SuiteEntry> game = parseSuite(r.out);
    ASSERT_GE(game.size(), 2u) << r.out;
    for (size_t i = 1; i < game.size(); ++i) {
      const Board& before = game[i - 1].board;
      bool follows = false;
      for (const Move& m : testing::naiveMoves(before, before.sideToMove())) {
        Board after = before;
        after.play(m);
        follows |= toOneLine(after) == toOneLine(game[i].board) && after.sideToMove() == game[i].board.sideToMove();
      }
      EXPECT_TRUE(follows) << board << " ply " << i;
    }
    EXPECT_TRUE(testing::naiveMoves(game.back().board, game.back().board.sideToMove()).empty());
  }
  EXPECT_EQ(runCli({"generate", "--board", "6x6", "--whole-game", "--label"}).status, 2);
}

TEST(CliSuite, GenerateUsageErrors) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"generate"}, std::vector<std::string>{"generate", "--board", "17x17"},
        std::vector<std::string>{"generate", "--board", "8"}, std::vector<std::string>{"generate", "--board", "2x2", "--amazons", "1"},
        std::vector<std::string>{"generate", "--board", "8x8", "--count", "-1"}}) {
    const CliResult r = runCli(args);
    EXPECT_EQ(r.status, 2) << args.back();
    EXPECT_EQ(r.out, "") << args.back();
  }
}

// The shipped easy endgames (oracle) and the published results: the solver must agree with
// every one. A failure here names the positions; do not edit the suites to match the solver.
TEST(CliSuite, EasyEndgamesAndKnownResultsAllCorrect) {
  const std::string dir = testing::positionsDir() + "/amazons/";
  const CliResult r = runCli({"suite", "--failures", dir + "endgames-easy.txt", dir + "known-results.txt"});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "result           : OK")) << r.out;
}

// Outcomes published in the MCGS solver's test files (CGSuite's, MCGS's own, a linear Clobber
// solver's), both games in one run: every one must agree.
TEST(CliSuite, PublishedMcgsResultsAllCorrect) {
  const std::string dir = testing::positionsDir();
  const CliResult r = runCli({"suite", "--failures", "--threads", "2", dir + "/amazons/mcgs-cgsuite.txt", dir + "/clobber/mcgs-autotests.txt"});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "positions        : 370")) << r.out;
  EXPECT_TRUE(has(r.out, "result           : OK")) << r.out;
}

// A line's answer, winning move, value and node count depend on the line alone, not on the
// lines solved before it in the process: each line run alone prints what it prints inside the
// file in four orders (forward, reversed, odd lines first, shuffled with a fixed seed). (A sum's parts were ordered by the ids of their forms, numbered in the
// order the process made them: after `xox|oxo|xox`, the 1xn strip's Black to move took 44
// positions instead of 42, and two other lines moved by one.) Amazons (the oracle's and
// CGSuite's) and Clobber lines (MCGS's), one thread, as a suite runs each line.
TEST(CliSuite, ALineSolvesTheSameAloneAndAfterOtherLines) {
  const std::vector<std::string> lines = {
      ".#x#.|.####|#.o.o|x#..#|.##.# ; w ; win",
      ".#x##|.##.#|...o#|x#o#.|##.## ; b ; win",
      "x...|o... ; b ; win",
      "..|x.|.o ; w ; win",
      "xox|oxo|xox ; b ; win ; game=clobber",
      "xxxxxoo|xxxxxox|xxoooxo ; b ; win ; game=clobber",
      "xxxoxxxo|xxooooxo ; b ; win ; game=clobber",
      "oxxx|xoxo|oxxx|oooo ; b ; win ; game=clobber",
      "oxxxoxx.ox.xo.xx|...............x|...xoxxo.xoooxox ; b ; win ; game=clobber",
      "oxxxoxx.ox.xo.xx|...............x|...xoxxo.xoooxox ; w ; loss ; game=clobber",
      "oxo.xxxxxo.xox.x|...............o|xooooxoo.oxxxooo|................|xo.............. ; b ; win ; game=clobber",
      "oxo.xxxxxo.xox.x|...............o|xooooxoo.oxxxooo|................|xo.............. ; w ; loss ; game=clobber",
  };
  // Each result line, its time left out, in the order solved.
  auto solved = [](const std::vector<std::string>& in) {
    std::string text;
    for (const std::string& l : in) text += l + "\n";
    const CliResult r = runCli({"suite", "--threads", "1", writeTemp("lines.txt", text)});
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    std::vector<std::string> out;
    std::istringstream stream(r.out);
    for (std::string l; std::getline(stream, l);)
      if (const size_t us = l.find(" ; us="); us != std::string::npos) out.push_back(l.substr(0, us));
    return out;
  };
  std::vector<std::string> alone;
  for (const std::string& l : lines) {
    const std::vector<std::string> one = solved({l});
    ASSERT_EQ(one.size(), 1u) << l;
    EXPECT_TRUE(has(one[0], " ; nodes=")) << one[0];
    alone.push_back(one[0]);
  }
  std::vector<size_t> forward(lines.size()), reversed, oddsFirst;
  for (size_t i = 0; i < lines.size(); ++i) forward[i] = i;
  reversed.assign(forward.rbegin(), forward.rend());
  for (size_t start : {1, 0})
    for (size_t i = start; i < lines.size(); i += 2) oddsFirst.push_back(i);
  std::vector<size_t> shuffled = forward;
  std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937(66));
  for (const std::vector<size_t>& order : {forward, reversed, oddsFirst, shuffled}) {
    std::vector<std::string> in;
    for (size_t i : order) in.push_back(lines[i]);
    const std::vector<std::string> together = solved(in);
    ASSERT_EQ(together.size(), lines.size());
    for (size_t k = 0; k < order.size(); ++k) EXPECT_EQ(together[k], alone[order[k]]) << "line " << order[k] << " after " << k << " others";
  }
}

}  // namespace
}  // namespace amazons
