#include "solver/amazons/chambers.h"

#include <algorithm>

#include "solver/amazons/small_region.h"

namespace amazons {

const char* chamberClassName(ChamberClass c) {
  switch (c) {
    case ChamberClass::Dead: return "dead";
    case ChamberClass::BlackOnly: return "black";
    case ChamberClass::WhiteOnly: return "white";
    case ChamberClass::Contested: return "contested";
    case ChamberClass::Closed: return "closed";
  }
  return "?";
}

ChamberClass chamberClass(int empty, int blackAmazons, int whiteAmazons) {
  if (empty == 0) return ChamberClass::Closed;
  if (blackAmazons && whiteAmazons) return ChamberClass::Contested;
  if (blackAmazons) return ChamberClass::BlackOnly;
  if (whiteAmazons) return ChamberClass::WhiteOnly;
  return ChamberClass::Dead;
}

namespace {

void classify(Chamber& c) { c.kind = chamberClass(c.empty, c.blackAmazons, c.whiteAmazons); }

// The chamber of the squares `part` of a region on masks.
template <typename Mask>
Chamber chamberOf(Mask part, const MaskRegion<Mask>& region) {
  Chamber c;
  c.squares.reserve(maskPopcount(part));
  for (Mask bits = part; bits; bits &= bits - 1) c.squares.push_back(maskLowest(bits));
  c.blackAmazons = maskPopcount(part & region.black);
  c.whiteAmazons = maskPopcount(part & region.white);
  c.empty = maskPopcount(part & region.empty);
  classify(c);
  return c;
}

// A board split on the narrowest masks that hold it (64, 128 or 256 bits): each chamber grown
// from the lowest square left, so in the order of their lowest squares.
template <typename Mask>
std::vector<Chamber> findChambersOnMasks(const MaskRegion<Mask>& region) {
  std::vector<Chamber> chambers;
  forEachConnectedPart(region.frame(), region.black | region.white | region.empty,
                       [&](Mask part) { chambers.push_back(chamberOf(part, region)); });
  return chambers;
}

}  // namespace

std::vector<Chamber> findChambers(const Board& board) {
  return onMasks(board, [](const auto& region) { return findChambersOnMasks(region); });
}

Box boundingBox(const Board& board, const Chamber& chamber) {
  Box b{board.width(), -1, board.height(), -1};
  for (int sq : chamber.squares) {
    b.f0 = std::min(b.f0, board.fileOf(sq));
    b.f1 = std::max(b.f1, board.fileOf(sq));
    b.r0 = std::min(b.r0, board.rankOf(sq));
    b.r1 = std::max(b.r1, board.rankOf(sq));
  }
  return b;
}

Board extractRegion(const Board& board, const Chamber& chamber) {
  const Box box = boundingBox(board, chamber);
  Board out(box.width(), box.height());
  for (int sq = 0; sq < out.squares(); ++sq) out.set(sq, Cell::Arrow);
  for (int sq : chamber.squares) out.set(out.square(board.fileOf(sq) - box.f0, board.rankOf(sq) - box.r0), board.at(sq));
  out.setSideToMove(board.sideToMove());
  return out;
}

}  // namespace amazons
