// `amazons-solve reach --game yinsh`: how far from the end of a game the exact solver settles
// every position (issue 65, Must 6). The bot plays itself without a clock (Bot::chooseFixed:
// the same games every run); each game is walked back from its end, one ply at a time, each
// position solved by a fresh solver under the time limit, until one is unknown. A game's reach
// is the plies before the end of the last position of that unbroken run, with the pool (51
// less the markers on the board) there; the summary is the median over games.
#include <boost/program_options.hpp>

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <sstream>
#include <string>
#include <vector>

#include "solver/cli/cli.h"
#include "solver/cli/cli_common.h"
#include "solver/yinsh/bot.h"
#include "solver/yinsh/formats.h"
#include "solver/yinsh/notation.h"
#include "solver/yinsh/solver.h"

namespace amazons::cli {
namespace {

namespace po = boost::program_options;
using yinsh::Color;
using namespace yinsh;

// The bot's budget a turn, fixed so the games are the same on any machine: the exact solver up to
// this many positions, then a search this deep (in a contest turn's 90 ms the bot searches 3 or 4
// turns deep in the middle game).
constexpr uint64_t kBotExactNodes = 20000;
constexpr int kBotDepth = 3;

// The positions of a game the bot plays against itself, from the empty board to the end; White's
// bot is seeded 2 * seed, Black's 2 * seed + 1.
std::vector<Position> botGame(uint64_t seed, const Rules& rules) {
  Bot white(BotOptions{rules, 2 * seed, 8}), black(BotOptions{rules, 2 * seed + 1, 8});
  std::vector<Position> game{Position{}};
  while (!finalResult(game.back(), rules)) {
    Bot& bot = game.back().toMove == Color::White ? white : black;
    game.push_back(parseTurn(game.back(), rules, formatTurn(bot.chooseFixed(game.back(), kBotExactNodes, kBotDepth).turn)).after);
  }
  return game;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int runReach(const std::vector<std::string>& args) {
  po::options_description visible(
      "usage: amazons-solve reach --game yinsh [options]\n"
      "Games of the bot against itself (solver " +
      std::to_string(kBotExactNodes) + " positions, then a search " + std::to_string(kBotDepth) +
      " turns deep, no clock), each walked back from its end until a position is unknown within the time limit: a game's "
      "reach is the plies before the end solved without a break, with the marker pool there; then the medians.\n"
      "Options");
  visible.add_options()("help,h", "show this help");
  addRanged<int64_t>(visible, "games", 10, {1, 100000}, "games to play");
  addRanged<uint64_t>(visible, "seed", 1, kNodesRange, "the first game's seed (game i: seed + i - 1)");
  addRanged<double>(visible, "time-limit", 5, kSecondsRange, "seconds per position; 0 = none");
  addRanged<int64_t>(visible, "threads", 1, kThreadsRange, "threads searching each position (0: all cores)");
  addRanged<int64_t>(visible, "hash", 512, kHashRange, "table memory in MB per position");
  po::variables_map vm;
  std::string usage;
  if (const auto done = parseOptions("reach", args, visible, vm, usage)) return *done;
  const Rules rules;
  const auto games = ranged<int64_t>(vm, "games");
  const auto seed = ranged<uint64_t>(vm, "seed");
  std::vector<double> reaches, pools;
  for (int64_t g = 0; g < games; ++g) {
    const auto start = std::chrono::steady_clock::now();
    const std::vector<Position> game = botGame(seed + g, rules);
    const auto played = std::chrono::steady_clock::now();
    const int end = static_cast<int>(game.size()) - 1;  // game[end] is over
    int back = 0;
    double solvedSeconds = 0;
    std::string verdict = "over";  // at the reach: the result for the side to move
    std::ostringstream line;
    line << std::fixed << std::setprecision(1);
    const Position& last = game[end];
    line << "game " << g + 1 << " (seed " << seed + g << "): " << end << " plies, rings removed " << last.removed(Color::White) << "-"
         << last.removed(Color::Black) << (last.markerCount() == kMarkers ? " (pool empty)" : "") << ", played in "
         << std::chrono::duration<double>(played - start).count() << " s; ";
    std::string unknown = "none (every position after the placement solved)";
    for (int b = 1; b <= end; ++b) {
      const Position& p = game[end - b];
      // (the solver is not asked about ring placements: no game is settled that early)
      if (p.placement) break;
      SolveOptions options;
      options.rules = rules;
      options.deadline = Deadline::after(ranged<double>(vm, "time-limit"));
      options.hashBytes = static_cast<size_t>(ranged<int64_t>(vm, "hash")) << 20;
      options.threads = threadCount(vm);
      const Solution s = Solver(options).solve(p);
      if (!s.result) {
        std::ostringstream text;
        text << "pool " << kMarkers - p.markerCount() << ", rings removed " << p.removed(Color::White) << "-" << p.removed(Color::Black)
             << ", " << std::fixed << std::setprecision(1) << s.seconds << " s: "
             << formatOneLine(p) << " ; " << (p.toMove == Color::White ? "w" : "b");
        unknown = text.str();
        break;
      }
      solvedSeconds += s.seconds;
      back = b;
      verdict = std::string(resultName(*s.result)) + " for " + colorName(p.toMove) + (s.plies ? " in " + std::to_string(*s.plies) : "");
    }
    const int pool = kMarkers - game[end - back].markerCount();
    line << "reach " << back << " plies, pool " << pool << " (" << verdict << "); " << back << " positions solved in " << solvedSeconds
         << " s; next unknown: " << unknown << "\n";
    writeWhole(line.str());
    reaches.push_back(back);
    pools.push_back(pool);
  }
  std::ostringstream summary;
  summary << "median reach: " << median(reaches) << " plies, pool " << median(pools) << " (" << games << " games)\n";
  writeWhole(summary.str());
  return 0;
}

const Registrar reachCommand({"yinsh:reach", "how many plies before the end of the bot's games the solver settles every position",
                              &runReach});

}  // namespace
}  // namespace amazons::cli
