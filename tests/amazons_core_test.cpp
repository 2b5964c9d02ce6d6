// Amazons behind the game-generic core (solver/amazons/game.h): its interface against Board's
// own moves, and core::Analyser<Amazons> against the whole-board oracle, the naive canonical
// form and the Amazons solver, three independent computations.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <random>
#include <thread>
#include <set>
#include <tuple>
#include <utility>

#include "cgt/cgt.h"
#include "solver/amazons/formats.h"
#include "solver/amazons/game.h"
#include "solver/amazons/minimax.h"
#include "solver/amazons/solve.h"
#include "solver/core/analysis.h"
#include "solver/core/errors.h"
#include "solver/core/symmetry.h"
#include "tests/support/naive.h"

namespace amazons {
namespace {

using core::Verdict;

auto asTuple(const GameMove& m) {
  return std::tuple(m.fromFile, m.fromRank, m.toFile, m.toRank, m.arrowFile, m.arrowRank);
}

Board randomBoard(std::mt19937_64& rng, int maxSide, int maxAmazons) {
  const int w = std::uniform_int_distribution<int>(1, maxSide)(rng);
  const int h = std::uniform_int_distribution<int>(2, maxSide)(rng);
  const int blacks = std::uniform_int_distribution<int>(1, maxAmazons)(rng);
  const int whites = std::uniform_int_distribution<int>(1, maxAmazons)(rng);
  if (blacks + whites > w * h) return Board(w, h);
  // Enough arrows that the oracle, which never splits, usually finishes.
  return testing::randomBoard(rng, w, h, blacks, whites, std::max(0.3, 1.0 - 11.0 / (w * h)));
}

// The whole-board oracle with `mover` to move, or nullopt past its node limit.
std::optional<bool> oracle(Board board, Color mover, uint64_t nodeLimit = 300'000) {
  board.setSideToMove(mover);
  return WholeBoardSearch(nodeLimit).moverWins(board);
}

// The analysis' verdicts for either side to move against the oracle, where it finishes, and
// each winning move: legal, and the opponent loses after it. Adds the sides compared.
void expectTheOraclesAnswers(const Board& board, const core::Analysis<Amazons>& a, int& compared) {
  ASSERT_FALSE(a.limitReached);
  for (Color mover : {Color::Black, Color::White}) {
    const std::optional<bool> expected = oracle(board, mover);
    if (!expected) continue;
    const core::SideReport<Amazons>& side = a.forSide(Amazons::sideOf(mover));
    ASSERT_EQ(side.verdict == Verdict::Win, *expected) << toOneLine(board) << " " << colorName(mover) << " to move";
    if (*expected) {
      ASSERT_TRUE(side.winningMove);
      Board after = board;
      after.setSideToMove(mover);
      ASSERT_TRUE(after.isLegal(Amazons::onBoard(board, *side.winningMove))) << toOneLine(board);
      after.play(Amazons::onBoard(board, *side.winningMove));
      ASSERT_FALSE(*oracle(after, opposite(mover), 0)) << toOneLine(board) << " " << Amazons::formatMove(GameRegion(board), *side.winningMove);
    }
    ++compared;
  }
}

TEST(AmazonsOnCore, PartsMovesShiftedAreTheBoardsMoves) {
  // The chambers split() gives, with their moves shifted back by their offsets, make up the
  // board's moves exactly (dead and closed chambers, left out, have none).
  std::mt19937_64 rng(17);
  for (int trial = 0; trial < 300; ++trial) {
    const Board board = randomBoard(rng, 8, 4);
    for (Color c : {Color::Black, Color::White}) {
      std::multiset<std::tuple<uint8_t, uint8_t, uint8_t, uint8_t, uint8_t, uint8_t>> whole, parts;
      for (const Move& m : testing::naiveMoves(board, c)) whole.insert(asTuple(Amazons::ofBoard(board, m)));
      for (const core::Placed<GameRegion>& p : Amazons::split(GameRegion(board)))
        for (const GameMove& m : Amazons::moves(p.region, Amazons::sideOf(c))) parts.insert(asTuple(Amazons::shifted(m, p.file0, p.rank0)));
      ASSERT_EQ(whole, parts) << toOneLine(board) << " " << colorName(c);
      EXPECT_EQ(Amazons::countMoves(GameRegion(board), Amazons::sideOf(c)), whole.size());
    }
  }
}

// Boards past 64 squares are held as boards, their chambers (cropped) as masks: the same
// check there, on boards of 9 to 12 files and ranks.
TEST(AmazonsOnCore, PartsOfLargeBoardsMakeUpTheirMoves) {
  std::mt19937_64 rng(18);
  int large = 0;
  for (int trial = 0; trial < 100; ++trial) {
    const int w = std::uniform_int_distribution<int>(9, 12)(rng), h = std::uniform_int_distribution<int>(8, 12)(rng);
    const Board board = testing::randomBoard(rng, w, h, 2, 2, 0.7);
    const GameRegion region(board);
    ASSERT_FALSE(region.isSmall());
    EXPECT_EQ(Amazons::printPosition(region), toOneLine(board));
    EXPECT_EQ(Amazons::size(region), board.emptyCount());
    for (Color c : {Color::Black, Color::White}) {
      std::multiset<std::tuple<uint8_t, uint8_t, uint8_t, uint8_t, uint8_t, uint8_t>> whole, parts, direct;
      for (const Move& m : testing::naiveMoves(board, c)) whole.insert(asTuple(Amazons::ofBoard(board, m)));
      for (const GameMove& m : Amazons::moves(region, Amazons::sideOf(c))) direct.insert(asTuple(m));
      for (const core::Placed<GameRegion>& p : Amazons::split(region)) {
        large += !p.region.isSmall();
        for (const GameMove& m : Amazons::moves(p.region, Amazons::sideOf(c))) parts.insert(asTuple(Amazons::shifted(m, p.file0, p.rank0)));
      }
      ASSERT_EQ(whole, parts) << toOneLine(board) << " " << colorName(c);
      ASSERT_EQ(whole, direct) << toOneLine(board) << " " << colorName(c);
      EXPECT_EQ(Amazons::countMoves(region, Amazons::sideOf(c)), whole.size());
    }
  }
  EXPECT_GT(large, 20);  // chambers whose box is past 64 squares stay boards
}

// The least of the one-line forms of a region's 8 images, each cropped to the box of its
// squares that are not arrows ("" for none): a naive twin of normalise and key.
std::string naiveCanonical(const Board& board) {
  std::string least;
  bool first = true;
  for (const Board& image : testing::symmetricImages(board)) {
    int f0 = image.width(), f1 = -1, r0 = image.height(), r1 = -1;
    for (int sq = 0; sq < image.squares(); ++sq)
      if (image.at(sq) != Cell::Arrow) {
        f0 = std::min(f0, image.fileOf(sq)), f1 = std::max(f1, image.fileOf(sq));
        r0 = std::min(r0, image.rankOf(sq)), r1 = std::max(r1, image.rankOf(sq));
      }
    if (f1 < 0) return "";
    Board crop(f1 - f0 + 1, r1 - r0 + 1);
    for (int r = r0; r <= r1; ++r)
      for (int f = f0; f <= f1; ++f) crop.set(crop.square(f - f0, r - r0), image.at(f, r));
    const std::string text = toOneLine(crop);
    if (first || text < least) least = text;
    first = false;
  }
  return least;
}

// Keys of normalised regions are equal exactly when the regions are images of each other up
// to their arrow borders (naiveCanonical), on masks and on boards alike: random regions, their
// images, copies with one square changed or one amazon recoloured, and copies inside arrows,
// up to 13 x 13.
TEST(AmazonsOnCore, KeysAreEqualExactlyForImages) {
  std::mt19937_64 rng(41);
  int equal = 0, different = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int side = trial % 3 == 0 ? 12 : 6;
    const int w = std::uniform_int_distribution<int>(1, side)(rng), h = std::uniform_int_distribution<int>(1, side)(rng);
    const Board board = testing::randomBoard(rng, w, h, std::min(2, w * h / 3), std::min(1, w * h / 3), 0.5);
    std::vector<Board> others = testing::symmetricImages(board);
    Board changed = board;
    const int sq = std::uniform_int_distribution<int>(0, board.squares() - 1)(rng);
    changed.set(sq, board.at(sq) == Cell::Empty ? Cell::Arrow : Cell::Empty);
    others.push_back(changed);
    Board recoloured = board;  // one amazon of the other colour
    for (int i = 0; i < board.squares(); ++i)
      if (board.at(i) == Cell::Black || board.at(i) == Cell::White) {
        recoloured.set(i, board.at(i) == Cell::Black ? Cell::White : Cell::Black);
        break;
      }
    others.push_back(recoloured);
    // The same region inside a frame of arrows past 64 squares: held as a board, cropped to
    // masks by normalise.
    Board framed(std::max(w + 1, 9), std::max(h + 1, 9));
    for (int i = 0; i < framed.squares(); ++i) framed.set(i, Cell::Arrow);
    const int df = std::uniform_int_distribution<int>(0, framed.width() - w)(rng), dr = std::uniform_int_distribution<int>(0, framed.height() - h)(rng);
    for (int i = 0; i < board.squares(); ++i) framed.set(framed.square(board.fileOf(i) + df, board.rankOf(i) + dr), board.at(i));
    others.push_back(framed);
    const std::string key = Amazons::key(Amazons::normalise(GameRegion(board)));
    for (const Board& other : others) {
      const bool same = Amazons::key(Amazons::normalise(GameRegion(other))) == key;
      ASSERT_EQ(same, naiveCanonical(other) == naiveCanonical(board)) << toOneLine(board) << " against " << toOneLine(other);
      (same ? equal : different) += 1;
    }
  }
  EXPECT_GT(equal, 1000);
  EXPECT_GT(different, 150);
}

TEST(AmazonsOnCore, MovesReadAndWrittenInTheUsersNotation) {
  const Board original = parseOneLine("x..#|....|..o.|....");
  const GameRegion board(original);
  for (cgt::Side s : {cgt::Side::Left, cgt::Side::Right})
    for (const GameMove& m : Amazons::moves(board, s)) {
      const std::string text = Amazons::formatMove(board, m);
      EXPECT_EQ(Amazons::parseMove(board, text), m) << text;
      const GameRegion after = Amazons::play(board, m);
      Board expected = original;
      expected.play(Amazons::onBoard(original, m));
      EXPECT_EQ(Amazons::printPosition(after), toOneLine(expected));
    }
  EXPECT_EQ(Amazons::formatMove(board, Amazons::parseMove(board, "a4b4c4")), "a4b4c4");
  EXPECT_THROW(Amazons::parseMove(board, "a4d4a1"), InputError);  // d4 is an arrow
  EXPECT_THROW(Amazons::parseMove(board, "b1b2b3"), InputError);  // no amazon on b1
  try {
    Amazons::parsePosition("black\nx.o|..z\n", "board.txt");
    FAIL() << "a bad square was read";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), "board.txt");
    EXPECT_EQ(e.line(), 2);
    EXPECT_EQ(e.column(), 7);
  }
  const GamePosition p = Amazons::parsePosition("black\nx.o|...\n", "board.txt");
  EXPECT_EQ(p.toMove, cgt::Side::Left);
  EXPECT_EQ(Amazons::printPosition(p.board), "x.o|...");
  EXPECT_FALSE(Amazons::parsePosition("x.o|...", "-").toMove);
}

TEST(AmazonsOnCore, OneColourChambersAreTheirOwnersMoveCounts) {
  // A defective territory: two empty squares, one move.
  EXPECT_EQ(cgt::toString(*Amazons::shortcut(Amazons::normalise(Amazons::parseOneLine(".x#|##.")))), "1");
  EXPECT_EQ(cgt::toString(*Amazons::shortcut(Amazons::normalise(Amazons::parseOneLine("o..|...")))), "-5");
  EXPECT_FALSE(Amazons::shortcut(Amazons::normalise(Amazons::parseOneLine("x.o"))));
}

TEST(AmazonsOnCore, ValuesLieWithinTheBounds) {
  // lo <= G <= hi against the naive canonical form (cgt::leq, a second algorithm).
  std::mt19937_64 rng(19);
  int compared = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const Board board = randomBoard(rng, 5, 2);
    if (board.emptyCount() > 7) continue;
    const auto [lo, hi] = Amazons::bounds(GameRegion(board));
    const cgt::GameId g = testing::naiveValue(board);
    ASSERT_TRUE(cgt::leq(cgt::integer(lo), g) && cgt::leq(g, cgt::integer(hi))) << toOneLine(board) << " " << lo << " " << hi;
    ++compared;
  }
  EXPECT_GT(compared, 150);
  const GameRegion wide = Amazons::parseOneLine("x.........|##########|##########|##########|##########|##########|##########|.........o");
  const auto [lo, hi] = Amazons::bounds(wide);  // past 64 squares: every empty square
  EXPECT_EQ(lo, -18);
  EXPECT_EQ(hi, 18);
}

TEST(AmazonsOnCore, VerdictsAndWinningMovesMatchTheOracle) {
  std::mt19937_64 rng(23);
  core::Analyser<Amazons> analyser;
  int compared = 0;
  for (int trial = 0; trial < 400 && !HasFatalFailure(); ++trial) {
    const Board board = randomBoard(rng, 6, 3);
    expectTheOraclesAnswers(board, analyser.analyse(GameRegion(board)), compared);
  }
  EXPECT_GT(compared, 600);
}

// Boards past 64 squares (held as boards, their chambers mostly as masks), sparse enough for
// the oracle.
TEST(AmazonsOnCore, LargeBoardsMatchTheOracle) {
  std::mt19937_64 rng(24);
  core::Analyser<Amazons> analyser;
  int compared = 0;
  for (int trial = 0; trial < 60 && !HasFatalFailure(); ++trial) {
    const int w = std::uniform_int_distribution<int>(9, 11)(rng), h = std::uniform_int_distribution<int>(7, 10)(rng);
    const Board board = testing::randomBoard(rng, w, h, 2, 2, 1.0 - 12.0 / (w * h));
    expectTheOraclesAnswers(board, analyser.analyse(GameRegion(board)), compared);
  }
  EXPECT_GT(compared, 80);
}

// A board that is its own mirror image with the colours swapped: the core takes the second
// side's verdict and winning move from the first's (Amazons::colourMirror), against the oracle,
// and the second side costs no nodes.
TEST(AmazonsOnCore, ColourMirroredBoardsTakeTheSecondSideFromTheFirst) {
  std::mt19937_64 rng(29);
  core::AnalysisOptions firstOnly;
  firstOnly.sideToMoveOnly = true;
  int compared = 0;
  for (int trial = 0; trial < 100 && !HasFatalFailure(); ++trial) {
    const int t = core::kSelfInverseSymmetries[trial % core::kSelfInverseSymmetries.size()];
    const int w = std::uniform_int_distribution<int>(3, 4)(rng);
    const int h = t & 4 ? w : std::uniform_int_distribution<int>(3, 5)(rng);
    const Board board = testing::colourMirroredBoard(rng, w, h, t);
    ASSERT_TRUE(Amazons::colourMirror(GameRegion(board))) << toOneLine(board);
    const core::Analysis<Amazons> a = core::Analyser<Amazons>().analyse(GameRegion(board));
    EXPECT_EQ(a.nodes, core::Analyser<Amazons>(firstOnly).analyse(GameRegion(board)).nodes) << toOneLine(board);
    expectTheOraclesAnswers(board, a, compared);
  }
  EXPECT_GT(compared, 150);
}

TEST(AmazonsOnCore, SearchWithRawChambersMatchesTheOracle) {
  // Forms allowed a single expansion and no probes: every contested chamber is searched raw,
  // move by move, beside the territories and small parts that do get a value. Then the same
  // through the proof-number search (core/proof_search.h) from three empty squares of raw
  // regions, each position tried with two positions only, so that the proof numbers steer
  // nearly every search.
  for (const int proofSize : {0, 3}) {
    core::AnalysisOptions options;
    options.formNodes = 1;
    options.searchTry = 1;
    options.probePositions = 0;
    options.proofSize = proofSize;
    options.proofTryPositions = 2;
    std::mt19937_64 rng(29 + proofSize);
    int compared = 0;
    for (int trial = 0; trial < 200 && !HasFatalFailure(); ++trial) {
      const Board board = randomBoard(rng, 5, 2);
      core::Analyser<Amazons> analyser(options);  // each board on its own: no values from the last
      expectTheOraclesAnswers(board, analyser.analyse(GameRegion(board)), compared);
    }
    EXPECT_GT(compared, 300) << proofSize;
  }
}

// Forms allowed a single expansion, so that contested chambers get their values from the
// probes (SumSearch::probedValue: integers, switches, n*, halves proven by search): each value
// reported is the naive canonical form of its chamber, and the verdicts are the oracle's.
TEST(AmazonsOnCore, ProbedValuesAreTheNaiveForms) {
  core::AnalysisOptions options;
  options.formNodes = 1;
  options.searchTry = 1;
  options.probeSize = 1;
  std::mt19937_64 rng(41);
  int probed = 0, compared = 0;
  for (int trial = 0; trial < 500 && !HasFatalFailure(); ++trial) {
    const Board board = randomBoard(rng, 5, 2);
    if (board.emptyCount() > 8) continue;
    core::Analyser<Amazons> analyser(options);
    const core::Analysis<Amazons> a = analyser.analyse(GameRegion(board));
    for (const core::RegionReport<Amazons>& r : a.regions) {
      const SmallRegion& region = r.part.region.small();
      if (!r.value || !region.black || !region.white) continue;
      ASSERT_EQ(cgt::toString(*r.value), cgt::toString(testing::naiveValue(r.part.region.toBoard()))) << toOneLine(board);
      ++probed;
    }
    expectTheOraclesAnswers(board, a, compared);
  }
  EXPECT_GT(probed, 100);
  EXPECT_GT(compared, 300);
}

TEST(AmazonsOnCore, ParallelSearchKeepsVerdictsAndMoves) {
  // Two threads splitting every search position of three or more empty squares raw: the
  // oracle's answers, and the winning moves of one thread.
  core::AnalysisOptions serial;
  serial.formNodes = serial.searchTry = 4;
  core::AnalysisOptions parallel = serial;
  parallel.threads = 2;
  parallel.parallelSize = 3;
  std::mt19937_64 rng(37);
  int compared = 0;
  for (int trial = 0; trial < 150 && !HasFatalFailure(); ++trial) {
    const Board board = randomBoard(rng, 5, 3);
    core::Analyser<Amazons> one(serial), two(parallel);
    const core::Analysis<Amazons> a = one.analyse(GameRegion(board)), b = two.analyse(GameRegion(board));
    expectTheOraclesAnswers(board, b, compared);
    for (cgt::Side side : {cgt::Side::Left, cgt::Side::Right})
      ASSERT_EQ(a.forSide(side).winningMove, b.forSide(side).winningMove) << toOneLine(board);
  }
  EXPECT_GT(compared, 200);
}

TEST(AmazonsOnCore, ValuesMatchTheNaiveFormAndTheAmazonsSolver) {
  std::mt19937_64 rng(31);
  core::Analyser<Amazons> analyser;
  Solver solver;
  int naive = 0, solved = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const Board board = randomBoard(rng, 6, 2);
    const core::Analysis<Amazons> a = analyser.analyse(GameRegion(board));
    if (!a.total) continue;
    if (board.emptyCount() <= 7) {
      ASSERT_EQ(cgt::toString(*a.total), cgt::toString(testing::naiveValue(board))) << toOneLine(board);
      ++naive;
    }
    const std::optional<cgt::GameId> total = solver.analyse(board).total;
    if (!total) continue;
    ASSERT_EQ(*a.total, *total) << toOneLine(board) << ": " << cgt::toString(*a.total) << " against " << cgt::toString(*total);
    ++solved;
  }
  EXPECT_GT(naive, 60);
  EXPECT_GT(solved, 200);
}

// With every value known, the move reported is of best mean for the mover, each mean from the
// naive canonical form of the board after it: the winning move among the winning ones (by the
// oracle), and with a loss the most stubborn move among all.
TEST(AmazonsOnCore, MovesOfBestMeanWhenEveryValueIsKnown) {
  std::mt19937_64 rng(47);
  int losses = 0, wins = 0;
  for (int trial = 0; trial < 300 && !HasFatalFailure(); ++trial) {
    const Board board = randomBoard(rng, 5, 2);
    if (board.emptyCount() > 7) continue;
    const core::Analysis<Amazons> a = core::Analyser<Amazons>().analyse(GameRegion(board));
    if (!a.totalMean) continue;
    for (const Color mover : {Color::Black, Color::White}) {
      const core::SideReport<Amazons>& side = a.forSide(Amazons::sideOf(mover));
      if (!side.hasMove) continue;
      const bool won = side.verdict == Verdict::Win;
      const std::optional<GameMove> reported = won ? side.winningMove : side.stubbornMove;
      ASSERT_TRUE(reported) << toOneLine(board) << " " << colorName(mover);
      // The mover's mean after a move, and whether the opponent then loses.
      auto after = [&](const Move& m) {
        Board b = board;
        b.setSideToMove(mover);
        b.play(m);
        const cgt::Dyadic mean = cgt::mean(testing::naiveValue(b));
        return std::pair{mover == Color::Black ? mean : -mean, !*oracle(b, opposite(mover), 0)};
      };
      std::optional<cgt::Dyadic> best;
      for (const Move& m : testing::naiveMoves(board, mover)) {
        const auto [mean, winning] = after(m);
        if ((winning || !won) && (!best || *best < mean)) best = mean;
      }
      const auto [mean, winning] = after(Amazons::onBoard(board, *reported));
      ASSERT_EQ(winning, won) << toOneLine(board);
      ASSERT_TRUE(mean == *best) << toOneLine(board) << " " << colorName(mover) << " " << Amazons::formatMove(GameRegion(board), *reported);
      ++(won ? wins : losses);
    }
  }
  EXPECT_GT(wins, 50);
  EXPECT_GT(losses, 20);
}

// A time limit that ends an analysis in the middle of a probe leaves the analyser's search as
// it was: the next analysis, with no limit, searches to the end (a probe left under way had
// made every later search give up past its time, and the rounds start again without end).
// The 5x4 start is a first-player win (Song & Mueller 2015).
TEST(AmazonsOnCore, ALimitDuringAProbeLeavesTheSearchAsItWas) {
  core::AnalysisOptions options;
  options.formNodes = 1;             // the 29-empty chamber goes to its probe at once,
  options.probeSize = 20;            // the 5x4 start's 12-empty one to none
  options.probePositions = int64_t{1} << 40;
  options.probeTimeShare = 4;        // the probe runs past the analysis' limit
  options.limits.seconds = 0.3;
  core::Analyser<Amazons> analyser(options);
  const core::Analysis<Amazons> cut = analyser.analyse(Amazons::parseOneLine(
      "....####.#|#..##.#.#.|...##.x..#|#o.#..o#..|#..####.#.|####.##.#.|#.#o##.###|##.#.#xo.#|.#.##.##x#|#x...##..#"));
  ASSERT_TRUE(cut.limitReached);
  std::this_thread::sleep_for(std::chrono::seconds(1));  // past the end the probe had (1.2 s)
  analyser.setLimits({});
  const core::Analysis<Amazons> a = analyser.analyse(Amazons::parseOneLine(".x.x.|x...x|o...o|.o.o."));
  EXPECT_FALSE(a.limitReached);
  EXPECT_EQ(a.left.verdict, Verdict::Win);
}

TEST(AmazonsOnCore, LimitsGiveUnknown) {
  core::AnalysisOptions options;
  options.limits.nodes = 50;
  core::Analyser<Amazons> analyser(options);
  const core::Analysis<Amazons> a = analyser.analyse(Amazons::parseOneLine("x.....|......|......|.....o"));
  EXPECT_TRUE(a.limitReached);
  EXPECT_EQ(a.left.verdict, Verdict::Unknown);
  EXPECT_EQ(a.right.verdict, Verdict::Unknown);
}

}  // namespace
}  // namespace amazons
