// verify --uci and verify --games (issue 67): a scripted UCI engine (tests/tools/
// scripted_uci_engine.cpp) stages every verdict and every way an engine fails, and game records
// are checked by their scores. The expected verdicts come from the naive whole-board oracles
// (tests/support: Clobber's minimax, Amazons' oracle), not from the solver under test.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "solver/amazons/formats.h"
#include "solver/amazons/notation.h"
#include "solver/clobber/clobber.h"
#include "solver/core/game_record.h"
#include "solver/core/uci_client.h"
#include "tests/support/cli_run.h"
#include "tests/support/clobber_naive.h"
#include "tests/support/naive.h"
#include "tests/support/paths.h"

namespace amazons::testing {
namespace {

using cgt::Side;

// A Clobber position by the oracle: who wins with `mover` to move, and its moves split into
// those that win and those that lose.
struct Staged {
  Grid grid;
  Side mover;
  bool wins = false;
  std::vector<std::string> winning, losing;
  std::string line() const { return oneLine(grid) + " ; " + (mover == Side::Left ? "b" : "w"); }
  std::string fen() const { return clobber::Clobber::writeFen(clobber::Clobber::parseOneLine(oneLine(grid)), mover); }
};

Staged classify(const Grid& grid, Side mover) {
  Staged s{grid, mover, false, {}, {}};
  s.wins = naiveClobberMoverWins(grid, mover);
  const Side other = mover == Side::Left ? Side::Right : Side::Left;
  for (const NaiveClobberMove& m : naiveClobberMoves(grid, mover))
    (naiveClobberMoverWins(m.after, other) ? s.losing : s.winning).push_back(m.text);
  return s;
}

// Distinct 3x3 positions (fixed seed) that the mover wins with a losing move beside a winning one,
// and that it loses with a move to make.
struct Pool {
  std::vector<Staged> won, lost;
};
const Pool& pool() {
  static const Pool p = [] {
    Pool out;
    std::mt19937_64 rng(67);
    std::set<std::string> seen;
    while (out.won.size() < 10 || out.lost.size() < 4) {
      const Grid g = randomClobberGrid(rng, 3, 3, 0.3);
      for (Side mover : {Side::Left, Side::Right}) {
        Staged s = classify(g, mover);
        if (!seen.insert(s.fen()).second) continue;
        if (s.wins && !s.losing.empty() && out.won.size() < 10) out.won.push_back(s);
        if (!s.wins && !s.losing.empty() && out.lost.size() < 4) out.lost.push_back(s);
      }
    }
    return out;
  }();
  return p;
}

// The JSON objects of a run's positions, in order (the summary line left out).
std::vector<std::string> positionObjects(const std::string& out) {
  std::vector<std::string> lines;
  std::istringstream in(out);
  for (std::string l; std::getline(in, l);)
    if (l.rfind("{\"file\"", 0) == 0) lines.push_back(l);
  return lines;
}

std::string engineCommand(const std::string& script, const std::string& log) {
  return scriptedUciEngine() + " " + script + " " + log;
}

int count(const std::string& text, const std::string& part) {
  int n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

TEST(VerifyEngine, EveryVerdictAndFailureAgainstTheOracle) {
  const Pool& p = pool();
  struct Case {
    const Staged& s;
    std::string actions;
    std::string verdict;  // "" for an engine failure
    std::string error;    // a part of the failure's text
  };
  const std::vector<Case> cases = {
      {p.won[0], "info depth 3 score cp 50 ; best " + p.won[0].winning[0], "right", ""},
      {p.won[1], "info depth 3 score cp -50 ; best " + p.won[1].winning[0], "wrong_sign", ""},
      {p.won[2], "info depth 3 score cp 50 ; best " + p.won[2].losing[0], "missed_win", ""},
      {p.won[3], "info depth 3 score cp 10 ; best " + p.won[3].winning[0], "no_claim", ""},  // within --draw-margin 20
      {p.won[4], "best " + p.won[4].winning[0], "no_claim", ""},
      {p.won[5], "info depth 5 score mate 2 ; best " + p.won[5].losing[0], "missed_win", ""},
      {p.lost[0], "info depth 5 score mate -1 ; best " + p.lost[0].losing[0], "right", ""},
      {p.lost[1], "info depth 5 score mate 3 ; best " + p.lost[1].losing[0], "wrong_sign", ""},
      {p.won[6], "crash", "", "ended"},
      {p.won[7], "say Hello from the engine ; info string anything ; info depth 1 score cp 30 ; best " + p.won[7].winning[0], "right", ""},
      {p.won[8], "info depth 2 score mate 1 ; best " + p.won[8].winning[0], "right", ""},
      {p.lost[2], "info depth 1 score cp banana ; best " + p.lost[2].losing[0], "", "unreadable line"},
      {p.lost[3], "info depth 1 score cp -40 ; best a1a1", "", "is not a move"},
      {p.won[9], "info score cp 30 ; best " + p.won[9].winning[0], "right", ""},  // after the failures, a fresh engine
  };
  std::string script = "# staged by verify_engine_test\n", positions;
  for (const Case& c : cases) {
    script += c.s.fen() + " => " + c.actions + "\n";
    positions += c.s.line() + "\n";
  }
  // A lone stone: no move, mated ("mate 0", as Fairy-Stockfish says), a loss: right.
  const Staged alone = classify({"x..", "...", "..."}, Side::Left);
  ASSERT_FALSE(alone.wins);
  script += alone.fen() + " => info depth 0 score mate 0 ; best (none)\n";
  positions += alone.line() + "\n";
  const std::string log = tempPath("engine.log");
  const CliResult r = runCli({"verify", "--game", "clobber", "--uci", engineCommand(writeTemp("script.txt", script), log), "--format", "json",
                              "--draw-margin", "20", "--threads", "1", "--uci-option", "Hash=16",
                              writeTemp("positions.txt", positions)});
  EXPECT_EQ(r.status, 1) << r.err;
  const std::vector<std::string> objects = positionObjects(r.out);
  ASSERT_EQ(objects.size(), cases.size() + 1) << r.out;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    const std::string& o = objects[i];
    EXPECT_TRUE(has(o, "\"fen\": \"" + c.s.fen() + "\"")) << o;
    EXPECT_TRUE(has(o, std::string("\"winner\": \"") + ((c.s.wins == (c.s.mover == Side::Left)) ? "b" : "w") + "\"")) << o;
    if (c.verdict.empty()) {
      EXPECT_TRUE(has(o, "\"verdict\": null")) << o;
      EXPECT_TRUE(has(o, c.error)) << o;
    } else {
      EXPECT_TRUE(has(o, "\"verdict\": \"" + c.verdict + "\"")) << i << ": " << o;
    }
    // The winning moves listed are the oracle's.
    if (c.s.wins && !c.verdict.empty()) {
      const size_t at = o.find("\"winning_moves\": [\"") + 19;
      const std::string first = o.substr(at, o.find('"', at) - at);
      EXPECT_NE(std::find(c.s.winning.begin(), c.s.winning.end(), first), c.s.winning.end()) << o;
    }
  }
  EXPECT_TRUE(has(objects.back(), "\"verdict\": \"right\"")) << objects.back();
  EXPECT_TRUE(has(objects.back(), "\"stones\": 1")) << objects.back();
  // One engine at the start and one after each of the three failures; each set up the same way.
  const std::string sent = slurp(log);
  EXPECT_EQ(count(sent, "started\n"), 4) << sent;
  EXPECT_EQ(count(sent, "setoption name Hash value 16\nsetoption name UCI_Variant value clobber\nisready\n"), 4) << sent;
  // The summary: 15 positions settled, 3 failures; 10 sign claims (cp 10 is within the margin), 2 wrong.
  EXPECT_TRUE(has(r.out, "\"all\": true, \"settled\": 15, \"unsettled\": 0, \"engine_failures\": 3, \"right\": 6, \"wrong_sign\": 2, "
                         "\"missed_win\": 2, \"no_claim\": 2, \"sign_claims\": 10, \"sign_right\": 8"))
      << r.out;
}

TEST(VerifyEngine, AHungEngineIsKilledAfterTheTimeoutAndTheNextPositionGetsAFreshOne) {
  const Staged &hung = pool().won[0], &next = pool().won[1];
  const std::string script = writeTemp("hang.txt", hung.fen() + " => info depth 1 score cp 5 ; hang\n" + next.fen() +
                                                       " => info depth 1 score cp 5 ; best " + next.winning[0] + "\n");
  const std::string log = tempPath("hang.log");
  // 5 s: what a fresh engine has to start and answer the next position (generous, for a loaded machine).
  const CliResult r = runCli({"verify", "--game", "clobber", "--uci", engineCommand(script, log), "--engine-timeout", "5", "--format",
                              "json", writeTemp("hang_positions.txt", hung.line() + "\n" + next.line() + "\n")});
  EXPECT_EQ(r.status, 1) << r.err;
  const std::vector<std::string> objects = positionObjects(r.out);
  ASSERT_EQ(objects.size(), 2u) << r.out;
  EXPECT_TRUE(has(objects[0], "\"error\": \"no bestmove within the engine timeout\"")) << objects[0];
  EXPECT_TRUE(has(objects[1], "\"verdict\": \"right\"")) << objects[1];
  EXPECT_EQ(count(slurp(log), "started\n"), 2) << slurp(log);
}

TEST(VerifyEngine, AnEngineThatCannotStartIsReportedForEachPositionWithoutHanging) {
  const Staged& s = pool().won[0];
  for (const std::string start : {"crash", "hang"}) {
    const std::string script = writeTemp("start.txt", "@uci => " + start + "\n");
    const CliResult r = runCli({"verify", "--game", "clobber", "--uci", engineCommand(script, tempPath("start.log")), "--engine-timeout",
                                "1", writeTemp("one.txt", s.line() + "\n" + pool().won[1].line() + "\n")});
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_EQ(count(r.out, "ENGINE FAILURE: starting the engine"), 2) << start << "\n" << r.out;
  }
  const CliResult missing = runCli({"verify", "--game", "clobber", "--uci", "/nonexistent/engine", writeTemp("one.txt", s.line() + "\n")});
  EXPECT_EQ(missing.status, 1);
  EXPECT_TRUE(has(missing.out, "ENGINE FAILURE: starting the engine: the engine ended")) << missing.out;
}

TEST(VerifyEngine, ALineLongerThanAnyUciLineIsAFailure) {
  const Staged& s = pool().won[0];
  const std::string script = writeTemp("long.txt", s.fen() + " => say " + std::string(70000, 'z') + " ; best " + s.winning[0] + "\n");
  const CliResult r = runCli({"verify", "--game", "clobber", "--uci", engineCommand(script, tempPath("long.log")), "--format", "json",
                              writeTemp("long_positions.txt", s.line() + "\n")});
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_TRUE(has(r.out, "\"error\": \"a line of over 65536 characters while awaiting bestmove\"")) << r.out.substr(0, 2000);
  // One that never ends, within the timeout and without filling the memory.
  const std::string endless = writeTemp("endless.sh", "#!/bin/sh\nwhile :; do printf 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz'; done\n");
  const CliResult e = runCli({"verify", "--game", "clobber", "--uci", "sh " + endless, "--engine-timeout", "20",
                              writeTemp("endless_positions.txt", s.line() + "\n")});
  EXPECT_EQ(e.status, 1) << e.err;
  EXPECT_TRUE(has(e.out, "ENGINE FAILURE: starting the engine: a line of over 65536 characters while awaiting uciok")) << e.out.substr(0, 2000);
}

TEST(VerifyEngine, UnsettledPositionsAreNotAskedNorCounted) {
  // 4x4 full start: not settled in one node.
  const std::string script = writeTemp("none.txt", "@other => info score cp 1 ; best a1a2\n");
  const std::string log = tempPath("unsettled.log");
  const CliResult r = runCli({"verify", "--game", "clobber", "--uci", engineCommand(script, log), "--node-limit", "1", "--threads", "1",
                              writeTemp("big.txt", oneLine(clobberStart(4, 4)) + " ; b\n")});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(has(r.out, "unsettled within the limits")) << r.out;
  EXPECT_FALSE(has(slurp(log), "position fen")) << slurp(log);
}

// Small boards (fixed seed) that Black, to move, wins by one move and not by another, by the
// whole-board oracle; the two moves in UCI form.
struct AmazonsCase {
  Board board;
  std::string fen, winning, losing;
};
AmazonsCase amazonsCase(std::mt19937_64& rng) {
  for (;;) {
    AmazonsCase c{randomBoard(rng, 4, 3, 1, 1, 0.25), "", "", ""};
    for (const Move& m : naiveMoves(c.board, Color::Black)) {
      std::string& slot = winsByTheOracle(c.board, Color::Black, m) ? c.winning : c.losing;
      if (slot.empty()) slot = formatMove(c.board, m, Notation::Uci);
    }
    if (c.winning.empty() || c.losing.empty()) continue;
    c.board.setSideToMove(Color::Black);
    c.fen = writePosition(c.board, Format::Fen);
    c.fen.pop_back();
    return c;
  }
}

TEST(VerifyEngine, AmazonsMovesInFairyStockfishNotation) {
  std::mt19937_64 rng(67);
  const AmazonsCase c = amazonsCase(rng);
  const std::string line = toOneLine(c.board);
  const long empty = std::count(line.begin(), line.end(), '.');
  const std::string fen = c.fen, winning = c.winning, losing = c.losing;
  const std::string fenFile = writeTemp("amazons.fen", fen + "\n");
  for (const auto& [move, verdict] : {std::pair{winning, "right"}, std::pair{losing, "missed_win"}}) {
    const std::string script = writeTemp("amazons.txt", fen + " => info depth 9 score cp 300 ; best " + move + "\n");
    const CliResult r = runCli({"verify", "--uci", engineCommand(script, tempPath("amazons.log")), "--format", "json", fenFile});
    EXPECT_TRUE(has(r.out, "\"empty\": " + std::to_string(empty))) << r.out;
    EXPECT_TRUE(has(r.out, "\"winner\": \"b\"")) << r.out;
    EXPECT_TRUE(has(r.out, std::string("\"verdict\": \"") + verdict + "\"")) << r.out;
    EXPECT_TRUE(has(slurp(tempPath("amazons.log")), "setoption name UCI_Variant value amazons")) << slurp(tempPath("amazons.log"));
  }
}

TEST(VerifyEngine, WrongAmazonsPositionsAreDrawnWithTheBoardPicture) {
  std::mt19937_64 rng(670);
  std::vector<AmazonsCase> cases;
  while (cases.size() < 3) {
    AmazonsCase c = amazonsCase(rng);
    if (std::none_of(cases.begin(), cases.end(), [&](const AmazonsCase& o) { return o.fen == c.fen; })) cases.push_back(c);
  }
  // Black wins each: a score of the wrong sign, a losing move, and a right claim (not drawn).
  const std::string script = writeTemp("draw.txt", cases[0].fen + " => info score cp -300 ; best " + cases[0].winning + "\n" +
                                                       cases[1].fen + " => info score cp 300 ; best " + cases[1].losing + "\n" +
                                                       cases[2].fen + " => info score cp 300 ; best " + cases[2].winning + "\n");
  const std::string dir = tempPath("wrong_pictures");
  std::filesystem::remove_all(dir);
  const CliResult r = runCli({"verify", "--uci", engineCommand(script, tempPath("draw.log")), "--svg-wrong", dir, "--threads", "1", "--format",
                              "json", writeTemp("draw0.fen", cases[0].fen), writeTemp("draw1.fen", cases[1].fen),
                              writeTemp("draw2.fen", cases[2].fen)});
  EXPECT_EQ(r.status, 1) << r.err;
  std::set<std::string> drawn;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) drawn.insert(entry.path().filename().string());
  EXPECT_EQ(drawn, (std::set<std::string>{"0001-wrong_sign.svg", "0002-missed_win.svg"}));
  const std::string claims[] = {"Engine: cp -300, move " + cases[0].winning + ": wrong_sign",
                                "Engine: cp 300, move " + cases[1].losing + ": missed_win"};
  const std::string files[] = {"0001-wrong_sign.svg", "0002-missed_win.svg"};
  for (int i = 0; i < 2; ++i) {
    const std::string svg = slurp(dir + "/" + files[i]);
    // The board picture of `amazons-solve POSITION --svg`, the oracle's winner, the claim under it.
    EXPECT_TRUE(has(svg, "Amazons position " + toOneLine(cases[i].board) + ", Black to move")) << svg;
    EXPECT_TRUE(has(svg, "Black to move: Black wins with ")) << svg;
    EXPECT_TRUE(has(svg, claims[i])) << svg;
    EXPECT_TRUE(has(r.out, "\"picture\": \"" + dir + "/" + files[i] + "\"")) << r.out;
  }
  // A game record's position is named by its line and ply; Clobber has no board picture.
  const std::string record = writeTemp("draw_game.txt", "# one move\n" + toOneLine(cases[1].board) + " ; b ; " + cases[1].losing + " {cp 50}\n");
  const std::string gameDir = tempPath("wrong_game_pictures");
  std::filesystem::remove_all(gameDir);
  const CliResult g = runCli({"verify", "--games", record, "--svg-wrong", gameDir, "--threads", "1"});
  EXPECT_EQ(g.status, 1) << g.err;
  EXPECT_TRUE(has(g.out, "missed_win ; picture " + gameDir + "/0001-line2-ply0-missed_win.svg")) << g.out;
  EXPECT_TRUE(has(slurp(gameDir + "/0001-line2-ply0-missed_win.svg"), "Engine: cp 50, move " + cases[1].losing + ": missed_win"));
  const CliResult c = runCli({"verify", "--game", "clobber", "--games", record, "--svg-wrong", gameDir});
  EXPECT_EQ(c.status, 2);
  EXPECT_TRUE(has(c.err, "Clobber has no board picture")) << c.err;
}

TEST(VerifyEngine, AllMovesListsTheOraclesWinningMoves) {
  const Staged& s = pool().won[0];
  const std::string script = writeTemp("all.txt", s.fen() + " => info score cp 5 ; best " + s.winning[0] + "\n");
  const CliResult r = runCli({"verify", "--game", "clobber", "--uci", engineCommand(script, tempPath("all.log")), "--all-moves", "--format",
                              "json", writeTemp("all_positions.txt", s.line() + "\n")});
  EXPECT_EQ(r.status, 0) << r.err;
  const size_t from = r.out.find("\"winning_moves\": [") + 18, to = r.out.find(']', from);
  std::set<std::string> listed;
  for (size_t at = r.out.find('"', from); at < to; at = r.out.find('"', r.out.find('"', at + 1) + 1)) {
    const size_t end = r.out.find('"', at + 1);
    listed.insert(r.out.substr(at + 1, end - at - 1));
  }
  EXPECT_EQ(listed, std::set<std::string>(s.winning.begin(), s.winning.end())) << r.out;
}

// A random Clobber game to its end on a 3x3 start, by the oracle's moves (fixed seed).
struct PlayedGame {
  std::vector<Grid> grids;  // before each move and after the last
  std::vector<std::string> moves;
};
PlayedGame randomGame(uint64_t seed) {
  std::mt19937_64 rng(seed);
  PlayedGame g{{clobberStart(3, 3)}, {}};
  for (Side mover = Side::Left;; mover = mover == Side::Left ? Side::Right : Side::Left) {
    const std::vector<NaiveClobberMove> moves = naiveClobberMoves(g.grids.back(), mover);
    if (moves.empty()) return g;
    const NaiveClobberMove& m = moves[rng() % moves.size()];
    g.moves.push_back(m.text);
    g.grids.push_back(m.after);
  }
}

// Issue 67, Must 6: `play uci` (the solver as a UCI engine) driven by this client. On positions
// small enough that it settles each one within its move time, every claim it makes is the exact
// one: a mate score of the winner's sign and, where it wins, a winning move. So the verification
// finds nothing wrong, and the positions are the oracle's (the winners checked against it here).
TEST(VerifyEngine, PlayUciVerifiedByItsOwnClientFindsNothingWrong) {
  const std::string engine = cliPath() + " play uci";
  struct Run {
    std::string game, positions;
    std::vector<std::string> winners;  // the oracle's, "b" or "w", line by line
  };
  Run clobber{"clobber", "", {}}, amazons{"amazons", "", {}};
  for (const std::vector<Staged>* staged : {&pool().won, &pool().lost})
    for (const Staged& s : *staged) {
      clobber.positions += s.line() + "\n";
      clobber.winners.push_back(s.wins == (s.mover == Side::Left) ? "b" : "w");
    }
  std::mt19937_64 rng(671);
  for (int i = 0; i < 4; ++i) {
    amazons.positions += toOneLine(amazonsCase(rng).board) + " ; b\n";
    amazons.winners.push_back("b");  // Black to move wins each (amazonsCase)
  }
  for (const Run& run : {clobber, amazons}) {
    const CliResult r = runCli({"verify", "--game", run.game, "--uci", engine, "--engine-movetime", "20000", "--format", "json",
                                "--threads", "1", writeTemp("self-" + run.game + ".txt", run.positions)});
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    const std::vector<std::string> objects = positionObjects(r.out);
    ASSERT_EQ(objects.size(), run.winners.size()) << r.out;
    for (size_t i = 0; i < objects.size(); ++i) {
      EXPECT_TRUE(has(objects[i], "\"winner\": \"" + run.winners[i] + "\"")) << objects[i];
      EXPECT_TRUE(has(objects[i], "\"engine_score\": \"mate ")) << objects[i];
      EXPECT_TRUE(has(objects[i], "\"verdict\": \"right\"")) << objects[i];
    }
  }
}

TEST(VerifyGames, RecordScoresAgainstTheOracleAndBadLinesReported) {
  const PlayedGame g = randomGame(5);
  ASSERT_GE(g.moves.size(), 3u);
  // Scores of the right sign, but for one of the wrong sign and one left out; the verdict of
  // each ply by the oracle.
  std::string moves;
  std::vector<std::string> expected(g.moves.size());
  for (size_t k = 0; k < g.moves.size(); ++k) {
    const Side mover = k % 2 ? Side::Right : Side::Left;
    const Staged s = classify(g.grids[k], mover);
    const bool moveWins = std::find(s.winning.begin(), s.winning.end(), g.moves[k]) != s.winning.end();
    const bool flip = k == 1, none = k == 2;
    moves += g.moves[k];
    if (!none) moves += std::string(" {cp ") + ((s.wins != flip) ? "120" : "-120") + "}";
    moves += " ";
    expected[k] = flip ? "wrong_sign" : s.wins && !moveWins ? "missed_win" : none ? "no_claim" : "right";
  }
  const std::string start = oneLine(clobberStart(3, 3));
  const std::string records = "# three games, two bad\n" + start + " ; b ; " + moves + "\n" + start + " ; b ; a1a1 b1b2\n" + start +
                              " ; w ; " + g.moves[0] + " {cp x}\n";
  const std::string file = writeTemp("games.txt", records);
  const CliResult r = runCli({"verify", "--game", "clobber", "--games", file, "--format", "json", "--threads", "1"});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_TRUE(has(r.err, file + ":3:" + std::to_string(start.size() + 8) + ": ")) << r.err;  // the move a1a1
  EXPECT_TRUE(has(r.err, file + ":4:" + std::to_string(start.size() + 8 + g.moves[0].size() + 1) + ": ")) << r.err;  // {cp x}
  const std::vector<std::string> objects = positionObjects(r.out);
  ASSERT_EQ(objects.size(), g.moves.size()) << r.out;  // walked back from the last move to ply 0
  for (size_t i = 0; i < objects.size(); ++i) {
    const size_t k = g.moves.size() - 1 - i;
    EXPECT_TRUE(has(objects[i], "\"game\": 2, \"ply\": " + std::to_string(k) + ",")) << objects[i];
    EXPECT_TRUE(has(objects[i], "\"verdict\": \"" + expected[k] + "\"")) << k << ": " << objects[i];
    EXPECT_TRUE(has(objects[i], "\"engine_move\": \"" + g.moves[k] + "\"")) << objects[i];
  }
}

TEST(VerifyGames, TheEngineIsAskedFromTheLastPositionBack) {
  const PlayedGame g = randomGame(11);
  std::string moves;
  for (const std::string& m : g.moves) moves += m + " ";
  const std::string file = writeTemp("one_game.txt", oneLine(clobberStart(3, 3)) + " ; b ; " + moves + "\n");
  const std::string log = tempPath("games.log");
  const CliResult r = runCli({"verify", "--game", "clobber", "--games", file, "--uci", engineCommand(writeTemp("s.txt", ""), log), "--threads", "1"});
  EXPECT_EQ(count(slurp(log), "position fen "), static_cast<int>(g.moves.size()) + 1) << slurp(log);
  EXPECT_EQ(count(r.out, " ply "), static_cast<int>(g.moves.size()) + 1) << r.out;
}

TEST(VerifyGames, TheSummaryPlotAndText) {
  const PlayedGame g = randomGame(5);
  std::string moves;
  for (const std::string& m : g.moves) moves += m + " {cp 100} ";
  const std::string file = writeTemp("plot_game.txt", oneLine(clobberStart(3, 3)) + " ; b ; " + moves + "\n");
  const std::string plot = tempPath("plot.svg");
  const CliResult r = runCli({"verify", "--game", "clobber", "--games", file, "--svg", plot, "--threads", "1"});
  // Every position before a move, one a size (each move takes a stone), as the text says.
  const std::string svg = slurp(plot);
  EXPECT_TRUE(has(svg, "<svg")) << svg;
  for (size_t k = 0; k < g.moves.size(); ++k) {
    const int stones = 9 - static_cast<int>(k);
    EXPECT_TRUE(has(svg, "sign accuracy, stones " + std::to_string(stones) + ": ")) << svg;
    std::string row(stones < 10 ? 7 : 6, ' ');  // the table's row of that size: 1 settled, none unsettled
    row[0] = '\n';
    row.append(std::to_string(stones)).append("        1          0");
    EXPECT_TRUE(has(r.out, row)) << r.out;
  }
  EXPECT_TRUE(has(r.out, "    all        " + std::to_string(g.moves.size()))) << r.out;
}

TEST(VerifyGames, StandardStartsAndTheFensSide) {
  // The 10x10 Amazons start with Fairy-Stockfish's first moves; one node leaves it unsettled.
  const std::string file = writeTemp("standard.txt",
                                     "standard ; w ; d1a1,a1b1 {cp 0} a7f2,f2b2 {cp 22}\n"
                                     "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1 ; b ; d10d9,d9d8\n");
  const CliResult r = runCli({"verify", "--games", file, "--node-limit", "1", "--threads", "1"});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_TRUE(has(r.out, file + ":1 ply 1: ")) << r.out;  // the last position, after the last move, has no claim
  EXPECT_TRUE(has(r.out, "unsettled within the limits")) << r.out;
  EXPECT_TRUE(has(r.err, file + ":2:1: error: the side to move is b but START says w")) << r.err;
}

// The reader alone: fields, scores and the columns of its errors.
TEST(GameRecord, ReadsScoresAndPlacesErrors) {
  const core::GameRecord g = core::parseGameRecord("standard ; W ; d1d7,d7g7 {cp 25} a7a8,a8b8 {mate -3}  g1g2,g2g3", 4, "f");
  EXPECT_EQ(g.start.text, "standard");
  EXPECT_EQ(g.first, Side::Right);
  ASSERT_EQ(g.moves.size(), 3u);
  EXPECT_EQ(g.moves[0].text.text, "d1d7,d7g7");
  EXPECT_EQ(g.moves[0].text.column, 16);
  EXPECT_TRUE(g.moves[0].score && !g.moves[0].score->mate && g.moves[0].score->value == 25);
  EXPECT_TRUE(g.moves[1].score && g.moves[1].score->mate && g.moves[1].score->value == -3);
  EXPECT_FALSE(g.moves[2].score);
  auto columnOf = [](const std::string& text) {
    try {
      core::parseGameRecord(text, 1, "f");
    } catch (const InputError& e) {
      return e.column();
    }
    return 0;
  };
  EXPECT_EQ(columnOf("standard ; b"), 10);
  EXPECT_EQ(columnOf("standard ; x ; a1a2"), 12);
  EXPECT_EQ(columnOf("standard ; b ; {cp 3}"), 16);
  EXPECT_EQ(columnOf("standard ; b ; a1a2 {cp 3"), 21);
  EXPECT_EQ(columnOf("standard ; b ; a1a2 {cp 3} {cp 4}"), 28);
  EXPECT_EQ(columnOf("standard ; b ; a1a2 {mate}"), 21);
  EXPECT_EQ(columnOf(" ; b ; a1a2"), 2);  // the empty START, before its ;
  const core::GameRecords all = core::parseGameRecords("# c\n\nstandard ; b ;\nbad\nstandard ; w ; a1a2 {cp -7}\n", "f");
  EXPECT_EQ(all.games.size(), 2u);
  ASSERT_EQ(all.errors.size(), 1u);
  EXPECT_EQ(all.errors[0].line(), 4);
}

TEST(UciClient, ReadsInfoScores) {
  EXPECT_FALSE(core::parseInfoScore("info depth 3 nodes 100"));
  EXPECT_FALSE(core::parseInfoScore("info string score cp 3"));
  EXPECT_FALSE(core::parseInfoScore("info multipv 2 score cp 3"));
  const auto s = core::parseInfoScore("info depth 3 seldepth 4 multipv 1 score cp -25 lowerbound nodes 1000 pv a1a2");
  ASSERT_TRUE(s);
  EXPECT_FALSE(s->mate);
  EXPECT_EQ(s->value, -25);
  EXPECT_EQ(core::uciScoreText(*core::parseInfoScore("info score mate 0")), "mate 0");
  EXPECT_THROW(core::parseInfoScore("info score cp"), std::invalid_argument);
  EXPECT_THROW(core::parseInfoScore("info score pawns 3"), std::invalid_argument);
  EXPECT_THROW(core::parseInfoScore("info score mate 3x"), std::invalid_argument);
}

}  // namespace
}  // namespace amazons::testing
