#include "solver/amazons/chambers.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>

#include "solver/amazons/small_region.h"
#include "solver/core/symmetry.h"

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

namespace {

// Copy of the rectangle [f0, f1] x [r0, r1] of `board`, with only squares for which keep()
// holds copied (the rest arrows).
template <typename Keep>
Board crop(const Board& board, int f0, int f1, int r0, int r1, Keep&& keep) {
  Board out(f1 - f0 + 1, r1 - r0 + 1);
  for (int r = r0; r <= r1; ++r)
    for (int f = f0; f <= f1; ++f) {
      const int sq = board.square(f, r);
      out.set(out.square(f - f0, r - r0), keep(sq) ? board.at(sq) : Cell::Arrow);
    }
  out.setSideToMove(board.sideToMove());
  return out;
}

// Crop away border ranks and files that hold arrows only (an all-arrow region stays 1x1).
Board cropToContent(const Board& board) {
  int f0 = board.width(), f1 = -1, r0 = board.height(), r1 = -1;
  for (int sq = 0; sq < board.squares(); ++sq) {
    if (board.at(sq) == Cell::Arrow) continue;
    f0 = std::min(f0, board.fileOf(sq));
    f1 = std::max(f1, board.fileOf(sq));
    r0 = std::min(r0, board.rankOf(sq));
    r1 = std::max(r1, board.rankOf(sq));
  }
  if (f1 < 0) return crop(board, 0, 0, 0, 0, [](int) { return true; });
  if (f0 == 0 && r0 == 0 && f1 == board.width() - 1 && r1 == board.height() - 1) return board;  // tight already
  return crop(board, f0, f1, r0, r1, [](int) { return true; });
}

// Symmetry t (0..7, numbered as core/symmetry.h numbers them) of a w x h board.
struct Symmetry {
  int t, w, h;
  int outWidth() const { return (t & 4) ? h : w; }
  int outHeight() const { return (t & 4) ? w : h; }
  std::pair<int, int> map(int f, int r) const { return core::symmetryImage(t, w, h, f, r); }
  // Where (f, r) lands, rank-major in the output frame.
  int index(int f, int r) const {
    const auto [nf, nr] = map(f, r);
    return nr * outWidth() + nf;
  }
};

// Cells packed 2 bits each, rank-major in the symmetry's output frame; compared word by word.
using Packed = std::array<uint64_t, kMaxSquares / 32>;

std::string keyOf(const Symmetry& s, const Packed& words, int squares) {
  std::string key(2 + (squares + 3) / 4, '\0');
  key[0] = static_cast<char>(s.outWidth());
  key[1] = static_cast<char>(s.outHeight());
  // Byte j holds cells 4j..4j+3, which are bits 8j..8j+7 of the packing.
  for (int j = 0; j < (squares + 3) / 4; ++j) key[2 + j] = static_cast<char>(words[j / 8] >> (8 * (j % 8)));
  return key;
}

// A square of a region that is no arrow: its file, rank and cell.
struct OpenCell {
  uint8_t f, r;
  Cell cell;
};

// The symmetry giving the least (width, height, packed cells) of a w x h region, with its
// packing; ties keep the lower index. One pass over the open squares packs all eight images:
// each is packed with arrows as 0 (cell ^ 1) and turned back by one xor, since most squares
// of a cropped region are arrows.
struct Oriented {
  Symmetry symmetry;
  Packed words;
};
// Images First..Last-1 of a region of at most 32 squares, one word each, arrows as 0. The
// bounds are constants so that the loop over the images unrolls.
template <int First, int Last>
void packImages(uint64_t* packs, int w, int h, const OpenCell* open, int count) {
  for (int i = 0; i < count; ++i) {
    const int f = open[i].f, r = open[i].r;
    const uint64_t code = static_cast<uint64_t>(open[i].cell) ^ 1;
    for (int t = First; t < Last; ++t) packs[t] |= code << (2 * Symmetry{t, w, h}.index(f, r));
  }
}

Oriented bestSymmetry(int w, int h, const OpenCell* open, int count) {
  const int n = w * h, words = (n + 31) / 32;
  auto arrows = [n](int word) {  // Arrow (01) in every cell of the word that exists
    const int cells = std::min(32, n - 32 * word);
    return cells == 32 ? 0x5555555555555555ull : 0x5555555555555555ull & ((uint64_t{1} << (2 * cells)) - 1);
  };
  if (n <= 32) {  // one word each: most chambers, so kept lean
    // The narrowest frame wins first: only the transposed images (t >= 4) when w > h, only
    // the others when w < h.
    const int first = w > h ? 4 : 0, last = w < h ? 4 : 8;
    uint64_t packs[8] = {};
    if (first == 4) packImages<4, 8>(packs, w, h, open, count);
    else if (last == 4) packImages<0, 4>(packs, w, h, open, count);
    else packImages<0, 8>(packs, w, h, open, count);
    const uint64_t pattern = arrows(0);
    for (int t = first; t < last; ++t) packs[t] ^= pattern;
    int best = first;
    for (int t = first + 1; t < last; ++t)
      if (packs[t] < packs[best]) best = t;
    Packed out{};
    out[0] = packs[best];
    return {Symmetry{best, w, h}, out};
  }
  Packed packs[8];
  for (Packed& p : packs) std::fill(p.begin(), p.begin() + words, 0);  // the rest is never read
  for (int i = 0; i < count; ++i) {
    const int f = open[i].f, r = open[i].r;
    const uint64_t code = static_cast<uint64_t>(open[i].cell) ^ 1;
    for (int t = 0; t < 8; ++t) {
      const int index = Symmetry{t, w, h}.index(f, r);
      packs[t][index / 32] |= code << (2 * (index % 32));
    }
  }
  for (int k = 0; k < words; ++k) {
    const uint64_t pattern = arrows(k);
    for (Packed& p : packs) p[k] ^= pattern;
  }
  int best = 0;
  for (int t = 1; t < 8; ++t) {
    const int width = (t & 4) ? h : w, bestWidth = (best & 4) ? h : w;
    if (width > bestWidth) continue;
    bool less = width < bestWidth;
    for (int i = words - 1; !less && i >= 0; --i) {
      if (packs[t][i] != packs[best][i]) {
        less = packs[t][i] < packs[best][i];
        break;
      }
    }
    if (less) best = t;
  }
  return {Symmetry{best, w, h}, packs[best]};
}

// The squares of a board that are no arrows.
int openCells(const Board& board, std::array<OpenCell, kMaxSquares>& out) {
  int count = 0;
  for (int r = 0; r < board.height(); ++r)
    for (int f = 0; f < board.width(); ++f)
      if (const Cell c = board.at(f, r); c != Cell::Arrow)
        out[count++] = {static_cast<uint8_t>(f), static_cast<uint8_t>(r), c};
  return count;
}

Oriented bestSymmetry(const Board& board) {
  std::array<OpenCell, kMaxSquares> open;
  const int count = openCells(board, open);
  return bestSymmetry(board.width(), board.height(), open.data(), count);
}

}  // namespace

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
  const auto [f0, f1, r0, r1] = boundingBox(board, chamber);
  std::array<bool, kMaxSquares> member{};
  for (int sq : chamber.squares) member[sq] = true;
  return crop(board, f0, f1, r0, r1, [&](int sq) { return member[sq]; });
}

NormalisedRegion normalise(const Board& region) {
  const Board content = cropToContent(region);
  const auto [s, words] = bestSymmetry(content);
  NormalisedRegion out{Board(s.outWidth(), s.outHeight()), keyOf(s, words, content.squares())};
  for (int r = 0; r < content.height(); ++r)
    for (int f = 0; f < content.width(); ++f) {
      const auto [nf, nr] = s.map(f, r);
      out.board.set(out.board.square(nf, nr), content.at(f, r));
    }
  out.board.setSideToMove(region.sideToMove());
  return out;
}

std::string regionKey(const Board& board, const Chamber& chamber) {
  // The chamber's bounding box is tight: no cropping, and nothing but its squares to read.
  const auto [f0, f1, r0, r1] = boundingBox(board, chamber);
  std::array<OpenCell, kMaxSquares> open;
  int count = 0;
  for (int sq : chamber.squares)
    open[count++] = {static_cast<uint8_t>(board.fileOf(sq) - f0), static_cast<uint8_t>(board.rankOf(sq) - r0), board.at(sq)};
  const int w = f1 - f0 + 1, h = r1 - r0 + 1;
  const auto [s, words] = bestSymmetry(w, h, open.data(), count);
  return keyOf(s, words, w * h);
}

template <typename Mask>
std::string regionKey(const MaskRegion<Mask>& region, Mask part) {
  const int width = static_cast<int>(region.width);
  std::array<OpenCell, kMaxSquares> open;
  int count = 0, f0 = width, f1 = -1, r0 = kMaxSquares, r1 = -1;
  for (Mask bits = part; bits; bits &= bits - 1) {
    const int sq = maskLowest(bits);
    const int f = sq % width, r = sq / width;
    const Mask bit = Mask{1} << sq;
    const Cell cell = (region.black & bit) ? Cell::Black : (region.white & bit) ? Cell::White : Cell::Empty;
    open[count++] = {static_cast<uint8_t>(f), static_cast<uint8_t>(r), cell};
    f0 = std::min(f0, f);
    f1 = std::max(f1, f);
    r0 = std::min(r0, r);
    r1 = std::max(r1, r);
  }
  for (int i = 0; i < count; ++i) {
    open[i].f = static_cast<uint8_t>(open[i].f - f0);
    open[i].r = static_cast<uint8_t>(open[i].r - r0);
  }
  const int w = f1 - f0 + 1, h = r1 - r0 + 1;
  const auto [s, words] = bestSymmetry(w, h, open.data(), count);
  return keyOf(s, words, w * h);
}
template std::string regionKey(const SmallRegion&, uint64_t);
template std::string regionKey(const WideRegion&, WideMask);
template std::string regionKey(const LargeRegion&, LargeMask);

template <typename Mask>
MaskRegion<Mask> regionOfKey(const std::string& key) {
  MaskRegion<Mask> out;
  out.width = static_cast<unsigned char>(key[0]);
  out.height = static_cast<unsigned char>(key[1]);
  const int squares = static_cast<int>(out.width * out.height);
  assert(squares <= static_cast<int>(8 * sizeof(Mask)));
  for (int i = 0; i < squares; ++i) {
    const Mask bit = Mask{1} << i;
    switch (static_cast<Cell>((static_cast<unsigned char>(key[2 + i / 4]) >> (2 * (i % 4))) & 3)) {
      case Cell::Empty: out.empty |= bit; break;
      case Cell::Black: out.black |= bit; break;
      case Cell::White: out.white |= bit; break;
      case Cell::Arrow: break;
    }
  }
  return out;
}
template SmallRegion regionOfKey(const std::string&);
template WideRegion regionOfKey(const std::string&);
template LargeRegion regionOfKey(const std::string&);

std::string regionKey(const Board& region) {
  const Board content = cropToContent(region);
  const auto [s, words] = bestSymmetry(content);
  return keyOf(s, words, content.squares());
}

Board normalisedRegion(const Board& region) { return normalise(region).board; }

std::string normalisedKey(const Board& normalised) {
  Packed words{};
  for (int sq = 0; sq < normalised.squares(); ++sq)
    words[sq / 32] |= static_cast<uint64_t>(normalised.at(sq)) << (2 * (sq % 32));
  return keyOf(Symmetry{0, normalised.width(), normalised.height()}, words, normalised.squares());
}

}  // namespace amazons
