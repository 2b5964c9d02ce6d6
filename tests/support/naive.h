// Deliberately naive twins of the fast code, used as test oracles.
#pragma once
#include <cstdint>
#include <random>
#include <vector>

#include "solver/board.h"

namespace amazons::testing {

// Every legal (from, to, arrow) of colour c, by walking the 8 rays square by square on a copy
// of the cells; sorted.
std::vector<Move> naiveMoves(const Board& board, Color c);

// Perft by full make/unmake of naive moves (no bulk counting).
uint64_t naivePerft(Board& board, int depth);

// A random position: each square an arrow with probability arrowRate, then the given
// numbers of amazons on random empty squares; side to move random.
Board randomBoard(std::mt19937_64& rng, int width, int height, int blacks, int whites, double arrowRate);

// The standard 10x10 start written out by hand (CS61B, KNOWN-RESULTS): White d1 g1 a4 j4,
// Black a7 j7 d10 g10; White moves first.
Board standardStart();

}  // namespace amazons::testing
