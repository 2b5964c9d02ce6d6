// The leaf search (solver/amazons/leaf_search.h: plain minimax up to kPlainEmpty empty
// squares, a table, killers and an order above) against naive minimax on boards, with naive
// moves and the integer's own options, on random regions beside random integers.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "solver/amazons/formats.h"
#include "solver/amazons/leaf_search.h"
#include "solver/amazons/small_region.h"
#include "tests/support/naive.h"

namespace amazons {
namespace {

Board played(Board board, const Move& m, Color c) {
  board.set(m.from, Cell::Empty);
  board.set(m.to, amazonOf(c));
  board.set(m.arrow, Cell::Arrow);
  return board;
}

// Whether `mover`, to move, wins the region + n: a move in the region the opponent loses
// after, or one in n (n - 1 for Black where n >= 1, n + 1 for White where n <= -1).
class NaiveSum {
 public:
  bool wins(const Board& board, int64_t n, Color mover) {
    const auto key = std::make_tuple(toOneLine(board), n, mover);
    if (const auto found = known_.find(key); found != known_.end()) return found->second;
    const Color other = opposite(mover);
    bool won = false;
    for (const Move& m : testing::naiveMoves(board, mover))
      if (!wins(played(board, m, mover), n, other)) {
        won = true;
        break;
      }
    if (!won && mover == Color::Black && n >= 1) won = !wins(board, n - 1, other);
    if (!won && mover == Color::White && n <= -1) won = !wins(board, n + 1, other);
    known_.emplace(key, won);
    return won;
  }
  // The most moves `owner` makes alone on the board.
  int moves(const Board& board, Color owner) {
    const auto key = std::make_pair(toOneLine(board), owner);
    if (const auto found = longest_.find(key); found != longest_.end()) return found->second;
    int most = 0;
    for (const Move& m : testing::naiveMoves(board, owner)) most = std::max(most, 1 + moves(played(board, m, owner), owner));
    longest_.emplace(key, most);
    return most;
  }

 private:
  std::map<std::tuple<std::string, int64_t, Color>, bool> known_;
  std::map<std::pair<std::string, Color>, int> longest_;
};

// Territories counted naively, positions not limited.
class NaiveHost final : public solve::LeafHost {
 public:
  explicit NaiveHost(NaiveSum& naive) : naive_(naive) {}
  int64_t territory(const SmallRegion& r, uint64_t chamber) override {
    const SmallRegion piece{r.black & chamber, r.white & chamber, r.empty & chamber, r.width, r.height};
    if (piece.black) return naive_.moves(toBoard(piece), Color::Black);
    if (piece.white) return -naive_.moves(toBoard(piece), Color::White);
    return 0;
  }
  void countPosition() override {}

 private:
  NaiveSum& naive_;
};

// Regions of up to 20 squares, one to three amazons a side (one past eight empty squares), one
// to kLeafEmpty empty squares (the leaf search's whole range: plain, table, split into
// territories), beside -2..2, both sides to move; one table for all of them, as a search keeps
// it.
TEST(LeafSearch, AgreesWithNaiveMinimaxOnRandomRegions) {
  std::mt19937_64 rng(2611);
  NaiveSum naive;
  NaiveHost host(naive);
  solve::LeafSearch leaf(size_t{1} << 26, size_t{1} << 24);
  std::map<int, int> byEmpty;
  int wins = 0, compared = 0;
  for (int trial = 0; trial < 800; ++trial) {
    const int width = std::uniform_int_distribution<int>(2, 5)(rng), height = std::uniform_int_distribution<int>(2, 4)(rng);
    Board board(width, height);
    std::vector<int> cells(board.squares());
    std::iota(cells.begin(), cells.end(), 0);
    std::shuffle(cells.begin(), cells.end(), rng);
    const int empty = std::uniform_int_distribution<int>(1, solve::LeafSearch::kLeafEmpty)(rng);
    const int most = empty > 8 ? 1 : 3;  // naive minimax over ten empty squares and six amazons takes minutes
    const int blacks = std::uniform_int_distribution<int>(1, most)(rng), whites = std::uniform_int_distribution<int>(1, most)(rng);
    const int amazons = blacks + whites;
    if (amazons + empty > board.squares()) continue;
    for (int i = 0; i < board.squares(); ++i)
      board.set(cells[i], i < blacks ? Cell::Black : i < amazons ? Cell::White : i < amazons + empty ? Cell::Empty : Cell::Arrow);
    const SmallRegion region = toSmall(board);
    for (int64_t n = -2; n <= 2; ++n)
      for (const Color mover : {Color::Black, Color::White}) {
        const bool expected = naive.wins(board, n, mover);
        ASSERT_EQ(leaf.wins(region, n, mover, host), expected) << toOneLine(board) << " + " << n << ", " << colorName(mover) << " to move";
        wins += expected;
        ++compared;
      }
    ++byEmpty[empty];
  }
  EXPECT_GT(compared, 4000);
  EXPECT_GT(wins, compared / 4);
  EXPECT_LT(wins, 3 * compared / 4);
  for (int e = 1; e <= solve::LeafSearch::kLeafEmpty; ++e) EXPECT_GT(byEmpty[e], 20) << e << " empty squares";
}

}  // namespace
}  // namespace amazons
