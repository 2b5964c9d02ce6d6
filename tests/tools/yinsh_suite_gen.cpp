// Writes positions/yinsh/endgames.txt: Yinsh endgames labelled by the naive twin
// (tests/support/yinsh_naive.h: plain minimax written from the rules, no code shared with
// solver/yinsh/), so the suite checks the exact solver against an independent answer.
//
// Positions are taken 1 to 6 plies before the end of (a) uniformly random games and (b) games
// the bot finishes against itself without a clock (Bot::chooseFixed: deterministic) from a
// random game's position with a pool of 9, each from a fixed seed; one is kept when its whole
// game tree is small enough for the twin's full minimax (kTreeCap positions) and it was not met
// before. No clock is read: the output depends only on this file and the rules' and the bot's
// code (the labels on the rules' alone).
//
// Usage: build/yinsh_suite_gen > positions/yinsh/endgames.txt
#include <iostream>
#include <random>
#include <sstream>
#include <set>
#include <string>
#include <vector>

#include "solver/yinsh/bot.h"
#include "solver/yinsh/formats.h"
#include "solver/yinsh/notation.h"
#include "tests/support/yinsh_naive.h"

namespace {

using namespace amazons::yinsh;

constexpr uint64_t kTreeCap = 100000;  // the twin then takes 0.6 s at most; the whole suite about 10 s
constexpr int kBackMost = 6;           // plies before the end
constexpr int kRandomGames = 160;
constexpr int kBotGames = 320;
// The bot's budget: the solver up to this many positions, then a search this deep.
constexpr uint64_t kBotExactNodes = 20000;
constexpr int kBotDepth = 2;
constexpr int kBotFrom = 42;  // markers on the board when the bot takes over (a pool of 9)

// The positions of the whole game tree below p, counted up to `cap` (past it: cap).
uint64_t treeSize(const Position& p, const Rules& rules, uint64_t cap) {
  uint64_t size = 1;
  for (const TurnAndPosition& t : legalTurns(p, rules)) {
    if (size >= cap) return cap;
    size += treeSize(t.after, rules, cap - size);
  }
  return size;
}

std::vector<Position> randomGame(uint64_t seed, const Rules& rules) {
  std::mt19937_64 rng(seed);
  std::vector<Position> game{Position{}};
  for (;;) {
    const std::vector<TurnAndPosition> turns = legalTurns(game.back(), rules);
    if (turns.empty()) return game;
    game.push_back(turns[std::uniform_int_distribution<size_t>(0, turns.size() - 1)(rng)].after);
  }
}

// Random play (seeded 1000 + seed) until kBotFrom markers are on the board, then the bot against
// itself to the end, White's bot seeded 2 * seed, Black's 2 * seed + 1. (The bot's games from the
// empty board end by a third ring with some 20 markers left in the pool, where the whole tree
// below any position is the rest of a middle game: 120 of them gave 3 positions under kTreeCap.)
std::vector<Position> botGame(uint64_t seed, const Rules& rules) {
  std::mt19937_64 rng(1000 + seed);
  Bot white(BotOptions{rules, 2 * seed, 8}), black(BotOptions{rules, 2 * seed + 1, 8});
  std::vector<Position> game{Position{}};
  bool bots = false;  // (and still after a removal takes the markers back under kBotFrom)
  while (!finalResult(game.back(), rules)) {
    const Position& p = game.back();
    bots = bots || (!p.placement && p.markerCount() >= kBotFrom);
    if (!bots) {
      const std::vector<TurnAndPosition> turns = legalTurns(p, rules);
      game.push_back(turns[std::uniform_int_distribution<size_t>(0, turns.size() - 1)(rng)].after);
    } else {
      Bot& bot = p.toMove == Color::White ? white : black;
      game.push_back(parseTurn(p, rules, formatTurn(bot.chooseFixed(p, kBotExactNodes, kBotDepth).turn)).after);
    }
  }
  return game;
}

struct Tally {
  int wins = 0, draws = 0, losses = 0;
};

// The kept positions of `game` as suite lines on `out`.
void emit(const std::vector<Position>& game, const std::string& kind, uint64_t seed, const Rules& rules, std::set<std::string>& seen,
          Tally& tally, std::ostream& out) {
  for (int back = 1; back <= kBackMost && back < static_cast<int>(game.size()); ++back) {
    const size_t ply = game.size() - 1 - back;
    const Position& p = game[ply];
    const std::string board = formatOneLine(p);
    const char side = p.toMove == Color::White ? 'w' : 'b';
    if (!seen.insert(board + side).second || treeSize(p, rules, kTreeCap) >= kTreeCap) continue;
    const yinsh_naive::Outcome o = yinsh_naive::solve({board, side}, rules.ringsToWin);
    out << board << " ; " << side << " ; ";
    switch (o.result) {
      case yinsh_naive::Result::Win: out << "win ; plies=" << o.plies; ++tally.wins; break;
      case yinsh_naive::Result::Draw: out << "draw"; ++tally.draws; break;
      case yinsh_naive::Result::Loss: out << "loss ; plies=" << o.plies; ++tally.losses; break;
    }
    out << " ; game=yinsh ; src=naive-twin " << kind << " seed=" << seed << " ply=" << ply << "\n";
  }
}

std::string counts(const Tally& t) {
  return std::to_string(t.wins + t.draws + t.losses) + " positions (" + std::to_string(t.wins) + " wins, " + std::to_string(t.draws) +
         " draws, " + std::to_string(t.losses) + " losses for the side to move)";
}

}  // namespace

int main() {
  const Rules rules;
  std::set<std::string> seen;
  Tally random, played;
  std::ostringstream lines;
  for (int seed = 1; seed <= kRandomGames; ++seed) emit(randomGame(seed, rules), "random-game", seed, rules, seen, random, lines);
  for (int seed = 1; seed <= kBotGames; ++seed) emit(botGame(seed, rules), "bot-game", seed, rules, seen, played, lines);
  std::cout << "# Yinsh endgames (normal rules: three rings win), 1 to " << kBackMost << " plies before the end of a game,\n"
            << "# each whose whole game tree has under " << kTreeCap << " positions, not met before:\n"
            << "# - " << counts(random) << " from " << kRandomGames << " uniformly random games (src=naive-twin random-game seed=S ply=N);\n"
            << "# - " << counts(played) << " from " << kBotGames << " games played at random (seeded 1000+S) until " << kBotFrom
            << " markers\n#   are on the board, then by the bot against itself (Bot::chooseFixed: solver " << kBotExactNodes
            << " positions, then depth " << kBotDepth << ",\n#   White seeded 2*S, Black 2*S+1; src=naive-twin bot-game seed=S ply=N).\n"
            << "#   The bot's games from the empty board end by a third ring with a pool of about 20, where no tree is small.\n"
               "# ply: the position's index in its game (0: the empty board). Every answer from the naive twin's plain minimax\n"
               "# (tests/support/yinsh_naive.h): the result for the side to move; plies to the end under optimal play, for a win or loss.\n"
               "# Regenerate: build/yinsh_suite_gen > positions/yinsh/endgames.txt (tests/tools/yinsh_suite_gen.cpp).\n"
               "# Checked by tests/yinsh_endgames_test. Format: positions/README.md.\n"
            << lines.str();
}
