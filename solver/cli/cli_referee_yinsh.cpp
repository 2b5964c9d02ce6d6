// amazons-solve referee --game yinsh: a local CodinGame Yinsh referee, as MultiStruct/Yinsh's
// Referee.java runs a game. Each player first gets its id (1 White, 2 Black) and answers `no`
// (no list of legal actions) or anything else (the list); then per turn "11", the board's 11
// lines in its view (R/S its ring/marker, r/s the opponent's), the action count and the actions.
// As CodinGame's referee, a player that answered `no` gets 0 for the count but the action lines
// still (Referee.sendInputs). An answer is one line, "ACTION" or "ACTION MSG text"; the action's
// whitespace goes, one ';' at its end too, and it must be a whole turn (CodinGame's referee lets
// a turn that stops before a row's removal pass and leaves the row standing; here it loses).
// An illegal or late answer loses, as does a side with no legal action; the game ends when a
// side has removed 3 rings or the turn that leaves 51 markers (more rings removed wins, equal
// is a draw). CodinGame's cap of 200 frames never binds: a game has at most 10 placements, 76
// moves and 5 removals.
#include <boost/program_options.hpp>
#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <iostream>
#include <memory>
#include <random>
#include <string>
#include <variant>
#include <vector>

#include "solver/cli/cli.h"
#include "solver/cli/cli_common.h"
#include "solver/core/child_process.h"
#include "solver/core/errors.h"
#include "solver/yinsh/formats.h"
#include "solver/yinsh/notation.h"

namespace amazons::cli {
namespace {

namespace po = boost::program_options;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;
using namespace yinsh;
using yinsh::Color;  // (not Amazons')
using yinsh::Position;

struct Limits {
  milliseconds turn, firstTurn;
};

const Rules kRules{};  // CodinGame's: three rings removed win

std::string title(Color c) { return c == Color::White ? "White" : "Black"; }

// The action of an answer line as CodinGame's referee reads it: the text before "MSG", without
// whitespace, without one ';' at the end.
std::string actionOf(const std::string& line) {
  std::string action;
  for (char c : line.substr(0, line.find("MSG")))
    if (!std::isspace(static_cast<unsigned char>(c))) action += c;
  if (!action.empty() && action.back() == ';') action.pop_back();
  return action;
}

// The greedy player's view of a turn: rings removed (its own, less the opponent's), then its
// markers on the board.
std::pair<int, int> greedyValue(const Position& after, Color me) {
  return {after.removed(me) - after.removed(opponent(me)), popcount(after.markers[index(me)])};
}

// One side of a game: a child process speaking the protocol, or a built-in player (`random`:
// a legal action at random; `greedy`: the action best by greedyValue, ties at random).
class Player {
 public:
  Player(const std::string& command, std::mt19937_64& rng) : command_(command), rng_(rng) {
    if (command != "random" && command != "greedy")
      process_ = std::make_unique<ChildProcess>(std::vector<std::string>{"/bin/sh", "-c", command});
  }

  // The first turn: the player's id, answered within the first turn's time. Why it loses, or "".
  std::string handshake(Color side, const Limits& limits) {
    if (!process_) return "";
    const bool delivered = process_->send(side == Color::White ? "1\n" : "2\n");
    const std::optional<std::string> line = process_->readLine(limits.firstTurn);
    if (!line) return delivered ? "no answer to its id within " + std::to_string(limits.firstTurn.count()) + " ms" : "stopped reading";
    wantsActions_ = *line != "no";
    return "";
  }

  // The player's turn among `turns` (those of p, none empty), or why it loses. `times` gets
  // how long the answer took.
  std::variant<const TurnAndPosition*, std::string> answer(const Position& p, const std::vector<TurnAndPosition>& turns,
                                                            const Limits& limits, std::vector<milliseconds>& times) {
    if (!process_) {
      if (command_ == "random") return &turns[std::uniform_int_distribution<size_t>(0, turns.size() - 1)(rng_)];
      std::vector<const TurnAndPosition*> best;
      for (const TurnAndPosition& t : turns) {
        if (!best.empty() && greedyValue(t.after, p.toMove) < greedyValue(best[0]->after, p.toMove)) continue;
        if (!best.empty() && greedyValue(best[0]->after, p.toMove) < greedyValue(t.after, p.toMove)) best.clear();
        best.push_back(&t);
      }
      return best[std::uniform_int_distribution<size_t>(0, best.size() - 1)(rng_)];
    }
    std::string input = "11\n" + formatLines(p, p.toMove) + (wantsActions_ ? std::to_string(turns.size()) : "0") + "\n";
    for (const TurnAndPosition& t : turns) input += formatTurn(t.turn) + "\n";
    const Clock::time_point sent = Clock::now();
    // A player that wrote its answer and closed its input before the referee wrote there still
    // answered: its line is read either way.
    const bool delivered = process_->send(input);
    const std::optional<std::string> line = process_->readLine(limits.turn);
    if (!line && !delivered) return std::string("stopped reading");
    times.push_back(std::chrono::duration_cast<milliseconds>(Clock::now() - sent));
    if (!line) return "no answer within " + std::to_string(limits.turn.count()) + " ms";
    const std::string action = actionOf(*line);
    try {
      const TurnAndPosition played = parseTurn(p, kRules, action);
      return &*std::find_if(turns.begin(), turns.end(), [&](const TurnAndPosition& t) { return t.turn == played.turn; });
    } catch (const InputError& e) {
      return "illegal action '" + action + "': " + e.what();
    }
  }

 private:
  std::string command_;
  std::mt19937_64& rng_;
  std::unique_ptr<ChildProcess> process_;
  bool wantsActions_ = true;
};

std::string timesText(std::vector<milliseconds> times) {
  if (times.empty()) return "no answers timed";
  std::sort(times.begin(), times.end());
  return "answers: median " + std::to_string(times[times.size() / 2].count()) + " ms, slowest " + std::to_string(times.back().count()) + " ms";
}

struct GameRecord {
  std::optional<Color> winner;  // none: a draw
  std::string end, actions;     // how it ended; the actions played
  int turns = 0;
};

// One game from the empty board, sides[0] White; times[c] gets side c's answer times.
GameRecord playGame(std::array<Player, 2>& sides, const Limits& limits, const std::array<std::vector<milliseconds>*, 2>& times) {
  GameRecord g;
  const auto lose = [&](Color c, const std::string& why) {
    g.winner = opponent(c);
    g.end = title(c) + (" " + why);
    return g;
  };
  for (Color c : {Color::White, Color::Black})
    if (const std::string why = sides[index(c)].handshake(c, limits); !why.empty()) return lose(c, "loses: " + why);
  Position p;
  std::vector<TurnAndPosition> turns;
  for (;; ++g.turns) {
    if (const auto over = gameOver(p, kRules)) {
      if (*over != Result::Draw) g.winner = *over == Result::Win ? p.toMove : opponent(p.toMove);
      g.end = p.markerCount() >= kMarkers ? "the pool is empty; rings removed: White " + std::to_string(p.removed(Color::White)) + ", Black " +
                                                std::to_string(p.removed(Color::Black))
                                          : title(opponent(p.toMove)) + (" has removed " + std::to_string(kRules.ringsToWin) + " rings");
      return g;
    }
    generateTurns(p, kRules, turns);
    if (turns.empty()) return lose(p.toMove, "has no legal action");
    const auto answer = sides[index(p.toMove)].answer(p, turns, limits, *times[index(p.toMove)]);
    if (const std::string* why = std::get_if<std::string>(&answer)) return lose(p.toMove, "loses: " + *why);
    const TurnAndPosition& played = *std::get<const TurnAndPosition*>(answer);
    if (!g.actions.empty()) g.actions += ' ';
    g.actions += formatTurn(played.turn);
    p = played.after;
  }
}

int runYinshReferee(const std::vector<std::string>& args) {
  po::options_description visible(
      "amazons-solve referee --game yinsh PLAYER1 PLAYER2 [options]: a local CodinGame Yinsh referee; a player is a shell command "
      "(e.g. \"amazons-solve play codingame --game yinsh\"), random or greedy (the action removing most rings, then leaving most of its "
      "markers)");
  visible.add_options()("help,h", "show this help")("quiet", "no actions, only each game's result");
  // Milliseconds: at least 1, at most a day.
  constexpr Range<int64_t> kMilliseconds{1, 86400000};
  addRanged<int64_t>(visible, "games", 2, {0, 1000000}, "games to play; PLAYER1 is White in the odd ones");
  addRanged<uint64_t>(visible, "seed", 1, kNodesRange, "the random and greedy players' choices");
  addRanged<int64_t>(visible, "turn-ms", 100, kMilliseconds, "time allowed for an answer");
  addRanged<int64_t>(visible, "first-turn-ms", 1000, kMilliseconds, "time allowed for the first answer (to the player's id)");
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
  const Limits limits{milliseconds(ranged<int64_t>(vm, "turn-ms")), milliseconds(ranged<int64_t>(vm, "first-turn-ms"))};
  const bool quiet = vm.count("quiet") > 0;
  std::mt19937_64 rng(ranged<uint64_t>(vm, "seed"));
  int wins[2] = {0, 0}, draws = 0;
  std::vector<milliseconds> times[2];  // by player
  const int64_t games = ranged<int64_t>(vm, "games");
  for (int64_t game = 0; game < games; ++game) {
    const int white = game % 2;  // index of the player with White
    const int playerOf[2] = {white, 1 - white};  // by colour
    std::array<Player, 2> sides{Player(players[white], rng), Player(players[1 - white], rng)};
    const GameRecord g = playGame(sides, limits, {&times[white], &times[1 - white]});
    std::cout << "game " << game + 1 << ": White " << players[white] << ", Black " << players[1 - white] << ": ";
    if (g.winner) {
      ++wins[playerOf[index(*g.winner)]];
      std::cout << title(*g.winner) << " (player " << playerOf[index(*g.winner)] + 1 << ") wins";
    } else {
      ++draws;
      std::cout << "draw";
    }
    std::cout << " after " << g.turns << " turns; " << g.end << "\n";
    if (!quiet) std::cout << "  " << g.actions << "\n";
    std::cout << std::flush;
  }
  std::cout << "player 1 (" << players[0] << ") " << wins[0] << " wins, " << timesText(times[0]) << "; player 2 (" << players[1] << ") " << wins[1]
            << " wins, " << timesText(times[1]) << "; draws " << draws << "\n";
  return 0;
}

const Registrar registrar({"yinsh:referee", "a local CodinGame Yinsh referee: two bots (or random, greedy) play games", &runYinshReferee});

}  // namespace
}  // namespace amazons::cli
