// amazons-solve referee: a local CodinGame Amazons referee. Two players (shell commands, or
// `random`) play games from random point-symmetric starts, swapping colours each game as
// CodinGame does; an illegal or unreadable answer, or one later than the turn allows, loses.
#include <boost/program_options.hpp>
#include <chrono>
#include <iostream>
#include <memory>
#include <random>
#include <string>
#include <variant>

#include "solver/amazons/endgames.h"
#include "solver/amazons/formats.h"
#include "solver/amazons/notation.h"
#include "solver/cli/cli.h"
#include "solver/cli/cli_common.h"
#include "solver/core/child_process.h"
#include "solver/core/errors.h"

namespace amazons::cli {
namespace {

namespace po = boost::program_options;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

struct Limits {
  milliseconds turn, firstTurn;
};

// One side of a game: a child process speaking the protocol, or the built-in random player.
class Player {
 public:
  Player(const std::string& command, std::mt19937_64& rng) : rng_(rng) {
    if (command != "random") process_ = std::make_unique<ChildProcess>(std::vector<std::string>{"/bin/sh", "-c", command});
  }

  // The player's action for `board` (its side to move), or why it has none: "timeout",
  // "illegal action ...". `slowest` keeps the longest answer after the first.
  std::variant<Move, std::string> answer(const Board& board, const std::string& lastAction, const Limits& limits,
                                         milliseconds& slowest) {
    if (!process_) {
      const std::vector<Move> moves = board.legalMoves();
      return moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng_)];
    }
    std::string input = first_ ? std::to_string(board.width()) + "\n" : "";
    const std::string grid = writePosition(board, Format::Grid);
    input += board.sideToMove() == Color::White ? "w\n" : "b\n";
    input += grid.substr(grid.find('\n') + 1) + lastAction + "\n" + std::to_string(board.countMoves()) + "\n";
    const milliseconds limit = first_ ? limits.firstTurn : limits.turn;
    const Clock::time_point sent = Clock::now();
    // A player that wrote its answer and closed its input before the referee wrote there (a
    // shell one-liner such as "echo a1a2a3") still answered: its line is read either way.
    const bool delivered = process_->send(input);
    const std::optional<std::string> line = process_->readLine(limit);
    if (!line && !delivered) return std::string("stopped reading");
    const auto took = std::chrono::duration_cast<milliseconds>(Clock::now() - sent);
    if (!first_) slowest = std::max(slowest, took);
    first_ = false;
    if (!line) return "no answer within " + std::to_string(limit.count()) + " ms";
    const std::string action = line->substr(0, line->find(" msg "));
    try {
      return parseLegalMove(board, action);
    } catch (const InputError& e) {
      return "illegal action '" + action + "': " + e.what();
    }
  }

 private:
  std::mt19937_64& rng_;
  std::unique_ptr<ChildProcess> process_;
  bool first_ = true;
};

int runReferee(const std::vector<std::string>& args) {
  po::options_description visible(
      "amazons-solve referee PLAYER1 PLAYER2 [options]: a local CodinGame Amazons referee; a player is a shell command "
      "(e.g. \"amazons-solve play codingame\") or random");
  visible.add_options()("help,h", "show this help");
  // Milliseconds: at least 1, at most a day.
  constexpr Range<int64_t> kMilliseconds{1, 86400000};
  addRanged<int64_t>(visible, "games", 2, {0, 1000000}, "games to play; PLAYER1 is White in the odd ones");
  addRanged<uint64_t>(visible, "seed", 1, kNodesRange, "the random starts (and the random player)");
  // A start needs room for four amazons a side on two ranks each side.
  addRanged<int64_t>(visible, "size", 8, {4, kMaxSide}, "board size (CodinGame: 8)");
  addRanged<int64_t>(visible, "turn-ms", 100, kMilliseconds, "time allowed for an answer");
  addRanged<int64_t>(visible, "first-turn-ms", 1000, kMilliseconds, "time allowed for a player's first answer");
  po::options_description hidden;
  hidden.add_options()("player", po::value<std::vector<std::string>>());
  po::positional_options_description positional;
  positional.add("player", 2);
  po::variables_map vm;
  std::string usage;
  if (const auto done = parseOptions("referee", args, visible, vm, usage, hidden, positional)) return *done;
  if (!vm.count("player") || vm["player"].as<std::vector<std::string>>().size() != 2)
    return usageError("referee", "give two players", usage);
  const std::vector<std::string> players = vm["player"].as<std::vector<std::string>>();
  const int size = static_cast<int>(ranged<int64_t>(vm, "size"));
  const Limits limits{milliseconds(ranged<int64_t>(vm, "turn-ms")), milliseconds(ranged<int64_t>(vm, "first-turn-ms"))};
  std::mt19937_64 rng(ranged<uint64_t>(vm, "seed"));
  int wins[2] = {0, 0};
  const int64_t games = ranged<int64_t>(vm, "games");
  for (int64_t game = 0; game < games; ++game) {
    Board board = randomSymmetricStart(rng, size, size, 4);
    const int white = game % 2;  // index of the player with White
    Player whitePlayer(players[white], rng), blackPlayer(players[1 - white], rng);
    std::string lastAction = "null", end;
    int moves = 0;
    milliseconds slowest{0};
    for (;;) {
      const Color mover = board.sideToMove();
      if (!board.hasMove(mover)) {
        end = std::string(colorName(mover)) + " has no move";
        break;
      }
      auto answer = (mover == Color::White ? whitePlayer : blackPlayer).answer(board, lastAction, limits, slowest);
      if (const std::string* why = std::get_if<std::string>(&answer)) {
        end = std::string(colorName(mover)) + " loses: " + *why;
        break;
      }
      const Move m = std::get<Move>(answer);
      lastAction = formatMove(board, m, Notation::CodinGame);
      board.play(m);
      ++moves;
    }
    const Color winner = opposite(board.sideToMove());
    const int winnerIndex = winner == Color::White ? white : 1 - white;
    ++wins[winnerIndex];
    std::cout << "game " << game + 1 << ": White " << players[white] << ", Black " << players[1 - white] << ": "
              << colorName(winner) << " (player " << winnerIndex + 1 << ") wins after " << moves << " moves; " << end
              << "; slowest answer after the first " << slowest.count() << " ms" << std::endl;
  }
  std::cout << "player 1 (" << players[0] << ") " << wins[0] << ", player 2 (" << players[1] << ") " << wins[1] << "\n";
  return 0;
}

const Registrar registrar({"referee", "a local CodinGame referee: two bots (or random) play games", &runReferee});

}  // namespace
}  // namespace amazons::cli
