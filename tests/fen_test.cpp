// Fairy-Stockfish's FEN for Amazons and Clobber, and its Amazons move notation: the FENs that
// Fairy-Stockfish itself reads and prints, round trips on random boards of every size, each
// malformed FEN's line and column, and the command line (convert --to fen, a FEN given in place
// of a file, exit status 2 on a bad one).
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "solver/amazons/endgames.h"
#include "solver/amazons/formats.h"
#include "solver/amazons/notation.h"
#include "solver/clobber/clobber.h"
#include "solver/core/errors.h"
#include "tests/support/cli_run.h"
#include "tests/support/clobber_naive.h"
#include "tests/support/naive.h"

namespace amazons {
namespace {

using clobber::Clobber;
using testing::runCli;

// ---- facts carried over from Fairy-Stockfish (fairy-stockfish/Fairy-Stockfish at c19b5f6c, 2026-07-23) ----
// The start positions of its variants, src/variant.cpp: amazons_variant(), clobber_variant(),
// clobber10_variant() (startFen). Position::fen (src/position.cpp) prints the castling and en
// passant fields of these games as "- -", so its Clobber start reads "... w 0 1" and prints
// "... w - - 0 1".
constexpr const char* kFsAmazonsStart = "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1";
constexpr const char* kFsClobberStart = "PpPpP/pPpPp/PpPpP/pPpPp/PpPpP/pPpPp w 0 1";
constexpr const char* kFsClobber10Start =
    "PpPpPpPpPp/pPpPpPpPpP/PpPpPpPpPp/pPpPpPpPpP/PpPpPpPpPp/pPpPpPpPpP/PpPpPpPpPp/pPpPpPpPpP/PpPpPpPpPp/pPpPpPpPpP w 0 1";

// What Fairy-Stockfish (built from that commit, largeboards=yes all=yes) printed for
// `position startpos moves ...` and `d` (its "Fen:" line), and as `bestmove` after `go depth 2`.
// The move counters are its own: we keep none, and write "0 1".
struct FsGame {
  const char* variant;
  std::vector<std::string> moves;
  const char* fen;
};
const FsGame kFsGames[] = {
    {"amazons", {"d1d7,d7g7", "d10c9,c9h4"}, "6q3/2q7/10/q2Q2*2q/10/10/Q6*1Q/10/10/6Q3 w - - 2 2"},
    {"amazons",
     {"d1d7,d7g7", "d10c9,c9h4", "g1g3,g3g1", "j7j10,j10j7", "a4b5,b5b10"},
     "1*4q2q/2q7/10/q2Q2*2*/10/1Q8/7*1Q/6Q3/10/6*3 b - - 5 3"},
    {"clobber", {"a6b6"}, "1PPpP/pPpPp/PpPpP/pPpPp/PpPpP/pPpPp b - - 0 1"},
    {"clobber", {"a6b6", "d6c6", "b6c6", "a5b5"}, "2P1P/1ppPp/PpPpP/pPpPp/PpPpP/pPpPp w - - 0 3"},
    {"clobber10",
     {"b1a1", "b2a2", "a1a2"},
     "PpPpPpPpPp/pPpPpPpPpP/PpPpPpPpPp/pPpPpPpPpP/PpPpPpPpPp/pPpPpPpPpP/PpPpPpPpPp/pPpPpPpPpP/P1PpPpPpPp/2pPpPpPpP b - - 0 2"},
};
// `position fen <the Amazons start with b> ` then `go depth 2`: "bestmove a7f2,f2e1"; the
// clobber10 start, `go depth 2`: "bestmove b1a1".
constexpr const char* kFsAmazonsBlackBest = "a7f2,f2e1";
constexpr const char* kFsClobber10Best = "b1a1";

// A FEN less its two move counters.
std::string withoutCounters(const std::string& fen) { return fen.substr(0, fen.rfind(' ', fen.rfind(' ') - 1)); }

InputError fenError(std::string_view text) {
  try {
    parsePosition(text);
  } catch (const InputError& e) {
    return e;
  }
  ADD_FAILURE() << "no error for: " << text;
  return InputError("none");
}

#define EXPECT_FEN_ERROR(text, wantLine, wantColumn, fragment)                         \
  do {                                                                                 \
    const InputError e = fenError(text);                                               \
    EXPECT_EQ(e.line(), wantLine) << e.what();                                         \
    EXPECT_EQ(e.column(), wantColumn) << e.what();                                     \
    EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();    \
  } while (0)

// The board with Black (x) and White (o) amazons and arrows (#) placed by hand, ranks top first.
Board handBoard(const std::vector<std::string>& rows, Color toMove) {
  Board b(static_cast<int>(rows[0].size()), static_cast<int>(rows.size()));
  for (size_t r = 0; r < rows.size(); ++r)
    for (size_t f = 0; f < rows[r].size(); ++f) {
      const char c = rows[r][f];
      const Cell cell = c == 'x' ? Cell::Black : c == 'o' ? Cell::White : c == '#' ? Cell::Arrow : Cell::Empty;
      b.set(b.square(static_cast<int>(f), static_cast<int>(rows.size() - 1 - r)), cell);
    }
  b.setSideToMove(toMove);
  return b;
}

// ---- Amazons ----

TEST(FenAmazons, FairyStockfishStart) {
  const Board start = standardStart10x10();
  EXPECT_EQ(writePosition(start, Format::Fen), std::string(kFsAmazonsStart) + "\n");
  const ParsedPosition p = parsePosition(kFsAmazonsStart);
  EXPECT_EQ(p.format, Format::Fen);
  EXPECT_TRUE(p.sideGiven);
  EXPECT_EQ(p.board, start);
  // Q is White (our o), a4 d1 g1 j4; q Black, a7 d10 g10 j7; White moves first.
  EXPECT_EQ(p.board.at(p.board.square(3, 0)), Cell::White);
  EXPECT_EQ(p.board.at(p.board.square(0, 6)), Cell::Black);
  EXPECT_EQ(p.board.sideToMove(), Color::White);
}

TEST(FenAmazons, FairyStockfishGames) {
  for (const FsGame& g : kFsGames) {
    if (std::string(g.variant) != "amazons") continue;
    Board b = parsePosition(kFsAmazonsStart).board;
    for (const std::string& m : g.moves) b.play(parseLegalMove(b, m));  // its notation, read by ours
    EXPECT_EQ(withoutCounters(writePosition(b, Format::Fen)), withoutCounters(g.fen));
    const ParsedPosition p = parsePosition(g.fen);
    EXPECT_EQ(p.board, b) << g.fen;
    EXPECT_EQ(p.board.sideToMove(), b.sideToMove()) << g.fen;
  }
  Board black = parsePosition(kFsAmazonsStart).board;
  black.setSideToMove(Color::Black);
  EXPECT_NO_THROW(parseLegalMove(black, kFsAmazonsBlackBest));
}

TEST(FenAmazons, HandWrittenBoardsBothWays) {
  // Runs of empty squares of one and two digits, arrows, Black to move.
  const Board b = handBoard({"x#..........", "............", "#..........o"}, Color::Black);
  EXPECT_EQ(writePosition(b, Format::Fen), "q*10/12/*10Q b - - 0 1\n");
  EXPECT_EQ(parsePosition("q*10/12/*10Q b - - 0 1").board, b);
  EXPECT_EQ(parsePosition("q*10/12/*10Q b").board, b);
  EXPECT_EQ(parsePosition("q*10/12/*10Q b 0 1").board, b);  // as Fairy-Stockfish's own Clobber start
  const ParsedPosition noSide = parsePosition("q*10/12/*10Q");
  EXPECT_FALSE(noSide.sideGiven);
  EXPECT_EQ(noSide.board.sideToMove(), Color::White);
  // 16 files, the widest board; a FEN after comment lines, with CRLF and spaces around it.
  const Board wide = handBoard({"o...............", "...............x"}, Color::White);
  EXPECT_EQ(writePosition(wide, Format::Fen), "Q15/15q w - - 0 1\n");
  EXPECT_EQ(parsePosition("# from Fairy-Stockfish\r\n  Q15/15q   w - -  0 1 \r\n\n").board, wide);
}

TEST(FenAmazons, RoundTripsOnRandomBoards) {
  std::mt19937_64 rng(67);
  for (int trial = 0; trial < 400; ++trial) {
    const int w = 1 + static_cast<int>(rng() % 16), h = 1 + static_cast<int>(rng() % 16);
    Board b = testing::randomBoard(rng, w, h, static_cast<int>(rng() % (w * h / 4 + 2)), static_cast<int>(rng() % (w * h / 4 + 2)),
                                   (rng() % 5) / 10.0);
    b.setSideToMove(rng() % 2 ? Color::Black : Color::White);
    const std::string text = writePosition(b, Format::Fen);
    SCOPED_TRACE(text);
    const ParsedPosition p = parsePosition(text);  // auto-detected
    EXPECT_EQ(p.format, Format::Fen);
    EXPECT_EQ(p.board, b);
    EXPECT_EQ(p.board.sideToMove(), b.sideToMove());
    EXPECT_EQ(writePosition(p.board, Format::Fen), text);
    // The same board through the one-line form: the FEN's ranks are the one-line form's rows.
    EXPECT_EQ(parsePosition(writePosition(b, Format::OneLine)).board, p.board);
  }
}

TEST(FenAmazons, ErrorsHaveLineAndColumn) {
  EXPECT_FEN_ERROR("3x2q3/10 w", 1, 2, "unexpected 'x'");
  EXPECT_FEN_ERROR("# c\n3q/5 w", 2, 4, "rank 2 of the FEN's board has more squares than the first (4)");
  EXPECT_FEN_ERROR("4/3 w", 1, 4, "rank 2 of the FEN's board has 3 squares, the first 4");
  EXPECT_FEN_ERROR("4//4 w", 1, 3, "empty rank 2");
  EXPECT_FEN_ERROR("4/ w", 1, 3, "empty rank 2");
  EXPECT_FEN_ERROR("04/4 w", 1, 1, "from 1");
  EXPECT_FEN_ERROR("17/17 w", 1, 1, "a run of 17 empty squares");
  EXPECT_FEN_ERROR("9Q9/1 w", 1, 3, "more than 16 files");
  EXPECT_FEN_ERROR("Q/Q/Q/Q/Q/Q/Q/Q/Q/Q/Q/Q/Q/Q/Q/Q/Q w", 1, 33, "more than 16 ranks");
  EXPECT_FEN_ERROR("Q3/4 x", 1, 6, "expected the side to move, w or b");
  EXPECT_FEN_ERROR("Q3/4 W", 1, 6, "expected the side to move");
  EXPECT_FEN_ERROR("Q3/4 w KQkq - 0 1", 1, 8, "expected '-'");
  EXPECT_FEN_ERROR("Q3/4 w - - - 0 1", 1, 12, "expected '-'");
  EXPECT_FEN_ERROR("Q3/4 w - - 0 1 5", 1, 16, "after the FEN's full-move number");
  EXPECT_FEN_ERROR("Q3/4[] w", 1, 5, "unexpected '['");
  EXPECT_FEN_ERROR("P3/4 w", 1, 1, "expected a piece (Q, q), '*'");
  // A FEN is one line: given as FEN, a second line is an error.
  try {
    parsePosition("Q3/4 w\nQ3/4 w", Format::Fen);
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), 2);
    EXPECT_EQ(e.column(), 1);
  }
}

TEST(FenAmazons, FormatName) {
  EXPECT_EQ(parseFormatName("fen"), Format::Fen);
  EXPECT_EQ(parseFormatName("FEN"), Format::Fen);
  EXPECT_STREQ(formatName(Format::Fen), "fen");
}

// ---- Amazons moves in Fairy-Stockfish's notation: the amazon's move, ',' and the arrow's ----

TEST(FenNotation, QueenMoveThenArrowFlight) {
  const Board b = standardStart10x10();
  auto sq = [&](const char* s) { return static_cast<uint8_t>(parseSquare(b, s)); };
  // The form of PEERS.md's example: the amazon d1 to a1, then the arrow from a1 to b1.
  const Move m{sq("d1"), sq("a1"), sq("b1")};
  EXPECT_EQ(formatMove(b, m, Notation::Uci), "d1a1,a1b1");
  EXPECT_EQ(parseMove(b, "d1a1,a1b1"), m);
  EXPECT_EQ(parseLegalMove(b, "d1a1,a1b1"), m);
  EXPECT_EQ(parseMove(b, "d1a1b1"), m);  // the same move in CodinGame's notation
  const Move back{sq("g1"), sq("g7"), sq("g1")};  // the arrow shot back where the amazon stood
  EXPECT_EQ(formatMove(b, back, Notation::Uci), "g1g7,g7g1");
  EXPECT_EQ(parseLegalMove(b, "g1g7,g7g1"), back);
  const Move top{sq("d10"), sq("d2"), sq("j8")};
  EXPECT_EQ(formatMove(b, top, Notation::Uci), "d10d2,d2j8");
  EXPECT_EQ(parseNotationName("uci"), Notation::Uci);
  EXPECT_STREQ(notationName(Notation::Uci), "uci");
}

TEST(FenNotation, TheFlightMustStartWhereTheAmazonLanded) {
  const Board b = standardStart10x10();
  try {
    parseMove(b, "d1a1,b1c1");
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.column(), 6);
    EXPECT_NE(std::string(e.what()).find("where the amazon landed, a1"), std::string::npos) << e.what();
  }
  EXPECT_THROW(parseMove(b, "d1a1,a1"), InputError);
  EXPECT_THROW(parseMove(b, "d1a1,"), InputError);
  EXPECT_THROW(parseMove(b, "d1a1,a1(b1)"), InputError);
}

TEST(FenNotation, RoundTripEveryLegalMove) {
  std::mt19937_64 rng(6702);
  size_t checked = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const int w = 1 + static_cast<int>(rng() % 16), h = 1 + static_cast<int>(rng() % 16);
    const Board b = testing::randomBoard(rng, w, h, 1 + rng() % 4, 1 + rng() % 4, (rng() % 4) / 10.0);
    for (const Move& m : b.legalMoves()) {
      // Written here: from, to, ',', to, arrow.
      auto name = [&](int s) { return std::string(1, static_cast<char>('a' + b.fileOf(s))) + std::to_string(b.rankOf(s) + 1); };
      const std::string text = name(m.from) + name(m.to) + "," + name(m.to) + name(m.arrow);
      ASSERT_EQ(formatMove(b, m, Notation::Uci), text);
      ASSERT_EQ(parseLegalMove(b, text), m) << text;
      ++checked;
    }
  }
  EXPECT_GT(checked, 5000u);
}

// ---- Clobber: P White (our o), p Black (x) ----

clobber::Region regionOf(const testing::Grid& g) { return Clobber::parseOneLine(testing::oneLine(g)); }

TEST(FenClobber, FairyStockfishStarts) {
  for (const auto& [fen, width, height] : {std::tuple{kFsClobberStart, 5, 6}, std::tuple{kFsClobber10Start, 10, 10}}) {
    const clobber::Position p = Clobber::parsePosition(fen, "");
    // Its starts put Black (p) on a1, as our checkerboard start does.
    EXPECT_EQ(p.board, regionOf(testing::clobberStart(width, height))) << fen;
    EXPECT_EQ(p.toMove, cgt::Side::Right) << fen;
    std::string printed = fen;
    printed.replace(printed.size() - 3, 3, "- - 0 1");  // Position::fen's "- -"
    EXPECT_EQ(Clobber::writeFen(p.board, cgt::Side::Right), printed);
  }
}

TEST(FenClobber, FairyStockfishGames) {
  for (const FsGame& g : kFsGames) {
    const std::string variant = g.variant;
    if (variant == "amazons") continue;
    clobber::Position p = Clobber::parsePosition(variant == "clobber" ? kFsClobberStart : kFsClobber10Start, "");
    cgt::Side side = *p.toMove;
    for (const std::string& m : g.moves) {
      const clobber::Move move = Clobber::parseMove(p.board, m);
      ASSERT_TRUE((side == cgt::Side::Left ? p.board.black : p.board.white)[move.fromRank] >> move.fromFile & 1) << m;
      p.board = Clobber::play(p.board, move);
      side = core::opposite(side);
    }
    EXPECT_EQ(withoutCounters(Clobber::writeFen(p.board, side)), withoutCounters(g.fen));
    const clobber::Position read = Clobber::parsePosition(g.fen, "");
    EXPECT_EQ(read.board, p.board) << g.fen;
    EXPECT_EQ(read.toMove, side) << g.fen;
  }
  const clobber::Region start10 = Clobber::parsePosition(kFsClobber10Start, "").board;
  EXPECT_EQ(Clobber::formatMove(start10, Clobber::parseMove(start10, kFsClobber10Best)), kFsClobber10Best);
}

TEST(FenClobber, RoundTripsOnRandomBoards) {
  std::mt19937_64 rng(6767);
  for (int trial = 0; trial < 300; ++trial) {
    const int w = 1 + static_cast<int>(rng() % 16), h = 1 + static_cast<int>(rng() % 16);
    const clobber::Region r = regionOf(testing::randomClobberGrid(rng, w, h, (rng() % 5) / 5.0));
    const cgt::Side side = rng() % 2 ? cgt::Side::Left : cgt::Side::Right;
    const std::string text = Clobber::writeFen(r, side);
    SCOPED_TRACE(text);
    const clobber::Position p = Clobber::parsePosition(text, "");
    EXPECT_EQ(p.board, r);
    EXPECT_EQ(p.toMove, side);
  }
}

TEST(FenClobber, ErrorsNameTheFileLineAndColumn) {
  try {
    Clobber::parsePosition("# a comment\nPpQ/ppp w - - 0 1\n", "board.txt");
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), "board.txt");
    EXPECT_EQ(e.line(), 2);
    EXPECT_EQ(e.column(), 3);
    EXPECT_NE(std::string(e.what()).find("expected a piece (P, p)"), std::string::npos) << e.what();
  }
  EXPECT_THROW(Clobber::parsePosition("Pp*/ppp w", ""), InputError);  // no walls in Clobber
}

TEST(FenClobber, MovesAreFromAndToSquares) {
  // Fairy-Stockfish's Clobber move is the stone's square and the square it takes: e2e3, as ours.
  const clobber::Region start = Clobber::parsePosition(kFsClobberStart, "").board;
  const clobber::Move m = Clobber::parseMove(start, "a6b6");  // White's a6 takes Black's b6
  EXPECT_EQ(m, (clobber::Move{0, 5, 1, 5}));
  EXPECT_EQ(Clobber::formatMove(start, m), "a6b6");
}

// ---- the command line ----

TEST(FenCli, ConvertToFenAndBack) {
  const std::string grid = testing::writeTemp("start.txt", writePosition(standardStart10x10(), Format::Grid));
  const testing::CliResult fen = runCli({"convert", grid, "--to", "fen"});
  EXPECT_EQ(fen.status, 0) << fen.err;
  EXPECT_EQ(fen.out, std::string(kFsAmazonsStart) + "\n");
  // A file holding a FEN, and the FEN itself in place of a file.
  const std::string file = testing::writeTemp("start.fen", fen.out);
  for (const std::string& arg : {file, std::string(kFsAmazonsStart)}) {
    const testing::CliResult back = runCli({"convert", arg, "--to", "grid"});
    EXPECT_EQ(back.status, 0) << back.err;
    EXPECT_EQ(back.out, writePosition(standardStart10x10(), Format::Grid));
  }
  // The analysis reads it too.
  const testing::CliResult solved = runCli({"q*2/*3/3Q b - - 0 1", "--format", "json"});
  EXPECT_EQ(solved.status, 0) << solved.err;
}

TEST(FenCli, APathIsNoFen) {
  // A file that is not there is an error about the file, not a FEN's; so is a FEN without
  // its side, which could be a path.
  for (const char* arg : {"no/such/file.txt", "q3/4"}) {
    const testing::CliResult r = runCli({"convert", arg, "--to", "fen"});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(testing::has(r.err, "cannot open file")) << r.err;
  }
}

TEST(FenCli, BadFenIsExitStatus2WithThePlace) {
  const std::string file = testing::writeTemp("bad.fen", "\n3q2q3/10/10/q8q/10/10/Q8Q/1O/10/3Q2Q3 w - - 0 1\n");
  const testing::CliResult r = runCli({"convert", file, "--to", "grid"});
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(testing::has(r.err, file + ":2:28: error: unexpected 'O'")) << r.err;
  const testing::CliResult arg = runCli({"3q2q3/1x w"});
  EXPECT_EQ(arg.status, 2);
  EXPECT_TRUE(testing::has(arg.err, "<fen>:1:8: error: unexpected 'x'")) << arg.err;
}

TEST(FenCli, ClobberConvertAndAnalysis) {
  const testing::CliResult fen = runCli({"convert", "--game", "clobber", kFsClobberStart, "--to", "fen"});
  EXPECT_EQ(fen.status, 0) << fen.err;
  EXPECT_EQ(fen.out, "PpPpP/pPpPp/PpPpP/pPpPp/PpPpP/pPpPp w - - 0 1\n");
  const testing::CliResult one = runCli({"convert", "--game", "clobber", "pP/Pp b - - 0 1", "--to", "oneline"});
  EXPECT_EQ(one.status, 0) << one.err;
  EXPECT_EQ(one.out, "black\nxo|ox\n");
  const std::string file = testing::writeTemp("two.txt", "xo\nox\n");
  const testing::CliResult toFen = runCli({"convert", "--game", "clobber", file, "--to", "fen", "--to-move", "white"});
  EXPECT_EQ(toFen.out, "pP/Pp w - - 0 1\n");
  const testing::CliResult bad = runCli({"convert", "--game", "clobber", file, "--to", "png"});
  EXPECT_EQ(bad.status, 2);
  const testing::CliResult solved = runCli({"--game", "clobber", "pP/Pp b - - 0 1"});
  EXPECT_EQ(solved.status, 0) << solved.err;
}

}  // namespace
}  // namespace amazons
