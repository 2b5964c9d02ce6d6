// Deliberately naive Clobber, straight from the rules, as a test oracle: boards are rows of
// characters, top rank first ('x' Black = Left, 'o' White = Right, '.' empty).
#pragma once
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "cgt/cgt.h"

namespace amazons::testing {

using Grid = std::vector<std::string>;

struct NaiveClobberMove {
  std::string text;  // "e2e3"
  Grid after;
};

// Every move of `side`: each of its stones onto each of the 4 neighbours holding the other colour.
std::vector<NaiveClobberMove> naiveClobberMoves(const Grid& grid, cgt::Side side);

// Whole-board minimax (no splitting, no values), memoised by the exact grid and the mover.
bool naiveClobberMoverWins(const Grid& grid, cgt::Side mover);

// The canonical form from the definition: {values of Black's options | of White's}, no
// splitting, no symmetry, memoised by the exact grid.
cgt::GameId naiveClobberValue(const Grid& grid);

// Perft by playing every move on a copy.
uint64_t naiveClobberPerft(const Grid& grid, cgt::Side mover, int depth);

// Each square empty with probability emptyRate, else Black or White with even odds.
Grid randomClobberGrid(std::mt19937_64& rng, int width, int height, double emptyRate);

// The start: every square a stone, Black on the dark squares (a1 is dark, as on a chess board).
Grid clobberStart(int width, int height);

std::string oneLine(const Grid& grid);  // rows joined by '|'

}  // namespace amazons::testing
