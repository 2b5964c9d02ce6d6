// territoryBounds (solver/amazons/small_territory.h) against TerritorySolver: the bounds always
// hold the exact count, and meet at it for most territories.
#include <gtest/gtest.h>

#include <bit>
#include <utility>
#include <random>
#include <string>
#include <thread>

#include "solver/amazons/chambers.h"
#include "solver/amazons/formats.h"
#include "solver/amazons/small_region.h"
#include "solver/amazons/small_territory.h"
#include "solver/amazons/territory.h"
#include "tests/support/naive.h"

namespace amazons {
namespace {

std::string swapColours(std::string region) {
  for (char& ch : region)
    if (ch == 'x') ch = 'o';
  return region;
}

TEST(SmallTerritory, SmallExamples) {
  const struct {
    const char* region;
    int lo, hi;
  } rows[] = {
      {"x#", 0, 0},           // no empty square
      {"x..", 2, 2},          // step right shooting back, then again
      {"x.#.", 1, 1},         // the last square is cut off from the start: it never counts
      {"...|.x.|...", 8, 8},
  };
  for (const auto& row : rows) {
    for (const auto& [region, owner] : {std::pair{std::string(row.region), Color::Black}, std::pair{swapColours(row.region), Color::White}}) {
      const TerritoryBounds bounds = territoryBounds(toSmall(parseOneLine(region)), owner);
      EXPECT_EQ(bounds.lo, row.lo) << region;
      EXPECT_EQ(bounds.hi, row.hi) << region;
    }
    // The other colour has no amazon there: it fills nothing.
    const TerritoryBounds none = territoryBounds(toSmall(parseOneLine(row.region)), Color::White);
    EXPECT_EQ(none.lo, 0) << row.region;
    EXPECT_EQ(none.hi, 0) << row.region;
  }
}

TEST(SmallTerritory, KnownDefectiveTerritoriesAreNotTakenForFull) {
  // The defective regions of KNOWN-RESULTS.md (as in territory_test.cpp): fewer moves than
  // empty squares, so no filling fills them, and the bounds leave the count open.
  for (const char* region : {".x#|##.", ".#.|#x#", ".##|#x.|.##", ".#.|#x#|#.#", "x#.|#.#|#.#", ".x#|##.|..#",
                             ".#.|x#.|#.#"}) {
    for (const auto& [text, owner] : {std::pair{std::string(region), Color::Black}, std::pair{swapColours(region), Color::White}}) {
      const SmallRegion small = toSmall(parseOneLine(text));
      const TerritoryBounds bounds = territoryBounds(small, owner);
      EXPECT_LT(bounds.lo, std::popcount(small.empty)) << text;
      EXPECT_LE(bounds.lo, bounds.hi) << text;
    }
  }
}

// territoryBounds against the territory solver on random one-colour chambers, defective ones
// among them: lo <= moves <= hi always, and lo == hi only at the exact count.
TEST(SmallTerritory, BoundsHoldTheExactCount) {
  std::mt19937_64 rng(5151);
  TerritorySolver solver(size_t{64} << 20);
  int exact = 0, open = 0, defective = 0, perfect = 0, recognised = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    const int w = std::uniform_int_distribution<int>(2, 8)(rng);
    const int h = std::uniform_int_distribution<int>(2, 8)(rng);
    const Color owner = rng() % 2 ? Color::Black : Color::White;
    const int amazons = std::uniform_int_distribution<int>(1, 3)(rng);
    const Board board = testing::randomBoard(rng, w, h, owner == Color::Black ? amazons : 0,
                                             owner == Color::White ? amazons : 0,
                                             std::uniform_real_distribution<double>(0.2, 0.7)(rng));
    for (const Chamber& chamber : findChambers(board)) {
      if (chamber.kind != (owner == Color::Black ? ChamberClass::BlackOnly : ChamberClass::WhiteOnly)) continue;
      const SmallRegion region = *smallChamber(board, chamber);
      const int moves = solver.solve(toBoard(region), owner).moves;
      const TerritoryBounds bounds = territoryBounds(region, owner);
      ASSERT_LE(bounds.lo, moves) << toOneLine(toBoard(region)) << " " << colorName(owner);
      ASSERT_GE(bounds.hi, moves) << toOneLine(toBoard(region)) << " " << colorName(owner);
      if (bounds.lo == bounds.hi) ++exact;
      else ++open;
      if (moves < chamber.empty) {
        ++defective;
      } else {
        ++perfect;
        recognised += bounds.lo == bounds.hi;
      }
    }
  }
  // Measured with this seed: 20,339 chambers, 19,368 settled by their bounds (96.3% of the
  // 20,108 perfect ones), 971 left open, 231 of them defective.
  EXPECT_GT(exact, 15000);
  EXPECT_GT(open, 100);
  EXPECT_GT(defective, 150);
  EXPECT_GE(recognised, perfect * 0.93) << recognised << " of " << perfect << " perfect territories";
}

// The bounds on boards of 65 to 128 squares (128-bit masks) and past them (256-bit), first
// against the 64-bit ones on the same regions (the frame's shifts and masks are the only
// difference), then (128 bits) against the
// territory solver's exact count on whole boards past 64 squares, several chambers each.
TEST(SmallTerritory, WideBoundsAreTheSmallOnesOnSmallRegions) {
  std::mt19937_64 rng(6464);
  for (int trial = 0; trial < 3000; ++trial) {
    const int w = std::uniform_int_distribution<int>(1, 8)(rng);
    const int h = std::uniform_int_distribution<int>(1, 8)(rng);
    const Color owner = rng() % 2 ? Color::Black : Color::White;
    const int amazons = std::uniform_int_distribution<int>(1, 3)(rng);
    const Board board = testing::randomBoard(rng, w, h, owner == Color::Black ? amazons : 0, owner == Color::White ? amazons : 0,
                                             std::uniform_real_distribution<double>(0.1, 0.6)(rng));
    const WideRegion masks = toWide(board);
    const TerritoryBounds small = territoryBounds(toSmall(board), owner),
                          wide = territoryBoundsOnMasks(MaskFrame<WideMask>(w, h), masks.amazons(owner), masks.empty);
    ASSERT_EQ(wide.lo, small.lo) << toOneLine(board) << " " << colorName(owner);
    ASSERT_EQ(wide.hi, small.hi) << toOneLine(board) << " " << colorName(owner);
    const TerritoryBounds large = territoryBounds(toLarge(board), owner);
    ASSERT_EQ(large.lo, small.lo) << toOneLine(board) << " " << colorName(owner);
    ASSERT_EQ(large.hi, small.hi) << toOneLine(board) << " " << colorName(owner);
  }
}

TEST(SmallTerritory, WideBoundsHoldTheExactCount) {
  std::mt19937_64 rng(128128);
  TerritorySolver solver(size_t{64} << 20);
  int exact = 0, filled = 0, full = 0;
  for (int trial = 0; trial < 300; ++trial) {
    int w, h;
    do {
      w = std::uniform_int_distribution<int>(5, 16)(rng);
      h = std::uniform_int_distribution<int>(5, 16)(rng);
    } while (w * h <= 64 || w * h > 128);
    const Color owner = rng() % 2 ? Color::Black : Color::White;
    const int amazons = std::uniform_int_distribution<int>(1, 4)(rng);
    const Board board = testing::randomBoard(rng, w, h, owner == Color::Black ? amazons : 0, owner == Color::White ? amazons : 0,
                                             std::uniform_real_distribution<double>(0.45, 0.75)(rng));
    const int moves = solver.solve(board, owner).moves;
    const TerritoryBounds bounds = territoryBounds(board, owner);
    ASSERT_LE(bounds.lo, moves) << toOneLine(board) << " " << colorName(owner);
    ASSERT_GE(bounds.hi, moves) << toOneLine(board) << " " << colorName(owner);
    exact += bounds.lo == moves;
    filled += bounds.lo == bounds.hi;
    full += moves == bounds.hi;
    // No empty square outside the amazons' reach counts: hi is at most the empty squares.
    ASSERT_LE(bounds.hi, board.emptyCount());
  }
  // Measured with this seed: lo exact on 229 of the 300 boards (the greedy filling on the board,
  // since removed: 217), and the bounds met on 223 of
  // the 287 boards whose reachable squares are all filled.
  EXPECT_GE(exact, 220) << exact;
  EXPECT_GE(filled, full * 3 / 4) << filled << " of " << full << " boards their amazons fill";
}

// guaranteedMoves keeps the greedy fillings each thread met last (filledMoves): the bounds must
// not depend on what was met before. Each region's bounds, taken on a fresh thread (nothing
// cached), against its bounds taken on this one right after those of the same three masks
// read in a frame one square wider (other shapes on the same bits). Half the regions have no
// White amazon: Black's pocket is then all it reaches, in both frames alike where the squares
// hang together, and the greedy filling of the very same masks differs in count between the
// frames on some. Mutation-checked: with the frame's width left out of the cache's key and
// hash, it fails.
TEST(SmallTerritory, RegionBoundsDoNotDependOnTheRegionsMetBefore) {
  std::mt19937_64 rng(2911);
  int sameMasksOtherCount = 0;
  for (int trial = 0; trial < 4000; ++trial) {
    const int w = std::uniform_int_distribution<int>(2, 6)(rng);
    const int h = std::uniform_int_distribution<int>(2, 6)(rng);
    const Board board = testing::randomBoard(rng, w, h, std::uniform_int_distribution<int>(1, 2)(rng),
                                             trial % 2 ? 0 : std::uniform_int_distribution<int>(1, 2)(rng),
                                             std::uniform_real_distribution<double>(0.1, 0.6)(rng));
    const SmallRegion r = toSmall(board), wider{r.black, r.white, r.empty, r.width + 1, r.height};
    if (!r.white) {
      const MaskFrame<uint64_t> frame = r.frame(), widerFrame = wider.frame();
      sameMasksOtherCount += reachableSquares(frame, r.black, r.empty) == r.empty && reachableSquares(widerFrame, r.black, r.empty) == r.empty &&
                             territoryBoundsOnMasks(frame, r.black, r.empty).lo != territoryBoundsOnMasks(widerFrame, r.black, r.empty).lo;
    }
    RegionBounds fresh;
    std::thread([&] { fresh = regionBounds(r); }).join();
    regionBounds(wider);
    const RegionBounds b = regionBounds(r);
    ASSERT_EQ(b.lo, fresh.lo) << toOneLine(board);
    ASSERT_EQ(b.hi, fresh.hi) << toOneLine(board);
  }
  EXPECT_GT(sameMasksOtherCount, 5) << sameMasksOtherCount;
}
}  // namespace
}  // namespace amazons
