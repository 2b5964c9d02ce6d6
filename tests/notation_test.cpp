// Square and move text: round trips of every legal move on random boards up to 16x16 in both
// notations, the tricky two-digit ranks, errors with columns, and legality reasons checked
// against the naive generator.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "solver/amazons/formats.h"
#include "solver/amazons/notation.h"
#include "solver/core/errors.h"
#include "tests/support/naive.h"

namespace amazons {
namespace {

InputError moveError(const Board& b, std::string_view text, bool legal = false) {
  try {
    if (legal) parseLegalMove(b, text);
    else parseMove(b, text);
  } catch (const InputError& e) {
    return e;
  }
  ADD_FAILURE() << "no error for '" << text << "'";
  return InputError("none");
}

#define EXPECT_MOVE_ERROR(board, text, legal, wantColumn, fragment)                    \
  do {                                                                                 \
    const InputError e = moveError(board, text, legal);                                \
    EXPECT_EQ(e.column(), wantColumn) << e.what();                                     \
    EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();    \
  } while (0)

TEST(Notation, SquareNames) {
  const Board b(16, 16);
  EXPECT_EQ(squareName(b, 0), "a1");
  EXPECT_EQ(squareName(b, b.square(3, 9)), "d10");
  EXPECT_EQ(squareName(b, b.square(15, 15)), "p16");
  EXPECT_EQ(parseSquare(b, "d10"), b.square(3, 9));
  EXPECT_EQ(parseSquare(b, "P16"), b.square(15, 15));
  for (int sq = 0; sq < b.squares(); ++sq) EXPECT_EQ(parseSquare(b, squareName(b, sq)), sq);
  const Board small(3, 2);
  EXPECT_EQ(squareName(small, small.square(2, 1)), "c2");
}

TEST(Notation, SquareErrors) {
  const Board b(10, 10);
  auto columnOf = [&](std::string_view text, int column = 1) {
    try {
      parseSquare(b, text, column);
    } catch (const InputError& e) {
      return e.column();
    }
    return -1;
  };
  EXPECT_EQ(columnOf("k1"), 1);    // file off the board
  EXPECT_EQ(columnOf("a11"), 2);   // rank off the board
  EXPECT_EQ(columnOf("a0"), 2);
  EXPECT_EQ(columnOf("a01"), 2);
  EXPECT_EQ(columnOf("a"), 2);
  EXPECT_EQ(columnOf("1a"), 1);
  EXPECT_EQ(columnOf("a1x"), 3);
  EXPECT_EQ(columnOf(""), 1);
  EXPECT_EQ(columnOf("a99999999999999999999"), 2);
  EXPECT_EQ(columnOf("k1", 7), 7);
}

TEST(Notation, FormatsBothNotations) {
  const Board b(10, 10);
  const Move m{static_cast<uint8_t>(b.square(3, 9)), static_cast<uint8_t>(b.square(2, 8)),
               static_cast<uint8_t>(b.square(7, 3))};
  EXPECT_EQ(formatMove(b, m, Notation::CS61B), "d10-c9(h4)");
  EXPECT_EQ(formatMove(b, m, Notation::CodinGame), "d10c9h4");
  for (const char* text : {"d10-c9(h4)", "d10 c9 h4", "d10c9h4", "  d10 - c9 ( h4 )  ", "D10-C9(H4)", "* d10-c9(h4)",
                           "d10c9h4 msg hello there", "d10-c9(h4) msg", "d10\tc9\th4\n"})
    EXPECT_EQ(parseMove(b, text), m) << text;
}

TEST(Notation, CodinGameTwoDigitRanks) {
  const Board b(16, 16);
  auto sq = [&](int f, int r) { return static_cast<uint8_t>(b.square(f, r - 1)); };
  EXPECT_EQ(parseMove(b, "a10b10c10"), (Move{sq(0, 10), sq(1, 10), sq(2, 10)}));
  EXPECT_EQ(parseMove(b, "a1a10a2"), (Move{sq(0, 1), sq(0, 10), sq(0, 2)}));
  EXPECT_EQ(parseMove(b, "p16a1p1"), (Move{sq(15, 16), sq(0, 1), sq(15, 1)}));
  EXPECT_EQ(parseMove(b, "a16a1a16"), (Move{sq(0, 16), sq(0, 1), sq(0, 16)}));
}

TEST(Notation, RoundTripEveryLegalMove) {
  std::mt19937_64 rng(2024);
  size_t checked = 0;
  for (int trial = 0; trial < 120; ++trial) {
    const int w = 1 + static_cast<int>(rng() % 16), h = 1 + static_cast<int>(rng() % 16);
    const Board b = testing::randomBoard(rng, w, h, 1 + rng() % 4, 1 + rng() % 4, (rng() % 4) / 10.0);
    for (const Move& m : b.legalMoves()) {
      for (Notation n : {Notation::CS61B, Notation::CodinGame}) {
        const std::string text = formatMove(b, m, n);
        ASSERT_EQ(parseMove(b, text), m) << text;
        ASSERT_EQ(parseLegalMove(b, text), m) << text;
      }
      const std::string spaced = squareName(b, m.from) + " " + squareName(b, m.to) + " " + squareName(b, m.arrow);
      ASSERT_EQ(parseMove(b, spaced), m) << spaced;
      ++checked;
    }
  }
  EXPECT_GT(checked, 10000u);
}

TEST(Notation, SyntaxErrorsHaveColumns) {
  const Board b(10, 10);
  EXPECT_MOVE_ERROR(b, "", false, 1, "empty move");
  EXPECT_MOVE_ERROR(b, "   ", false, 4, "empty move");
  EXPECT_MOVE_ERROR(b, "d10-c9", false, 7, "end of the text");
  EXPECT_MOVE_ERROR(b, "d10-c9(h4", false, 10, "')'");
  EXPECT_MOVE_ERROR(b, "d10-c9(h4]", false, 10, "')'");
  EXPECT_MOVE_ERROR(b, "d10-k9(h4)", false, 5, "file 'k'");
  EXPECT_MOVE_ERROR(b, "d10-c9(h11)", false, 9, "rank 11");
  EXPECT_MOVE_ERROR(b, "d10c9h4x", false, 8, "unexpected text");
  EXPECT_MOVE_ERROR(b, "d10c9h4 hello", false, 9, "unexpected text");
  EXPECT_MOVE_ERROR(b, "d10c9h4 msgx", false, 9, "unexpected text");
  EXPECT_MOVE_ERROR(b, "d10--c9(h4)", false, 5, "expected a square");
  EXPECT_MOVE_ERROR(b, "10-c9(h4)", false, 1, "expected a square");
}

TEST(Notation, LegalityReasons) {
  Board b = parseOneLine("x...|.#..|....|o..o");  // White to move; a1, d1 white; a4 black; b3 arrow
  EXPECT_MOVE_ERROR(b, "b1-b2(b1)", true, 1, "no amazon on b1");
  EXPECT_MOVE_ERROR(b, "b3-b2(b1)", true, 1, "arrow");
  EXPECT_MOVE_ERROR(b, "a4-a3(a4)", true, 1, "Black's, but White is to move");
  EXPECT_MOVE_ERROR(b, "a1-b3(a1)", true, 4, "not along");
  EXPECT_MOVE_ERROR(b, "d1-a4(d1)", true, 4, "blocked at b3");
}

TEST(Notation, LegalityDetails) {
  Board b = parseOneLine("x...|.#..|....|o..o");
  // a1-c3: b2 empty, c3 empty: legal; arrow back through the vacated a1 square is allowed.
  EXPECT_NO_THROW(parseLegalMove(b, "a1-c3(a1)"));
  EXPECT_THROW(parseLegalMove(b, "a1-a4(a1)"), InputError);  // a4 occupied
  EXPECT_MOVE_ERROR(b, "a1-a4(a1)", true, 4, "a4 is occupied");
  EXPECT_MOVE_ERROR(b, "d1-a1(d1)", true, 4, "a1 is occupied");
  EXPECT_MOVE_ERROR(b, "a1-a2(a2)", true, 7, "must leave");
  EXPECT_MOVE_ERROR(b, "a1-a2(c4)", true, 7, "blocked at b3");
}

// parseLegalMove accepts exactly the naive generator's moves, on random (from, to, arrow).
TEST(Notation, LegalMatchesNaiveGenerator) {
  std::mt19937_64 rng(77);
  for (int trial = 0; trial < 200; ++trial) {
    const int w = 1 + static_cast<int>(rng() % 8), h = 1 + static_cast<int>(rng() % 8);
    const Board b = testing::randomBoard(rng, w, h, 2, 2, 0.25);
    std::vector<Move> legal = testing::naiveMoves(b, b.sideToMove());
    for (int i = 0; i < 300; ++i) {
      const Move m{static_cast<uint8_t>(rng() % b.squares()), static_cast<uint8_t>(rng() % b.squares()),
                   static_cast<uint8_t>(rng() % b.squares())};
      const bool expected = std::find(legal.begin(), legal.end(), m) != legal.end();
      bool accepted = true;
      try {
        parseLegalMove(b, formatMove(b, m, Notation::CS61B));
      } catch (const InputError& e) {
        accepted = false;
        EXPECT_GE(e.column(), 1);
      }
      EXPECT_EQ(accepted, expected) << formatMove(b, m, Notation::CS61B) << " on " << toOneLine(b);
    }
  }
}

TEST(Notation, Names) {
  EXPECT_EQ(parseNotationName("cs61b"), Notation::CS61B);
  EXPECT_EQ(parseNotationName("CodinGame"), Notation::CodinGame);
  EXPECT_THROW(parseNotationName("san"), InputError);
  for (Notation n : {Notation::CS61B, Notation::CodinGame, Notation::Uci}) EXPECT_EQ(parseNotationName(notationName(n)), n);
}

}  // namespace
}  // namespace amazons
