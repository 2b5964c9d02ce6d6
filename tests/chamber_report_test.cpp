// The report of an analysis on the core (core::Analyser<Amazons>, its chambers by
// reportChambers) against independent twins: the chambers findChambers gives, in its order,
// with their classes and squares; each chamber's value the naive canonical form of the chamber
// alone (small ones), a territory's move count its value; filling lines as long as the count
// and legal; verdicts and winning moves by the whole-board oracle.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "cgt/cgt.h"
#include "solver/amazons/chamber_report.h"
#include "solver/amazons/engine.h"
#include "solver/amazons/formats.h"
#include "solver/amazons/minimax.h"
#include "tests/support/naive.h"

namespace amazons {
namespace {

TEST(ChamberReport, ChambersValuesAndVerdictsMatchTheirTwins) {
  std::mt19937_64 rng(17);
  core::Analyser<Amazons> analyser(amazonsAnalysisOptions());
  TerritorySolver lines(size_t{16} << 20);
  int boards = 0, chambers = 0, naive = 0, territories = 0, moves = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const int w = std::uniform_int_distribution<int>(3, 9)(rng), h = std::uniform_int_distribution<int>(3, 9)(rng);
    const int amazons = std::uniform_int_distribution<int>(1, 2)(rng);
    // At most about 14 empty squares, for the oracle's sake.
    const double arrows = std::max(std::uniform_real_distribution<double>(0.45, 0.75)(rng), 1.0 - 14.0 / (w * h));
    Board board = testing::randomBoard(rng, w, h, amazons, amazons, arrows);
    const Color first = rng() % 2 ? Color::Black : Color::White;
    board.setSideToMove(first);
    const std::string line = toOneLine(board);
    core::Analysis<Amazons> a = analyser.analyse(GameRegion(board), Amazons::sideOf(first));
    reportChambers(board, mapChambers(board), a, &lines);
    ASSERT_FALSE(a.limitReached) << line;
    const std::vector<Chamber> expected = findChambers(board);
    ASSERT_EQ(a.regions.size(), expected.size()) << line;
    for (size_t i = 0; i < a.regions.size(); ++i) {
      const core::RegionReport<Amazons>& r = a.regions[i];
      const Chamber& e = expected[i];
      ASSERT_EQ(r.detail.chamber.squares, e.squares) << line << " chamber " << i;
      ASSERT_EQ(r.detail.chamber.kind, e.kind) << line << " chamber " << i;
      const Box box = boundingBox(board, e);
      ASSERT_EQ(r.part.file0, box.f0);
      ASSERT_EQ(r.part.rank0, box.r0);
      const Board alone = extractRegion(board, e);
      ASSERT_EQ(Amazons::key(Amazons::normalise(r.part.region)), Amazons::key(Amazons::normalise(GameRegion(alone)))) << line << " chamber " << i;
      if (r.value && alone.emptyCount() <= 7) {  // (a larger contested chamber's form may not fit)
        ASSERT_EQ(cgt::toString(*r.value), cgt::toString(testing::naiveValue(alone))) << line << " chamber " << i;
        ++naive;
      }
      // Every chamber but a contested one has a move count (a dead or closed one, 0).
      const bool counted = e.kind != ChamberClass::Contested;
      ASSERT_EQ(r.detail.moves.has_value(), counted) << line << " chamber " << i;
      if (counted) {
        ASSERT_TRUE(r.value) << line << " chamber " << i;
        ASSERT_EQ(cgt::integer(e.kind == ChamberClass::BlackOnly ? *r.detail.moves : -*r.detail.moves), *r.value) << line << " chamber " << i;
        ASSERT_TRUE(r.detail.fillingLine) << line << " chamber " << i;
        ASSERT_EQ(static_cast<int>(r.detail.fillingLine->size()), *r.detail.moves) << line << " chamber " << i;
        // Legal one after another for the owner alone.
        const Color owner = e.kind == ChamberClass::BlackOnly ? Color::Black : Color::White;
        Board filled = board;
        for (const GameMove& m : *r.detail.fillingLine) {
          filled.setSideToMove(owner);
          ASSERT_TRUE(filled.isLegal(Amazons::onBoard(board, m))) << line << " chamber " << i;
          filled.play(Amazons::onBoard(board, m));
        }
        ++territories;
      }
      ++chambers;
    }
    if (a.total && board.emptyCount() <= 7) {
      ASSERT_EQ(cgt::toString(*a.total), cgt::toString(testing::naiveValue(board))) << line;
    }
    for (const Color mover : {Color::Black, Color::White}) {
      const core::SideReport<Amazons>& side = a.forSide(Amazons::sideOf(mover));
      ASSERT_NE(side.verdict, core::Verdict::Unknown) << line;
      Board toMove = board;
      toMove.setSideToMove(mover);
      if (const std::optional<bool> wins = WholeBoardSearch(1'000'000).moverWins(toMove)) {
        ASSERT_EQ(side.verdict == core::Verdict::Win, *wins) << line << " " << colorName(mover) << " to move";
      }
      ASSERT_EQ(side.hasMove, !toMove.legalMoves().empty()) << line;
      if (side.verdict != core::Verdict::Win || board.emptyCount() > 12) continue;
      ASSERT_TRUE(side.winningMove) << line;
      ASSERT_TRUE(testing::winsByTheOracle(board, mover, Amazons::onBoard(board, *side.winningMove)))
          << line << " " << Amazons::formatMove(GameRegion(board), *side.winningMove);
      ++moves;
    }
    ++boards;
  }
  EXPECT_EQ(boards, 200);
  EXPECT_GT(chambers, 600);
  EXPECT_GT(naive, 300);
  EXPECT_GT(territories, 100);
  EXPECT_GT(moves, 50);
}

// Each part split() gives is mapped to the chamber of findChambers at its squares (the
// report's letter, which the progress line shows): twin, the part's open squares shifted back
// onto the board. Boards with dead and closed chambers, so that the places differ.
TEST(ChamberReport, PartsAreMappedToTheChambersAtTheirSquares) {
  std::mt19937_64 rng(29);
  int shifted = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int w = std::uniform_int_distribution<int>(3, 12)(rng), h = std::uniform_int_distribution<int>(3, 10)(rng);
    const Board board = testing::randomBoard(rng, w, h, 2, 2, 0.5);
    const ChamberMap map = mapChambers(board);
    const std::vector<Chamber> chambers = findChambers(board);
    ASSERT_EQ(map.chambers.size(), chambers.size());
    const std::vector<core::Placed<GameRegion>> parts = Amazons::split(GameRegion(board));
    const std::vector<size_t>& at = map.ofPart;
    ASSERT_EQ(at.size(), parts.size());
    for (size_t i = 0; i < parts.size(); ++i) {
      const Board part = parts[i].region.toBoard();
      std::vector<int> squares;
      for (int sq = 0; sq < part.squares(); ++sq)
        if (part.at(sq) != Cell::Arrow) squares.push_back(board.square(part.fileOf(sq) + parts[i].file0, part.rankOf(sq) + parts[i].rank0));
      std::sort(squares.begin(), squares.end());
      std::vector<int> expected = chambers[at[i]].squares;
      std::sort(expected.begin(), expected.end());
      ASSERT_EQ(squares, expected) << toOneLine(board) << " part " << i;
      shifted += at[i] != i;
    }
  }
  EXPECT_GT(shifted, 50);  // parts whose letter is not their place among the parts
}

}  // namespace
}  // namespace amazons
