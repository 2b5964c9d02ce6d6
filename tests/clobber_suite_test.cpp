// positions/clobber/: every line's answer again from the whole-board oracle (minimax, and the
// canonical form from the definition where a line gives value=), and from the analysis; and
// the `suite` command on it.
//
// PrintStartSuite (disabled) wrote the lines of checkerboard-starts.txt:
//   build/clobber_suite_test --gtest_also_run_disabled_tests --gtest_filter='*PrintStartSuite'
#include <gtest/gtest.h>

#include <iostream>

#include "solver/clobber/clobber.h"
#include "solver/core/analysis.h"
#include "solver/core/suite_check.h"
#include "tests/support/cli_run.h"
#include "tests/support/clobber_naive.h"
#include "tests/support/paths.h"

namespace amazons {
namespace {

using clobber::Clobber;

const char* kSuite = "/clobber/checkerboard-starts.txt";

// Boards whose whole-board minimax takes at most a few seconds, and whose canonical form from
// the definition takes at most a few seconds where value= is written.
struct Size {
  int width, height;
  bool value;
};
const Size kSizes[] = {{1, 1, true}, {2, 1, true}, {3, 1, true}, {4, 1, true}, {5, 1, true}, {6, 1, true}, {7, 1, true},
                       {8, 1, true}, {9, 1, true}, {10, 1, true}, {12, 1, true}, {2, 2, true}, {3, 2, true}, {4, 2, true},
                       {5, 2, true}, {6, 2, true}, {3, 3, true}, {4, 3, true}, {7, 2, false}, {8, 2, false}, {5, 3, false}, {6, 3, false}, {4, 4, false}, {5, 4, false}};

// The analysis takes 3 s on the 4x4 start (16 stones), 53 s on 6x3.
constexpr int kAnalysedStones = 16;

std::string classText(bool left, bool right) { return core::outcomeClassName(core::classOf(left, right)); }

std::vector<core::SuiteCase<Clobber>> loadCases() {
  std::vector<core::SuiteCase<Clobber>> cases;
  for (const core::SuiteLine& line : core::parseSuiteLines(testing::slurp(testing::positionsDir() + kSuite), kSuite)) {
    EXPECT_EQ(line.game, "clobber") << line.line;
    cases.push_back(core::suiteCase<Clobber>(line, kSuite));
  }
  return cases;
}

TEST(ClobberSuite, DISABLED_PrintStartSuite) {
  for (const Size& s : kSizes) {
    const testing::Grid grid = testing::clobberStart(s.width, s.height);
    const bool left = testing::naiveClobberMoverWins(grid, cgt::Side::Left);
    const bool right = testing::naiveClobberMoverWins(grid, cgt::Side::Right);
    std::cout << testing::oneLine(grid) << " ; b ; " << (left ? "win" : "loss") << " ; " << classText(left, right);
    if (s.value) std::cout << " ; value=" << cgt::toString(testing::naiveClobberValue(grid));
    std::cout << " ; game=clobber ; src=oracle\n";
  }
}

TEST(ClobberSuite, OracleAndAnalysisAgreeWithEveryLine) {
  const std::vector<core::SuiteCase<Clobber>> cases = loadCases();
  ASSERT_EQ(cases.size(), std::size(kSizes));
  core::Analyser<Clobber> analyser;
  for (const core::SuiteCase<Clobber>& c : cases) {
    const core::SuiteLine& e = c.fields;
    ASSERT_EQ(e.src, "oracle") << e.line;
    ASSERT_TRUE(e.outcomeClass && e.outcome) << e.line;
    const clobber::Region& board = c.board;
    testing::Grid grid;
    for (int r = board.height - 1; r >= 0; --r) {
      std::string row;
      for (int f = 0; f < board.width; ++f) row += (board.black[r] >> f) & 1 ? 'x' : (board.white[r] >> f) & 1 ? 'o' : '.';
      grid.push_back(row);
    }
    const bool left = testing::naiveClobberMoverWins(grid, cgt::Side::Left);
    const bool right = testing::naiveClobberMoverWins(grid, cgt::Side::Right);
    EXPECT_EQ(*e.outcomeClass, core::classOf(left, right)) << "line " << e.line;
    EXPECT_EQ(*e.outcome == core::Outcome::Win, e.toMove == cgt::Side::Left ? left : right) << "line " << e.line;
    if (c.value) {
      EXPECT_EQ(*c.value, testing::naiveClobberValue(grid)) << "line " << e.line;
    }
    if (board.stones() > kAnalysedStones) continue;
    const core::Analysis<Clobber> a = analyser.analyse(board);
    EXPECT_EQ(a.left.verdict == core::Verdict::Win, left) << "line " << e.line;
    EXPECT_EQ(a.right.verdict == core::Verdict::Win, right) << "line " << e.line;
  }
}

TEST(ClobberSuite, CliChecksTheSuite) {
  // The lines of at most 12 stones (the first 18).
  std::string lines;
  int count = 0;
  for (const core::SuiteCase<Clobber>& c : loadCases())
    if (c.board.width * c.board.height <= 12)
      lines += Clobber::printPosition(c.board) + " ; " + core::sideLetter(c.fields.toMove) + core::suiteFieldsText(c.fields) + "\n", ++count;
  EXPECT_EQ(count, 18);
  const testing::CliResult r = testing::runCli({"suite", "--canonical-nodes", "0", testing::writeTemp("small.txt", lines)});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(testing::has(r.out, "positions        : 18\n")) << r.out;
  EXPECT_TRUE(testing::has(r.out, "result           : OK")) << r.out;
  // A wrong answer is reported, with its place.
  const std::string bad = testing::writeTemp("bad.txt", "xo|ox ; b ; loss ; game=clobber ; src=test\n");
  const testing::CliResult wrong = testing::runCli({"suite", bad});
  EXPECT_EQ(wrong.status, 1);
  EXPECT_TRUE(testing::has(wrong.out, "FAIL (wrong outcome: expected loss) at " + bad + ":1")) << wrong.out;
  // A value= whose forms are over --canonical-nodes is unsolved, not wrong.
  const std::string valued = testing::writeTemp("valued.txt", "xoxo|oxox|xoxo ; b ; loss ; value=0 ; game=clobber ; src=oracle\n");
  const testing::CliResult unknown = testing::runCli({"suite", "--canonical-nodes", "10", valued});
  EXPECT_EQ(unknown.status, 1);
  EXPECT_TRUE(testing::has(unknown.out, "unsolved         : 1\n")) << unknown.out;
  EXPECT_TRUE(testing::has(unknown.out, "wrong value      : 0\n")) << unknown.out;
  // With --game clobber, lines without game= are Clobber's; game= still names a line's game.
  const std::string plain = testing::writeTemp("plain.txt", "xo|ox ; b ; loss ; src=test\nx#o ; b ; loss ; game=amazons ; src=test\n");
  const testing::CliResult mixed = testing::runCli({"suite", "--game", "clobber", plain});
  EXPECT_EQ(mixed.status, 1) << mixed.out << mixed.err;
  EXPECT_TRUE(testing::has(mixed.out, "FAIL (wrong outcome: expected loss) at " + plain + ":1")) << mixed.out;
  EXPECT_TRUE(testing::has(mixed.out, "x#o ; b ; loss ; value=0 ; nodes=")) << mixed.out;  // Amazons: no amazon can move
  // A bad move is named in its game's terms, at its column.
  const std::string badMove = testing::writeTemp("move.txt", "xo|ox ; b ; win ; best=a1a2 ; game=clobber\n");
  const testing::CliResult refused = testing::runCli({"suite", badMove});
  EXPECT_EQ(refused.status, 2);
  EXPECT_TRUE(testing::has(refused.err, badMove + ":1:24: error:")) << refused.err;
}

// verify on Clobber lines: claims checked by the game's own moves. The 2x2 checkerboard
// xo|ox is * (the mover wins with any move); x.o|oxo's values are checked by the oracle test
// above's kind of board: here only the claims' bookkeeping, against answers worked by hand.
TEST(ClobberSuite, VerifyChecksClobberClaims) {
  const std::string claims = testing::writeTemp("claims.txt",
                                                "xo|ox ; b ; move=a2b2 ; outcome=win ; game=clobber\n"  // right
                                                "xo|ox ; w ; outcome=loss ; game=clobber\n"             // wrong: * is a first-player win
                                                "xo ; b ; margin=0 ; game=clobber\n");                   // {0|0} = *: no number
  const testing::CliResult r = testing::runCli({"verify", claims});
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_FALSE(testing::has(r.out, "claims.txt:1:")) << r.out;
  EXPECT_TRUE(testing::has(r.out, "claims.txt:2: xo|ox ; w ; outcome=loss wrong; exact: win by ")) << r.out;
  EXPECT_TRUE(testing::has(r.out, "wrong outcomes   : 1")) << r.out;
  EXPECT_TRUE(testing::has(r.out, "margins n/a      : 1")) << r.out;
}

}  // namespace
}  // namespace amazons
