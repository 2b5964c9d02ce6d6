// positions/clobber/: every line's answer again from the whole-board oracle (minimax, and the
// canonical form from the definition where a line gives value=), and from the analysis; and
// the `suite --game clobber` command on it.
//
// PrintStartSuite (disabled) wrote the lines of checkerboard-starts.txt:
//   build/clobber_suite_test --gtest_also_run_disabled_tests --gtest_filter='*PrintStartSuite'
#include <gtest/gtest.h>

#include <iostream>

#include "solver/amazons/formats.h"
#include "solver/amazons/suite.h"
#include "solver/clobber/clobber.h"
#include "solver/core/analysis.h"
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

std::string classText(bool left, bool right) { return outcomeClassName(classOf(left, right)); }

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
  const std::vector<SuiteEntry> entries = parseSuite(testing::slurp(testing::positionsDir() + kSuite), kSuite, "clobber");
  ASSERT_EQ(entries.size(), std::size(kSizes));
  core::Analyser<Clobber> analyser;
  for (const SuiteEntry& e : entries) {
    ASSERT_EQ(e.src, "oracle") << e.line;
    ASSERT_TRUE(e.outcomeClass && e.moverWins) << e.line;
    const clobber::Region board = Clobber::parsePosition(toOneLine(e.board), "suite").board;
    testing::Grid grid;
    for (int r = board.height - 1; r >= 0; --r) {
      std::string row;
      for (int f = 0; f < board.width; ++f) row += (board.black[r] >> f) & 1 ? 'x' : (board.white[r] >> f) & 1 ? 'o' : '.';
      grid.push_back(row);
    }
    const bool left = testing::naiveClobberMoverWins(grid, cgt::Side::Left);
    const bool right = testing::naiveClobberMoverWins(grid, cgt::Side::Right);
    EXPECT_EQ(*e.outcomeClass, classOf(left, right)) << "line " << e.line;
    EXPECT_EQ(*e.moverWins, e.board.sideToMove() == Color::Black ? left : right) << "line " << e.line;
    if (e.value) {
      EXPECT_EQ(cgt::parse(*e.value), testing::naiveClobberValue(grid)) << "line " << e.line;
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
  for (const SuiteEntry& e : parseSuite(testing::slurp(testing::positionsDir() + kSuite), kSuite, "clobber"))
    if (e.board.width() * e.board.height() <= 12) lines += writeSuiteLine(e) + "\n", ++count;
  EXPECT_EQ(count, 18);
  const testing::CliResult r =
      testing::runCli({"suite", "--game", "clobber", "--canonical-nodes", "0", testing::writeTemp("small.txt", lines)});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(testing::has(r.out, "18 positions: 0 wrong, 0 unsolved")) << r.out;
  // A wrong answer is reported, with its place.
  const std::string bad = testing::writeTemp("bad.txt", "xo|ox ; b ; loss ; game=clobber ; src=test\n");
  const testing::CliResult wrong = testing::runCli({"suite", "--game=clobber", bad});
  EXPECT_EQ(wrong.status, 1);
  EXPECT_TRUE(testing::has(wrong.out, "FAIL (wrong outcome) at " + bad + ":1")) << wrong.out;
  // A value= whose forms are over --canonical-nodes is unsolved, not wrong.
  const std::string valued = testing::writeTemp("valued.txt", "xoxo|oxox|xoxo ; b ; loss ; value=0 ; game=clobber ; src=oracle\n");
  const testing::CliResult unknown = testing::runCli({"suite", "--game", "clobber", "--canonical-nodes", "10", valued});
  EXPECT_EQ(unknown.status, 1);
  EXPECT_TRUE(testing::has(unknown.out, "1 positions: 0 wrong, 1 unsolved")) << unknown.out;
  // A line without game=clobber is an Amazons line: an input error here, and a Clobber line is
  // one for the Amazons suite command.
  const std::string amazonsLine = testing::writeTemp("amazons.txt", "xo|ox ; b ; win ; game=amazons ; src=test\n");
  const testing::CliResult refused = testing::runCli({"suite", "--game", "clobber", amazonsLine});
  EXPECT_EQ(refused.status, 2);
  EXPECT_TRUE(testing::has(refused.err, amazonsLine + ":1:19: error: a line for amazons: read it with amazons-solve suite")) << refused.err;
  const testing::CliResult wrongGame = testing::runCli({"suite", bad});
  EXPECT_EQ(wrongGame.status, 2);
  EXPECT_TRUE(testing::has(wrongGame.err, bad + ":1:20: error: a line for clobber: read it with amazons-solve suite --game clobber"))
      << wrongGame.err;
  // Written back with its game.
  EXPECT_EQ(writeSuiteLine(parseSuiteLine("xo|ox ; b ; loss ; game=clobber ; src=test", 1, "clobber")),
            "xo|ox ; b ; loss ; game=clobber ; src=test");
}

}  // namespace
}  // namespace amazons
