// Every input with which a fuzz target (tests/fuzz/) found a crash, a hang or a broken
// invariant, fed again to the reader it broke, with the answer checked independently.
#include <gtest/gtest.h>

#include <string>

#include "cgt/cgt.h"
#include "cgt/notation.h"
#include "solver/amazons/formats.h"
#include "solver/amazons/minimax.h"
#include "solver/amazons/engine.h"
#include "tests/support/naive.h"

namespace amazons {
namespace {

// fuzz_cgt_value: "1-83849 + 1\0\0\0\xd1 + 1" overflowed the stack: negating 83849 recursed
// once per integer below it. The value read must be the integer built by cgt::integer (a loop).
TEST(FuzzRegression, NegatingALargeIntegerDoesNotRecurse) {
  EXPECT_EQ(cgt::parse("1-83849"), cgt::integer(-83848));
  EXPECT_EQ(cgt::negate(cgt::integer(300000)), cgt::integer(-300000));
  EXPECT_EQ(cgt::negate(cgt::number(cgt::Dyadic(-250001, 3))), cgt::number(cgt::Dyadic(250001, 3)));
  // The input as found: the NUL after "+ 1" is a parse error, not a crash.
  const std::string found("1-83849 + 1\0\0\0\xd1 + 1", 19);
  EXPECT_THROW(cgt::parse(found), cgt::ParseError);
}

// fuzz_analyse: "white\n#" (a 1x1 board, one arrow) was written back in the one-line format as
// "#", a comment line, which then read as no position at all. The written text must read back
// to the same board in every format.
TEST(FuzzRegression, OneArrowBoardWrittenAndReadBack) {
  const Board board = parsePosition("white\n#").board;
  ASSERT_EQ(board.width(), 1);
  ASSERT_EQ(board.at(0), Cell::Arrow);
  for (const Format f : {Format::Grid, Format::CodinGame, Format::Dump, Format::OneLine}) {
    const Board again = parsePosition(writePosition(board, f), f).board;
    EXPECT_TRUE(again == board && again.sideToMove() == board.sideToMove()) << formatName(f);
  }
}

// fuzz_analyse: "-Bw..BbwBw\n....BW...B" (ten amazons, nine empty squares) ran past libFuzzer's
// 10 s in the instrumented build, in the search over sums with raw regions (the target's small
// allowances send it there) and an oracle search stopped at 200,000 positions. Not a wrong
// answer: the target now leaves out boards of more than four amazons a side (the game has four)
// and stops its oracle at 50,000. The answers of that analysis, checked against the
// whole-board search without a limit: either side to move wins, and each winning move leaves
// the opponent lost.
TEST(FuzzRegression, TenAmazonsOnTwoRows) {
  AmazonsOptions options;
  options.analysis.hashMegabytes = 4;
  options.analysis.formNodes = 50;
  options.analysis.totalSums = 20;
  AmazonsEngine engine(options, Notation::CodinGame);
  const Board board = parsePosition("-Bw..BbwBw\n....BW...B\n").board;
  const core::Analysis<Amazons> a = engine.analyse(GameRegion(board), cgt::Side::Left);
  for (const Color side : {Color::Black, Color::White}) {
    const core::SideReport<Amazons>& report = a.forSide(Amazons::sideOf(side));
    ASSERT_EQ(report.verdict, core::Verdict::Win);
    ASSERT_TRUE(report.winningMove);
    EXPECT_TRUE(testing::winsByTheOracle(board, side, Amazons::onBoard(board, *report.winningMove)));  // so the win is proven
  }
}

// Found while fuzz_cgt_value's skip of long up multiples was lifted: "^1000000" overflowed the
// stack before its first sum (cgt::up recursed once a multiple), and printing "^20000" did
// (asNus recursed once a level). Up multiples are built by a loop now, and under a WorkLimit
// a recursion that nears the end of the stack stops with WorkLimitReached instead.
TEST(FuzzRegression, DeepUpMultiples) {
  // ^n = {0 | ^(n-1)*}, built here from its definition.
  const cgt::GameId u = cgt::up(5000);
  EXPECT_EQ(u, cgt::make({cgt::zero()}, {cgt::add(cgt::up(4999), cgt::star())}));
  {
    const cgt::WorkLimit limit(200000);
    try {
      cgt::parse("^1000000");
      FAIL() << "^1000000 fitted 200000 sums";
    } catch (const cgt::WorkLimitReached& e) {
      EXPECT_EQ(e.reason(), cgt::WorkLimitReached::Reason::Sums);
    }
  }
  const cgt::GameId deep = cgt::up(40000);
  const cgt::WorkLimit limit(cgt::WorkLimit::kUncounted);
  try {
    cgt::toString(deep);
    FAIL() << "^40000 printed on an 8 MB stack";
  } catch (const cgt::WorkLimitReached& e) {
    EXPECT_EQ(e.reason(), cgt::WorkLimitReached::Reason::Stack);
  }
}

}  // namespace
}  // namespace amazons
