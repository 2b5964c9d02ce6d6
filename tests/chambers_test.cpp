#include <gtest/gtest.h>

#include <random>
#include <map>

#include "solver/chambers.h"
#include "solver/formats.h"
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

// The 8 symmetric images of a board, by hand.
std::vector<Board> images(const Board& b) {
  std::vector<Board> out;
  for (int t = 0; t < 8; ++t) {
    const bool transpose = t & 4;
    Board img(transpose ? b.height() : b.width(), transpose ? b.width() : b.height());
    for (int r = 0; r < b.height(); ++r)
      for (int f = 0; f < b.width(); ++f) {
        int nf = (t & 1) ? b.width() - 1 - f : f, nr = (t & 2) ? b.height() - 1 - r : r;
        if (transpose) std::swap(nf, nr);
        img.set(img.square(nf, nr), b.at(f, r));
      }
    out.push_back(img);
  }
  return out;
}

TEST(RegionKey, EqualForAllSymmetriesAndPlacements) {
  std::mt19937_64 rng(99);
  for (int trial = 0; trial < 300; ++trial) {
    const int w = std::uniform_int_distribution<int>(1, 7)(rng);
    const int h = std::uniform_int_distribution<int>(1, 7)(rng);
    const Board b = testing::randomBoard(rng, w, h, 1, 1, 0.3);
    const std::string key = regionKey(b);
    for (const Board& img : images(b)) {
      EXPECT_EQ(regionKey(img), key);
      EXPECT_EQ(regionKey(normalisedRegion(img)), key);
      // Placed anywhere on a larger board, walled by arrows: the same key.
      Board big(12, 11);
      for (int sq = 0; sq < big.squares(); ++sq) big.set(sq, Cell::Arrow);
      for (int r = 0; r < img.height(); ++r)
        for (int f = 0; f < img.width(); ++f) big.set(big.square(f + 3, r + 2), img.at(f, r));
      EXPECT_EQ(regionKey(big), key);
    }
    // Normalisation keeps the game: same move counts for both colours.
    EXPECT_EQ(normalisedRegion(b).countMoves(Color::Black), b.countMoves(Color::Black));
  }
}

TEST(RegionKey, ColoursAreNeverSwapped) {
  EXPECT_EQ(regionKey(parseOneLine("x.o")), regionKey(parseOneLine("o.x")));  // a mirror image
  EXPECT_NE(regionKey(parseOneLine("x..o")), regionKey(parseOneLine("o..o")));
  EXPECT_EQ(regionKey(parseOneLine("x.|.o")), regionKey(parseOneLine("o.|.x")));  // a half turn
  EXPECT_NE(regionKey(parseOneLine("x.|..")), regionKey(parseOneLine("o.|..")));
  EXPECT_NE(regionKey(parseOneLine("xo.")), regionKey(parseOneLine("ox.")));
}

}  // namespace
}  // namespace amazons
