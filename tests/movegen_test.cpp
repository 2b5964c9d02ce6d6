// The fast generator (line masks, bulk counting) against the naive ray walker.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <tuple>

#include "solver/amazons/board.h"
#include "solver/amazons/formats.h"
#include "solver/amazons/perft.h"
#include "tests/support/naive.h"

namespace amazons {
namespace {

std::vector<Move> sorted(std::vector<Move> moves) {
  std::sort(moves.begin(), moves.end(), [](const Move& a, const Move& b) {
    return std::tie(a.from, a.to, a.arrow) < std::tie(b.from, b.to, b.arrow);
  });
  return moves;
}

TEST(Perft, StandardStartDepth1And2) {  // KNOWN-RESULTS: 2,176 and 4,307,152
  Board b = testing::standardStart();
  EXPECT_EQ(perft(b, 1), 2176u);
  EXPECT_EQ(perft(b, 2), 4307152u);
  EXPECT_EQ(b, testing::standardStart());  // make/unmake restored everything
}

TEST(Perft, DivideSumsToPerft) {
  Board b = testing::standardStart();
  uint64_t sum = 0;
  for (const auto& [move, count] : perftDivide(b, 2)) sum += count;
  EXPECT_EQ(sum, 4307152u);
}

TEST(MoveGen, AgreesWithNaiveOnRandomBoards) {
  std::mt19937_64 rng(20261123);
  int checked = 0;
  for (int w = 1; w <= 16; ++w) {
    for (int h = 1; h <= 16; ++h) {
      if ((w * 7 + h * 3) % 4 != 0 && !(w == 16 && h == 16) && !(w == 1 && h == 1)) continue;
      for (int trial = 0; trial < 6; ++trial) {
        const int blacks = std::uniform_int_distribution<int>(0, 4)(rng);
        const int whites = std::uniform_int_distribution<int>(0, 4)(rng);
        const double arrows = std::uniform_real_distribution<double>(0.0, 0.6)(rng);
        const Board b = testing::randomBoard(rng, w, h, blacks, whites, arrows);
        for (Color c : {Color::Black, Color::White}) {
          const auto expected = testing::naiveMoves(b, c);
          ASSERT_EQ(sorted(b.legalMoves(c)), expected) << toOneLine(b);
          ASSERT_EQ(b.countMoves(c), expected.size()) << toOneLine(b);
          ASSERT_EQ(b.hasMove(c), !expected.empty()) << toOneLine(b);
          for (const Move& m : expected) ASSERT_TRUE(b.isLegal(m) || b.sideToMove() != c);
        }
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 300);
}

TEST(MoveGen, PlayUndoAndDeeperPerftAgreeWithNaive) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 40; ++trial) {
    const int w = std::uniform_int_distribution<int>(2, 6)(rng);
    const int h = std::uniform_int_distribution<int>(2, 6)(rng);
    Board b = testing::randomBoard(rng, w, h, 2, 2, 0.2);
    const Board before = b;
    Board copy = b;
    ASSERT_EQ(perft(b, 3), testing::naivePerft(copy, 3)) << toOneLine(before);
    ASSERT_EQ(b, before);
  }
}

TEST(MoveGen, ArrowMayReturnToVacatedSquare) {
  Board b = parseOneLine("x.", Color::Black);
  const auto moves = b.legalMoves();
  ASSERT_EQ(moves.size(), 1u);  // b1... a1-b1 shooting back to a1
  EXPECT_EQ(moves[0].from, moves[0].arrow);
  b.play(moves[0]);
  EXPECT_EQ(toOneLine(b), "#x");
  EXPECT_FALSE(b.hasMove(Color::Black));
}

TEST(Board, RejectsSizesOutside1To16) {
  EXPECT_THROW(Board(0, 5), std::invalid_argument);
  EXPECT_THROW(Board(17, 5), std::invalid_argument);
  EXPECT_NO_THROW(Board(16, 16));
  EXPECT_NO_THROW(Board(1, 1));
}

}  // namespace
}  // namespace amazons
