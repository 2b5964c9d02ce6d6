// Suite line format: every field kind, comments against '#'-starting positions, error places,
// known-failure marks, write -> parse round trips, the shipped suite files; and the endgame
// generator behind them.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <stdexcept>
#include <tuple>

#include "solver/amazons/endgames.h"
#include "solver/amazons/formats.h"
#include "solver/amazons/notation.h"
#include "solver/amazons/suite.h"
#include "solver/core/errors.h"
#include "tests/support/cli_run.h"
#include "tests/support/naive.h"
#include "tests/support/paths.h"

namespace amazons {
namespace {

InputError errorOf(const std::string& text) {
  try {
    parseSuite(text, "t.txt");
  } catch (const InputError& e) {
    return e;
  }
  ADD_FAILURE() << "no error for: " << text;
  return InputError("none");
}

TEST(Suite, ParsesEveryFieldKind) {
  const SuiteEntry e = parseSuiteLine(
      ".x##o.|##.##.|..#### ; black ; win ; L ; value=1 ; moves=1 ; best=b3-c2(b1), b3c2b3 ; src=hand ; id=7", 4);
  EXPECT_EQ(e.line, 4);
  EXPECT_EQ(toOneLine(e.board), ".x##o.|##.##.|..####");
  EXPECT_EQ(e.board.sideToMove(), Color::Black);
  ASSERT_TRUE(e.moverWins);
  EXPECT_TRUE(*e.moverWins);
  ASSERT_TRUE(e.outcomeClass);
  EXPECT_EQ(*e.outcomeClass, OutcomeClass::L);
  EXPECT_EQ(e.value, "1");
  EXPECT_EQ(e.moves, 1);
  ASSERT_EQ(e.best.size(), 2u);
  EXPECT_EQ(formatMove(e.board, e.best[0], Notation::CS61B), "b3-c2(b1)");
  EXPECT_EQ(formatMove(e.board, e.best[1], Notation::CS61B), "b3-c2(b3)");
  EXPECT_EQ(e.src, "hand");
  ASSERT_EQ(e.extra.size(), 1u);
  EXPECT_EQ(e.extra[0].first, "id");
  EXPECT_EQ(e.extra[0].second, "7");
  EXPECT_FALSE(e.knownFailure);
}

TEST(Suite, SideWordsAndOutcomesInAnyCase) {
  EXPECT_EQ(parseSuiteLine("x.o ; W ; WIN").board.sideToMove(), Color::White);
  EXPECT_EQ(parseSuiteLine("x.o ; White ; Loss").board.sideToMove(), Color::White);
  EXPECT_EQ(parseSuiteLine("x.o ; b").board.sideToMove(), Color::Black);
  EXPECT_FALSE(parseSuiteLine("x.o;b;loss").moverWins.value());
  for (const char* c : {"L", "R", "P", "N"}) {
    const SuiteEntry e = parseSuiteLine(std::string("x.o ; b ; ") + c);
    ASSERT_TRUE(e.outcomeClass);
    EXPECT_STREQ(outcomeClassName(*e.outcomeClass), c);
  }
}

TEST(Suite, VerifyClaims) {
  const SuiteEntry e = parseSuiteLine("x...o ; b ; move=a1-b1(a1) ; outcome=loss ; margin=-2");
  ASSERT_TRUE(e.move);
  EXPECT_EQ(formatMove(e.board, *e.move, Notation::CodinGame), "a1b1a1");
  EXPECT_EQ(e.claimedWin, false);
  EXPECT_EQ(e.margin, -2);
  EXPECT_EQ(parseSuiteLine("x...o ; w ; margin=+3").margin, 3);
}

TEST(Suite, ValueTextKeptVerbatim) {
  const SuiteEntry e = parseSuiteLine("x...|o... ; b ; N ; value=+-{3,{4|0,{1|0,*}}} ; src=CGSuite");
  EXPECT_EQ(e.value, "+-{3,{4|0,{1|0,*}}}");
  EXPECT_EQ(e.valueColumn, 27);
  EXPECT_EQ(parseSuiteLine("x.o ; b ; value=*").value, "*");  // a star value is not a '*' mark
  EXPECT_FALSE(parseSuiteLine("x.o ; b ; value=*").knownFailure);
}

TEST(Suite, KnownFailureMarks) {
  EXPECT_TRUE(parseSuiteLine("x.o ; b ; win*").knownFailure);
  EXPECT_TRUE(parseSuiteLine("x.o ; b ; win *").knownFailure);
  EXPECT_TRUE(parseSuiteLine("x.o ; b ; N*").knownFailure);
  EXPECT_TRUE(parseSuiteLine("x.o ; b ; value=* ; *").knownFailure);
  EXPECT_FALSE(parseSuiteLine("x.o ; b ; win").knownFailure);
  EXPECT_EQ(parseSuiteLine("x.o ; b ; win*").moverWins, true);
}

TEST(Suite, CommentsAgainstPositionsStartingWithHash) {
  const std::string text =
      "# a comment\n"
      "#\n"
      "\n"
      "   \t\n"
      "#.x|o.. ; w ; loss\r\n"
      "  # indented comment\n"
      "#x.o ; b ; win ; src=a\n";
  const std::vector<SuiteEntry> entries = parseSuite(text);
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].line, 5);
  EXPECT_EQ(toOneLine(entries[0].board), "#.x|o..");
  EXPECT_EQ(entries[1].line, 7);
  EXPECT_EQ(toOneLine(entries[1].board), "#x.o");
  EXPECT_TRUE(isSuiteCommentOrBlank("#"));
  EXPECT_TRUE(isSuiteCommentOrBlank("# x.o ; b"));
  EXPECT_FALSE(isSuiteCommentOrBlank("#x.o ; b"));
}

TEST(Suite, ErrorsCarryLineAndColumn) {
  struct Case {
    const char* text;
    int line, column;
    const char* fragment;
  };
  const Case cases[] = {
      {"# c\nx.o ; q ; win\n", 2, 7, "side to move"},
      {"x.o\n", 1, 4, "expected"},
      {"x.o ; b ; maybe\n", 1, 11, "expected win"},
      {"x.o ; b ; win ; loss\n", 1, 17, "duplicate"},
      {"x.z ; b\n", 1, 3, ""},
      {"\n\nx.o|.. ; b\n", 3, 0, ""},
      {"x.o ; b ; moves=two\n", 1, 17, "integer"},
      {"x.o ; b ; moves=-1\n", 1, 17, "negative"},
      {"x.o ; b ; best=a1-c1(b1)\n", 1, 0, ""},       // not legal: o on c1
      {"x..o ; b ; best=a1-b1(a1),zz\n", 1, 28, ""},  // second move
      {"x.o ; b ; outcome=even\n", 1, 19, "win, draw or loss"},
      {"x.o ; b ; outcome=draw\n", 1, 19, "amazons has no draws"},
      {"x.o ; b ; draw\n", 1, 11, "amazons has no draws"},
      {"xo|ox ; b ; draw ; game=clobber\n", 1, 13, "clobber has no draws"},
      {"x.o ; b ; win ; plies=3\n", 1, 17, "plies= is for yinsh lines"},
      {"x.o ; b ; win ; plies=-3 ; game=yinsh\n", 1, 23, "negative"},
      {"y ; w ; win ; L ; game=yinsh\n", 1, 15, "an outcome class is not for yinsh lines"},
      {"y ; w ; value=0 ; game=yinsh\n", 1, 9, "value= is not for yinsh lines"},
      {"y ; w ; moves=2 ; game=yinsh\n", 1, 9, "moves= is not for yinsh lines"},
      {"y ; w ; margin=1 ; game=yinsh\n", 1, 9, "margin= is not for yinsh lines"},
      {"y ; w ; draw ; plies=4 ; game=yinsh\n", 1, 16, "plies= goes with win or loss"},
      {"y ; w ; plies=4 ; game=yinsh\n", 1, 9, "plies= goes with win or loss"},
      {"x.o ; b ; Value=1\n", 1, 11, "bad key"},
      {"x.o ; b ; value=\n", 1, 17, "empty value"},
      {"x.o ; b ; win ; R\n", 1, 17, "contradicts"},
      {"x.o ; b ; win ;  ; src=a\n", 1, 18, "empty field"},
      {"x.o ; b ; id=1 ; id=2\n", 1, 18, "duplicate"},
      {" ; b\n", 1, 2, "missing position"},
  };
  for (const Case& c : cases) {
    const InputError e = errorOf(c.text);
    SCOPED_TRACE(c.text);
    EXPECT_EQ(e.file(), "t.txt");
    EXPECT_EQ(e.line(), c.line);
    if (c.column) {
      EXPECT_EQ(e.column(), c.column) << e.what();
    }
    EXPECT_NE(std::string(e.what()).find(c.fragment), std::string::npos) << e.what();
  }
}

// Yinsh's fields (draw, plies=, outcome=draw) read by the fields reader, and written back in
// its order whatever order they came in.
TEST(Suite, YinshFieldsReadAndWrittenBack) {
  const core::SuiteLine draw = core::parseSuiteFields("y ; b ; src=s ; best=a1,b2 ; game=yinsh ; DRAW* ; outcome=draw ; move=c3", 3);
  EXPECT_EQ(draw.outcome, core::Outcome::Draw);
  EXPECT_EQ(draw.claimedOutcome, core::Outcome::Draw);
  EXPECT_TRUE(draw.knownFailure);
  EXPECT_FALSE(draw.plies);
  EXPECT_EQ(core::suiteFieldsText(draw), " ; draw* ; best=a1,b2 ; move=c3 ; outcome=draw ; game=yinsh ; src=s");
  const core::SuiteLine loss = core::parseSuiteFields("y ; w ; plies=+12 ; loss", 1, core::kYinsh);
  EXPECT_EQ(loss.game, "yinsh");
  EXPECT_EQ(loss.outcome, core::Outcome::Loss);
  EXPECT_EQ(loss.plies, 12);
  EXPECT_EQ(core::suiteFieldsText(loss), " ; loss ; plies=12 ; game=yinsh");
  EXPECT_EQ(core::parseSuiteFields("y ; w ; win ; plies=0 ; game=yinsh").plies, 0);
}

// Yinsh's actions hold ';' between their steps: in best= and move=, a ';' with no blank beside
// it and a step after it (a cell, or "x" and a cell) stays in the action.
TEST(Suite, ActionStepsStayInTheirField) {
  const core::SuiteLine line =
      core::parseSuiteFields("y;w;best=h7-c7;xh5-h9xi9,XG2-G6xk7;d1-c1;win;move=d1-d2;c3=4;n=e5;src=s", 1, core::kYinsh);
  ASSERT_EQ(line.best.size(), 2u);
  EXPECT_EQ(line.best[0].text, "h7-c7;xh5-h9xi9");
  EXPECT_EQ(line.best[1].text, "XG2-G6xk7;d1-c1");
  EXPECT_EQ(line.best[1].column, 26);
  EXPECT_EQ(line.outcome, core::Outcome::Win);
  ASSERT_TRUE(line.move);
  EXPECT_EQ(line.move->text, "d1-d2");
  EXPECT_EQ(line.extra, (std::vector<std::pair<std::string, std::string>>{{"c3", "4"}, {"n", "e5"}}));
  EXPECT_EQ(core::suiteFieldsText(line), " ; win ; best=h7-c7;xh5-h9xi9,XG2-G6xk7;d1-c1 ; move=d1-d2 ; c3=4 ; n=e5 ; game=yinsh ; src=s");
  // A blank beside the ';' starts a field, and a step is none.
  EXPECT_THROW(core::parseSuiteFields("y ; w ; best=h7-c7 ; xh5-h9xi9 ; game=yinsh"), InputError);
  EXPECT_THROW(core::parseSuiteFields("y ; w ; best=h7-c7; xh5-h9xi9 ; game=yinsh"), InputError);
  // Compact lines of the other games read as before.
  EXPECT_EQ(parseSuiteLine("x..o;b;best=a1-b1(a1);win;L").best.size(), 1u);
}

// The Amazons reader (for generate, the oracle's labels and tests) reads Amazons lines only;
// the suite command reads every game (cli_suite_test, clobber_suite_test).
TEST(Suite, TheAmazonsReaderRefusesAnotherGamesLine) {
  const InputError e = errorOf("x.o ; b ; win\nxo|ox ; b ; win ; game=clobber\n");
  EXPECT_EQ(e.line(), 2);
  EXPECT_NE(std::string(e.what()).find("a clobber line"), std::string::npos) << e.what();
  EXPECT_EQ(parseSuiteLine("x#o ; b ; loss ; game=amazons").moverWins, false);
  const InputError unknown = errorOf("x.o ; b ; game=chess\n");
  EXPECT_EQ(unknown.column(), 16);
}

TEST(Suite, WriteThenParseGivesTheSameEntry) {
  std::mt19937_64 rng(12345);
  for (int i = 0; i < 300; ++i) {
    const int w = 1 + static_cast<int>(rng() % 8), h = 1 + static_cast<int>(rng() % 8);
    const int blacks = static_cast<int>(rng() % 3), whites = static_cast<int>(rng() % 3);
    if (blacks + whites > w * h) continue;
    SuiteEntry e;
    e.board = testing::randomBoard(rng, w, h, blacks, whites, 0.3);
    if (rng() % 2) e.moverWins = rng() % 2 == 0;
    if (rng() % 2) {
      e.outcomeClass = static_cast<OutcomeClass>(rng() % 4);
      if (e.moverWins) e.moverWins = moverWinsIn(*e.outcomeClass, e.board.sideToMove());
    }
    if (rng() % 2) e.value = rng() % 2 ? "{1|0,*}" : "-3/4";
    if (rng() % 3 == 0) e.moves = static_cast<int>(rng() % 9);
    const std::vector<Move> legal = e.board.legalMoves();
    if (!legal.empty() && rng() % 2) e.best = {legal[rng() % legal.size()], legal[rng() % legal.size()]};
    if (!legal.empty() && rng() % 3 == 0) e.move = legal[rng() % legal.size()];
    if (rng() % 3 == 0) e.claimedWin = rng() % 2 == 0;
    if (rng() % 3 == 0) e.margin = static_cast<long>(rng() % 11) - 5;
    if (rng() % 4 == 0) e.extra = {{"id", std::to_string(i)}};
    if (rng() % 2) e.src = "oracle";
    e.knownFailure = rng() % 4 == 0;
    const std::string line = writeSuiteLine(e);
    SCOPED_TRACE(line);
    const SuiteEntry back = parseSuiteLine(line);
    EXPECT_EQ(toOneLine(back.board), toOneLine(e.board));
    EXPECT_EQ(back.board.sideToMove(), e.board.sideToMove());
    EXPECT_EQ(back.moverWins, e.moverWins);
    EXPECT_EQ(back.outcomeClass, e.outcomeClass);
    EXPECT_EQ(back.value, e.value);
    EXPECT_EQ(back.moves, e.moves);
    EXPECT_EQ(back.best, e.best);
    EXPECT_EQ(back.move, e.move);
    EXPECT_EQ(back.claimedWin, e.claimedWin);
    EXPECT_EQ(back.margin, e.margin);
    EXPECT_EQ(back.extra, e.extra);
    EXPECT_EQ(back.src, e.src);
    EXPECT_EQ(back.knownFailure, e.knownFailure);
    EXPECT_EQ(writeSuiteLine(back), line);
  }
}

TEST(Suite, LoadSuiteNamesTheFile) {
  const std::string path = testing::writeTemp("suite.txt", "# ok\nx.o ; b ; win\nx.o ; b ; nope\n");
  try {
    loadSuite(path);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), path);
    EXPECT_EQ(e.line(), 3);
    EXPECT_EQ(e.column(), 11);
  }
  std::filesystem::remove(path);
  EXPECT_THROW(loadSuite(testing::tempPath("no_such_suite.txt")), InputError);
}

// The shipped suites parse, name their source on every line, and carry an expected answer.
TEST(Suite, ShippedSuitesAreWellFormed) {
  size_t total = 0;
  for (const auto& file : std::filesystem::directory_iterator(testing::positionsDir() + "/amazons")) {
    if (file.path().extension() != ".txt") continue;
    SCOPED_TRACE(file.path().string());
    const std::vector<SuiteEntry> entries = loadSuite(file.path().string());
    EXPECT_FALSE(entries.empty());
    for (const SuiteEntry& e : entries) {
      EXPECT_FALSE(e.src.empty()) << "line " << e.line;
      EXPECT_TRUE(e.moverWins || e.outcomeClass || e.value) << "line " << e.line;
    }
    total += entries.size();
  }
  EXPECT_GE(total, 1000u);
}

// scripts/bench-frontier's set parses: 60 10x10 positions, each named by its source, none with
// an answer (its header: a benchmark, not a check).
TEST(Suite, ReachFrontierIsWellFormed) {
  const std::vector<SuiteEntry> entries = loadSuite(testing::positionsDir() + "/reach/frontier-10x10.txt");
  EXPECT_EQ(entries.size(), 60u);
  for (const SuiteEntry& e : entries) {
    EXPECT_EQ(e.board.width(), 10) << "line " << e.line;
    EXPECT_EQ(e.board.height(), 10) << "line " << e.line;
    EXPECT_FALSE(e.src.empty()) << "line " << e.line;
    EXPECT_FALSE(e.moverWins || e.outcomeClass || e.value) << "line " << e.line;
  }
}

TEST(Endgames, StandardStartIsTheExampleFile) {
  const Board example = loadPosition(testing::positionsDir() + "/examples/standard-10x10.txt").board;
  EXPECT_EQ(standardStart10x10(), example);
  EXPECT_EQ(standardStart10x10().countMoves(), 2176u);  // KNOWN-RESULTS perft depth 1
}

TEST(Endgames, RandomStartsArePointSymmetricWithoutCornerAmazons) {
  std::mt19937_64 rng(7);
  for (const auto& [w, h, k] : {std::tuple{8, 8, 4}, std::tuple{5, 5, 2}, std::tuple{7, 6, 3}}) {
    const Board b = randomSymmetricStart(rng, w, h, k);
    int whites = 0, blacks = 0;
    for (int sq = 0; sq < b.squares(); ++sq) {
      const Cell c = b.at(sq), mirror = b.at(b.squares() - 1 - sq);
      whites += c == Cell::White;
      blacks += c == Cell::Black;
      EXPECT_TRUE(c == Cell::Empty ? mirror == Cell::Empty : mirror != c && mirror != Cell::Empty);
      const bool corner = (b.fileOf(sq) == 0 || b.fileOf(sq) == w - 1) && (b.rankOf(sq) == 0 || b.rankOf(sq) == h - 1);
      if (corner) {
        EXPECT_EQ(c, Cell::Empty);
      }
    }
    EXPECT_EQ(whites, k);
    EXPECT_EQ(blacks, k);
    EXPECT_EQ(b.sideToMove(), Color::White);
  }
  std::mt19937_64 r(1);
  EXPECT_THROW(randomSymmetricStart(r, 2, 2, 1), std::invalid_argument);  // every square a corner
}

TEST(Endgames, ChamberMeasuresOnAHandCheckedBoard) {
  // Black's territory: a3, c2, a1, b1 (4 empty); White's: f3, f2 (2); no other empty square.
  const Board b = parseOneLine(".x##o.|##.##.|..####");
  EXPECT_EQ(liveEmpty(b), 6);
  EXPECT_EQ(largestChamber(b), 4);
}

TEST(Endgames, GamesOn8x8And10x10StopAtSmallChambers) {
  std::mt19937_64 rng(11);
  for (const int side : {8, 10}) {
    for (const bool greedy : {false, true}) {
      EndgameOptions options;
      options.maxChamberEmpty = 9;
      options.maxTotalEmpty = 14;
      options.greedy = greedy;
      int reached = 0;
      for (int game = 0; game < 10; ++game) {
        const std::optional<Board> b = playToEndgame(rng, side, side, options);
        if (!b) continue;
        ++reached;
        EXPECT_EQ(b->width(), side);
        EXPECT_LE(largestChamber(*b), 9);
        EXPECT_LE(liveEmpty(*b), 14);
        int amazons = 0;
        for (int sq = 0; sq < b->squares(); ++sq) amazons += b->at(sq) == Cell::Black || b->at(sq) == Cell::White;
        EXPECT_EQ(amazons, 8);
      }
      EXPECT_GT(reached, 0) << side << (greedy ? " greedy" : " random");
    }
  }
}

TEST(Endgames, OracleLabelsAgreeWithKnownResults) {
  // CGSuite: x.o = * (first player wins), x.|.o = 0 (second player wins); .x##o.|##.### = 1 - 1 = 0.
  const auto star = oracleLabel(parseOneLine("x.o", Color::White), 0);
  ASSERT_TRUE(star);
  const SuiteEntry e = oracleEntry(parseOneLine("x.o", Color::White), *star);
  EXPECT_EQ(writeSuiteLine(e), "x.o ; w ; win ; N ; src=oracle");
  for (const char* zero : {"x.|.o", ".x##o.|##.###"}) {
    const auto label = oracleLabel(parseOneLine(zero), 0);
    ASSERT_TRUE(label);
    EXPECT_FALSE(label->blackToMoveWins);
    EXPECT_FALSE(label->whiteToMoveWins);
  }
  EXPECT_FALSE(oracleLabel(parseOneLine("x...|o..."), 10));  // past the node limit
}

}  // namespace
}  // namespace amazons
