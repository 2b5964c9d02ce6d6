// Every error path of the perft and convert commands, and the usage errors of suite, verify and
// bench: exit status 2, nothing on standard output, and a message on standard error naming the
// file, line and column where there is one. Yinsh's readers (--game yinsh) likewise.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>

#include <string>
#include <vector>

#include "solver/yinsh/formats.h"
#include "solver/yinsh/notation.h"
#include "tests/support/cli_run.h"
#include "tests/support/paths.h"

namespace amazons {
namespace {

using testing::CliResult;
using testing::runCli;
using testing::slurp;
using testing::tempPath;
using testing::writeTemp;

// A bad position file: both commands fail with status 2 and "path:line:col: error: ...".
void expectFileError(const std::string& text, int line, int column, const std::string& fragment) {
  const std::string path = writeTemp("bad.txt", text);
  const std::string where = path + ":" + std::to_string(line) + ":" + std::to_string(column) + ": error: ";
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"perft", path, "1"}, std::vector<std::string>{"convert", path, "--to", "grid"}}) {
    const CliResult r = runCli(args);
    EXPECT_EQ(r.status, 2) << args[0];
    EXPECT_EQ(r.out, "") << args[0];
    EXPECT_NE(r.err.find(where), std::string::npos) << args[0] << ": " << r.err;
    EXPECT_NE(r.err.find(fragment), std::string::npos) << args[0] << ": " << r.err;
  }
}

void expectUsageError(const std::vector<std::string>& args, const std::string& fragment) {
  const CliResult r = runCli(args);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find(fragment), std::string::npos) << r.err;
}

using testing::example;

TEST(CliErrors, RaggedRows) { expectFileError("w\n....\n...\n....\n", 3, 4, "only 3 squares"); }
TEST(CliErrors, RaggedOneLine) { expectFileError("x...|..o\n", 1, 9, "only 3 squares"); }
TEST(CliErrors, EmptyOneLineRow) { expectFileError("x..||..o\n", 1, 5, "empty row"); }
TEST(CliErrors, UnknownCharacter) { expectFileError("b\n..\n.z\n", 3, 2, "'z'"); }
TEST(CliErrors, BoardTooWide) { expectFileError("w\n" + std::string(17, '.') + "\n", 2, 17, "17 squares wide"); }
TEST(CliErrors, BoardTooTall) {
  std::string text = "w\n";
  for (int i = 0; i < 17; ++i) text += "...\n";
  expectFileError(text, 18, 1, "more than 16 rows");
}
TEST(CliErrors, McgsTestFileNamesTheConverter) {
  expectFileError("/* x */\n  {version 1.5}\n[clobber] XO {B win}\n", 2, 3, "scripts/mcgs-to-suite");
  const std::string path = writeTemp("mcgs.test", "{version 1.5}\n[amazons] x.o {B win}\n");
  for (const std::vector<std::string>& args : {std::vector<std::string>{path}, std::vector<std::string>{"suite", path}}) {
    const CliResult r = runCli(args);
    EXPECT_EQ(r.status, 2) << args[0];
    EXPECT_NE(r.err.find(path + ":1:1: error: an MCGS test file"), std::string::npos) << r.err;
  }
}
TEST(CliErrors, EmptyFile) { expectFileError("\n# nothing here\n", 3, 1, "empty"); }
TEST(CliErrors, CodinGameTooFewRows) { expectFileError("3\nw\n...\n...\nnull\n0\n", 5, 1, "expected 3 board rows"); }
TEST(CliErrors, CodinGameTooManyRows) { expectFileError("2\nw\n..\n..\n..\nnull\n0\n", 5, 1, "more than 2"); }
TEST(CliErrors, CodinGameBadSizeLine) { expectFileError("17\nw\n", 1, 1, "board size"); }
TEST(CliErrors, CodinGameBadColourLine) { expectFileError("2\nred\n..\n..\n", 2, 1, "colour line"); }
TEST(CliErrors, CodinGameBadActionCount) { expectFileError("2\nw\nw.\n..\nnull\n7\n", 6, 1, "action count 7"); }
TEST(CliErrors, CodinGameNonNumericCount) { expectFileError("2\nw\nw.\n..\nnull\nmany\n", 6, 1, "action count"); }
TEST(CliErrors, CodinGameBadLastActionSyntax) {
  expectFileError("2\nw\nw.\n..\na1a2-\n3\n", 5, 5, "bad last action");
  expectFileError("2\nb\nw.\n..\na1c2b2\n", 5, 3, "file 'c'");
}
TEST(CliErrors, DumpMissingClose) { expectFileError("===\n   - W\n   - -\n", 4, 1, "closing '==='"); }
TEST(CliErrors, DumpBadSymbol) { expectFileError("===\n   - W\n   - .\n===\n", 3, 6, "'.'"); }

TEST(CliErrors, CodinGameExampleWithEditedCount) {
  std::string text = slurp(example("codingame-8x8.txt"));
  text.replace(text.find("1259"), 4, "1258");
  expectFileError(text, 12, 1, "1258");
}

TEST(CliErrors, MissingFile) {
  const std::string path = tempPath("does-not-exist.txt");
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"perft", path, "1"}, std::vector<std::string>{"convert", path, "--to", "grid"}}) {
    const CliResult r = runCli(args);
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find(path + ": error: "), std::string::npos) << r.err;
  }
}

TEST(CliErrors, DirectoryInsteadOfFile) {
  const CliResult r = runCli({"perft", ::testing::TempDir(), "1"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("directory"), std::string::npos) << r.err;
}

TEST(CliErrors, UnknownFormatNames) {
  const std::string f = example("small-endgame.txt");
  expectUsageError({"perft", f, "1", "--input-format", "png"}, "unknown format 'png'");
  expectUsageError({"convert", f, "--input-format", "png", "--to", "grid"}, "unknown format 'png'");
  expectUsageError({"convert", f, "--to", "png"}, "unknown format 'png'");
  expectUsageError({"convert", f, "--to", "auto"}, "not auto");
}

TEST(CliErrors, WrongInputFormatForced) {
  // The standard grid read as a CS61B dump: line 2 (after the comment) is not "===".
  const std::string f = example("standard-10x10.txt");
  const CliResult r = runCli({"perft", f, "1", "--input-format", "dump"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find(f + ":3:1: error: "), std::string::npos) << r.err;
}

TEST(CliErrors, UnknownNotation) {
  expectUsageError({"perft", example("small-endgame.txt"), "1", "--divide", "--notation", "san"}, "unknown notation 'san'");
}

TEST(CliErrors, PerftUsage) {
  const std::string f = example("small-endgame.txt");
  expectUsageError({"perft"}, "missing FILE");
  expectUsageError({"perft", f}, "missing DEPTH");
  expectUsageError({"perft", f, "two"}, "DEPTH must be a number");
  expectUsageError({"perft", f, "3x"}, "DEPTH must be a number");
  expectUsageError({"perft", f, "99"}, "DEPTH must be a number");
  expectUsageError({"perft", f, "-1"}, "-1");
  expectUsageError({"perft", f, "1", "2"}, "too many");
  expectUsageError({"perft", f, "1", "--frobnicate"}, "frobnicate");
  expectUsageError({"perft", f, "1", "--notation"}, "notation");
}

TEST(CliErrors, ConvertUsage) {
  const std::string f = example("small-endgame.txt");
  expectUsageError({"convert"}, "missing FILE");
  expectUsageError({"convert", f}, "missing --to");
  expectUsageError({"convert", f, f, "--to", "grid"}, "too many");
  expectUsageError({"convert", f, "--to"}, "to");
}

TEST(CliErrors, SuiteAndVerifyUsage) {
  for (const char* cmd : {"suite", "verify"}) {
    expectUsageError({cmd}, "missing FILE");
    expectUsageError({cmd, example("small-endgame.txt"), "--threads", "-1"}, "--threads must be in 0..1024, not -1");
    expectUsageError({cmd, example("small-endgame.txt"), "--time-limit", "-1"}, "--time-limit must be in 0..");
    expectUsageError({cmd, example("small-endgame.txt"), "--notation", "san"}, "unknown notation 'san'");
  }
  expectUsageError({"verify", example("small-endgame.txt"), "--failures"}, "failures");  // suite's option only
  expectUsageError({"bench", "--frobnicate"}, "frobnicate");
}

// Every numeric option has a range (cli_common.h): past either end, or text that is not a
// number of its type, is a usage error, whichever command it belongs to.
TEST(CliErrors, NumericOptionsOutOfRange) {
  const std::string f = example("small-endgame.txt");
  for (const char* cmd : {"solve", "suite", "verify"}) {
    expectUsageError({cmd, f, "--threads", "-1"}, "--threads must be in 0..1024, not -1");
    expectUsageError({cmd, f, "--threads", "1025"}, "--threads must be in 0..1024, not 1025");
    expectUsageError({cmd, f, "--threads", "two"}, "'--threads' is invalid");
    expectUsageError({cmd, f, "--hash", "0"}, "--hash must be in 1..1048576, not 0");
    expectUsageError({cmd, f, "--hash", "-64"}, "--hash must be in 1..");
    expectUsageError({cmd, f, "--hash", "64MB"}, "'--hash' is invalid");
    expectUsageError({cmd, f, "--time-limit", "-0.5"}, "--time-limit must be in 0..1e+09, not -0.5");
    expectUsageError({cmd, f, "--time-limit", "nan"}, "'--time-limit' is invalid");
    expectUsageError({cmd, f, "--time-limit", "inf"}, "'--time-limit' is invalid");
    expectUsageError({cmd, f, "--time-limit", "1e10"}, "--time-limit must be in 0..1e+09");
    expectUsageError({cmd, f, "--notation", "algebraic"}, "unknown notation 'algebraic'");
  }
  // Unsigned options: boost alone would read "-1" as 18446744073709551615.
  expectUsageError({f, "--canonical-nodes", "-1"}, "'--canonical-nodes' is invalid");
  expectUsageError({f, "--total-nodes", "18446744073709551616"}, "'--total-nodes' is invalid");
  expectUsageError({f, "--input-format", "pgn"}, "pgn");
  expectUsageError({f, "--proof-empty", "257"}, "--proof-empty must be in 0..256, not 257");
  expectUsageError({"bench", "--hash", "0"}, "--hash must be in 1..");
  expectUsageError({"generate", "--board", "4x4", "--count", "-1"}, "--count must be in 0..");
  expectUsageError({"generate", "--board", "4x4", "--max-chamber", "257"}, "--max-chamber must be in 0..256");
  expectUsageError({"generate", "--board", "4x4", "--oracle-nodes", "-3"}, "'--oracle-nodes' is invalid");
  expectUsageError({"generate", "--board", "4x4", "--threads", "-2"}, "--threads must be in 0..1024");
  // The commands of the other issues' branches, merged: the same ranges.
  expectUsageError({"db", "build", "--db", "x.db", "--max-empty", "64"}, "--max-empty must be in 0..63, not 64");
  expectUsageError({"db", "build", "--db", "x.db"}, "--max-empty N is required");
  expectUsageError({"db", "verify", "--db", "x.db", "--threads", "-1"}, "--threads must be in 0..1024, not -1");
  expectUsageError({"play", "codingame", "--turn-ms", "0"}, "--turn-ms must be in 1..86400000, not 0");
  expectUsageError({"play", "cs61b", "--hash", "0"}, "--hash must be in 1..");
  expectUsageError({"referee", "random", "random", "--size", "3"}, "--size must be in 4..16, not 3");
  expectUsageError({"referee", "random", "random", "--games", "-1"}, "--games must be in 0..");
  expectUsageError({"--game", "clobber", f, "--time-limit", "-1"}, "--time-limit must be in 0..1e+09, not -1");
  expectUsageError({"--game", "clobber", f, "--node-limit", "-1"}, "'--node-limit' is invalid");
  expectUsageError({"--game", "clobber", f, "--hash", "0"}, "--hash must be in 1..1048576, not 0");
  expectUsageError({"--game", "clobber", f, "--threads", "-1"}, "--threads must be in 0..1024, not -1");
  expectUsageError({"suite", "--game", "clobber", f, "--threads", "1025"}, "--threads must be in 0..1024, not 1025");
  expectUsageError({"play", "codingame", "--game", "clobber", "--hash", "0"}, "--hash must be in 1..1048576, not 0");
}

// The ends of the ranges are accepted: the smallest table, one thread, no time at all left
// (the answer is then unknown, exit 1, not a usage error).
TEST(CliErrors, NumericOptionsAtTheirEnds) {
  const std::string f = example("small-endgame.txt");
  EXPECT_EQ(runCli({f, "--hash", "1", "--threads", "1"}).status, 0);
  EXPECT_EQ(runCli({"suite", testing::positionsDir() + "/amazons/endgames-easy.txt", "--hash", "1", "--threads", "1"}).status, 0);
}

// --help of every command with numeric options shows each one's range.
// The help text with its line breaks and indents as single spaces (boost wraps the
// descriptions, and a range may fall across a break).
std::string helpText(const std::string& command) {
  std::string out;
  for (const char c : runCli({command, "--help"}).out)
    if (!(std::isspace(static_cast<unsigned char>(c)) && !out.empty() && out.back() == ' ')) out += std::isspace(static_cast<unsigned char>(c)) ? ' ' : c;
  return out;
}

TEST(CliErrors, HelpListsRanges) {
  for (const char* cmd : {"solve", "suite", "verify"}) {
    EXPECT_EQ(runCli({cmd, "--help"}).status, 0);
    const std::string help = helpText(cmd);
    for (const char* range : {"[0..1024]", "[1..1048576]", "[0..1e+09]"}) EXPECT_TRUE(testing::has(help, range)) << cmd << ": " << range;
  }
  EXPECT_TRUE(testing::has(helpText("solve"), "[0 or more]"));
  EXPECT_TRUE(testing::has(helpText("bench"), "[1..1048576]"));
  const std::string generate = helpText("generate");
  for (const char* range : {"[0..10000000]", "[0..256]", "[0 or more]", "[0..1024]"}) EXPECT_TRUE(testing::has(generate, range)) << range;
}

// Both games' default commands take the same analysis options, declared and checked in one
// place (addAnalysisOptions): each in either help, and a bad --format, --to-move or --progress
// a usage error (exit status 2) naming the option, for either game.
TEST(CliErrors, BothGamesTakeTheSameAnalysisOptions) {
  const std::string amazons = writeTemp("shared-amazons.txt", ".x##o.|##.###\n");
  const std::string clobber = writeTemp("shared-clobber.txt", "xo.|.ox\n");
  for (const std::vector<std::string>& game : {std::vector<std::string>{}, std::vector<std::string>{"--game", "clobber"}}) {
    std::vector<std::string> help = game;  // (amazons-solve --help alone lists the commands)
    help.insert(help.end(), {"solve", "--help"});
    const CliResult h = runCli(help);
    EXPECT_EQ(h.status, 0);
    for (const char* option : {"--format", "--to-move", "--all-moves", "--progress", "--threads", "--hash", "--time-limit",
                               "--canonical-nodes", "--total-nodes"})
      EXPECT_TRUE(testing::has(h.out, option)) << (game.empty() ? "amazons" : "clobber") << ": " << option;
    for (const auto& [option, value] : {std::pair{"--format", "xml"}, std::pair{"--to-move", "purple"}, std::pair{"--progress", "maybe"}}) {
      std::vector<std::string> args = game;
      args.insert(args.end(), {game.empty() ? amazons : clobber, option, value});
      const CliResult r = runCli(args);
      EXPECT_EQ(r.status, 2) << option;
      EXPECT_TRUE(testing::has(r.err, option)) << r.err;
      EXPECT_TRUE(r.out.empty()) << r.out;
    }
  }
}

TEST(CliErrors, HelpIsNotAnError) {
  for (const char* cmd : {"perft", "convert", "suite", "verify", "bench", "generate"}) {
    const CliResult r = runCli({cmd, "--help"});
    EXPECT_EQ(r.status, 0);
    EXPECT_NE(r.out.find("usage: amazons-solve"), std::string::npos);
  }
}

// A bad Yinsh position file: the analysis and perft fail with status 2 and
// "path:line:col: error: ...".
void expectYinshFileError(const std::string& text, int line, int column, const std::string& fragment) {
  const std::string path = writeTemp("bad-yinsh.txt", text);
  const std::string where = path + ":" + std::to_string(line) + ":" + std::to_string(column) + ": error: ";
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"--game", "yinsh", path}, std::vector<std::string>{"perft", "--game", "yinsh", path, "1"}}) {
    const CliResult r = runCli(args);
    EXPECT_EQ(r.status, 2) << args[0];
    EXPECT_EQ(r.out, "") << args[0];
    EXPECT_NE(r.err.find(where + fragment), std::string::npos) << args[0] << ": " << r.err;
  }
}

// A Yinsh endgame (seeded random game), White to move.
constexpr const char* kYinsh = "wbbw|B.bbwbb|Ww.bwwwb|.ww.wwww.|.w......Wb|.b.wbbwBB|.ww.ww....|bb.wb....|wwwbw.w.|..w..w.|.W..";

// Its CodinGame turn input, White's view, with its legal actions listed.
std::string yinshTurnInput() {
  const yinsh::Position p = yinsh::parseOneLine(kYinsh, yinsh::Color::White, yinsh::Rules{});
  const std::vector<yinsh::TurnAndPosition> turns = yinsh::legalTurns(p, yinsh::Rules{});
  std::string text = "1\n11\n" + yinsh::formatLines(p, yinsh::Color::White) + std::to_string(turns.size()) + "\n";
  for (const yinsh::TurnAndPosition& t : turns) text += yinsh::formatTurn(t.turn) + "\n";
  return text;
}

TEST(CliErrors, YinshEmptyFile) { expectYinshFileError("\n# nothing\n", 1, 1, "empty input"); }
TEST(CliErrors, YinshBadSideLine) { expectYinshFileError("# c\nq\n" + std::string(kYinsh) + "\n", 2, 1, "expected the side to move"); }
TEST(CliErrors, YinshUnknownCharacter) {
  std::string board = kYinsh;
  board[6] = 'x';  // b2
  expectYinshFileError("w\n" + board + "\n", 2, 7, "unexpected 'x' at b2");
}
TEST(CliErrors, YinshTenGroups) {
  const std::string board = kYinsh;
  expectYinshFileError("w\n  " + board.substr(0, board.rfind('|')) + "\n", 2, 3, "the one-line form has 11 groups");
}
TEST(CliErrors, YinshShortGroup) {
  std::string board = kYinsh;
  board.erase(10, 1);  // b1-b7 (columns 6 to 12) one cell short: the fault where b7 would be
  expectYinshFileError("b\n" + board + "\n", 2, 12, "letter b has 7 cells (b1-b7), this group 6");
}
TEST(CliErrors, YinshTooFewLines) { expectYinshFileError("w\nwbbw\nB.bbwbb\n", 4, 1, "expected 11 lines"); }
TEST(CliErrors, YinshTooManyRings) {
  std::string board = kYinsh;
  for (char& c : board)
    if (c == 'w') c = 'W';
  expectYinshFileError("w\n" + board + "\n", 2, 1, "white has 31 rings");
}
TEST(CliErrors, YinshCodinGameWrongCount) {
  std::string text = yinshTurnInput();
  size_t count = 0;  // the line after myId, 11 and the board: 14
  for (int line = 1; line < 14; ++line) count = text.find('\n', count) + 1;
  text = text.substr(0, count) + "7" + text.substr(text.find('\n', count));
  expectYinshFileError(text, 14, 1, "action count 7 does not match");
}
TEST(CliErrors, YinshCodinGameIllegalAction) {
  std::string text = yinshTurnInput();
  const size_t line = text.find("\ne9-e7\n") + 1;  // White's best action (bench), a line of its own
  ASSERT_NE(line, 0u);
  text.replace(line, 5, "e9-e7;xa2-a6xb1");  // the turn is over after e9-e7: column 7 is wrong
  const int number = static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(line), '\n')) + 1;
  expectYinshFileError(text, number, 7, "not a legal action");
}

}  // namespace
}  // namespace amazons
