// Clobber on the generic core against naive twins (tests/support/clobber_naive.h): moves and
// perft, splitting and symmetries, region values against the canonical form of the whole
// board, verdicts and winning moves against whole-board minimax, on random boards with fixed
// seeds; the input formats; honest unknowns past the limits.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <optional>
#include <random>
#include <set>
#include <tuple>

#include "solver/clobber/clobber.h"
#include "solver/clobber/perft.h"
#include "solver/core/analysis.h"
#include "solver/core/errors.h"
#include "solver/core/part_values.h"
#include "solver/core/symmetry.h"
#include "tests/support/clobber_naive.h"

namespace amazons {
namespace {

using clobber::Clobber;
using clobber::Region;
using testing::Grid;

Region regionOf(const Grid& grid) { return Clobber::parsePosition(testing::oneLine(grid), "test").board; }

std::vector<std::string> moveTexts(const Region& r, cgt::Side side) {
  std::vector<std::string> out;
  for (const clobber::Move& m : Clobber::moves(r, side)) out.push_back(Clobber::formatMove(r, m));
  std::sort(out.begin(), out.end());
  return out;
}

// Boards from 1x1 to 6x6 with a quarter to a half empty.
// Image t of a grid, by hand: files mirrored (bit 0), ranks mirrored (bit 1), then transposed (bit 2).
Grid imageByHand(Grid image, int t) {
  if (t & 1)
    for (std::string& row : image) std::reverse(row.begin(), row.end());
  if (t & 2) std::reverse(image.begin(), image.end());
  if (t & 4) {
    Grid transposed(image[0].size(), std::string(image.size(), '.'));
    for (size_t i = 0; i < image.size(); ++i)
      for (size_t j = 0; j < image[i].size(); ++j) transposed[j][i] = image[i][j];
    image = transposed;
  }
  return image;
}

std::vector<Grid> randomGrids(uint64_t seed, int count, int maxSide) {
  std::mt19937_64 rng(seed);
  std::vector<Grid> out;
  for (int i = 0; i < count; ++i) {
    const int w = 1 + static_cast<int>(rng() % maxSide), h = 1 + static_cast<int>(rng() % maxSide);
    out.push_back(testing::randomClobberGrid(rng, w, h, 0.25 + 0.25 * static_cast<double>(rng() % 2)));
  }
  return out;
}

TEST(Clobber, MovesAndPerftMatchNaive) {
  for (const Grid& grid : randomGrids(1701, 300, 6)) {
    const Region r = regionOf(grid);
    for (cgt::Side side : {cgt::Side::Left, cgt::Side::Right}) {
      const auto naiveMoves = testing::naiveClobberMoves(grid, side);
      ASSERT_EQ(Clobber::countMoves(r, side), naiveMoves.size()) << testing::oneLine(grid);
      std::vector<std::string> naive;
      for (const auto& m : naiveMoves) naive.push_back(m.text);
      std::sort(naive.begin(), naive.end());
      ASSERT_EQ(moveTexts(r, side), naive) << testing::oneLine(grid);
      for (const auto& m : naiveMoves)  // play() against the naive board
        ASSERT_EQ(Clobber::play(r, Clobber::parseMove(r, m.text)), regionOf(m.after)) << testing::oneLine(grid) << " " << m.text;
      for (int depth = 0; depth <= 3; ++depth)
        ASSERT_EQ(clobber::perft(r, side, depth), testing::naiveClobberPerft(grid, side, depth)) << testing::oneLine(grid) << " depth " << depth;
    }
  }
}

TEST(Clobber, PerftDivideMatchesNaive) {
  const Grid start = testing::clobberStart(5, 4);
  const Region r = regionOf(start);
  uint64_t sum = 0;
  const auto naive = testing::naiveClobberMoves(start, cgt::Side::Left);
  const auto divided = clobber::perftDivide(r, cgt::Side::Left, 4);
  ASSERT_EQ(divided.size(), naive.size());
  for (const auto& [move, count] : divided) {
    const auto it = std::find_if(naive.begin(), naive.end(), [&](const auto& n) { return n.text == Clobber::formatMove(r, move); });
    ASSERT_NE(it, naive.end());
    EXPECT_EQ(count, testing::naiveClobberPerft(it->after, cgt::Side::Right, 3)) << it->text;
    EXPECT_EQ(regionOf(it->after), Clobber::play(r, move)) << it->text;
    sum += count;
  }
  EXPECT_EQ(sum, testing::naiveClobberPerft(start, cgt::Side::Left, 4));
}

// Every symmetric image of a region normalises to the same region, and the key tells
// normalised regions apart exactly.
TEST(Clobber, NormalisedKeysAreExact) {
  std::set<std::string> keys, normalised;
  for (const Grid& grid : randomGrids(1702, 400, 5)) {
    std::multiset<std::string> original;
    for (const auto& part : Clobber::split(regionOf(grid))) {
      const Region n = Clobber::normalise(part.region);
      original.insert(Clobber::key(n));
      keys.insert(Clobber::key(n));
      normalised.insert(Clobber::printPosition(n));
    }
    for (int t = 1; t < 8; ++t) {  // the images by hand: mirror files, mirror ranks, transpose
      const Grid image = imageByHand(grid, t);
      std::multiset<std::string> mapped;
      for (const auto& part : Clobber::split(regionOf(image))) mapped.insert(Clobber::key(Clobber::normalise(part.region)));
      ASSERT_EQ(mapped, original) << testing::oneLine(grid) << " image " << t;
    }
  }
  EXPECT_EQ(keys.size(), normalised.size());
  EXPECT_GT(keys.size(), 100u);
}

// normalise() (bit-parallel, only the images as wide as the shorter side) is the least of the
// 8 images built by hand from the grid, by (width, height, black rows, white rows); up to 10
// files or ranks, so that both its paths (within 8x8 in words, larger by rows) are met.
TEST(Clobber, NormaliseIsTheLeastImageByHand) {
  auto order = [](const Region& r) { return std::tie(r.width, r.height, r.black, r.white); };
  for (const Grid& grid : randomGrids(1708, 1200, 10)) {
    std::optional<Region> least;
    for (int t = 0; t < 8; ++t) {
      const Grid image = imageByHand(grid, t);
      const Region r = regionOf(image);
      if (!least || order(r) < order(*least)) least = r;
    }
    ASSERT_EQ(Clobber::normalise(regionOf(grid)), *least) << testing::oneLine(grid);
  }
}

// The parts hold every stone of a group with both colours, once, where it was.
TEST(Clobber, SplitKeepsEveryContestedGroup) {
  for (const Grid& grid : randomGrids(1703, 300, 8)) {
    const Region r = regionOf(grid);
    Region rebuilt;
    rebuilt.width = r.width, rebuilt.height = r.height;
    for (const auto& p : Clobber::split(r)) {
      EXPECT_GT(Clobber::moves(p.region, cgt::Side::Left).size() + Clobber::moves(p.region, cgt::Side::Right).size(), 0u);
      for (int k = 0; k < p.region.height; ++k) {
        EXPECT_EQ(rebuilt.black[k + p.rank0] & (p.region.black[k] << p.file0), 0);
        rebuilt.black[k + p.rank0] |= static_cast<uint16_t>(p.region.black[k] << p.file0);
        rebuilt.white[k + p.rank0] |= static_cast<uint16_t>(p.region.white[k] << p.file0);
      }
    }
    // The moves of the parts are the moves of the whole.
    for (cgt::Side side : {cgt::Side::Left, cgt::Side::Right}) EXPECT_EQ(moveTexts(rebuilt, side), moveTexts(r, side)) << testing::oneLine(grid);
  }
}

// split() (one 64-bit word within 8x8, bit rows past it) against a naive flood fill on the
// grid: the same groups with both colours, each cropped to its box, in the order of their
// lowest stone (rank, then file), on boards from 1x1 to 16x16.
TEST(Clobber, SplitMatchesNaiveFloodFill) {
  std::mt19937_64 rng(1709);
  for (int i = 0; i < 600; ++i) {
    const int w = 1 + static_cast<int>(rng() % 16), h = 1 + static_cast<int>(rng() % 16);
    const Grid grid = testing::randomClobberGrid(rng, w, h, 0.2 + 0.1 * static_cast<double>(rng() % 4));
    auto at = [&](int file, int rank) { return grid[h - 1 - rank][file]; };
    std::vector<std::string> expected;
    std::vector<std::vector<bool>> seen(h, std::vector<bool>(w));
    for (int rank = 0; rank < h; ++rank)
      for (int file = 0; file < w; ++file) {
        if (at(file, rank) == '.' || seen[rank][file]) continue;
        std::vector<std::pair<int, int>> group{{file, rank}}, todo{{file, rank}};
        seen[rank][file] = true;
        while (!todo.empty()) {
          const auto [f, r] = todo.back();
          todo.pop_back();
          for (const auto& [df, dr] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
            const int nf = f + df, nr = r + dr;
            if (nf < 0 || nr < 0 || nf >= w || nr >= h || at(nf, nr) == '.' || seen[nr][nf]) continue;
            seen[nr][nf] = true;
            group.push_back({nf, nr});
            todo.push_back({nf, nr});
          }
        }
        int f0 = w, f1 = -1, r0 = h, r1 = -1;
        bool x = false, o = false;
        for (const auto& [f, r] : group) {
          f0 = std::min(f0, f), f1 = std::max(f1, f), r0 = std::min(r0, r), r1 = std::max(r1, r);
          x = x || at(f, r) == 'x', o = o || at(f, r) == 'o';
        }
        if (!x || !o) continue;
        Grid box(r1 - r0 + 1, std::string(f1 - f0 + 1, '.'));
        for (const auto& [f, r] : group) box[r1 - r][f - f0] = at(f, r);
        expected.push_back(std::to_string(f0) + "," + std::to_string(r0) + " " + testing::oneLine(box));
      }
    std::vector<std::string> got;
    for (const auto& p : Clobber::split(regionOf(grid)))
      got.push_back(std::to_string(p.file0) + "," + std::to_string(p.rank0) + " " + Clobber::printPosition(p.region));
    ASSERT_EQ(got, expected) << testing::oneLine(grid);
  }
}

// The sum of the region values equals the canonical form of the whole board built from the
// definition (no splitting, no symmetry, no table but the exact board).
TEST(Clobber, ValuesMatchTheNaiveCanonicalForm) {
  core::AnalysisOptions options;
  options.formNodes = 0;  // every form, however large
  core::Analyser<Clobber> analyser(options);
  int nonZero = 0;
  for (const Grid& grid : randomGrids(1704, 250, 4)) {
    const core::Analysis<Clobber> a = analyser.analyse(regionOf(grid));
    ASSERT_FALSE(a.limitReached);
    cgt::GameId sum = cgt::zero();
    for (const auto& r : a.regions) sum = cgt::add(sum, *r.value);
    ASSERT_EQ(sum, testing::naiveClobberValue(grid)) << testing::oneLine(grid) << ": " << cgt::toString(sum);
    if (a.total) {
      ASSERT_EQ(*a.total, sum);
    }
    nonZero += sum != cgt::zero();
  }
  EXPECT_GT(nonZero, 100);
}

// The analysis' verdicts for either side to move against whole-board minimax, whether each
// side has a move, each winning move: one of the side's moves, after which the opponent
// loses, and with a loss the most stubborn move: one of the side's moves. Adds the winning
// sides.
void expectMinimaxAnswers(const Grid& grid, const Region& board, const core::Analysis<Clobber>& a, int& wins) {
  for (cgt::Side side : {cgt::Side::Left, cgt::Side::Right}) {
    const core::SideReport<Clobber>& s = a.forSide(side);
    const bool expected = testing::naiveClobberMoverWins(grid, side);
    ASSERT_EQ(s.verdict, expected ? core::Verdict::Win : core::Verdict::Loss) << testing::oneLine(grid);
    ASSERT_EQ(s.hasMove, !testing::naiveClobberMoves(grid, side).empty()) << testing::oneLine(grid);
    if (!expected) {
      ASSERT_EQ(s.stubbornMove.has_value(), s.hasMove) << testing::oneLine(grid);
      if (!s.stubbornMove) continue;
      const std::string text = Clobber::formatMove(board, *s.stubbornMove);
      const auto moves = testing::naiveClobberMoves(grid, side);
      ASSERT_TRUE(std::any_of(moves.begin(), moves.end(), [&](const auto& m) { return m.text == text; })) << testing::oneLine(grid) << " " << text;
      continue;
    }
    ++wins;
    ASSERT_TRUE(s.winningMove);
    const std::string text = Clobber::formatMove(board, *s.winningMove);
    const auto moves = testing::naiveClobberMoves(grid, side);
    const auto it = std::find_if(moves.begin(), moves.end(), [&](const auto& m) { return m.text == text; });
    ASSERT_NE(it, moves.end()) << testing::oneLine(grid) << " " << text;
    ASSERT_FALSE(testing::naiveClobberMoverWins(it->after, core::opposite(side))) << testing::oneLine(grid) << " " << text;
  }
}

// Verdicts with either side to move and the winning moves against whole-board minimax.
TEST(Clobber, VerdictsAndWinningMovesMatchMinimax) {
  core::Analyser<Clobber> analyser;
  int wins = 0;
  for (const Grid& grid : randomGrids(1705, 400, 4)) {
    const Region board = regionOf(grid);
    const core::Analysis<Clobber> a = analyser.analyse(board);
    expectMinimaxAnswers(grid, board, a, wins);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(wins, 200);
}

// Boards that are their own mirror image with the colours swapped, under each symmetry that
// undoes itself: the second side's verdict and winning move come from the first side's through
// the mirror. Both sides against whole-board minimax, and the second side costs no nodes (as
// many as deciding the side to move alone).
// A random board of 2 to 4 files and ranks that is its own image under symmetry t with the
// colours swapped.
Grid colourMirroredGrid(std::mt19937_64& rng, int t) {
  const int w = 2 + static_cast<int>(rng() % 3), h = t & 4 ? w : 2 + static_cast<int>(rng() % 3);
  const Grid random = testing::randomClobberGrid(rng, w, h, 0.3);
  Grid grid(h, std::string(w, '.'));
  for (int r = 0; r < h; ++r)
    for (int f = 0; f < w; ++f) {
      const auto [f2, r2] = core::symmetryImage(t, w, h, f, r);
      if (r2 * w + f2 < r * w + f) continue;
      const char c = random[h - 1 - r][f];
      if (r2 == r && f2 == f) continue;  // a square its own image stays empty
      grid[h - 1 - r][f] = c;
      grid[h - 1 - r2][f2] = c == 'x' ? 'o' : c == 'o' ? 'x' : c;
    }
  return grid;
}

TEST(Clobber, ColourMirroredBoardsTakeTheSecondSideFromTheFirst) {
  std::mt19937_64 rng(1711);
  int wins = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int t = core::kSelfInverseSymmetries[trial % core::kSelfInverseSymmetries.size()];
    const Grid grid = colourMirroredGrid(rng, t);
    const Region board = regionOf(grid);
    ASSERT_TRUE(Clobber::colourMirror(board)) << testing::oneLine(grid);
    const core::Analysis<Clobber> a = core::Analyser<Clobber>().analyse(board);
    EXPECT_EQ(a.nodes, core::Analyser<Clobber>().analyse(board, cgt::Side::Left, core::Sides::ToMoveOnly).nodes) << testing::oneLine(grid);
    expectMinimaxAnswers(grid, board, a, wins);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(wins, 100);
  // Boards that are not: a random one, and a checkerboard of odd sides (its mirrors keep the colours).
  EXPECT_FALSE(Clobber::colourMirror(regionOf({"xxo", "o.x"})));
  EXPECT_FALSE(Clobber::colourMirror(regionOf(testing::clobberStart(5, 5))));
  EXPECT_EQ(Clobber::colourMirror(regionOf(testing::clobberStart(6, 4))), 1);  // files mirrored
}

// With allWinningMoves, each side's winning moves are exactly the moves after which minimax
// says the opponent loses, the reported winning move first, none twice; on random boards and
// on colour-mirrored ones (the second side's list comes through the mirror).
TEST(Clobber, AllWinningMovesAreMinimaxs) {
  core::AnalysisOptions options;
  options.allWinningMoves = true;
  core::Analyser<Clobber> analyser(options);
  std::mt19937_64 rng(1712);
  std::vector<Grid> grids = randomGrids(1713, 200, 4);
  for (int trial = 0; trial < 100; ++trial)
    grids.push_back(colourMirroredGrid(rng, core::kSelfInverseSymmetries[trial % core::kSelfInverseSymmetries.size()]));
  int several = 0;
  for (const Grid& grid : grids) {
    const Region board = regionOf(grid);
    const core::Analysis<Clobber> a = analyser.analyse(board);
    for (cgt::Side side : {cgt::Side::Left, cgt::Side::Right}) {
      const core::SideReport<Clobber>& s = a.forSide(side);
      std::vector<std::string> expected, found;
      for (const testing::NaiveClobberMove& m : testing::naiveClobberMoves(grid, side))
        if (!testing::naiveClobberMoverWins(m.after, core::opposite(side))) expected.push_back(m.text);
      for (const Clobber::Move& m : s.winningMoves) found.push_back(Clobber::formatMove(board, m));
      if (!found.empty()) {
        ASSERT_TRUE(s.winningMove);
        EXPECT_EQ(found.front(), Clobber::formatMove(board, *s.winningMove)) << testing::oneLine(grid);
      }
      std::sort(expected.begin(), expected.end());
      std::sort(found.begin(), found.end());
      ASSERT_EQ(found, expected) << testing::oneLine(grid) << " " << (side == cgt::Side::Left ? "Black" : "White") << " to move";
      several += found.size() > 1;
    }
  }
  EXPECT_GT(several, 50);
}

// A limit that cuts short the search for the other winning moves keeps the win and its move
// (a verdict found before the limit stands), and lists that move alone; the run still says a
// limit was reached.
TEST(Clobber, ALimitDuringTheListKeepsTheWinAndItsMove) {
  core::AnalysisOptions all;
  all.allWinningMoves = true;
  all.formNodes = all.searchTry = 1;  // regions raw: the list is searched, node by node
  all.rounds = false;
  int cut = 0;
  for (const Grid& grid : randomGrids(1714, 60, 4)) {
    const Region board = regionOf(grid);
    const core::Analysis<Clobber> full = core::Analyser<Clobber>(all).analyse(board);
    if (full.left.winningMoves.size() < 2) continue;
    for (uint64_t nodes = 1; nodes <= full.nodes; ++nodes) {
      core::AnalysisOptions limited = all;
      limited.limits.nodes = nodes;
      const core::Analysis<Clobber> a = core::Analyser<Clobber>(limited).analyse(board, cgt::Side::Left, core::Sides::ToMoveOnly);
      if (!a.limitReached || a.left.verdict == core::Verdict::Unknown) continue;
      ASSERT_EQ(a.left.verdict, core::Verdict::Win) << testing::oneLine(grid);
      ASSERT_TRUE(a.left.winningMove);
      ASSERT_EQ(a.left.winningMoves.size(), 1u) << testing::oneLine(grid);
      EXPECT_EQ(a.left.winningMoves.front(), *a.left.winningMove);
      EXPECT_NE(std::find(full.left.winningMoves.begin(), full.left.winningMoves.end(), *a.left.winningMove), full.left.winningMoves.end());
      ++cut;
    }
  }
  EXPECT_GT(cut, 10);
}

// Larger sums: boards up to 6x6, half empty (many groups).
TEST(Clobber, VerdictsOnSparseBoardsMatchMinimax) {
  core::Analyser<Clobber> analyser;
  std::mt19937_64 rng(1706);
  for (int i = 0; i < 60; ++i) {
    const Grid grid = testing::randomClobberGrid(rng, 5 + static_cast<int>(rng() % 2), 5 + static_cast<int>(rng() % 2), 0.55);
    const core::Analysis<Clobber> a = analyser.analyse(regionOf(grid));
    for (cgt::Side side : {cgt::Side::Left, cgt::Side::Right})
      ASSERT_EQ(a.forSide(side).verdict == core::Verdict::Win, testing::naiveClobberMoverWins(grid, side)) << testing::oneLine(grid);
  }
}

// The search over sums with raw regions (forms allowed a handful of expansions, so most
// regions stay raw, and numbers of the sums meet raw parts) against minimax too.
TEST(Clobber, SearchWithRawRegionsMatchesMinimax) {
  for (uint64_t allowance : {1, 8, 60}) {
    core::AnalysisOptions options;
    options.formNodes = allowance;
    options.searchTry = allowance;
    options.rounds = false;  // the regions whose forms do not fit stay raw to the end
    int raw = 0;
    for (const Grid& grid : randomGrids(1707 + allowance, 150, 4)) {
      const Region board = regionOf(grid);
      core::Analyser<Clobber> analyser(options);  // each board on its own: no values from the last
      const core::Analysis<Clobber> a = analyser.analyse(board);
      for (const auto& r : a.regions) raw += !r.value;
      for (cgt::Side side : {cgt::Side::Left, cgt::Side::Right}) {
        const core::SideReport<Clobber>& s = a.forSide(side);
        const bool expected = testing::naiveClobberMoverWins(grid, side);
        ASSERT_EQ(s.verdict, expected ? core::Verdict::Win : core::Verdict::Loss) << testing::oneLine(grid) << " allowance " << allowance;
        if (!expected) continue;
        const std::string text = Clobber::formatMove(board, *s.winningMove);
        const auto moves = testing::naiveClobberMoves(grid, side);
        const auto it = std::find_if(moves.begin(), moves.end(), [&](const auto& m) { return m.text == text; });
        ASSERT_NE(it, moves.end()) << text;
        ASSERT_FALSE(testing::naiveClobberMoverWins(it->after, core::opposite(side))) << testing::oneLine(grid) << " " << text;
      }
    }
    EXPECT_GT(raw, 10) << allowance;
  }
}

// The same through the proof-number search (core/proof_search.h) from four stones of raw
// regions, each position tried with two positions only; on one thread and on two, where a
// position's tries run side by side (SumSearch::forEachTry).
TEST(Clobber, ProofSearchMatchesMinimax) {
  for (const unsigned threads : {1u, 2u}) {
    core::AnalysisOptions options;
    options.formNodes = options.searchTry = 1;
    options.rounds = false;
    options.proofSize = 4;
    options.proofTryPositions = 2;
    options.threads = threads;
    int wins = 0;
    for (const Grid& grid : randomGrids(1811, 150, 4)) {
      const Region board = regionOf(grid);
      core::Analyser<Clobber> analyser(options);
      expectMinimaxAnswers(grid, board, analyser.analyse(board), wins);
    }
    EXPECT_GT(wins, 100) << threads << " threads";
  }
}

// The rounds (core::Analyser::decideInRounds): a search that passes its allowance gives up,
// the regions still unknown are tried with four times as much, and it starts again. With forms
// allowed a few expansions, on boards of several groups: each value found is the region's
// canonical form from the definition, the verdicts and moves are minimax's, and the same
// boards in one round leave more regions raw.
TEST(Clobber, RoundsValueRegionsSideBySide) {
  core::AnalysisOptions options;
  options.formNodes = options.searchTry = 4;
  core::AnalysisOptions oneRound = options;
  oneRound.rounds = false;
  int boards = 0, wins = 0, unknownWithRounds = 0, unknownInOneRound = 0;
  std::mt19937_64 rng(1710);
  for (int i = 0; i < 200; ++i) {
    const Grid grid = testing::randomClobberGrid(rng, 4 + static_cast<int>(rng() % 3), 4 + static_cast<int>(rng() % 2), 0.45);
    const Region board = regionOf(grid);
    core::Analyser<Clobber> analyser(options), single(oneRound);
    const core::Analysis<Clobber> a = analyser.analyse(board);
    if (a.regions.size() < 2) continue;
    ++boards;
    int unknown = 0;
    for (const auto& r : a.regions) {
      if (!r.value) {
        ++unknown;
        continue;
      }
      const std::string text = Clobber::printPosition(r.part.region);
      Grid part;
      for (size_t start = 0;;) {
        const size_t bar = std::min(text.find('|', start), text.size());
        part.push_back(text.substr(start, bar - start));
        if (bar == text.size()) break;
        start = bar + 1;
      }
      ASSERT_EQ(*r.value, testing::naiveClobberValue(part)) << testing::oneLine(grid) << " region " << text;
    }
    unknownWithRounds += unknown;
    expectMinimaxAnswers(grid, board, a, wins);
    for (const auto& r : single.analyse(board).regions) unknownInOneRound += !r.value;
  }
  EXPECT_GT(boards, 50);
  EXPECT_GT(wins, 30);
  EXPECT_GT(unknownInOneRound, unknownWithRounds);
}

// Two equal groups side by side, their forms allowed 50 expansions: the rounds value both (the
// second's form fits once the first's failed try has stored its followers, and the first takes
// the second's value), each the canonical form from the definition.
TEST(Clobber, EqualGroupsSideBySideAreBothValued) {
  core::AnalysisOptions options;
  options.formNodes = 50;
  core::Analyser<Clobber> analyser(options);
  const core::Analysis<Clobber> a = analyser.analyse(Clobber::parseOneLine("xoxo.xoxo|oxox.oxox|xoxo.xoxo"));
  ASSERT_EQ(a.regions.size(), 2u);
  const cgt::GameId expected = testing::naiveClobberValue({"xoxo", "oxox", "xoxo"});
  for (const auto& r : a.regions) {
    ASSERT_TRUE(r.value);
    EXPECT_EQ(*r.value, expected);
  }
  ASSERT_TRUE(a.total);
  EXPECT_EQ(*a.total, cgt::add(expected, expected));
}

// Two threads, splitting every search position with more than two moves and four stones raw
// (forms allowed a few expansions, so that most regions are searched raw): the verdicts
// against minimax, the values and winning moves those of one thread.
TEST(Clobber, ParallelSearchKeepsVerdictsValuesAndMoves) {
  core::AnalysisOptions serial;
  serial.formNodes = serial.searchTry = 8;
  core::AnalysisOptions parallel = serial;
  parallel.threads = 2;
  parallel.parallelSize = 4;
  for (const Grid& grid : randomGrids(1709, 200, 4)) {
    const Region board = regionOf(grid);
    core::Analyser<Clobber> one(serial), two(parallel);
    const core::Analysis<Clobber> a = one.analyse(board), b = two.analyse(board);
    for (size_t i = 0; i < a.regions.size(); ++i) ASSERT_EQ(a.regions[i].value, b.regions[i].value) << testing::oneLine(grid);
    for (cgt::Side side : {cgt::Side::Left, cgt::Side::Right}) {
      const bool expected = testing::naiveClobberMoverWins(grid, side);
      ASSERT_EQ(b.forSide(side).verdict, expected ? core::Verdict::Win : core::Verdict::Loss) << testing::oneLine(grid);
      ASSERT_EQ(a.forSide(side).winningMove, b.forSide(side).winningMove) << testing::oneLine(grid);
    }
  }
}

// Past a node limit: the side to move (analyse's second argument) is decided first, and a
// verdict found before the limit stands while the other side's says unknown. Every verdict
// given agrees with minimax; the side decided second is never known without the first; and
// some analyses end with the first side known and the second unknown (before, a limit
// reached by either side's search left both unknown).
TEST(Clobber, NodeLimitKeepsTheVerdictOfTheSideToMove) {
  core::AnalysisOptions limited;
  limited.formNodes = limited.searchTry = 8;  // regions raw: the verdicts are searches
  limited.limits.nodes = 60;
  int firstOnly = 0;
  int index = 0;
  for (const Grid& grid : randomGrids(1710, 1000, 5)) {
    const cgt::Side first = ++index % 2 ? cgt::Side::Left : cgt::Side::Right;
    core::Analyser<Clobber> analyser(limited);
    const core::Analysis<Clobber> a = analyser.analyse(regionOf(grid), first);
    const core::Verdict firstVerdict = a.forSide(first).verdict, secondVerdict = a.forSide(core::opposite(first)).verdict;
    ASSERT_TRUE(firstVerdict != core::Verdict::Unknown || secondVerdict == core::Verdict::Unknown) << testing::oneLine(grid);
    EXPECT_EQ(a.limitReached, firstVerdict == core::Verdict::Unknown || secondVerdict == core::Verdict::Unknown) << testing::oneLine(grid);
    firstOnly += firstVerdict != core::Verdict::Unknown && secondVerdict == core::Verdict::Unknown;
    for (cgt::Side side : {cgt::Side::Left, cgt::Side::Right}) {
      if (a.forSide(side).verdict != core::Verdict::Unknown) {
        ASSERT_EQ(a.forSide(side).verdict == core::Verdict::Win, testing::naiveClobberMoverWins(grid, side)) << testing::oneLine(grid);
      }
    }
  }
  EXPECT_GT(firstOnly, 15);  // 30 of the 1,000 boards
}

// Sides::ToMoveOnly (the bot's way to analyse): the side to move's verdict against
// minimax, a winning move that wins, the other side's verdict unknown.
TEST(Clobber, SideToMoveOnlyDecidesThatSide) {
  core::Analyser<Clobber> analyser;
  int index = 0;
  for (const Grid& grid : randomGrids(1711, 200, 4)) {
    const cgt::Side mover = ++index % 2 ? cgt::Side::Left : cgt::Side::Right;
    const Region board = regionOf(grid);
    const core::Analysis<Clobber> a = analyser.analyse(board, mover, core::Sides::ToMoveOnly);
    const core::SideReport<Clobber>& side = a.forSide(mover);
    ASSERT_EQ(side.verdict == core::Verdict::Win, testing::naiveClobberMoverWins(grid, mover)) << testing::oneLine(grid);
    EXPECT_EQ(a.forSide(core::opposite(mover)).verdict, core::Verdict::Unknown) << testing::oneLine(grid);
    if (side.winningMove) {
      const Region after = Clobber::play(board, *side.winningMove);
      EXPECT_EQ(analyser.analyse(after, core::opposite(mover), core::Sides::ToMoveOnly).forSide(core::opposite(mover)).verdict, core::Verdict::Loss)
          << testing::oneLine(grid);
    }
  }
}

// --hash: with tables of one megabyte (a quarter for the values, some 3,000 sums each for the
// two sum tables), filled by the first boards, the analyser keeps its answers exact (verdicts
// against minimax, values against an analyser with room to spare) and its value table within
// its share.
// The table of sums keeps what it knows of raw regions beside known parts up to the mover's
// advantage: the whole known sum, or, beside more than two other parts, its number-up-star
// part (core::ValueBounds). A verdict remembered for R + P + v0 (R a random raw board, P none to
// four values of random groups that are no number, up or nimber, v0 = x + ^n*m) is read back
// for R + P' + v, every P' and v, and must then be the naive canonical forms' (cgt::moverWins
// of the whole sum). Mutation-checked: a win read for an advantage below the stored one, the
// advantage not negated for Right, or P left out of the key beside more than two other parts,
// fails it.
TEST(Clobber, TableReadsVerdictsAcrossKnownParts) {
  core::AnalysisOptions options;
  core::SumSearch<Clobber> search(options);
  std::mt19937_64 rng(5051);
  std::vector<cgt::Nus> advantages;
  for (const cgt::Dyadic& x : {cgt::Dyadic(-1, 1), cgt::Dyadic(), cgt::Dyadic(1, 1)})
    for (int64_t u = -3; u <= 3; ++u)
      for (uint32_t m = 0; m <= 2; ++m) advantages.push_back({x, u, m});
  std::vector<cgt::GameId> pool;
  while (pool.size() < 4) {
    const cgt::GameId g = testing::naiveClobberValue(testing::randomClobberGrid(rng, 3, 2, 0.2));
    if (!cgt::asNus(g) && std::find(pool.begin(), pool.end(), g) == pool.end()) pool.push_back(g);
  }
  // Part lists of none to four from the pool (repeats allowed): beside up to two other parts
  // the whole sum is the advantage, beside more they are in the key.
  std::vector<std::vector<cgt::GameId>> others = {{}};
  for (int k = 1; k <= 4; ++k)
    for (int i = 0; i < 3; ++i) {
      std::vector<cgt::GameId> parts;
      for (int j = 0; j < k; ++j) parts.push_back(pool[rng() % pool.size()]);
      others.push_back(parts);
    }
  auto state = [](const Region& raw, const std::vector<cgt::GameId>& parts, const cgt::Nus& v) {
    core::SumSearch<Clobber>::State s;
    for (cgt::GameId g : parts) s.known.add(g);
    s.known.add(cgt::nus(v.number, v.ups, v.nim));
    s.raw.push_back(raw);
    return s;
  };
  int read = 0, wins = 0, readBesideMany = 0;
  for (int trial = 0; trial < 300 && !HasFatalFailure(); ++trial) {
    const Grid grid = testing::randomClobberGrid(rng, 1 + static_cast<int>(rng() % 3), 1 + static_cast<int>(rng() % 3), 0.2);
    const Region raw = Clobber::normalise(regionOf(grid));
    const cgt::GameId rawValue = testing::naiveClobberValue(grid);
    const cgt::Side mover = rng() % 2 ? cgt::Side::Left : cgt::Side::Right;
    auto truth = [&](const std::vector<cgt::GameId>& parts, const cgt::Nus& v) {
      cgt::GameId sum = cgt::add(rawValue, cgt::nus(v.number, v.ups, v.nim));
      for (cgt::GameId g : parts) sum = cgt::add(sum, g);
      return cgt::moverWins(sum, mover);
    };
    const std::vector<cgt::GameId>& parts = others[rng() % others.size()];
    const cgt::Nus v0 = advantages[rng() % advantages.size()];
    search.remember(state(raw, parts, v0), mover, truth(parts, v0));
    for (const std::vector<cgt::GameId>& partsRead : others)
      for (const cgt::Nus& v : advantages)
        if (const std::optional<bool> known = search.known(state(raw, partsRead, v), mover)) {
          ASSERT_EQ(*known, truth(partsRead, v)) << testing::oneLine(grid) << " beside " << partsRead.size() << " parts ^" << v.ups << " *" << v.nim
                                                 << " x " << v.number.num << "/2^" << v.number.exp << ", remembered ^" << v0.ups << " *" << v0.nim;
          ++read;
          wins += *known;
          readBesideMany += partsRead.size() > 2;
        }
  }
  EXPECT_GT(read, 30000) << read;
  EXPECT_GT(wins, 10000) << wins;
  EXPECT_GT(readBesideMany, 5000) << readBesideMany;
}

// The parts a move leaves (core::PartValues): each is valued within searchTry expansions, unless
// a form at least as large failed in the analysis under way, and then it stays raw (a 41-empty
// 10x10 Amazons position: 4.2 M positions with such parts tried, 1.0 M without); a failure
// inside a RawFrom scope (a probe's, a proof search's try) holds only while the scope lasts
// (that position with the proof search: unknown at 60 s without the scope, 22.4 s with it). A
// value given is the naive canonical form's. Mutation-checked: the scope not restoring the size,
// a failure not lowering it, or newAnalysis not resetting it, fails it.
TEST(Clobber, PartsAsLargeAsAFailedFormStayRawWhileItsScopeLasts) {
  core::AnalysisOptions options;
  options.searchTry = 1'000'000;  // every form here fits unless one as large failed
  core::PartValues<Clobber> parts(options, nullptr);
  core::Budget budget(core::Limits{});
  auto valueOf = [](const cgt::PartSum& known) {
    cgt::GameId sum = cgt::integer(0);
    for (cgt::GameId g : known.values()) sum = cgt::add(sum, g);
    return sum;
  };
  // Whether addParts leaves `grid` raw; if not, its value must be the naive form's.
  auto leftRaw = [&](const Grid& grid) {
    core::SumState<Clobber> state;
    parts.addParts(regionOf(grid), state, budget);
    if (state.raw.empty()) {
      EXPECT_EQ(valueOf(state.known), testing::naiveClobberValue(grid)) << testing::oneLine(grid);
    }
    return !state.raw.empty();
  };
  const Grid small = {"xoo"}, eight = {"xoxo", "oxox"}, nine = {"xox", "oxo", "xox"}, ten = {"xoxox", "oxoxo"};
  parts.newAnalysis();
  {
    const core::PartValues<Clobber>::RawFrom scope(parts);
    EXPECT_FALSE(parts.tryValue(regionOf(eight), 1, budget));  // one expansion: too few
    EXPECT_TRUE(leftRaw(eight));
    EXPECT_TRUE(leftRaw(nine));
    EXPECT_FALSE(leftRaw(small));
  }
  EXPECT_FALSE(leftRaw(eight));  // valued now: the failure was the scope's
  EXPECT_FALSE(parts.tryValue(regionOf(nine), 1, budget));  // outside any scope
  EXPECT_TRUE(leftRaw(nine));
  EXPECT_TRUE(leftRaw(ten));
  EXPECT_FALSE(leftRaw(eight));  // smaller, and in the table
  parts.newAnalysis();
  EXPECT_FALSE(leftRaw(ten));
  EXPECT_FALSE(leftRaw(nine));
}

TEST(Clobber, FullTablesKeepVerdictsAndValues) {
  core::AnalysisOptions small;
  small.hashMegabytes = 1;
  core::Analyser<Clobber> cramped(small), roomy;
  for (const Grid& grid : randomGrids(1708, 300, 5)) {
    const Region board = regionOf(grid);
    const core::Analysis<Clobber> a = cramped.analyse(board), b = roomy.analyse(board);
    ASSERT_EQ(a.regions.size(), b.regions.size());
    for (size_t i = 0; i < a.regions.size(); ++i) {
      if (a.regions[i].value && b.regions[i].value) {
        ASSERT_EQ(*a.regions[i].value, *b.regions[i].value) << testing::oneLine(grid);
      }
    }
    for (cgt::Side side : {cgt::Side::Left, cgt::Side::Right})
      ASSERT_EQ(a.forSide(side).verdict == core::Verdict::Win, testing::naiveClobberMoverWins(grid, side)) << testing::oneLine(grid);
  }
  EXPECT_LE(cramped.tableBytes(), small.valueBytes());
  EXPECT_GT(roomy.tableSize(), 2 * cramped.tableSize());  // the small table did fill
}

// clear() empties the tables: an analysis after it searches exactly what a fresh analyser's
// does (the suite command clears an engine before each line).
TEST(Clobber, ClearedAnalyserSearchesAsAFreshOne) {
  // Forms cut short, so that every table serves: region values, sums of values, searched sums.
  core::AnalysisOptions options;
  options.formNodes = 20;
  core::Analyser<Clobber> used(options);
  const std::vector<Grid> grids = randomGrids(1709, 40, 6);
  for (const Grid& grid : grids) used.analyse(regionOf(grid));
  for (const Grid& grid : grids) {
    used.clear();
    core::Analyser<Clobber> fresh(options);
    const core::Analysis<Clobber> a = used.analyse(regionOf(grid)), b = fresh.analyse(regionOf(grid));
    ASSERT_EQ(a.nodes, b.nodes) << testing::oneLine(grid);
  }
}

TEST(Clobber, LimitsGiveUnknown) {
  const Region start = regionOf(testing::clobberStart(6, 6));
  core::AnalysisOptions options;
  options.limits.nodes = 50;
  core::Analyser<Clobber> analyser(options);
  const core::Analysis<Clobber> a = analyser.analyse(start);
  EXPECT_TRUE(a.limitReached);
  EXPECT_EQ(a.left.verdict, core::Verdict::Unknown);
  EXPECT_EQ(a.right.verdict, core::Verdict::Unknown);
  EXPECT_FALSE(a.left.winningMove);
  EXPECT_FALSE(a.regions[0].value);
  EXPECT_FALSE(a.total);

  core::AnalysisOptions timed;
  timed.limits.seconds = 1e-6;
  core::Analyser<Clobber> hurried(timed);
  EXPECT_TRUE(hurried.analyse(start).limitReached);
}

// The stop flag (play uci's `stop`) ends an analysis as a limit does: read with the clock,
// every 256 expansions, so a flag already set ends it within the first 256 and one never set
// changes nothing (the same nodes as without one).
TEST(Clobber, AStopFlagEndsTheAnalysisAsALimitDoes) {
  const Region start = regionOf(testing::clobberStart(6, 6));
  std::atomic<bool> stop{true};
  core::AnalysisOptions options;
  options.limits.stop = &stop;
  core::Analyser<Clobber> stopped(options);
  const core::Analysis<Clobber> a = stopped.analyse(start, cgt::Side::Left, core::Sides::ToMoveOnly);
  EXPECT_TRUE(a.limitReached);
  EXPECT_EQ(a.left.verdict, core::Verdict::Unknown);
  EXPECT_LE(a.nodes, 256u);

  const Region small = Clobber::parseOneLine("xoxo|oxox|xoxo");
  stop = false;
  core::Analyser<Clobber> flagged(options);
  core::Analyser<Clobber> plain{core::AnalysisOptions{}};
  const core::Analysis<Clobber> withFlag = flagged.analyse(small), without = plain.analyse(small);
  EXPECT_FALSE(withFlag.limitReached);
  EXPECT_EQ(withFlag.left.verdict, without.left.verdict);
  EXPECT_EQ(withFlag.nodes, without.nodes);
}

TEST(Clobber, FormatsAndErrors) {
  const clobber::Position one = Clobber::parsePosition("xo.|.OX\n", "f");
  EXPECT_EQ(Clobber::printPosition(one.board), "xo.|.ox");
  EXPECT_FALSE(one.toMove);
  EXPECT_EQ(one.board.width, 3);
  const clobber::Position rows = Clobber::parsePosition("# a comment\nwhite\nxo.\n.ox\n", "f");
  EXPECT_EQ(rows.board, one.board);
  EXPECT_EQ(rows.toMove, cgt::Side::Right);
  // CodinGame: b = Black = x; the action count is checked against ours.
  const std::string cg = "3\nb\nbw.\n.wb\nwbw\nnull\n";
  const clobber::Position turn = Clobber::parsePosition(cg + std::to_string(Clobber::moves(regionOf({"xo.", ".ox", "oxo"}), cgt::Side::Left).size()) + "\n", "f");
  EXPECT_EQ(Clobber::printPosition(turn.board), "xo.|.ox|oxo");
  EXPECT_EQ(turn.toMove, cgt::Side::Left);
  EXPECT_EQ(Clobber::parsePosition("2\nw\nbw\nwb\na1a2\n", "f").toMove, cgt::Side::Right);
  auto errorAt = [](const std::string& text) -> std::pair<int, int> {
    try {
      Clobber::parsePosition(text, "f");
    } catch (const InputError& e) {
      EXPECT_EQ(e.file(), "f");
      return {e.line(), e.column()};
    }
    ADD_FAILURE() << "no error for " << text;
    return {0, 0};
  };
  EXPECT_EQ(errorAt(cg + "99\n"), std::make_pair(7, 1));
  EXPECT_EQ(errorAt("xo.|.#x"), std::make_pair(1, 6));
  EXPECT_EQ(errorAt("xo.|.x"), std::make_pair(1, 7));  // where the missing square would be
  EXPECT_EQ(errorAt("3\nb\nbw.\n.wb\n"), std::make_pair(5, 1));
  EXPECT_EQ(errorAt("3\nb\nbw.\n.wb\nwbw\nz9z9\n"), std::make_pair(6, 1));
  EXPECT_EQ(errorAt("17\nb\n"), std::make_pair(1, 1));
  EXPECT_EQ(errorAt(std::string(17, 'x')), std::make_pair(1, 17));
  EXPECT_EQ(errorAt(""), std::make_pair(1, 1));
  const Region big = Clobber::parsePosition(testing::oneLine(testing::clobberStart(16, 16)), "f").board;
  EXPECT_EQ(big.stones(), 256);
  EXPECT_EQ(Clobber::printPosition(big), testing::oneLine(testing::clobberStart(16, 16)));
  EXPECT_EQ(clobber::perft(big, cgt::Side::Left, 1), 480u);  // 2 * 16 * 15 adjacent pairs, each one Black move
  // Moves: e2e3 style, legal only.
  const Region b = one.board;
  EXPECT_EQ(Clobber::formatMove(b, Clobber::parseMove(b, "a2b2")), "a2b2");
  EXPECT_THROW(Clobber::parseMove(b, "a2a1"), InputError);
  EXPECT_THROW(Clobber::parseMove(b, "a2z2"), InputError);
  EXPECT_THROW(Clobber::parseMove(b, "a2b"), InputError);
}

// Every move of a split is searched: the eldest (one, two or three) alone, each other one in
// parallel. Two threads splitting every position of two or more stones, the regions searched
// raw: the verdicts against minimax. It fails where the second eldest move is searched neither
// alone nor in parallel.
TEST(Clobber, SplitsSearchEveryMoveAfterTheEldest) {
  for (const size_t eldest : {size_t{1}, size_t{2}, size_t{3}}) {
    core::AnalysisOptions parallel;
    parallel.formNodes = parallel.searchTry = 1;
    parallel.threads = 2;
    parallel.parallelSize = 2;
    parallel.eldestMoves = eldest;
    for (const Grid& grid : randomGrids(1711 + eldest, 600, 4)) {
      core::Analyser<Clobber> two(parallel);
      const core::Analysis<Clobber> a = two.analyse(regionOf(grid));
      for (cgt::Side side : {cgt::Side::Left, cgt::Side::Right})
        ASSERT_EQ(a.forSide(side).verdict, testing::naiveClobberMoverWins(grid, side) ? core::Verdict::Win : core::Verdict::Loss)
            << testing::oneLine(grid) << " eldest " << eldest;
    }
  }
}

}  // namespace
}  // namespace amazons
