#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>

#include "solver/amazons/chambers.h"
#include "solver/amazons/formats.h"
#include "tests/support/naive.h"

namespace amazons {
namespace {

TEST(Chambers, ClassifiesEachKind) {
  //   4  x . # . # #    {a4 b4}: Black's, 1 empty;  {d4}: dead
  //   3  # # # # # o    {d2 e2 f3}: contested, 1 empty
  //   2  . . # x . #    {a1 a2 b1 b2}: White's, 3 empty
  //   1  o . # # # #
  //      a b c d e f
  const auto chambers = findChambers(parseOneLine("x.#.##|#####o|..#x.#|o.####"));
  ASSERT_EQ(chambers.size(), 4u);
  std::map<std::string, int> emptyByKind;
  for (const auto& c : chambers) emptyByKind[chamberClassName(c.kind)] = c.empty;
  EXPECT_EQ(emptyByKind, (std::map<std::string, int>{{"black", 1}, {"dead", 1}, {"contested", 1}, {"white", 3}}));
}

TEST(Chambers, AmazonJoinsDiagonallySeparatedSquares) {
  // a3 and a1 touch only through the amazon on b2: one chamber of 2 empty squares.
  const auto chambers = findChambers(parseOneLine(".#|#x|.#"));
  ASSERT_EQ(chambers.size(), 1u);
  EXPECT_EQ(chambers[0].empty, 2);
  // Amazons side by side join: one moving away frees the square beside the other.
  EXPECT_EQ(findChambers(parseOneLine(".xx.")).size(), 1u);
  // Two amazons walled in together form one closed chamber.
  const auto closed = findChambers(parseOneLine("xo|##"));
  ASSERT_EQ(closed.size(), 1u);
  EXPECT_EQ(closed[0].kind, ChamberClass::Closed);
}

TEST(Chambers, PartitionAndMoveCountsAddUp) {
  // Independent check of the split: every legal move lies in one chamber, so the whole board's
  // move count is the sum over extracted regions.
  std::mt19937_64 rng(42);
  for (int trial = 0; trial < 400; ++trial) {
    const int w = std::uniform_int_distribution<int>(1, 10)(rng);
    const int h = std::uniform_int_distribution<int>(1, 10)(rng);
    const Board b = testing::randomBoard(rng, w, h, std::uniform_int_distribution<int>(0, 4)(rng),
                                         std::uniform_int_distribution<int>(0, 4)(rng), 0.45);
    const auto chambers = findChambers(b);
    int covered = 0;
    for (Color c : {Color::Black, Color::White}) {
      uint64_t sum = 0;
      for (const auto& ch : chambers) sum += extractRegion(b, ch).countMoves(c);
      ASSERT_EQ(sum, b.countMoves(c)) << toOneLine(b);
    }
    for (const auto& ch : chambers) {
      covered += static_cast<int>(ch.squares.size());
      const Board region = extractRegion(b, ch);
      EXPECT_EQ(region.emptyCount(), ch.empty);
      EXPECT_EQ(static_cast<int>(region.amazons(Color::Black).size()), ch.blackAmazons);
      EXPECT_EQ(static_cast<int>(region.amazons(Color::White).size()), ch.whiteAmazons);
      EXPECT_EQ(findChambers(region).size(), 1u) << toOneLine(region);
    }
    EXPECT_EQ(covered, b.squares() - (b.squares() - b.emptyCount() - static_cast<int>(b.amazons(Color::Black).size()) -
                                      static_cast<int>(b.amazons(Color::White).size())));
  }
}

TEST(Chambers, SameAsAPlainFloodFill) {
  // Boards of up to 64 squares are split on 64-bit masks, up to 128 on 128-bit masks, larger
  // ones on 256-bit masks: each against a breadth-first search over the eight neighbours of
  // every square that is no arrow.
  std::mt19937_64 rng(808);
  for (int trial = 0; trial < 900; ++trial) {
    const int w = std::uniform_int_distribution<int>(1, 16)(rng);
    const int h = std::uniform_int_distribution<int>(1, 16)(rng);
    const Board b = testing::randomBoard(rng, w, h, std::uniform_int_distribution<int>(0, 4)(rng),
                                         std::uniform_int_distribution<int>(0, 4)(rng),
                                         std::uniform_real_distribution<double>(0.2, 0.7)(rng));
    const std::vector<std::vector<int>> expected = testing::naiveParts(b);
    const std::vector<Chamber> got = findChambers(b);
    ASSERT_EQ(got.size(), expected.size()) << toOneLine(b);
    for (size_t i = 0; i < got.size(); ++i) {
      ASSERT_EQ(got[i].squares, expected[i]) << toOneLine(b);
      int black = 0, white = 0;
      for (int sq : expected[i]) {
        black += b.at(sq) == Cell::Black;
        white += b.at(sq) == Cell::White;
      }
      EXPECT_EQ(got[i].blackAmazons, black);
      EXPECT_EQ(got[i].whiteAmazons, white);
      EXPECT_EQ(got[i].empty, static_cast<int>(expected[i].size()) - black - white);
    }
  }
}

}  // namespace
}  // namespace amazons
