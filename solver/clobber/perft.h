// Perft for Clobber: the number of move sequences of a given length from a whole board (no
// splitting into groups), a check of the move generator against the naive twin in tests.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "solver/clobber/clobber.h"

namespace amazons::clobber {

uint64_t perft(const Region& board, cgt::Side mover, int depth);
// The count below each legal move of `mover`, in Clobber::moves' order (depth >= 1).
std::vector<std::pair<Move, uint64_t>> perftDivide(const Region& board, cgt::Side mover, int depth);

}  // namespace amazons::clobber
