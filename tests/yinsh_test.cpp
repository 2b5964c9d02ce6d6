// Yinsh against its naive twin (tests/support/yinsh_naive.h, written from the referee's rules
// with no shared code): every full turn and the position it leaves, on random games with fixed
// seeds, the blitz rules too; perft counts worked out by hand and carried over from yngine; the
// exact solver's results, plies and moves against plain minimax near the ends of random games;
// the text forms and their errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "solver/core/errors.h"
#include "solver/yinsh/formats.h"
#include "solver/yinsh/notation.h"
#include "solver/yinsh/solver.h"
#include "tests/support/yinsh_naive.h"

namespace amazons {
namespace {

using namespace yinsh;

yinsh_naive::Position naiveOf(const Position& p) { return {formatOneLine(p), p.toMove == Color::White ? 'w' : 'b'}; }

std::vector<std::string> turnTexts(const Position& p, const Rules& rules) {
  std::vector<std::string> out;
  for (const TurnAndPosition& t : legalTurns(p, rules)) out.push_back(formatTurn(t.turn));
  std::sort(out.begin(), out.end());
  return out;
}

// The positions of a random game from the empty board to its end (the last one over).
std::vector<Position> randomGame(std::mt19937_64& rng, const Rules& rules) {
  std::vector<Position> game{Position{}};
  for (;;) {
    const std::vector<TurnAndPosition> turns = legalTurns(game.back(), rules);
    if (turns.empty()) return game;
    game.push_back(turns[std::uniform_int_distribution<size_t>(0, turns.size() - 1)(rng)].after);
  }
}

// The positions of the whole game tree below p, counted up to `cap` (past it: cap).
uint64_t treeSize(const Position& p, const Rules& rules, uint64_t cap) {
  uint64_t size = 1;
  for (const TurnAndPosition& t : legalTurns(p, rules)) {
    if (size >= cap) return cap;
    size += treeSize(t.after, rules, cap - size);
  }
  return size;
}

Position fromFile(const std::string& text, const Rules& rules = {}) { return parsePosition(text, rules).position; }

TEST(Yinsh, BoardHasTheRefereesCells) {
  EXPECT_EQ(popcount(boardCells()), kCells);
  std::vector<std::string> names;
  forEachCell(boardCells(), [&](int c) { names.push_back(cellName(c)); });
  EXPECT_EQ(names, yinsh_naive::cells());  // the one-line order
  EXPECT_EQ(cellAt(0, 1), -1);             // a1 is not a cell
  EXPECT_EQ(cellName(cellAt(10, 10)), "k10");
  EXPECT_EQ(cellAt(10, 11), -1);
}

// Every symmetry maps the board onto itself, keeps neighbours neighbours, and leaves the counts
// of turns and the solver's results unchanged.
TEST(Yinsh, SymmetriesKeepTheGame) {
  std::vector<Mask> images;
  for (int s = 0; s < kSymmetries; ++s) {
    EXPECT_EQ(imageOf(boardCells(), s), boardCells());
    forEachCell(boardCells(), [&](int c) {
      for (int d = 0; d < kDirections; ++d)
        if (ray(c, d).length) {
          const int a = imageOf(c, s), b = imageOf(ray(c, d).cells[0], s);
          EXPECT_TRUE(std::any_of(kSteps.begin(), kSteps.end(), [&](const auto& step) {
            return letterOf(b) - letterOf(a) == step[0] && numberOf(b) - numberOf(a) == step[1];
          })) << cellName(c) << " symmetry " << s;
        }
    });
    images.push_back(imageOf(bit(cellAt(0, 2)) | bit(cellAt(4, 7)), s));  // a2 and e7
  }
  std::sort(images.begin(), images.end());
  EXPECT_EQ(std::unique(images.begin(), images.end()) - images.begin(), kSymmetries);  // twelve distinct maps
  std::mt19937_64 rng(12);
  const std::vector<Position> game = randomGame(rng, {});
  for (size_t k = game.size() - 4; k < game.size(); ++k)
    for (int s = 1; s < kSymmetries; ++s) {
      const Position image = imageOf(game[k], s);
      EXPECT_EQ(perft(image, {}, 2), perft(game[k], {}, 2));
      Solver a{SolveOptions{}}, b{SolveOptions{}};
      const Solution x = a.solve(game[k]), y = b.solve(image);
      EXPECT_EQ(x.result, y.result);
      EXPECT_EQ(x.plies, y.plies);
    }
}

// From the empty board: 85 placements; then 84 more or STEAL after each; after a steal White
// faces one Black ring and 84 empty cells, after two placements 83 remain.
TEST(Yinsh, PerftOfThePlacementByHand) {
  const Position empty = fromFile("w\n....|.......|........|.........|..........|.........|..........|.........|........|.......|....\n");
  EXPECT_TRUE(empty.placement);
  EXPECT_EQ(perft(empty, {}, 1), 85u);
  EXPECT_EQ(perft(empty, {}, 2), 85u * 85u);
  EXPECT_EQ(perft(empty, {}, 3), 85u * (84u * 83u + 84u));
}

// Full turns counted by yngine (temhelk/yngine, grouping its decisions by the side to move) on
// movement positions where its rules and CodinGame's agree (no STEAL, no side stuck): facts
// carried over, its code not.
TEST(Yinsh, PerftAgreesWithYngine) {
  const Position p = fromFile("w\n..WW|...w.B.|......bb|.........|....W..B..|B.w...W.w|......B...|.b...B...|bw....Ww|.......|b...\n");
  EXPECT_EQ(perft(p, {}, 1), 49u);
  EXPECT_EQ(perft(p, {}, 2), 3046u);
  EXPECT_EQ(perft(p, {}, 3), 142660u);
  // With rows to remove in the tree (20 and 30 markers).
  EXPECT_EQ(perft(fromFile("w\nB...|.w.....|.w.w...W|b.....b.b|.W.Ww.B.b.|.bWw.....|.b...Ww.B.|wbB.w....|.b.wbww.|.......|.B..\n"), {}, 3), 79060u);
  EXPECT_EQ(perft(fromFile("w\nw..B|...b...|.B..w.bb|.w.b..wbB|.b.b.W.bWb|www.wb.bb|.w.b.wWb..|..wWw....|...ww.b.|.w.WBB.|....\n"), {}, 4), 599147u);
}

// Every position of random games, normal and blitz: the same turns as the twin, the same
// position after each, the same end.
TEST(Yinsh, TurnsMatchTheNaiveTwinOnRandomGames) {
  int before = 0, removalsOnly = 0;
  for (const int ringsToWin : {3, 1}) {
    const Rules rules{ringsToWin};
    std::mt19937_64 rng(65 + ringsToWin);
    int removals = 0, pools = 0;
    for (int game = 0; game < (ringsToWin == 3 ? 12 : 20); ++game) {
      for (const Position& p : randomGame(rng, rules)) {
        const yinsh_naive::Position n = naiveOf(p);
        const std::vector<std::string> texts = turnTexts(p, rules);
        ASSERT_EQ(texts, yinsh_naive::legalActions(n, ringsToWin)) << n.board << " " << n.toMove;
        const auto over = finalResult(p, rules);
        const auto naiveOver = yinsh_naive::gameOver(n, ringsToWin);
        ASSERT_EQ(over.has_value(), naiveOver.has_value()) << n.board;
        if (over) {
          EXPECT_EQ(static_cast<int>(*over), static_cast<int>(*naiveOver)) << n.board;
          pools += p.markerCount() == kMarkers;
        }
        for (const TurnAndPosition& t : legalTurns(p, rules)) {
          const std::string text = formatTurn(t.turn);
          const yinsh_naive::Position next = yinsh_naive::play(n, text, ringsToWin);
          ASSERT_EQ(formatOneLine(t.after), next.board) << n.board << " " << text;
          ASSERT_EQ(t.after.toMove == Color::White ? 'w' : 'b', next.toMove);
          removals += t.turn.before + t.turn.after;
          before += t.turn.before;
          removalsOnly += t.turn.kind == Turn::Kind::Removals;
        }
      }
    }
    EXPECT_GT(removals, 0);
    if (ringsToWin == 3) {
      EXPECT_GT(pools, 0) << "no game ran out of markers";
    }
  }
  // The games reached the rules' rarer branches.
  EXPECT_GT(before, 0) << "no turn began by removing a row the opponent made";
  EXPECT_GT(removalsOnly, 0) << "no turn was removals alone";
}

// Positions a few plies from the end of random games: result and plies as the twin's minimax,
// and the solver's move reaches a position of the value it claims, on one thread and on two.
TEST(Yinsh, SolverMatchesMinimaxNearTheEnd) {
  const Rules rules;
  std::mt19937_64 rng(651);
  int checked = 0, draws = 0, wins = 0, losses = 0;
  for (int game = 0; game < 60; ++game) {
    const std::vector<Position> positions = randomGame(rng, rules);
    for (int back = 1; back <= 4 && back < static_cast<int>(positions.size()); ++back) {
      const Position& p = positions[positions.size() - 1 - back];
      if (treeSize(p, rules, 100000) >= 100000) continue;  // the twin's minimax walks the whole tree
      const yinsh_naive::Outcome expected = yinsh_naive::solve(naiveOf(p), 3);
      const int expectedScore = expected.result == yinsh_naive::Result::Win ? 1000 - expected.plies
                                : expected.result == yinsh_naive::Result::Loss ? -(1000 - expected.plies) : 0;
      // One thread, and two splitting the root's moves: the same result and plies, a move as good.
      for (const unsigned threads : {1u, 2u}) {
        SolveOptions options;
        options.threads = threads;
        Solver solver(options);
        const Solution s = solver.solve(p);
        ASSERT_TRUE(s.result.has_value());
        ASSERT_EQ(static_cast<int>(*s.result), static_cast<int>(expected.result)) << formatOneLine(p);
        if (expected.result != yinsh_naive::Result::Draw) {
          ASSERT_EQ(s.plies, expected.plies) << formatOneLine(p);
        }
        ASSERT_TRUE(s.move.has_value());
        // The move's position, solved by the twin, is worth the claimed score one ply later.
        const yinsh_naive::Outcome after = yinsh_naive::solve(yinsh_naive::play(naiveOf(p), formatTurn(*s.move), 3), 3);
        const int afterScore = after.result == yinsh_naive::Result::Win    ? 1000 - after.plies
                               : after.result == yinsh_naive::Result::Loss ? -(1000 - after.plies)
                                                                           : 0;
        EXPECT_EQ(-(afterScore - (afterScore > 0) + (afterScore < 0)), expectedScore) << formatOneLine(p) << " " << formatTurn(*s.move);
      }
      ++checked;
      draws += expected.result == yinsh_naive::Result::Draw;
      wins += expected.result == yinsh_naive::Result::Win;
      losses += expected.result == yinsh_naive::Result::Loss;
    }
  }
  EXPECT_GT(checked, 40);
  EXPECT_GT(wins, 0);
  EXPECT_GT(losses, 0);
  EXPECT_GT(draws, 0);
}

TEST(Yinsh, UnknownPastTheNodeLimit) {
  std::mt19937_64 rng(7);
  const std::vector<Position> game = randomGame(rng, {});
  SolveOptions options;
  options.nodeLimit = 50;
  Solver solver(options);
  const Solution s = solver.solve(game[game.size() / 2]);
  EXPECT_FALSE(s.result.has_value());
  EXPECT_FALSE(s.move.has_value());
  EXPECT_LE(s.nodes, 51u);
}

TEST(Yinsh, ActionsReadFromEitherEndAndAnyCase) {
  std::mt19937_64 rng(11);
  int rows = 0;
  for (int game = 0; game < 6; ++game)
    for (const Position& p : randomGame(rng, {}))
      for (const TurnAndPosition& t : legalTurns(p, {})) {
        std::string text = formatTurn(t.turn);
        if (t.turn.before + t.turn.after == 0) continue;
        ++rows;
        // "xa-bxr" written "xb-axr", upper case.
        std::string swapped;
        for (size_t start = 0; start <= text.size();) {
          const size_t end = std::min(text.find(';', start), text.size());
          std::string step = text.substr(start, end - start);
          if (step[0] == 'x') {
            const size_t dash = step.find('-'), x = step.find('x', 1);
            std::string reversed = "X";
            for (const std::string& part : {step.substr(dash + 1, x - dash - 1), std::string("-"), step.substr(1, dash - 1), step.substr(x)}) reversed += part;
            step = reversed;
          }
          if (!swapped.empty()) swapped += ';';
          swapped += step;
          start = end + 1;
        }
        for (char& c : swapped) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        EXPECT_EQ(parseTurn(p, {}, swapped).after, t.after) << swapped;
      }
  EXPECT_GT(rows, 10);
}

void expectError(const std::string& text, int line, int column, const std::string& words) {
  try {
    (void)parsePosition(text, {});
    ADD_FAILURE() << "no error for: " << text;
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), line) << e.what();
    EXPECT_EQ(e.column(), column) << e.what();
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
  }
}

TEST(Yinsh, BadPositionsNameLineAndColumn) {
  const std::string empty = "....|.......|........|.........|..........|.........|..........|.........|........|.......|....";
  expectError("x\n" + empty + "\n", 1, 1, "side to move");
  expectError("w\n....|.......|........|.........|..........|.........|..........|.........|........|.......\n", 2, 1, "11 groups");
  expectError("w\n....|.......|........|.........|..........|.........|..........|.........|........|.......|...\n", 2, 95, "4 cells");
  expectError("w\n....|..q....|........|.........|..........|.........|..........|.........|........|.......|....\n", 2, 8, "unexpected 'q'");
  expectError("w\nWWWWWW......|.......|........|.........|..........|.........|..........|.........|........|.......|....\n", 2, 5, "4 cells");
  // Six White rings.
  expectError("b\nWWWW|WW.....|........|.........|..........|.........|..........|.........|........|.......|....\n", 2, 1, "rings");
  // A row of five White markers standing with Black to move: White moved last.
  expectError("b\n....|.......|wwwww...|.........|WWWWW.....|BBBBB....|..........|.........|........|.......|....\n", 2, 1, "row of five");
  // Black to move on the empty board.
  expectError("b\n" + empty + "\n", 2, 1, "White places the first");
  // CodinGame input: the count of actions must be the legal count.
  expectError("1\n11\n" + std::string("....\n.......\n........\n.........\n..........\n.........\n..........\n.........\n........\n.......\n....\n") + "3\n",
              14, 1, "does not match the 85 legal actions");
}

TEST(Yinsh, CodinGameInputIsTheMoversView) {
  // Black (myId 2) sees its rings as R, White's as r.
  const std::string lines = "....\n.......\n........\n....R....\n....r.....\n.........\n..........\n.........\n........\n.......\n....\n";
  const ParsedPosition parsed = parsePosition("2\n11\n" + lines + "0\n", {});
  EXPECT_TRUE(parsed.codingame);
  EXPECT_EQ(parsed.position.toMove, Color::Black);
  EXPECT_EQ(parsed.position.ringCount(Color::Black), 1);
  EXPECT_EQ(formatLines(parsed.position, Color::Black), lines);
  // White to move with one ring each: placing, 83 cells left.
  const ParsedPosition white = parsePosition("1\n11\n" + lines, {});
  EXPECT_TRUE(white.position.placement);
  EXPECT_EQ(legalTurns(white.position, {}).size(), 83u);
}

TEST(Yinsh, StealIsOpenOnlyForBlacksFirstRing) {
  const Position first = fromFile("b\n....|.......|........|.........|....W.....|.........|..........|.........|........|.......|....\n");
  EXPECT_TRUE(first.stealOpen());
  const TurnAndPosition steal = parseTurn(first, {}, "STEAL");
  EXPECT_EQ(steal.after.ringCount(Color::Black), 1);
  EXPECT_EQ(steal.after.ringCount(Color::White), 0);
  EXPECT_EQ(steal.after.toMove, Color::White);
  EXPECT_FALSE(steal.after.stealOpen());
  // After it White is behind and to move: the board reads back the same.
  EXPECT_EQ(fromFile("w\n" + formatOneLine(steal.after) + "\n"), steal.after);
}

}  // namespace
}  // namespace amazons
