// The report of an analysis on the core (core::Analyser<Amazons>, its chambers by
// reportChambers) against the Amazons solver's (solve.h, toCore): the same chambers in the same
// order with the same classes, move counts and values, filling lines as long and legal, the same
// verdicts and totals, and winning moves that win by the whole-board oracle.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "cgt/cgt.h"
#include "solver/amazons/chamber_report.h"
#include "solver/amazons/engine.h"
#include "solver/amazons/formats.h"
#include "tests/support/naive.h"

namespace amazons {
namespace {

TEST(ChamberReport, TheCoresReportIsTheSolvers) {
  std::mt19937_64 rng(17);
  SolveOptions options;
  options.fillingLines = true;
  Solver solver(options);
  core::Analyser<Amazons> analyser(coreOptions(options, 1));
  TerritorySolver lines(16);
  int boards = 0, chambers = 0, territories = 0, moves = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const int w = std::uniform_int_distribution<int>(3, 9)(rng), h = std::uniform_int_distribution<int>(3, 9)(rng);
    const int amazons = std::uniform_int_distribution<int>(1, 2)(rng);
    // At most about 14 empty squares, for the solver's sake and the oracle's.
    const double arrows = std::max(std::uniform_real_distribution<double>(0.45, 0.75)(rng), 1.0 - 14.0 / (w * h));
    Board board = testing::randomBoard(rng, w, h, amazons, amazons, arrows);
    const Color first = rng() % 2 ? Color::Black : Color::White;
    board.setSideToMove(first);
    const std::string line = toOneLine(board);
    const core::Analysis<Amazons> expected = toCore(board, solver.analyse(board), true);
    core::Analysis<Amazons> a = analyser.analyse(GameRegion(board), Amazons::sideOf(first));
    reportChambers(board, a, &lines);
    ASSERT_FALSE(a.limitReached) << line;
    ASSERT_EQ(a.regions.size(), expected.regions.size()) << line;
    for (size_t i = 0; i < a.regions.size(); ++i) {
      const core::RegionReport<Amazons>& r = a.regions[i];
      const core::RegionReport<Amazons>& e = expected.regions[i];
      ASSERT_EQ(r.detail.chamber.squares, e.detail.chamber.squares) << line << " chamber " << i;
      ASSERT_EQ(r.detail.chamber.kind, e.detail.chamber.kind) << line << " chamber " << i;
      ASSERT_EQ(r.part.file0, e.part.file0);
      ASSERT_EQ(r.part.rank0, e.part.rank0);
      ASSERT_EQ(Amazons::key(r.part.region), Amazons::key(e.part.region)) << line << " chamber " << i;
      ASSERT_EQ(r.detail.moves, e.detail.moves) << line << " chamber " << i;
      if (r.value && e.value) {
        ASSERT_EQ(*r.value, *e.value) << line << " chamber " << i;
      }
      ASSERT_EQ(r.detail.fillingLine.has_value(), e.detail.fillingLine.has_value()) << line << " chamber " << i;
      if (r.detail.fillingLine) {
        ASSERT_EQ(r.detail.fillingLine->size(), e.detail.fillingLine->size()) << line << " chamber " << i;
        // Legal one after another for the owner alone.
        const Color owner = r.detail.chamber.kind == ChamberClass::BlackOnly ? Color::Black : Color::White;
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
    if (a.total && expected.total) {
      ASSERT_EQ(*a.total, *expected.total) << line;
    }
    for (const Color mover : {Color::Black, Color::White}) {
      const core::SideReport<Amazons>& side = a.forSide(Amazons::sideOf(mover));
      const core::SideReport<Amazons>& e = expected.forSide(Amazons::sideOf(mover));
      ASSERT_NE(side.verdict, core::Verdict::Unknown) << line;
      ASSERT_EQ(side.verdict, e.verdict) << line << " " << colorName(mover) << " to move";
      ASSERT_EQ(side.hasMove, e.hasMove) << line;
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
  EXPECT_GT(territories, 100);
  EXPECT_GT(moves, 50);
}

}  // namespace
}  // namespace amazons
