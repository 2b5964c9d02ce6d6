// Perft: the number of (move, arrow) sequences of a given length, counted with make/unmake and
// bulk counting at the last ply.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "solver/amazons/board.h"

namespace amazons {

uint64_t perft(Board& board, int depth);

// Perft below each legal move of the side to move ("divide"), in generation order.
std::vector<std::pair<Move, uint64_t>> perftDivide(Board& board, int depth);

}  // namespace amazons
