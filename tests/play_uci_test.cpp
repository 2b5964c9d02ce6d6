// `amazons-solve play uci` driven over pipes as a GUI drives an engine: the handshake and the
// options, positions from FENs and from the start with moves, go with nodes, movetime, a clock
// and infinite then stop, and bad input. Every bestmove is checked against the naive move
// generators (tests/support); on small endgames the winner comes from the whole-board minimax
// (Amazons: WholeBoardSearch, the naive-move oracle; Clobber: the naive twin's), and the engine
// must give a mate score of that sign and, in a won position, a move after which the oracle
// says the opponent loses. The command reader (core/uci_command.h) is checked on its own too.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "solver/amazons/endgames.h"
#include "solver/amazons/formats.h"
#include "solver/amazons/minimax.h"
#include "solver/amazons/notation.h"
#include "solver/clobber/clobber.h"
#include "solver/core/child_process.h"
#include "solver/core/errors.h"
#include "solver/core/uci_command.h"
#include "tests/support/bot_referee.h"
#include "tests/support/clobber_naive.h"
#include "tests/support/naive.h"
#include "tests/support/paths.h"

namespace amazons {
namespace {

using std::chrono::milliseconds;
using clobber::Clobber;
using Clock = std::chrono::steady_clock;
using core::UciCommand;

// What a line must come within, generous for a loaded machine (the tests assert no timing
// finer than that; BENCHMARKS.md has none of this either).
const milliseconds kPatience(10000 * testing::kSlowdown);

bool startsWith(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

// The engine as a child process, and the lines it printed.
class Engine {
 public:
  explicit Engine(std::vector<std::string> extra = {}) : process_(arguments(std::move(extra))) {}

  void send(const std::string& line) { ASSERT_TRUE(process_.send(line + "\n")) << line; }

  // The lines up to and including the first that starts with `prefix` (the last one); empty
  // when none comes within `patience`.
  std::vector<std::string> until(const std::string& prefix, milliseconds patience = kPatience) {
    std::vector<std::string> lines;
    const Clock::time_point end = Clock::now() + patience;
    for (;;) {
      const auto left = std::chrono::duration_cast<milliseconds>(end - Clock::now());
      if (left.count() <= 0) return {};
      const std::optional<std::string> line = process_.readLine(left);
      if (!line) return {};
      lines.push_back(*line);
      if (startsWith(*line, prefix)) return lines;
    }
  }

  // The bestmove's move after `go` (the whole search's lines in `lines`).
  std::string go(const std::string& go, std::vector<std::string>* lines = nullptr, milliseconds patience = kPatience) {
    send(go);
    const std::vector<std::string> out = until("bestmove ", patience);
    if (lines) *lines = out;
    EXPECT_FALSE(out.empty()) << "no bestmove after '" << go << "'";
    return out.empty() ? "" : out.back().substr(9);
  }

  void expectReady() {
    send("isready");
    EXPECT_FALSE(until("readyok").empty()) << "no readyok";
  }

  int quit() {
    send("quit");
    return process_.finish();
  }

 private:
  static std::vector<std::string> arguments(std::vector<std::string> extra) {
    std::vector<std::string> argv = {testing::cliPath(), "play", "uci"};
    argv.insert(argv.end(), extra.begin(), extra.end());
    return argv;
  }
  ChildProcess process_;
};

// The score of the last info line with one ("mate 3", "cp -40"); empty when none.
std::string lastScore(const std::vector<std::string>& lines) {
  for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
    const size_t at = it->find(" score ");
    if (!startsWith(*it, "info ") || at == std::string::npos) continue;
    const size_t begin = at + 7, second = it->find(' ', begin);
    return it->substr(begin, it->find(' ', second + 1) - begin);
  }
  return "";
}

std::vector<std::string> amazonsMoveTexts(const Board& board) {
  std::vector<std::string> out;
  for (const Move& m : testing::naiveMoves(board, board.sideToMove())) out.push_back(formatMove(board, m, Notation::Uci));
  return out;
}

bool contains(const std::vector<std::string>& all, const std::string& one) { return std::find(all.begin(), all.end(), one) != all.end(); }

// The FEN, without the writer's newline.
std::string fenOf(const Board& board) {
  std::string fen = writePosition(board, Format::Fen);
  while (!fen.empty() && fen.back() == '\n') fen.pop_back();
  return fen;
}

std::string clobberFen(const testing::Grid& grid, cgt::Side toMove) { return Clobber::writeFen(Clobber::parseOneLine(testing::oneLine(grid)), toMove); }

// ---- The command reader

TEST(UciCommand, ReadsEachCommandAndSkipsUnknownWordsBeforeIt) {
  EXPECT_EQ(core::parseUciCommand("uci").kind, UciCommand::Kind::Uci);
  EXPECT_EQ(core::parseUciCommand("  isready \r").kind, UciCommand::Kind::IsReady);
  const UciCommand debug = core::parseUciCommand("joho debug on");  // the protocol's own example
  EXPECT_EQ(debug.kind, UciCommand::Kind::Debug);
  EXPECT_EQ(debug.value, "on");
  EXPECT_EQ(core::parseUciCommand("").kind, UciCommand::Kind::None);
  EXPECT_EQ(core::parseUciCommand("hello there").kind, UciCommand::Kind::None);
  const UciCommand option = core::parseUciCommand("setoption name Clear  Hash value  a b ");
  EXPECT_EQ(option.kind, UciCommand::Kind::SetOption);
  EXPECT_EQ(option.name, "Clear  Hash");
  EXPECT_EQ(option.value, "a b");
}

TEST(UciCommand, ReadsPositionsWithTheColumnsOfTheirParts) {
  const std::string line = "position fen 3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1 moves d1d6,d6d9  a7a8,a8b8";
  const UciCommand c = core::parseUciCommand(line);
  ASSERT_EQ(c.kind, UciCommand::Kind::Position);
  EXPECT_FALSE(c.startpos);
  EXPECT_EQ(c.fen, "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1");
  EXPECT_EQ(c.fenColumn, 14);
  ASSERT_EQ(c.moves.size(), 2u);
  EXPECT_EQ(c.moves[1], "a7a8,a8b8");
  EXPECT_EQ(line.substr(static_cast<size_t>(c.moveColumns[1]) - 1, 9), "a7a8,a8b8");
  const UciCommand start = core::parseUciCommand("position startpos");
  EXPECT_TRUE(start.startpos);
  EXPECT_TRUE(start.moves.empty());
}

TEST(UciCommand, ReadsGoAndIgnoresUnknownWordsInIt) {
  const UciCommand c = core::parseUciCommand("go wtime 1000 btime -20 winc 5 binc 5 movestogo 3 frobnicate infinite");
  ASSERT_EQ(c.kind, UciCommand::Kind::Go);
  EXPECT_EQ(c.go.wtime, 1000);
  EXPECT_EQ(c.go.btime, -20);  // a GUI may send a clock past zero
  EXPECT_EQ(c.go.movestogo, 3);
  EXPECT_TRUE(c.go.infinite);
  EXPECT_FALSE(c.go.movetime);
  const UciCommand moves = core::parseUciCommand("go searchmoves e2e3 e3e4 nodes 50");
  EXPECT_EQ(moves.go.searchmoves, (std::vector<std::string>{"e2e3", "e3e4"}));
  EXPECT_EQ(moves.go.nodes, 50);
}

TEST(UciCommand, ArgumentsThatCannotBeReadAreErrorsWithTheirColumn) {
  const auto column = [](const std::string& line) {
    try {
      core::parseUciCommand(line);
    } catch (const InputError& e) {
      return e.column();
    }
    return 0;
  };
  EXPECT_EQ(column("go movetime abc"), 13);
  EXPECT_EQ(column("go nodes"), 10);
  EXPECT_EQ(column("go nodes 12x"), 10);
  EXPECT_EQ(column("position"), 9);
  EXPECT_EQ(column("position fen"), 14);
  EXPECT_EQ(column("position startpos d1d6"), 19);
  EXPECT_EQ(column("setoption Hash"), 11);
  EXPECT_EQ(column("setoption name value 3"), 16);
}

// ---- The engine

TEST(PlayUci, HandshakeListsTheVariantsAndOptions) {
  Engine engine;
  engine.send("uci");
  const std::vector<std::string> lines = engine.until("uciok");
  ASSERT_FALSE(lines.empty());
  EXPECT_TRUE(contains(lines, "id name amazons-solve"));
  EXPECT_TRUE(std::any_of(lines.begin(), lines.end(), [](const std::string& l) { return startsWith(l, "id author "); }));
  EXPECT_TRUE(contains(lines, "option name UCI_Variant type combo default amazons var amazons var clobber"));
  EXPECT_TRUE(std::any_of(lines.begin(), lines.end(), [](const std::string& l) { return startsWith(l, "option name Threads type spin default 1 "); }));
  EXPECT_TRUE(std::any_of(lines.begin(), lines.end(), [](const std::string& l) { return startsWith(l, "option name Hash type spin default 256 "); }));
  engine.expectReady();
  EXPECT_EQ(engine.quit(), 0);

  Engine clobber({"--game", "clobber"});  // through main's --game: Clobber first
  clobber.send("uci");
  EXPECT_TRUE(contains(clobber.until("uciok"), "option name UCI_Variant type combo default clobber var amazons var clobber"));
  EXPECT_EQ(clobber.quit(), 0);
}

TEST(PlayUci, StartposWithMovesIsTheFenOfTheSamePosition) {
  // Three plies from the 10x10 start, each the naive generator's, in Fairy-Stockfish's notation.
  Board board = testing::standardStart();
  std::mt19937_64 rng(67);
  std::string moves;
  for (int ply = 0; ply < 3; ++ply) {
    const std::vector<Move> legal = testing::naiveMoves(board, board.sideToMove());
    const Move m = legal[rng() % legal.size()];
    moves += ' ';
    moves += formatMove(board, m, Notation::Uci);
    board.play(m);
  }
  Engine engine;
  engine.send("position startpos moves" + moves);
  std::vector<std::string> lines;
  const std::string fromMoves = engine.go("go nodes 50", &lines);
  EXPECT_TRUE(contains(amazonsMoveTexts(board), fromMoves)) << fromMoves;
  EXPECT_TRUE(startsWith(lastScore(lines), "cp ")) << "the start is far from settled at 50 nodes";
  // Past its node limit the answer is the fallback's full scan: the same for the same position.
  engine.send("ucinewgame");
  engine.send("position fen " + fenOf(board));
  EXPECT_EQ(engine.go("go nodes 50"), fromMoves);
  EXPECT_EQ(engine.quit(), 0);
}

// A node-limited search starts with empty tables: after a timed search has filled them (here
// settling the position, a 10x10 endgame of 49 empty squares from positions/reach/, settled in
// under 0.1 s on one core), the same go gives the same answer as before.
TEST(PlayUci, ANodeLimitedAnswerDoesNotDependOnTheSearchesBefore) {
  Engine engine;
  engine.send("position fen 1*4**2/3**1*1Q*/5Q*1q1/1**1**3*/*1*1*q****/2*1**1*2/*Q*****3/*q2*1***Q/1****2*2/1*1*4*q b - - 0 1");
  std::vector<std::string> first, timed, again;
  const std::string move = engine.go("go nodes 300", &first);
  engine.go("go movetime 5000", &timed);
  EXPECT_EQ(engine.go("go nodes 300", &again), move);
  // The same search: its info line the same but for the time (with the tables kept, the second
  // counted 302 nodes against 303).
  const auto withoutTime = [](const std::vector<std::string>& lines) {
    const std::string& info = lines.at(lines.size() - 2);
    const size_t at = info.find(" time "), end = info.find(' ', at + 6);
    return info.substr(0, at) + info.substr(end);
  };
  ASSERT_GE(first.size(), 2u);
  ASSERT_GE(again.size(), 2u);
  EXPECT_EQ(withoutTime(again), withoutTime(first));
  EXPECT_EQ(lastScore(again), lastScore(first));
  EXPECT_EQ(engine.quit(), 0);
}

TEST(PlayUci, MovetimeAndClockAnswerWithALegalMove) {
  Engine engine;
  const std::vector<std::string> legal = amazonsMoveTexts(testing::standardStart());
  engine.send("position startpos");
  std::vector<std::string> lines;
  EXPECT_TRUE(contains(legal, engine.go("go movetime 200", &lines)));
  EXPECT_TRUE(std::any_of(lines.begin(), lines.end(), [](const std::string& l) {
    return startsWith(l, "info depth ") && l.find(" nodes ") != std::string::npos && l.find(" time ") != std::string::npos &&
           l.find(" pv ") != std::string::npos;
  }));
  EXPECT_TRUE(contains(legal, engine.go("go wtime 3000 btime 3000 winc 0 binc 0")));
  // Black's clock for Black to move
  engine.send("position startpos moves " + legal.front());
  Board afterFirst = testing::standardStart();
  afterFirst.play(parseLegalMove(afterFirst, legal.front()));
  EXPECT_TRUE(contains(amazonsMoveTexts(afterFirst), engine.go("go wtime 1 btime 2000 binc 100")));
  EXPECT_EQ(engine.quit(), 0);
}

TEST(PlayUci, StopEndsAnInfiniteSearchAtOnce) {
  Engine engine;
  engine.send("position startpos");
  engine.send("go infinite");
  // No answer before stop, however long (here a second); isready is answered meanwhile.
  engine.send("isready");
  const std::vector<std::string> meanwhile = engine.until("readyok");
  EXPECT_FALSE(meanwhile.empty());
  EXPECT_TRUE(engine.until("bestmove", milliseconds(1000)).empty());
  const Clock::time_point stop = Clock::now();
  engine.send("stop");
  const std::vector<std::string> lines = engine.until("bestmove ");
  ASSERT_FALSE(lines.empty());
  // The answer waits for no analysis; the bound is for a loaded machine, the answer typically
  // comes within milliseconds.
  EXPECT_LT(Clock::now() - stop, milliseconds(3000 * testing::kSlowdown));
  EXPECT_TRUE(contains(amazonsMoveTexts(testing::standardStart()), lines.back().substr(9)));
  // The engine goes on: another search, then quit while one runs also answers and exits.
  engine.send("go infinite");
  EXPECT_EQ(engine.quit(), 0);
}

TEST(PlayUci, ClobberStartposAndMovesFromTheOptionsVariant) {
  Engine engine;
  engine.send("setoption name UCI_Variant value clobber");
  testing::Grid grid = testing::clobberStart(5, 6);  // Fairy-Stockfish's: Black on a1, White moves
  std::vector<testing::NaiveClobberMove> legal = testing::naiveClobberMoves(grid, cgt::Side::Right);
  engine.send("position startpos");
  std::string best = engine.go("go nodes 500");
  EXPECT_TRUE(std::any_of(legal.begin(), legal.end(), [&](const auto& m) { return m.text == best; })) << best;
  // Two plies on, Black's reply must be Black's.
  const std::string first = legal.front().text;
  grid = legal.front().after;
  const std::vector<testing::NaiveClobberMove> replies = testing::naiveClobberMoves(grid, cgt::Side::Left);
  grid = replies.back().after;
  engine.send("position startpos moves " + first + " " + replies.back().text);
  legal = testing::naiveClobberMoves(grid, cgt::Side::Right);
  best = engine.go("go movetime 100");
  EXPECT_TRUE(std::any_of(legal.begin(), legal.end(), [&](const auto& m) { return m.text == best; })) << best;
  EXPECT_EQ(engine.quit(), 0);
}

// Small random Amazons endgames: the side to move's winner from the whole-board minimax, on
// boards of at most kOracleEmpty empty squares (11 took it 1.5 s; one of 12 or more, minutes).
constexpr int kOracleEmpty = 10;
TEST(PlayUci, SettledAmazonsEndgamesGetAMateScoreOfTheWinnersSignAndAWinningMove) {
  Engine engine({"--hash", "16"});
  std::mt19937_64 rng(2067);
  int wins = 0, losses = 0;
  for (int i = 0; i < 24; ++i) {
    Board board = testing::randomBoard(rng, 5, 4, 1 + static_cast<int>(rng() % 2), 1 + static_cast<int>(rng() % 2), 0.45);
    if (!board.hasMove(board.sideToMove()) || board.emptyCount() > kOracleEmpty) continue;
    const bool moverWins = *WholeBoardSearch().moverWins(board);
    const std::string fen = fenOf(board);
    SCOPED_TRACE(fen);
    engine.send("position fen " + fen);
    std::vector<std::string> lines;
    const std::string best = engine.go("go movetime 20000", &lines);
    const std::string score = lastScore(lines);
    ASSERT_TRUE(startsWith(score, "mate ")) << score;
    EXPECT_EQ(score[5] != '-', moverWins) << score;
    ASSERT_TRUE(contains(amazonsMoveTexts(board), best)) << best;
    if (moverWins) {
      EXPECT_TRUE(testing::winsByTheOracle(board, board.sideToMove(), parseLegalMove(board, best))) << best;
      ++wins;
    } else {
      ++losses;
    }
    // N bounds the mover's moves to the end: every move fills an empty square.
    const int n = std::abs(std::stoi(score.substr(5)));
    EXPECT_GE(n, 1);
    EXPECT_LE(n, (board.emptyCount() + 1) / 2);
  }
  EXPECT_GT(wins, 0);
  EXPECT_GT(losses, 0);
  EXPECT_EQ(engine.quit(), 0);
}

TEST(PlayUci, SettledClobberEndgamesGetAMateScoreOfTheWinnersSignAndAWinningMove) {
  Engine engine({"--game", "clobber", "--hash", "16"});
  std::mt19937_64 rng(3067);
  int wins = 0, losses = 0;
  for (int i = 0; i < 16; ++i) {
    const testing::Grid grid = testing::randomClobberGrid(rng, 4, 4, 0.3);
    const cgt::Side mover = rng() % 2 ? cgt::Side::Left : cgt::Side::Right;
    const std::vector<testing::NaiveClobberMove> legal = testing::naiveClobberMoves(grid, mover);
    if (legal.empty()) continue;
    const bool moverWins = testing::naiveClobberMoverWins(grid, mover);
    const std::string fen = clobberFen(grid, mover);
    SCOPED_TRACE(fen);
    engine.send("position fen " + fen);
    std::vector<std::string> lines;
    const std::string best = engine.go("go nodes 1000000", &lines);
    const std::string score = lastScore(lines);
    ASSERT_TRUE(startsWith(score, "mate ")) << score;
    EXPECT_EQ(score[5] != '-', moverWins) << score;
    const auto played = std::find_if(legal.begin(), legal.end(), [&](const auto& m) { return m.text == best; });
    ASSERT_NE(played, legal.end()) << best;
    if (moverWins) {
      EXPECT_FALSE(testing::naiveClobberMoverWins(played->after, core::opposite(mover))) << best;
      ++wins;
    } else {
      ++losses;
    }
  }
  EXPECT_GT(wins, 0);
  EXPECT_GT(losses, 0);
  EXPECT_EQ(engine.quit(), 0);
}

TEST(PlayUci, ASideWithNoMoveIsMatedAndAnswersNone) {
  Engine engine;
  // White's amazon walled in on a1; Black's free: White to move has no move.
  engine.send("position fen Q*3/**3/5/5/4q w - - 0 1");
  std::vector<std::string> lines;
  EXPECT_EQ(engine.go("go movetime 100", &lines), "(none)");
  EXPECT_EQ(lastScore(lines), "mate 0");
  engine.send("setoption name UCI_Variant value clobber");
  engine.send("position fen pp/PP b 0 1");  // stones of both colours side by side: Black has moves
  EXPECT_NE(engine.go("go nodes 100"), "(none)");
  engine.send("position fen p1/1P b 0 1");  // only diagonal neighbours: none
  EXPECT_EQ(engine.go("go nodes 100", &lines), "(none)");
  EXPECT_EQ(lastScore(lines), "mate 0");
  EXPECT_EQ(engine.quit(), 0);
}

TEST(PlayUci, BadInputIsReportedAndLeavesThePositionAsItWas) {
  Engine engine;
  Board board = testing::standardStart();
  const std::string first = amazonsMoveTexts(board).front();
  board.play(parseLegalMove(board, first));
  engine.send("position startpos moves " + first);
  for (const std::string bad : {"position fen 3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q4 w - - 0 1", "position startpos moves d1d7,d7d1 z9z9",
                                "position startpos moves d1d7", "position fen", "position sideways", "go movetime abc",
                                "setoption name Hash value lots", "setoption name UCI_Variant value chess", "setoption name Nonesuch value 1"}) {
    engine.send(bad);
    EXPECT_FALSE(engine.until("info string ").empty()) << "no info string after '" << bad << "'";
  }
  // An illegal move names its line and column (the first command is line 1, this one line 11; its second character is wrong).
  engine.send("position startpos moves d1d7,d7d1 zz");
  const std::vector<std::string> located = engine.until("info string ");
  ASSERT_FALSE(located.empty());
  EXPECT_TRUE(startsWith(located.back(), "info string <stdin>:11:36: error: ")) << located.back();
  // Lines that are no command, a very long one and bytes that are no text: ignored or reported.
  engine.send("frobnicate the engine");
  engine.send(std::string(100000, 'x'));
  engine.send(std::string("\x01\x02position \xff\xfe fen \x80", 17));
  engine.send("go nodes");
  engine.expectReady();
  // The position is still the one after the first move: Black moves.
  EXPECT_TRUE(contains(amazonsMoveTexts(board), engine.go("go nodes 50")));
  engine.send("go infinite");
  engine.send("go nodes 5");  // refused while a search runs
  EXPECT_FALSE(engine.until("info string ignored: 'go' while a search without a limit runs").empty());
  engine.send("stop");
  EXPECT_FALSE(engine.until("bestmove ").empty());
  EXPECT_EQ(engine.quit(), 0);
}

TEST(PlayUci, TheEndOfTheInputEndsTheEngine) {
  ChildProcess engine({testing::cliPath(), "play", "uci"});
  ASSERT_TRUE(engine.send("position startpos\ngo infinite\n"));
  EXPECT_EQ(engine.finish(), 0);
}

}  // namespace
}  // namespace amazons
