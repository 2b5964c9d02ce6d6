// Position formats: round trips on random boards, the published examples, auto-detection and
// the error for each malformed input (line and column).
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>

#include "solver/amazons/formats.h"
#include "solver/amazons/notation.h"
#include "solver/core/errors.h"
#include "tests/support/naive.h"
#include "tests/support/paths.h"

namespace amazons {
namespace {

using testing::example;

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The error a text gives, or a failure when it parses.
InputError errorOf(std::string_view text, Format format = Format::Auto) {
  try {
    parsePosition(text, format);
  } catch (const InputError& e) {
    return e;
  }
  ADD_FAILURE() << "no error for:\n" << text;
  return InputError("none");
}

#define EXPECT_ERROR_AT(text, format, wantLine, wantColumn, fragment)                   \
  do {                                                                                 \
    const InputError e = errorOf(text, format);                                        \
    EXPECT_EQ(e.line(), wantLine) << e.what();                                         \
    EXPECT_EQ(e.column(), wantColumn) << e.what();                                     \
    EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();    \
  } while (0)

// ---- round trips ----

void roundTrip(Format format, bool square) {
  std::mt19937_64 rng(1234 + static_cast<int>(format));
  for (int trial = 0; trial < 400; ++trial) {
    const int w = 1 + static_cast<int>(rng() % 16);
    const int h = square ? w : 1 + static_cast<int>(rng() % 16);
    const int n = w * h;
    const int blacks = static_cast<int>(rng() % (n / 4 + 2)), whites = static_cast<int>(rng() % (n / 4 + 2));
    const Board b = testing::randomBoard(rng, w, h, blacks, whites, (rng() % 5) / 10.0);
    const std::string text = writePosition(b, format);
    SCOPED_TRACE(text);
    const ParsedPosition p = parsePosition(text, format);
    EXPECT_EQ(p.board, b);
    EXPECT_EQ(p.format, format);
    // Auto-detection reads what every writer writes (the format may differ: a one-rank grid of
    // only . and - is also a one-line string; the board is the same).
    const ParsedPosition a = parsePosition(text, Format::Auto);
    EXPECT_EQ(a.board, b);
    if (h > 1) {
      EXPECT_EQ(a.format, format);
    }
  }
}

TEST(FormatsRoundTrip, Grid) { roundTrip(Format::Grid, false); }
TEST(FormatsRoundTrip, CodinGameSquare) { roundTrip(Format::CodinGame, true); }
TEST(FormatsRoundTrip, CodinGameRectangleWithoutSizeLine) { roundTrip(Format::CodinGame, false); }
TEST(FormatsRoundTrip, Dump) { roundTrip(Format::Dump, false); }
TEST(FormatsRoundTrip, OneLine) { roundTrip(Format::OneLine, false); }

TEST(FormatsRoundTrip, CodinGameWritesCountThatReadsBack) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 50; ++trial) {
    const int s = 2 + static_cast<int>(rng() % 9);
    const Board b = testing::randomBoard(rng, s, s, 3, 3, 0.2);
    const ParsedPosition p = parsePosition(writePosition(b, Format::CodinGame), Format::CodinGame);
    ASSERT_TRUE(p.actionCount.has_value());
    EXPECT_EQ(*p.actionCount, testing::naiveMoves(b, b.sideToMove()).size());
    EXPECT_EQ(p.lastAction, "null");
  }
}

TEST(FormatsRoundTrip, OneLineStringMatchesToOneLine) {
  std::mt19937_64 rng(3);
  for (int trial = 0; trial < 100; ++trial) {
    Board b = testing::randomBoard(rng, 1 + rng() % 16, 1 + rng() % 16, 2, 2, 0.3);
    b.setSideToMove(Color::White);
    EXPECT_EQ(writePosition(b, Format::OneLine), toOneLine(b) + "\n");
    EXPECT_EQ(parseOneLine(toOneLine(b)), b);
  }
}

// ---- the published examples (positions/examples, FORMATS.md) ----

TEST(FormatsExamples, StandardGrid) {
  const ParsedPosition p = loadPosition(example("standard-10x10.txt"));
  EXPECT_EQ(p.format, Format::Grid);
  EXPECT_TRUE(p.sideGiven);
  EXPECT_EQ(p.board, testing::standardStart());
}

TEST(FormatsExamples, CodinGameCountIs1259) {
  const ParsedPosition p = loadPosition(example("codingame-8x8.txt"));
  EXPECT_EQ(p.format, Format::CodinGame);
  EXPECT_EQ(p.board.sideToMove(), Color::White);
  EXPECT_EQ(p.actionCount, 1259u);
  EXPECT_EQ(p.lastAction, "null");
  EXPECT_EQ(testing::naiveMoves(p.board, Color::White).size(), 1259u);
  // FORMATS.md: c2c5e7 is one legal answer.
  EXPECT_NO_THROW(parseLegalMove(p.board, "c2c5e7"));
  // Writing it back gives the file, byte for byte.
  EXPECT_EQ(writePosition(p.board, Format::CodinGame), slurp(example("codingame-8x8.txt")));
}

TEST(FormatsExamples, Cs61bDumpAfterTwoMoves) {
  Board b = testing::standardStart();
  b.play(parseLegalMove(b, "d1-d7(g7)"));
  b.play(parseLegalMove(b, "d10-c9(h4)"));
  const ParsedPosition p = loadPosition(example("cs61b-dump.txt"));
  EXPECT_EQ(p.format, Format::Dump);
  EXPECT_EQ(p.board, b);
  EXPECT_EQ(writePosition(b, Format::Dump), slurp(example("cs61b-dump.txt")));
}

TEST(FormatsExamples, SmallEndgameOneLine) {
  const ParsedPosition p = loadPosition(example("small-endgame.txt"));
  EXPECT_EQ(p.format, Format::OneLine);
  EXPECT_EQ(p.board.width(), 5);
  EXPECT_EQ(p.board.height(), 4);
  EXPECT_EQ(p.board.amazons(Color::Black).size(), 2u);
  EXPECT_EQ(p.board.amazons(Color::White).size(), 2u);
}

TEST(FormatsExamples, EveryExampleConvertsToEveryFormat) {
  for (const char* name : {"standard-10x10.txt", "codingame-8x8.txt", "cs61b-dump.txt", "small-endgame.txt"}) {
    const Board b = loadPosition(example(name)).board;
    for (Format f : {Format::Grid, Format::CodinGame, Format::Dump, Format::OneLine, Format::Fen})
      EXPECT_EQ(parsePosition(writePosition(b, f)).board, b) << name << " as " << formatName(f);
  }
}

// ---- reading details ----

TEST(FormatsRead, GridSymbolsAndOrientation) {
  const ParsedPosition p = parsePosition("B.#\nw-W\n", Format::Grid);
  const Board& b = p.board;
  EXPECT_FALSE(p.sideGiven);
  EXPECT_EQ(b.sideToMove(), Color::White);
  EXPECT_EQ(b.at(0, 1), Cell::Black);  // a2: first line is the top rank
  EXPECT_EQ(b.at(2, 1), Cell::Arrow);
  EXPECT_EQ(b.at(0, 0), Cell::White);
  EXPECT_EQ(b.at(1, 0), Cell::Arrow);
  EXPECT_EQ(b.at(2, 0), Cell::White);
}

TEST(FormatsRead, SideLines) {
  for (const char* side : {"b", "B", "black", "BLACK", "Black"}) {
    const ParsedPosition p = parsePosition(std::string(side) + "\nw.\n.b\n");
    EXPECT_EQ(p.board.sideToMove(), Color::Black) << side;
    EXPECT_TRUE(p.sideGiven);
  }
  EXPECT_EQ(parsePosition("white\nx.o\n").board.sideToMove(), Color::White);
  EXPECT_EQ(parsePosition("black\n===\n - W\n===\n").board.sideToMove(), Color::Black);
}

TEST(FormatsRead, CommentsBlankLinesWhitespaceAndCrlf) {
  const Board expected = parseOneLine("x.|.o");
  EXPECT_EQ(parsePosition("\n# a comment\n#\n\n  x.|.o  \n\n").board, expected);
  EXPECT_EQ(parsePosition("b.\r\n.w\r\n").board, expected);
  EXPECT_EQ(parsePosition("\t b. \n .w\n").board, expected);
  // "#" followed by a square is a row, not a comment.
  EXPECT_EQ(parsePosition("#.\n.w\n").board, parseOneLine("#.|.o"));
  EXPECT_EQ(parsePosition("#.|.o").board, parseOneLine("#.|.o"));
}

TEST(FormatsRead, CodinGameOptionalLines) {
  const std::string grid = "w\n.b\nw.\n";
  const Board expected = parseOneLine(".x|o.");
  // White a1 against Black b2: a1-a2 or a1-b1, then two arrows each.
  ASSERT_EQ(testing::naiveMoves(expected, Color::White).size(), 4u);
  EXPECT_EQ(parsePosition("2\n" + grid + "null\n", Format::CodinGame).board, expected);
  const ParsedPosition p = parsePosition("2\n" + grid + "a1a2b1\n", Format::CodinGame);
  EXPECT_EQ(p.lastAction, "a1a2b1");
  EXPECT_FALSE(p.actionCount.has_value());
  const ParsedPosition q = parsePosition(grid, Format::CodinGame);
  EXPECT_EQ(q.board, expected);
  EXPECT_FALSE(q.lastAction.has_value());
  const ParsedPosition r = parsePosition(grid + "null\n4\n");
  EXPECT_EQ(r.format, Format::CodinGame);
  EXPECT_EQ(r.actionCount, 4u);
  EXPECT_EQ(r.lastAction, "null");
}

TEST(FormatsRead, CodinGameSizeLineAcceptsAnyN) {
  for (int n = 1; n <= 16; ++n) {
    std::string text = std::to_string(n) + "\nb\n";
    for (int r = 0; r < n; ++r) text += std::string(n, '.') + "\n";
    const ParsedPosition p = parsePosition(text);
    EXPECT_EQ(p.format, Format::CodinGame);
    EXPECT_EQ(p.board.width(), n);
    EXPECT_EQ(p.board.height(), n);
    EXPECT_EQ(p.board.sideToMove(), Color::Black);
  }
}

TEST(FormatsRead, DumpIsLenientOnSpacing) {
  EXPECT_EQ(parsePosition("===\nB -   W\n  S - -   \n===\n").board, parseOneLine("x.o|#.."));
}

TEST(FormatsRead, AutoDetection) {
  EXPECT_EQ(parsePosition("===\n - B\n===\n").format, Format::Dump);
  EXPECT_EQ(parsePosition("w\n===\n - B\n===\n").format, Format::Dump);
  EXPECT_EQ(parsePosition("x..#|....").format, Format::OneLine);
  EXPECT_EQ(parsePosition("X..#").format, Format::OneLine);
  EXPECT_EQ(parsePosition("b\nx..#|....").format, Format::OneLine);
  EXPECT_EQ(parsePosition("2\nw\n..\n..\n").format, Format::CodinGame);
  EXPECT_EQ(parsePosition("w\n.b\nw.\nnull\n").format, Format::CodinGame);
  EXPECT_EQ(parsePosition("w\n.b\nw.\nnull\n4\n").format, Format::CodinGame);
  EXPECT_EQ(parsePosition("w\n.b\nw.\n").format, Format::Grid);
  EXPECT_EQ(parsePosition(".b\nw.\n").format, Format::Grid);
  EXPECT_EQ(parsePosition("w").format, Format::Grid);  // a 1x1 grid holding a white amazon
}

TEST(FormatsNames, ParseAndPrint) {
  EXPECT_EQ(parseFormatName("grid"), Format::Grid);
  EXPECT_EQ(parseFormatName("CodinGame"), Format::CodinGame);
  EXPECT_EQ(parseFormatName("dump"), Format::Dump);
  EXPECT_EQ(parseFormatName("cs61b"), Format::Dump);
  EXPECT_EQ(parseFormatName("oneline"), Format::OneLine);
  EXPECT_EQ(parseFormatName("cgsuite"), Format::OneLine);
  EXPECT_EQ(parseFormatName("mcgs"), Format::OneLine);
  EXPECT_EQ(parseFormatName("auto"), Format::Auto);
  EXPECT_THROW(parseFormatName("png"), InputError);
  for (Format f : {Format::Auto, Format::Grid, Format::CodinGame, Format::Dump, Format::OneLine, Format::Fen})
    EXPECT_EQ(parseFormatName(formatName(f)), f);
}

TEST(FormatsWrite, ExactTexts) {
  Board b = parseOneLine("x.#|..o");
  EXPECT_EQ(writePosition(b, Format::Grid), "white\nb.-\n..w\n");
  EXPECT_EQ(writePosition(b, Format::Dump), "===\n   B - S\n   - - W\n===\n");
  EXPECT_EQ(writePosition(b, Format::OneLine), "x.#|..o\n");
  EXPECT_EQ(writePosition(b, Format::CodinGame), "w\nb.-\n..w\nnull\n" + std::to_string(b.countMoves()) + "\n");
  b.setSideToMove(Color::Black);
  EXPECT_EQ(writePosition(b, Format::Grid), "black\nb.-\n..w\n");
  EXPECT_EQ(writePosition(b, Format::Dump), "black\n===\n   B - S\n   - - W\n===\n");
  EXPECT_EQ(writePosition(b, Format::OneLine), "black\nx.#|..o\n");
  EXPECT_THROW(writePosition(b, Format::Auto), std::invalid_argument);
}

// ---- errors: one InputError with line and column ----

TEST(FormatsErrors, RaggedRows) {
  EXPECT_ERROR_AT("w\n...\n..\n", Format::Auto, 3, 3, "only 2 squares");
  EXPECT_ERROR_AT("w\n...\n....\n", Format::Auto, 3, 4, "4 squares");
  EXPECT_ERROR_AT("x..|..", Format::Auto, 1, 7, "only 2 squares");
  EXPECT_ERROR_AT("x..|....", Format::Auto, 1, 8, "4 squares");
  EXPECT_ERROR_AT("===\n - - -\n - W\n===\n", Format::Auto, 3, 5, "only 2 squares");
}

TEST(FormatsErrors, EmptyRowsAndBoards) {
  EXPECT_ERROR_AT("x..||...", Format::OneLine, 1, 5, "empty row");
  EXPECT_ERROR_AT("|x..", Format::OneLine, 1, 1, "empty row");
  EXPECT_ERROR_AT("x..|", Format::OneLine, 1, 5, "empty row");
  EXPECT_ERROR_AT("", Format::Auto, 1, 1, "empty");
  EXPECT_ERROR_AT("\n\n# only a comment\n", Format::Grid, 4, 1, "empty");
  EXPECT_ERROR_AT("===\n===\n", Format::Auto, 2, 1, "no board rows");
  EXPECT_ERROR_AT("white\n", Format::Auto, 2, 1, "no board rows");
  EXPECT_ERROR_AT("w\n..\n\n..\n", Format::Auto, 3, 1, "blank line");
  EXPECT_THROW(parseOneLine(""), InputError);
  EXPECT_THROW(parseOneLine("   "), InputError);
}

TEST(FormatsErrors, UnknownCharacters) {
  EXPECT_ERROR_AT("w\n..\n.x\n", Format::Auto, 3, 2, "'x'");
  EXPECT_ERROR_AT("x.|.w", Format::OneLine, 1, 5, "'w'");
  EXPECT_ERROR_AT("===\n - . W\n===\n", Format::Auto, 2, 4, "'.'");
  EXPECT_ERROR_AT("===\n - -- W\n===\n", Format::Auto, 2, 5, "one symbol per square");
  EXPECT_ERROR_AT("..\n.\x01\n", Format::Grid, 2, 2, "\\x01");
}

TEST(FormatsErrors, TooLarge) {
  EXPECT_ERROR_AT(std::string(17, '.'), Format::Auto, 1, 17, "17 squares wide");
  EXPECT_ERROR_AT("w\n" + std::string(17, '.') + "\n", Format::Grid, 2, 17, "17 squares wide");
  std::string tall = "w\n";
  for (int i = 0; i < 17; ++i) tall += "..\n";
  EXPECT_ERROR_AT(tall, Format::Grid, 18, 1, "more than 16 rows");
  std::string tallOne;
  for (int i = 0; i < 17; ++i) tallOne += i ? "|." : ".";
  EXPECT_ERROR_AT(tallOne, Format::OneLine, 1, 33, "more than 16 rows");
  EXPECT_ERROR_AT("17\nw\n", Format::Auto, 1, 1, "size");
  EXPECT_ERROR_AT("0\nw\n.\n", Format::Auto, 1, 1, "size");
}

TEST(FormatsErrors, CodinGameStructure) {
  EXPECT_ERROR_AT("3\nw\n...\n...\nnull\n0\n", Format::Auto, 5, 1, "expected 3 board rows");
  EXPECT_ERROR_AT("2\nw\n..\n..\n..\nnull\n", Format::Auto, 5, 1, "more than 2 board rows");
  EXPECT_ERROR_AT("3\nw\n...\n..\n...\n", Format::Auto, 4, 3, "size line says 3");
  EXPECT_ERROR_AT("2\ngreen\n..\n..\n", Format::Auto, 2, 1, "colour line");
  EXPECT_ERROR_AT("2\n", Format::Auto, 2, 1, "colour line");
  EXPECT_ERROR_AT("w\n..\n..\nnull\n3\n", Format::Auto, 5, 1, "action count 3 does not match the 0");
  EXPECT_ERROR_AT("w\n..\n..\nnull\nthree\n", Format::CodinGame, 5, 1, "expected the action count");
  EXPECT_ERROR_AT("w\n..\n..\nnull\n0\n0\n", Format::CodinGame, 6, 1, "unexpected line");
  EXPECT_ERROR_AT("2\nw\n..\n..\nb1c1\n", Format::Auto, 5, 3, "bad last action");
  EXPECT_ERROR_AT("2\nw\n..\n..\n  a1a2z1\n", Format::Auto, 5, 7, "bad last action");
}

TEST(FormatsErrors, CodinGameExampleWithWrongCount) {
  std::string text = slurp(example("codingame-8x8.txt"));
  text.replace(text.find("1259"), 4, "1258");
  EXPECT_ERROR_AT(text, Format::Auto, 12, 1, "1258");
  EXPECT_ERROR_AT(text, Format::Auto, 12, 1, "1259");
}

TEST(FormatsErrors, DumpStructure) {
  EXPECT_ERROR_AT("===\n - W\n", Format::Dump, 3, 1, "closing");
  EXPECT_ERROR_AT("===\n - W\n===\nmore\n", Format::Dump, 4, 1, "after the closing");
  EXPECT_ERROR_AT(" - W\n===\n", Format::Dump, 1, 2, "'==='");
}

TEST(FormatsErrors, OneLineExtraLine) {
  EXPECT_ERROR_AT("x.\n.o\n", Format::OneLine, 2, 1, "single line");
}

TEST(FormatsErrors, LoadNamesTheFile) {
  const std::string missing = "/nonexistent/dir/position.txt";
  try {
    loadPosition(missing);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), missing);
    EXPECT_NE(e.describe().find(missing), std::string::npos);
  }
  const std::string path = ::testing::TempDir() + "formats_test_bad.txt";
  std::ofstream(path) << "w\n..\n.q\n";
  try {
    loadPosition(path);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.describe().rfind(path + ":3:2: error: ", 0), 0u) << e.describe();
  }
}

TEST(FormatsErrors, RandomGarbageNeverCrashes) {
  std::mt19937_64 rng(99);
  const std::string alphabet = ".wbWB-#xoXO|=S 0123456789\n\rnul";
  for (int trial = 0; trial < 20000; ++trial) {
    std::string text;
    const int len = static_cast<int>(rng() % 60);
    for (int i = 0; i < len; ++i) text += alphabet[rng() % alphabet.size()];
    for (Format f : {Format::Auto, Format::Grid, Format::CodinGame, Format::Dump, Format::OneLine, Format::Fen}) {
      try {
        const ParsedPosition p = parsePosition(text, f);
        EXPECT_GE(p.board.width(), 1);
      } catch (const InputError& e) {
        EXPECT_GE(e.line(), 1) << text;
        EXPECT_GE(e.column(), 1) << text;
      }
    }
  }
}

}  // namespace
}  // namespace amazons
