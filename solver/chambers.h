// Chambers: the independent parts of an Amazons position. A chamber is an 8-connected
// component of empty squares together with the amazons touching it; play in one chamber never
// changes another, so a position is the sum of its chambers.
#pragma once
#include <string>
#include <vector>

#include "solver/board.h"

namespace amazons {

enum class ChamberClass {
  Dead,       // empty squares no amazon touches: nobody can ever move there
  BlackOnly,  // only Black amazons: a number, Black's count of moves
  WhiteOnly,  // only White amazons
  Contested,  // both colours
  Closed,     // one amazon with no empty neighbour: no moves
};
const char* chamberClassName(ChamberClass c);  // "dead", "black", "white", "contested", "closed"

struct Chamber {
  std::vector<int> squares;  // its empty squares and amazons, ascending
  int empty = 0;
  int blackAmazons = 0;
  int whiteAmazons = 0;
  ChamberClass kind = ChamberClass::Dead;
};

// All chambers, ordered by their lowest square (an amazon with no empty neighbour is a Closed
// chamber of its own).
std::vector<Chamber> findChambers(const Board& board);

// The label of chamber i on a printed board: A..Z then a..z without x and o, which mark
// amazons, then digits; '?' beyond.
char chamberLabel(size_t index);

// The chamber alone on the smallest board holding it: cropped to its bounding box, every
// square outside it an arrow; the side to move is kept.
Board extractRegion(const Board& board, const Chamber& chamber);

// The exact normalised key of a region: the least encoding over the 8 symmetries of the
// square (colours never swapped), so equal regions anywhere share one key. Layout: width,
// height, then 2 bits per square rank-major from a1 (the Cell value). Arrow-only border
// ranks and files are cropped first.
std::string regionKey(const Board& region);

// The region in the orientation whose encoding is regionKey (side to move kept).
Board normalisedRegion(const Board& region);

}  // namespace amazons
