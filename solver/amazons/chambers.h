// Chambers: the independent parts of an Amazons position. A chamber is an 8-connected
// component of the squares that are not arrows: empty squares and amazons. Amazons that touch
// belong together even with no empty square between them, because an amazon that moves leaves
// its square empty beside the other. Play in one chamber never changes another, so a position
// is the sum of its chambers.
#pragma once
#include <vector>

#include "solver/amazons/board.h"

namespace amazons {

enum class ChamberClass {
  Dead,       // empty squares no amazon touches: nobody can ever move there
  BlackOnly,  // only Black amazons: a number, Black's count of moves
  WhiteOnly,  // only White amazons
  Contested,  // both colours
  Closed,     // amazons and no empty square: no moves
};
const char* chamberClassName(ChamberClass c);
// Whether anyone can ever move in a chamber of this class (neither dead nor closed).
inline bool hasMoves(ChamberClass c) { return c != ChamberClass::Dead && c != ChamberClass::Closed; }
// The class of a chamber with these counts.
ChamberClass chamberClass(int empty, int blackAmazons, int whiteAmazons);  // "dead", "black", "white", "contested", "closed"

struct Chamber {
  std::vector<int> squares;  // its empty squares and amazons, ascending
  int empty = 0;
  int blackAmazons = 0;
  int whiteAmazons = 0;
  ChamberClass kind = ChamberClass::Dead;
};

// All chambers, ordered by their lowest square.
std::vector<Chamber> findChambers(const Board& board);

// The files f0..f1 and ranks r0..r1 a chamber spans.
struct Box {
  int f0, f1, r0, r1;
  int width() const { return f1 - f0 + 1; }
  int height() const { return r1 - r0 + 1; }
};
Box boundingBox(const Board& board, const Chamber& chamber);

// The chamber alone on the smallest board holding it: cropped to its bounding box, every
// square outside it an arrow; the side to move is kept.
Board extractRegion(const Board& board, const Chamber& chamber);

}  // namespace amazons
