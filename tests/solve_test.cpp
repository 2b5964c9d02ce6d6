// The solver (chambers, territories, canonical values) against the whole-board oracle and
// published results.
#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <limits>
#include <memory>
#include <random>
#include <set>
#include <sstream>
#include <thread>
#include <tuple>

#include "cgt/cgt.h"
#include "solver/amazons/endgames.h"
#include "solver/amazons/engine.h"
#include "solver/amazons/formats.h"
#include "solver/amazons/minimax.h"
#include "solver/amazons/notation.h"
#include "solver/amazons/small_region.h"
#include "solver/amazons/solve.h"
#include "solver/core/report.h"
#include "solver/core/symmetry.h"
#include "tests/support/naive.h"

namespace amazons {
namespace {

std::string valueOf(Solver& solver, const char* oneLine) { return cgt::toString(solver.value(parseOneLine(oneLine))); }

bool moverWins(const Analysis& a, Color mover) { return a.forSide(mover).verdict == Verdict::Win; }

// The analysis' verdicts against the whole-board oracle for each side to move it settles
// within a million nodes, and its winning moves (the opponent loses after them); how many
// sides were compared.
int verdictsAgreeWithTheOracle(Board board, const Analysis& a, const std::string& note) {
  int compared = 0;
  for (Color mover : {Color::Black, Color::White}) {
    board.setSideToMove(mover);
    const std::optional<bool> expected = WholeBoardSearch(1'000'000).moverWins(board);
    if (!expected) continue;
    EXPECT_EQ(moverWins(a, mover), *expected) << toOneLine(board) << " " << colorName(mover) << " to move " << note;
    const SideReport& side = a.forSide(mover);
    if (side.verdict == Verdict::Win) {
      EXPECT_TRUE(testing::winsByTheOracle(board, mover, *side.bestMove)) << toOneLine(board);
    }
    ++compared;
  }
  return compared;
}

TEST(Solve, ContestedValuesFromCgsuite) {  // KNOWN-RESULTS, contested regions
  Solver solver;
  EXPECT_EQ(valueOf(solver, "x.o"), "*");
  EXPECT_EQ(valueOf(solver, "x..o"), "+-1");
  EXPECT_EQ(valueOf(solver, "x...o"), "+-2");
  EXPECT_EQ(valueOf(solver, "x.|.o"), "0");
  EXPECT_EQ(valueOf(solver, "..|x.|.o"), "{1,{2|0}|-1/4}");
  EXPECT_EQ(solver.value(parseOneLine("x...|o...")),
            cgt::parse("+-{3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},+-1,+-{1,{2|0}}}}"));
}

TEST(Solve, DefectiveTerritoryTrapIsASecondPlayerWin) {
  // `.x#|##.` (1 move for Black, 2 empty squares) beside `o.` (1 move for White): value 0.
  Solver solver;
  const Board board = parseOneLine(".x##o.|##.###");
  const Analysis a = solver.analyse(board);
  ASSERT_TRUE(a.total);
  EXPECT_EQ(*a.total, cgt::zero());
  EXPECT_FALSE(moverWins(a, Color::Black));
  EXPECT_FALSE(moverWins(a, Color::White));
}

TEST(Solve, FourByFourStartIsASecondPlayerWin) {  // MCGS
  Solver solver;
  const Analysis a = solver.analyse(parseOneLine(".XX.|X..X|O..O|.OO."));
  EXPECT_FALSE(moverWins(a, Color::Black));
  EXPECT_FALSE(moverWins(a, Color::White));
}

TEST(Solve, FiveByFourStartIsAFirstPlayerWin) {  // Song & Mueller 2015 (0.4 s since the territory order)
  Solver solver;
  Board start = parseOneLine(".X.X.|X...X|O...O|.O.O.");
  const Analysis a = solver.analyse(start);
  EXPECT_TRUE(moverWins(a, Color::Black));
  EXPECT_TRUE(moverWins(a, Color::White));
  // Black's winning move leaves White, to move, lost (checked anew on a solver of its own).
  start.setSideToMove(Color::Black);
  start.play(*a.blackToMove.bestMove);
  EXPECT_FALSE(moverWins(Solver().analyse(start), Color::White));
}

// The oracle's verdicts for both sides to move, or nullopt when it cannot finish quickly
// (random boards with many empty squares are hard for any solver).
std::optional<std::array<bool, 2>> oracleVerdicts(Board board, uint64_t nodeLimit) {
  std::array<bool, 2> wins{};
  for (Color mover : {Color::Black, Color::White}) {
    board.setSideToMove(mover);
    const std::optional<bool> w = WholeBoardSearch(nodeLimit).moverWins(board);
    if (!w) return std::nullopt;
    wins[static_cast<int>(mover)] = *w;
  }
  return wins;
}

TEST(Solve, AgreesWithWholeBoardOracle) {
  std::mt19937_64 rng(5);
  Solver solver;
  int compared = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    const int w = std::uniform_int_distribution<int>(3, 6)(rng);
    const int h = std::uniform_int_distribution<int>(3, 6)(rng);
    const int blacks = std::uniform_int_distribution<int>(1, 3)(rng);
    const int whites = std::uniform_int_distribution<int>(1, 3)(rng);
    // Enough arrows that the oracle, which never splits, usually finishes.
    const double arrows = std::max(0.3, 1.0 - 11.0 / (w * h));
    const Board board = testing::randomBoard(rng, w, h, blacks, whites, arrows);
    const auto expected = oracleVerdicts(board, 200'000);
    if (!expected) continue;
    const Analysis a = solver.analyse(board);
    for (Color mover : {Color::Black, Color::White})
      ASSERT_EQ(moverWins(a, mover), (*expected)[static_cast<int>(mover)])
          << toOneLine(board) << " " << colorName(mover) << " to move";
    ++compared;
  }
  EXPECT_GT(compared, 1200);
}

TEST(Solve, ValuesAgreeWithNaiveCanonicalForms) {
  // Twin: the form straight from the definition, on the whole region (no chambers, no
  // symmetry, no tables shared). Regions of at most 64 squares are solved on bit masks.
  std::mt19937_64 rng(31337);
  Solver solver;
  int compared = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const int w = std::uniform_int_distribution<int>(1, 5)(rng);
    const int h = std::uniform_int_distribution<int>(2, 5)(rng);
    const Board board = testing::randomBoard(rng, w, h, std::uniform_int_distribution<int>(1, 2)(rng),
                                             std::uniform_int_distribution<int>(1, 2)(rng), 0.45);
    if (board.emptyCount() > 7) continue;
    ASSERT_EQ(cgt::toString(solver.value(board)), cgt::toString(testing::naiveValue(board))) << toOneLine(board);
    ++compared;
  }
  EXPECT_GT(compared, 250);
}

TEST(Solve, ValuesOfChambersWiderThanTheMasksAgreeWithNaiveForms) {
  // Chambers whose bounding box has more than 64 squares take the Board path: diagonal
  // paths across a 10x8 board, their splits back on masks.
  std::mt19937_64 rng(64);
  Solver solver;
  int compared = 0;
  for (int trial = 0; trial < 60; ++trial) {
    Board board(10, 8);
    for (int sq = 0; sq < board.squares(); ++sq) board.set(sq, Cell::Arrow);
    std::vector<int> path;
    for (int f = 0, r = 0; f < 10; ++f) {
      path.push_back(board.square(f, r));
      if (r < 7 && std::bernoulli_distribution(0.8)(rng)) ++r;
    }
    if (board.rankOf(path.back()) < 6) continue;  // 10 x 7 or more: beyond the masks
    for (int sq : path) board.set(sq, Cell::Empty);
    std::shuffle(path.begin(), path.end(), rng);
    board.set(path[0], Cell::Black);
    board.set(path[1], Cell::White);
    if (rng() % 2) board.set(path[2], Cell::Black);
    ASSERT_EQ(findChambers(board).size(), 1u);
    ASSERT_EQ(cgt::toString(solver.value(board)), cgt::toString(testing::naiveValue(board))) << toOneLine(board);
    ++compared;
  }
  EXPECT_GT(compared, 30);
}

TEST(Solve, WinningMoveLeavesALostPositionForTheOpponent) {
  std::mt19937_64 rng(11);
  Solver solver;
  int checked = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int w = std::uniform_int_distribution<int>(3, 6)(rng);
    const int h = std::uniform_int_distribution<int>(3, 5)(rng);
    const Board board = testing::randomBoard(rng, w, h, 2, 2, 0.35);
    if (!oracleVerdicts(board, 30'000)) continue;  // too hard to check quickly
    const Analysis a = solver.analyse(board);
    for (Color mover : {Color::Black, Color::White}) {
      const SideReport& side = a.forSide(mover);
      if (side.verdict != Verdict::Win) continue;
      ASSERT_TRUE(side.bestMove);
      Board after = board;
      after.setSideToMove(mover);
      ASSERT_TRUE(after.isLegal(*side.bestMove)) << toOneLine(board);
      after.play(*side.bestMove);
      const Analysis next = solver.analyse(after);
      EXPECT_FALSE(moverWins(next, opposite(mover))) << toOneLine(board) << " " << colorName(mover);
      ++checked;
    }
  }
  EXPECT_GT(checked, 100);
}

TEST(Solve, ValuesLieWithinTheReachableBounds) {
  // The search over sums cuts where a raw region G at its bounds -w <= G <= b already decides
  // (b, w: the empty squares Black's, White's amazons reach). Checked here on exact values.
  Solver solver;
  std::mt19937_64 rng(404);
  int touching = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const int w = std::uniform_int_distribution<int>(2, 4)(rng), h = std::uniform_int_distribution<int>(2, 3)(rng);
    const Board board = testing::randomBoard(rng, w, h, 1 + trial % 2, 1 + trial % 3 / 2, 0.3);
    const cgt::GameId value = solver.value(board);
    const int black = reachableEmpty(toSmall(board), Color::Black), white = reachableEmpty(toSmall(board), Color::White);
    ASSERT_TRUE(cgt::leq(value, cgt::integer(black))) << toOneLine(board);
    ASSERT_TRUE(cgt::leq(cgt::integer(-white), value)) << toOneLine(board);
    touching += value == cgt::integer(black) || value == cgt::integer(-white);
  }
  EXPECT_GT(touching, 20);  // the bounds are often the value itself
}

TEST(Solve, SimpleValuesProvenBySearchAreTheCanonicalForms) {
  // Root chambers of 8 or more empty squares are first probed for a simple value by search
  // (an integer, a switch {a|b}, n*, n + 1/2). Twin: Solver::value, canonical forms only, for
  // the values, the verdicts and the position after the winning move (the options of a probed
  // chamber are not in the table). Such values are rare in small random boards, common in
  // chambers of 10x10 endgames.
  Solver solver, forms;
  std::mt19937_64 rng(88);
  EndgameOptions endgames;
  endgames.maxChamberEmpty = 10;
  int probed = 0, nonIntegers = 0, moves = 0;
  for (int game = 0; game < 600; ++game) {
    const std::optional<Board> board = playToEndgame(rng, 10, 10, endgames);
    if (!board) continue;
    const Analysis a = solver.analyse(*board);
    bool any = false;
    for (const ChamberReport& r : a.chambers) {
      if (!r.valueBySearch) continue;
      any = true;
      ++probed;
      nonIntegers += !cgt::isNumber(*r.value);
      ASSERT_EQ(*r.value, forms.value(r.region)) << toOneLine(*board);
    }
    if (!any) continue;
    const cgt::GameId whole = forms.value(*board);
    for (Color mover : {Color::Black, Color::White}) {
      const SideReport& side = a.forSide(mover);
      ASSERT_EQ(side.verdict == Verdict::Win, cgt::moverWins(whole, mover == Color::Black ? cgt::Side::Left : cgt::Side::Right))
          << toOneLine(*board) << " " << colorName(mover) << " to move";
      if (side.verdict != Verdict::Win) continue;
      Board after = *board;
      after.setSideToMove(mover);
      after.play(*side.bestMove);
      EXPECT_FALSE(cgt::moverWins(forms.value(after), mover == Color::Black ? cgt::Side::Right : cgt::Side::Left))
          << toOneLine(*board) << " " << colorName(mover) << " to move";
      ++moves;
    }
  }
  EXPECT_GT(probed, 60);
  EXPECT_GT(nonIntegers, 30);
  EXPECT_GT(moves, 60);
}

TEST(Solve, SimpleValuesOfChambersWiderThanTheMasks) {
  // A diagonal corridor across the 10x10 board, x at a1 and o at j10 (a box of 100 squares,
  // probed and searched as a board, not on masks), alone and with one square more. Twin: the
  // canonical forms.
  struct Extra {
    int file, rank;
    Cell cell;
  };
  for (const std::vector<Extra>& extras : std::vector<std::vector<Extra>>{
           {}, {{1, 0, Cell::Black}}, {{9, 8, Cell::White}}, {{2, 1, Cell::Empty}}}) {
    Board board(10, 10);
    for (int sq = 0; sq < board.squares(); ++sq) board.set(sq, Cell::Arrow);
    for (int i = 1; i < 9; ++i) board.set(board.square(i, i), Cell::Empty);
    board.set(board.square(0, 0), Cell::Black);
    board.set(board.square(9, 9), Cell::White);
    for (const Extra& e : extras) board.set(board.square(e.file, e.rank), e.cell);
    Solver solver, forms;
    const Analysis a = solver.analyse(board);
    ASSERT_EQ(a.chambers.size(), 1u) << toOneLine(board);
    EXPECT_TRUE(a.chambers[0].valueBySearch) << toOneLine(board);
    ASSERT_TRUE(a.chambers[0].value) << toOneLine(board);
    EXPECT_EQ(*a.chambers[0].value, forms.value(a.chambers[0].region)) << toOneLine(board);
    for (Color mover : {Color::Black, Color::White})
      EXPECT_EQ(moverWins(a, mover), cgt::moverWins(forms.value(board), mover == Color::Black ? cgt::Side::Left : cgt::Side::Right));
  }
}

TEST(Solve, AllWinningMovesMatchOracle) {
  std::mt19937_64 rng(23);
  SolveOptions options;
  options.allWinningMoves = true;
  Solver solver(options);
  for (int trial = 0; trial < 60; ++trial) {
    Board board = testing::randomBoard(rng, 4, 4, 2, 2, 0.45);
    board.setSideToMove(Color::Black);
    const Analysis a = solver.analyse(board);
    std::vector<Move> expected;
    WholeBoardSearch oracle;  // one table for all the positions after a move
    for (const Move& m : board.legalMoves()) {
      Board after = board;
      after.play(m);
      if (!*oracle.moverWins(after)) expected.push_back(m);
    }
    std::vector<Move> got = a.blackToMove.winningMoves;
    auto order = [](const Move& x, const Move& y) {
      return std::tie(x.from, x.to, x.arrow) < std::tie(y.from, y.to, y.arrow);
    };
    std::sort(got.begin(), got.end(), order);
    std::sort(expected.begin(), expected.end(), order);
    EXPECT_EQ(got, expected) << toOneLine(board);
  }
}

TEST(Solve, SameAnswersWithOneAndTwoThreads) {
  std::mt19937_64 rng(31);
  std::vector<Board> boards;
  for (int i = 0; i < 40; ++i) boards.push_back(testing::randomBoard(rng, 5, 4, 2, 2, 0.4));
  auto run = [&](int threads) {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
    Solver solver;
    std::vector<std::tuple<std::optional<cgt::GameId>, Verdict, Verdict>> answers;
    for (const Board& b : boards) {
      const Analysis a = solver.analyse(b);
      answers.emplace_back(a.total, a.blackToMove.verdict, a.whiteToMove.verdict);
    }
    return answers;
  };
  EXPECT_EQ(run(1), run(2));
}

TEST(Solve, SameValuesAndMovesWithOneAndTwoThreadsOn10x10Endgames) {
  // Several large chambers a position: probes for simple values, forms under an allowance and
  // (with no allowance) forms whose options go parallel. Every value found, verdict and move
  // reported must be the same whatever the threads.
  auto answers = [](const std::vector<Board>& boards, const SolveOptions& options, int threads) {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
    Solver solver(options);
    std::vector<std::tuple<std::vector<std::optional<cgt::GameId>>, Verdict, Verdict, std::optional<Move>, std::optional<Move>>> out;
    for (const Board& b : boards) {
      const Analysis a = solver.analyse(b);
      std::vector<std::optional<cgt::GameId>> values;
      for (const ChamberReport& r : a.chambers) values.push_back(r.value);
      out.emplace_back(values, a.blackToMove.verdict, a.whiteToMove.verdict, a.blackToMove.bestMove, a.whiteToMove.bestMove);
    }
    return out;
  };
  auto endgames = [](int maxChamberEmpty, uint64_t seed) {
    std::mt19937_64 rng(seed);
    EndgameOptions options;
    options.maxChamberEmpty = maxChamberEmpty;
    std::vector<Board> boards;
    while (boards.size() < 40)
      if (const std::optional<Board> b = playToEndgame(rng, 10, 10, options)) boards.push_back(*b);
    return boards;
  };
  const std::vector<Board> budgeted = endgames(12, 7);
  EXPECT_EQ(answers(budgeted, {}, 1), answers(budgeted, {}, 2));
  SolveOptions unlimited;
  unlimited.canonicalNodes = std::numeric_limits<uint64_t>::max();
  const std::vector<Board> whole = endgames(10, 8);
  EXPECT_EQ(answers(whole, unlimited, 1), answers(whole, unlimited, 2));
}

// Boards of 2 + 2 amazons, of files and ranks drawn from the two ranges, about `empty`
// squares empty, analysed by one solver (its tables kept from board to board) with no
// contested chamber's form (every verdict and winning move from the exact search over sums),
// against the oracle: how many verdicts were compared.
int searchedVerdictsAgreeWithTheOracle(SolveOptions options, uint64_t seed, std::pair<int, int> files,
                                       std::pair<int, int> ranks, double empty) {
  options.canonicalNodes = 0;
  Solver solver(options);
  std::mt19937_64 rng(seed);
  int compared = 0;
  for (int trial = 0; trial < 150; ++trial) {
    const int w = std::uniform_int_distribution<int>(files.first, files.second)(rng);
    const int h = std::uniform_int_distribution<int>(ranks.first, ranks.second)(rng);
    Board board = testing::randomBoard(rng, w, h, 2, 2, std::max(0.3, 1.0 - empty / (w * h)));
    const Analysis a = solver.analyse(board);
    compared += verdictsAgreeWithTheOracle(board, a, "");
  }
  return compared;
}

TEST(Solve, SearchFallbackAgreesWithOracle) {
  EXPECT_GT(searchedVerdictsAgreeWithTheOracle({}, 77, {3, 5}, {3, 5}, 9.0), 250);
}

// With the tables full (--hash 1, one solver for all boards, so that they fill) the leaf
// table replaces entries as a cache does (core/exact_table.h, Room::Replace) and the others
// stop storing: answers stay exact.
TEST(Solve, FullTablesKeepVerdictsExact) {
  SolveOptions options;
  options.hashMegabytes = 1;
  EXPECT_GT(searchedVerdictsAgreeWithTheOracle(options, 78, {4, 5}, {3, 4}, 10.0), 250);
}

// One-colour chambers that the search meets and a greedy filling does not settle wait as an
// integer between two bounds (pending territories, sum_search.h) and are solved only when
// the bounds do not decide. Boards of three ranks: a defective pocket of Black's (as in
// KNOWN-RESULTS.md) on the left, joined by one square to a random contested part on the
// right, so that an arrow there walls the pocket off inside the search; no forms (every
// contested chamber raw), against the whole-board oracle. Mutation-checked: with either bound
// of Black's pockets or of White's (the colours swapped) moved one inside, it fails.
TEST(Solve, PendingTerritoriesKeepVerdictsExact) {
  SolveOptions options;
  options.canonicalNodes = 0;
  std::mt19937_64 rng(4711);
  int compared = 0;
  for (int trial = 0; trial < 8000; ++trial) {
    const Board board = testing::pocketBoard(rng, trial % 2);
    // A solver of its own: a pocket solved once stays in the table, exact.
    const Analysis a = Solver(options).analyse(board);
    compared += verdictsAgreeWithTheOracle(board, a, "");
  }
  EXPECT_GT(compared, 300);
}

// The proof-number search (SolveOptions::proofEmpty) from 5 empty raw squares, each position
// tried with 3 positions first (so that most become nodes of their own), against the
// whole-board oracle: with no forms (raw regions alone) and with forms (known parts beside
// raw regions, the parts' moves and the number's among the options), one thread and two.
TEST(Solve, ProofSearchAgreesWithOracle) {
  std::mt19937_64 rng(2026);
  int compared = 0, proofs = 0;
  for (int trial = 0; trial < 150; ++trial) {
    const int w = std::uniform_int_distribution<int>(3, 5)(rng);
    const int h = std::uniform_int_distribution<int>(3, 5)(rng);
    Board board = testing::randomBoard(rng, w, h, 2, 2, std::max(0.3, 1.0 - 10.0 / (w * h)));
    SolveOptions options;
    options.proofEmpty = 5;
    options.proofTryPositions = 3;
    options.canonicalNodes = trial % 3 ? 0 : 200;
    const int threads = trial % 2 ? 2 : 1;
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
    const Analysis a = Solver(options).analyse(board);
    // With no forms every contested chamber is raw: the proof search decides the verdicts
    // when they hold proofEmpty empty squares in all.
    int rawEmpty = 0;
    for (const Chamber& c : findChambers(board)) rawEmpty += c.kind == ChamberClass::Contested ? c.empty : 0;
    proofs += options.canonicalNodes == 0 && rawEmpty >= options.proofEmpty;
    compared += verdictsAgreeWithTheOracle(board, a, std::to_string(threads) + " threads");
  }
  EXPECT_GT(compared, 200);
  EXPECT_GT(proofs, 40);
}

// Under a time limit the side to move is decided first, and a verdict found before the limit
// stands when the other side's search runs out of time. A 10x10 position of 44 empty squares
// from a greedy self-play game (scripts/bench-reach, seed 1): Black to move is decided in
// about 0.3 s, White to move in about 4 s (one thread).
TEST(Solve, TimeLimitDecidesTheSideToMoveFirstAndKeepsItsVerdict) {
  const char* text = "##....##..|...##.##.#|..o..##ox.|.##.##x..#|#.#.#.####|..#.##.#..|#o#####...|#x..#.###o|.####.##.#|.#.#...x#.";
  tbb::global_control one(tbb::global_control::max_allowed_parallelism, 1);
  SolveOptions ample;  // a limit it never reaches, for the verdicts-first path (4 s, not 11)
  ample.timeLimitSeconds = 600;
  const Analysis full = Solver(ample).analyse(parseOneLine(text, Color::Black));
  ASSERT_NE(full.blackToMove.verdict, Verdict::Unknown);
  ASSERT_NE(full.whiteToMove.verdict, Verdict::Unknown);
  SolveOptions limited;
  limited.timeLimitSeconds = 2.5;
  const Analysis a = Solver(limited).analyse(parseOneLine(text, Color::Black));
  EXPECT_EQ(a.blackToMove.verdict, full.blackToMove.verdict);
  EXPECT_TRUE(a.whiteToMove.verdict == Verdict::Unknown || a.whiteToMove.verdict == full.whiteToMove.verdict);
  // White to move: the first verdict searched is White's.
  Solver solver(limited);
  std::string first;
  std::atomic<bool> done{false};
  std::thread run([&] {
    solver.analyse(parseOneLine(text, Color::White));
    done = true;
  });
  while (!done && first.rfind("verdict", 0) != 0) {
    first = solver.stage();
    std::this_thread::sleep_for(std::chrono::microseconds(100));
  }
  run.join();
  EXPECT_EQ(first, "verdict, White to move");
}

// SolveOptions::sideToMoveOnly (the players' option): the side to move's verdict against the
// whole-board oracle, with a winning move when it wins (the oracle: the opponent loses after
// it), and the other side's verdict unknown, on random 5x5 boards.
TEST(Solve, SideToMoveOnlyDecidesThatSide) {
  std::mt19937_64 rng(77);
  SolveOptions only;
  only.sideToMoveOnly = true;
  Solver one(only);
  int compared = 0;
  for (int trial = 0; trial < 24; ++trial) {
    Board board = testing::randomBoard(rng, 5, 5, 2, 2, 0.5);
    board.setSideToMove(trial % 2 ? Color::Black : Color::White);
    const Analysis a = one.analyse(board);
    const Color mover = board.sideToMove();
    const SideReport& side = a.forSide(mover);
    EXPECT_EQ(a.forSide(opposite(mover)).verdict, Verdict::Unknown) << toOneLine(board);
    EXPECT_EQ(a.forSide(opposite(mover)).hasMove, board.hasMove(opposite(mover))) << toOneLine(board);
    const std::optional<bool> expected = WholeBoardSearch(1'000'000).moverWins(board);
    if (!expected) continue;
    ASSERT_EQ(side.verdict == Verdict::Win, *expected) << toOneLine(board);
    if (side.verdict == Verdict::Win && side.hasMove) {
      EXPECT_TRUE(testing::winsByTheOracle(board, mover, *side.bestMove)) << toOneLine(board);
    }
    ++compared;
  }
  EXPECT_GT(compared, 18);
}

// A board whose colours swapped are its own mirror image: random boards made so under each
// symmetry that undoes itself. The second side's verdict and moves come from the first side's
// through the symmetry (no search); each is checked against the whole-board oracle, every
// winning move of both sides too, and the second side costs no positions: as many as deciding
// the side to move alone (one thread, fresh solvers).
TEST(Solve, ColourMirroredBoardsTakeTheSecondSideFromTheFirst) {
  tbb::global_control oneThread(tbb::global_control::max_allowed_parallelism, 1);
  std::mt19937_64 rng(31);
  SolveOptions all, firstOnly;
  all.allWinningMoves = firstOnly.allWinningMoves = true;
  firstOnly.sideToMoveOnly = true;
  int compared = 0, won = 0;
  for (int trial = 0; trial < 240; ++trial) {
    const int t = core::kSelfInverseSymmetries[trial % core::kSelfInverseSymmetries.size()];
    const int w = std::uniform_int_distribution<int>(3, 4)(rng);
    const int h = t & 4 ? w : std::uniform_int_distribution<int>(3, 5)(rng);
    Board board = testing::colourMirroredBoard(rng, w, h, t);
    board.setSideToMove(trial % 2 ? Color::Black : Color::White);
    if (!oracleVerdicts(board, 200'000)) continue;
    const Analysis a = Solver(all).analyse(board);
    EXPECT_EQ(a.nodes, Solver(firstOnly).analyse(board).nodes) << toOneLine(board);
    ASSERT_EQ(verdictsAgreeWithTheOracle(board, a, "(colour-mirrored)"), 2);
    WholeBoardSearch oracle;  // one table for all the positions after a move
    for (const Color mover : {Color::Black, Color::White}) {
      Board b = board;
      b.setSideToMove(mover);
      std::vector<Move> expected;
      for (const Move& m : b.legalMoves()) {
        Board after = b;
        after.play(m);
        if (!*oracle.moverWins(after)) expected.push_back(m);
      }
      std::vector<Move> got = a.forSide(mover).winningMoves;
      auto order = [](const Move& x, const Move& y) { return std::tie(x.from, x.to, x.arrow) < std::tie(y.from, y.to, y.arrow); };
      std::sort(got.begin(), got.end(), order);
      std::sort(expected.begin(), expected.end(), order);
      EXPECT_EQ(got, expected) << toOneLine(board) << " " << colorName(mover);
      won += !expected.empty();
    }
    ++compared;
  }
  EXPECT_GT(compared, 200);
  EXPECT_GT(won, 150);
}

// A raw chamber beside an integer in which moving costs the mover more than a point: the only
// winning move, or the only one that holds, is a move in the integer (leafWins' spare move;
// G + n for n > 0 is G with n spare moves for Black). Found by running a random search of
// such boards against the oracle with the spare move taken out of leafWins: each of these
// positions then got the wrong verdict, for the side to move named. Searched raw
// (canonicalNodes 0), checked against the whole-board oracle for both sides to move.
TEST(Solve, SpareMoveInTheIntegerBesideARawChamber) {
  SolveOptions options;
  options.canonicalNodes = 0;
  Solver solver(options);
  for (const char* position : {"x..#####|#.######|o#.#x...", ".#x#####|#.x#####|.#o#x..#", "x#o#####|..######|#.##x..#",
                               ".#.#####|#o######|x###x..#", "##.#####|o.######|o.x#o..#"}) {
    const Board board = parsePosition(position).board;
    const auto expected = oracleVerdicts(board, 2'000'000);
    ASSERT_TRUE(expected) << position;
    const Analysis a = solver.analyse(board);
    for (Color mover : {Color::Black, Color::White})
      EXPECT_EQ(moverWins(a, mover), (*expected)[static_cast<int>(mover)]) << position << " " << colorName(mover) << " to move";
  }
}

TEST(Solve, CrowdedChamberBesideTerritoriesAgreesWithOracle) {
  // A chamber of six or seven amazons and a few empty squares (in a search such forms are too
  // costly to try: it is played move by move, and a plain search of it beside an integer
  // decides, leafWins) next to one-colour strips of either colour (the integer), against the
  // whole-board oracle.
  // No form at all (canonicalNodes 0): the chamber is searched even where its form would fit.
  SolveOptions options;
  options.canonicalNodes = 0;
  Solver solver(options);
  std::mt19937_64 rng(2026);
  int compared = 0, mixed = 0;
  for (int trial = 0; trial < 150; ++trial) {
    Board board(9, 3);
    std::vector<int> cells;
    for (int r = 0; r < 3; ++r) {
      board.set(board.square(4, r), Cell::Arrow);
      for (int f = 0; f < 4; ++f) cells.push_back(board.square(f, r));
    }
    std::shuffle(cells.begin(), cells.end(), rng);
    const int blacks = 3, whites = 3 + static_cast<int>(rng() % 2);
    const int empty = std::uniform_int_distribution<int>(2, 5)(rng);
    for (size_t i = 0; i < cells.size(); ++i)
      board.set(cells[i], i < 3 ? Cell::Black : i < size_t(blacks + whites) ? Cell::White
                          : i < size_t(blacks + whites + empty) ? Cell::Empty : Cell::Arrow);
    // Two strips of up to four squares, each owned by one amazon: territories of 0-3 moves.
    for (int r = 0; r < 3; r += 2) {
      const int length = std::uniform_int_distribution<int>(1, 4)(rng);
      for (int f = 5; f < 9; ++f) board.set(board.square(f, r), f < 5 + length ? Cell::Empty : Cell::Arrow);
      board.set(board.square(5, r), rng() % 2 ? Cell::Black : Cell::White);
      board.set(board.square(5, 1), Cell::Arrow);
      for (int f = 6; f < 9; ++f) board.set(board.square(f, 1), Cell::Arrow);
    }
    const auto expected = oracleVerdicts(board, 2'000'000);
    if (!expected) continue;
    const Analysis a = solver.analyse(board);
    for (Color mover : {Color::Black, Color::White})
      ASSERT_EQ(moverWins(a, mover), (*expected)[static_cast<int>(mover)]) << toOneLine(board) << " " << colorName(mover) << " to move";
    ++compared;
    mixed += (*expected)[0] != (*expected)[1];
  }
  EXPECT_GT(compared, 100);
  EXPECT_GT(mixed, 10);  // not only positions one side wins whoever starts
}

TEST(Solve, EveryTwoByFourBoardSearchedAgreesWithOracle) {
  // Every board of 2x4 squares with amazons of both colours, searched with no form (an
  // integer beside a raw region in every shape: spare moves, territories folded, stuck
  // amazons), against the whole-board oracle.
  SolveOptions options;
  options.canonicalNodes = 0;
  Solver solver(options);
  const Cell cells[] = {Cell::Empty, Cell::Arrow, Cell::Black, Cell::White};
  int compared = 0;
  for (int code = 0; code < 1 << 16; ++code) {
    Board board(4, 2);
    bool black = false, white = false;
    for (int sq = 0; sq < 8; ++sq) {
      const Cell c = cells[(code >> (2 * sq)) & 3];
      board.set(sq, c);
      black |= c == Cell::Black;
      white |= c == Cell::White;
    }
    if (!black || !white) continue;
    const Analysis a = solver.analyse(board);
    for (Color mover : {Color::Black, Color::White}) {
      board.setSideToMove(mover);
      ASSERT_EQ(moverWins(a, mover), *WholeBoardSearch().moverWins(board)) << toOneLine(board) << " " << colorName(mover) << " to move";
    }
    ++compared;
  }
  EXPECT_GT(compared, 30000);
}

TEST(Solve, SearchInParallelKeepsVerdictsAndFindsWinningMoves) {
  // Positions of 12 empty squares with no form allowed: the search over sums alone, whose
  // positions of 12 or more empty squares share their moves between threads. The verdicts
  // must be those of one thread; a winning move found by two threads may be another winning
  // move, so it is checked by one thread on the position after it.
  SolveOptions options;
  options.canonicalNodes = 0;
  std::mt19937_64 rng(4512);
  std::vector<Board> boards;
  while (boards.size() < 10) {
    const Board b = testing::randomBoard(rng, 5, 4, 2, 2, 0.2);
    if (b.emptyCount() == 12 && findChambers(b).size() == 1) boards.push_back(b);
  }
  Solver one(options);
  int losses = 0;
  for (const Board& board : boards) {
    Analysis serial, parallel;
    {
      tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 1);
      serial = one.analyse(board);
    }
    {
      tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 2);
      parallel = Solver(options).analyse(board);
    }
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 1);
    for (Color mover : {Color::Black, Color::White}) {
      const SideReport& side = parallel.forSide(mover);
      ASSERT_EQ(side.verdict, serial.forSide(mover).verdict) << toOneLine(board) << " " << colorName(mover) << " to move";
      losses += side.verdict == Verdict::Loss;
      if (side.verdict != Verdict::Win) continue;
      Board after = board;
      after.setSideToMove(mover);
      after.play(*side.bestMove);
      EXPECT_FALSE(moverWins(one.analyse(after), opposite(mover))) << toOneLine(board) << " " << formatMove(board, *side.bestMove, Notation::CS61B);
    }
  }
  EXPECT_GT(losses, 2);  // losing positions: every move refuted, the moves after the first in parallel
}

// Three or four separate 3x3 chambers, each with one amazon a side and at most one arrow: sums
// of hot values whose canonical total is large (the bench/sums-3x3.txt kind).
Board separateChambers(std::mt19937_64& rng, int count) {
  Board board(4 * count - 1, 3);
  for (int r = 0; r < 3; ++r)
    for (int i = 1; i < count; ++i) board.set(board.square(4 * i - 1, r), Cell::Arrow);
  for (int i = 0; i < count; ++i) {
    std::vector<int> cells;
    for (int r = 0; r < 3; ++r)
      for (int f = 4 * i; f < 4 * i + 3; ++f) cells.push_back(board.square(f, r));
    std::shuffle(cells.begin(), cells.end(), rng);
    board.set(cells[0], Cell::Black);
    board.set(cells[1], Cell::White);
    if (rng() % 2) board.set(cells[2], Cell::Arrow);
  }
  return board;
}

TEST(Solve, SumsOfChambersAgreeWithTheirCanonicalTotal) {
  // The verdicts come from the search over the parts; the canonical total, built here without
  // limit, is the second algorithm. The total shown is the sum written out when over budget.
  SolveOptions options;
  options.totalNodes = 1;
  Solver solver(options);
  std::mt19937_64 rng(2026);
  int written = 0;
  for (int trial = 0; trial < 30; ++trial) {
    const Board board = separateChambers(rng, 3 + trial % 2);
    const Analysis a = solver.analyse(board);
    std::vector<cgt::GameId> values;
    for (const ChamberReport& r : a.chambers) values.push_back(*r.value);
    const cgt::GameId total = *cgt::sumWithin(values, ~uint64_t{0});
    ASSERT_EQ(moverWins(a, Color::Black), cgt::moverWins(total, cgt::Side::Left)) << toOneLine(board);
    ASSERT_EQ(moverWins(a, Color::White), cgt::moverWins(total, cgt::Side::Right)) << toOneLine(board);
    ASSERT_EQ(*a.totalMean, cgt::mean(total));
    if (a.total) {
      EXPECT_EQ(*a.total, total);
    } else {
      ++written;
      std::ostringstream text;
      core::printAnalysis<Amazons>(text, GameRegion(board), Amazons::sideOf(board.sideToMove()), toCore(board, a, false));
      EXPECT_NE(text.str().find("canonical form over --total-nodes"), std::string::npos);
      const size_t from = text.str().find("Total: ");
      const std::string totalLine = text.str().substr(from, text.str().find('\n', from) - from);
      for (cgt::GameId v : values) {
        if (v == cgt::zero()) continue;
        EXPECT_NE(totalLine.find(cgt::toString(v)), std::string::npos) << totalLine;
      }
    }
    for (Color mover : {Color::Black, Color::White}) {
      const SideReport& side = a.forSide(mover);
      if (side.verdict != Verdict::Win) continue;
      Board after = board;
      after.setSideToMove(mover);
      after.play(*side.bestMove);
      EXPECT_FALSE(cgt::moverWins(solver.value(after), mover == Color::Black ? cgt::Side::Right : cgt::Side::Left))
          << toOneLine(board) << " " << colorName(mover) << " to move";
    }
  }
  EXPECT_GT(written, 5);
}

TEST(Solve, TimeLimitSaysUnknownNeverAGuess) {
  SolveOptions options;
  options.timeLimitSeconds = 1e-9;
  Solver solver(options);
  const Analysis a = solver.analyse(parseOneLine("x......|o......"));
  EXPECT_EQ(a.blackToMove.verdict, Verdict::Unknown);
  EXPECT_EQ(a.whiteToMove.verdict, Verdict::Unknown);
  EXPECT_FALSE(a.total);
}

}  // namespace
TEST(Solve, LongSearchesRaiseTheAllowance) {
  // Two expansions a chamber: the search over two raw 3x3 chambers soon passes its two
  // positions, and the chambers are tried again with 8, 32, ... expansions until one of them
  // fits (with one chamber unknown the search goes to the end at once: there are no more
  // rounds). The values found and the verdicts must be those found with the default
  // allowance, where the forms fit at once (the whole-board oracle is too slow on two 3x3
  // chambers; SearchFallbackAgreesWithOracle checks the search against it).
  SolveOptions tiny;
  tiny.canonicalNodes = 2;
  Solver solver(tiny), reference;
  std::mt19937_64 rng(5);
  int known = 0, contested = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const Board board = separateChambers(rng, 2);
    const Analysis a = solver.analyse(board), r = reference.analyse(board);
    ASSERT_EQ(a.chambers.size(), r.chambers.size());
    int unknown = 0;
    for (size_t i = 0; i < a.chambers.size(); ++i) {
      if (a.chambers[i].chamber.kind != ChamberClass::Contested) continue;
      ++contested;
      if (!a.chambers[i].value) {
        EXPECT_EQ(++unknown, 1) << toOneLine(board);  // the rounds end with one unknown at most
        continue;
      }
      ++known;
      EXPECT_EQ(*a.chambers[i].value, *r.chambers[i].value) << toOneLine(board);
    }
    for (Color mover : {Color::Black, Color::White})
      ASSERT_EQ(moverWins(a, mover), moverWins(r, mover)) << toOneLine(board) << " " << colorName(mover) << " to move";
  }
  // Without the rounds 40 of the 80 contested chambers are known, with them 75.
  EXPECT_GE(known, contested * 9 / 10);
}

// The 4x5 start as KNOWN-RESULTS writes it: the source says the first player wins, the solver
// says the second does. This checks every first move of x with the whole-board oracle (mirror
// images skipped): about 90 minutes and 10 GB, so it runs only when asked
// (--gtest_also_run_disabled_tests --gtest_filter=*FourByFive*). Run once, the oracle refuted
// all 85 and so agreed with the solver (BENCHMARKS.md).
TEST(Solve, DISABLED_FourByFiveStartAgainstTheOracle) {
  const Board start = parseOneLine(".xx.|x..x|....|o..o|.oo.", Color::Black);
  const bool solverSaysFirstWins = moverWins(Solver().analyse(start), Color::Black);
  bool oracleSaysFirstWins = false;
  std::set<std::array<int, 3>> seen;
  auto mirror = [&](int sq) { return start.square(start.width() - 1 - start.fileOf(sq), start.rankOf(sq)); };
  auto oracle = std::make_unique<WholeBoardSearch>();
  for (const Move& m : start.legalMoves()) {
    if (seen.count({mirror(m.from), mirror(m.to), mirror(m.arrow)})) continue;
    seen.insert({m.from, m.to, m.arrow});
    Board after = start;
    after.play(m);
    if (!*oracle->moverWins(after)) {
      oracleSaysFirstWins = true;
      break;
    }
    if (oracle->nodes() > 80'000'000) oracle = std::make_unique<WholeBoardSearch>();  // memory
  }
  EXPECT_EQ(solverSaysFirstWins, oracleSaysFirstWins);
}

}  // namespace amazons
