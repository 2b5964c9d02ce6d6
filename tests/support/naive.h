// Deliberately naive twins of the fast code, used as test oracles.
#pragma once
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "cgt/cgt.h"
#include "solver/amazons/board.h"

namespace amazons::testing {

// Whether `move` wins for `mover` on `board` by the whole-board oracle (no node limit): it is
// legal there, and the opponent, to move after it, loses.
bool winsByTheOracle(Board board, Color mover, const Move& move);

// Every legal (from, to, arrow) of colour c, by walking the 8 rays square by square on a copy
// of the cells; sorted.
std::vector<Move> naiveMoves(const Board& board, Color c);

// The 8 symmetric images of a board (t = 0..7: bit 0 mirrors files, bit 1 ranks, bit 2
// transposes last), by hand.
std::vector<Board> symmetricImages(const Board& board);

// The canonical form of a whole region straight from the definition: {naive values of Black's
// options | of White's}, the options from naiveMoves, no splitting, no symmetry, memoised by
// the exact cells only. For regions of a few empty squares.
cgt::GameId naiveValue(const Board& region);

// Perft by full make/unmake of naive moves (no bulk counting).
uint64_t naivePerft(Board& board, int depth);

// A random position: each square an arrow with probability arrowRate, then the given
// numbers of amazons on random empty squares; side to move random.
Board randomBoard(std::mt19937_64& rng, int width, int height, int blacks, int whites, double arrowRate);

// A board of three ranks for pending territories: a defective pocket of one amazon (as in
// KNOWN-RESULTS.md) on the left, Black's or, with `whitesPocket`, White's (the colours then
// swapped throughout), joined by one square to a random contested part of 3 or 4 files on
// the right (one or two amazons of the other colour, 5-7 empty squares), so that an arrow
// there walls the pocket off inside a search.
Board pocketBoard(std::mt19937_64& rng, bool whitesPocket);

// The standard 10x10 start written out by hand (CS61B, KNOWN-RESULTS): White d1 g1 a4 j4,
// Black a7 j7 d10 g10; White moves first.
Board standardStart();

// A random board (2 amazons a side, 45% arrows) made its own image under symmetry t with the
// colours swapped (t as colourMirror's, one that undoes itself): a square its own image is
// empty or an arrow, every other pair holds a cell and its colour swapped.
Board colourMirroredBoard(std::mt19937_64& rng, int width, int height, int t);

// The 8-connected parts of a board's squares that are no arrows, by a flood fill over each
// square's eight neighbours: each part's squares ascending, the parts by their lowest square.
std::vector<std::vector<int>> naiveParts(const Board& board);

// A region's text ("WxH:" then a digit per square, Cell codes) cropped to its non-arrow squares
// and least over the 8 symmetric images: equal for regions that are images of each other.
std::string naiveCanonicalText(const Board& region);

// Every chamber a value database of these limits holds, as naiveCanonicalText: each subset of
// the squares of a boxWidth x boxHeight board, 8-connected by a flood fill, with 1..maxAmazons
// amazons of either colour on it and 1..maxEmpty empty squares, by brute force.
std::set<std::string> naiveRegions(int boxWidth, int boxHeight, int maxEmpty, int maxAmazons);

}  // namespace amazons::testing
