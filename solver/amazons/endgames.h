// Endgame generator: play random (or greedy) games from a start position until the board has
// broken up into small chambers, and label the positions with the whole-board oracle.
#pragma once
#include <cstdint>
#include <optional>
#include <random>
#include <vector>

#include "solver/amazons/board.h"
#include "solver/amazons/suite.h"

namespace amazons {

// The standard 10x10 start (White d1 g1 a4 j4, Black a7 j7 d10 g10), White to move.
Board standardStart10x10();

// A random point-symmetric start (as CodinGame's 8x8 one): `perSide` White amazons on random
// squares of the lower half, none in a corner, each Black amazon on the point reflection of a
// White one; White to move. Throws std::invalid_argument when they do not fit.
Board randomSymmetricStart(std::mt19937_64& rng, int width, int height, int perSide);

// The start used by `generate`: 10x10 gives the standard start, any other board a random
// symmetric one with `perSide` amazons (0: 4 on boards with both sides >= 8, else 2).
Board startPosition(std::mt19937_64& rng, int width, int height, int perSide = 0);

struct EndgameOptions {
  int maxChamberEmpty = 8;   // stop once every chamber has at most this many empty squares
  int maxTotalEmpty = 0;     // and (when > 0) the live chambers have at most this many in all
  bool greedy = false;       // prefer moves that keep the mover's mobility ahead (sampled)
  int greedySample = 24;     // moves examined per ply when greedy
  int perSide = 0;           // amazons a side for non-10x10 starts (0: default)
};

// Empty squares in chambers some amazon touches (Dead chambers left out).
int liveEmpty(const Board& board);
// The largest count of empty squares in one live chamber (0 when none).
int largestChamber(const Board& board);

// One game from a fresh start: the first position (after at least one move) that meets the
// options' stopping rule, or std::nullopt when the game ends first.
std::optional<Board> playToEndgame(std::mt19937_64& rng, int width, int height, const EndgameOptions& options);

// One whole game from a fresh start, moves chosen as playToEndgame chooses them (its stopping
// rule aside): every position after each move, the last one with no move for the side to move.
std::vector<Board> playWholeGame(std::mt19937_64& rng, int width, int height, const EndgameOptions& options);

struct OracleLabel {
  bool blackToMoveWins;
  bool whiteToMoveWins;
  uint64_t nodes;  // oracle nodes for both sides together
};

// Both verdicts from the whole-board oracle (WholeBoardSearch), or std::nullopt when either
// search passes nodeLimit.
std::optional<OracleLabel> oracleLabel(const Board& board, uint64_t nodeLimit);

// A suite entry for a labelled position: win/loss for its side to move, the class, src=oracle.
SuiteEntry oracleEntry(const Board& board, const OracleLabel& label);

}  // namespace amazons
