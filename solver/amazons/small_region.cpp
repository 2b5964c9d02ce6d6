#include "solver/amazons/small_region.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#ifdef __BMI2__
#include <immintrin.h>
#endif

namespace amazons {

namespace {

template <typename Mask>
void place(MaskRegion<Mask>& region, Mask bit, Cell cell) {
  switch (cell) {
    case Cell::Empty: region.empty |= bit; break;
    case Cell::Black: region.black |= bit; break;
    case Cell::White: region.white |= bit; break;
    case Cell::Arrow: break;
  }
}

}  // namespace

template <typename Mask>
MaskRegion<Mask> toMasks(const Board& region) {
  assert(region.squares() <= static_cast<int>(8 * sizeof(Mask)));
  MaskRegion<Mask> out;
  out.width = static_cast<uint32_t>(region.width());
  out.height = static_cast<uint32_t>(region.height());
  for (int sq = 0; sq < region.squares(); ++sq) place(out, Mask{1} << sq, region.at(sq));
  return out;
}
template SmallRegion toMasks(const Board&);
template WideRegion toMasks(const Board&);
template LargeRegion toMasks(const Board&);

template <typename Mask>
Board toBoard(const MaskRegion<Mask>& region) {
  Board board(static_cast<int>(region.width), static_cast<int>(region.height));
  for (int sq = 0; sq < board.squares(); ++sq) {
    const Mask bit = Mask{1} << sq;
    board.set(sq, (region.empty & bit)   ? Cell::Empty
                  : (region.black & bit) ? Cell::Black
                  : (region.white & bit) ? Cell::White
                                         : Cell::Arrow);
  }
  return board;
}
template Board toBoard(const SmallRegion&);
template Board toBoard(const WideRegion&);
template Board toBoard(const LargeRegion&);

std::optional<SmallRegion> smallChamber(const Board& board, const Chamber& chamber) {
  const Box box = boundingBox(board, chamber);
  if (box.width() * box.height() > kSmallSquares) return std::nullopt;
  SmallRegion out;
  out.width = static_cast<uint32_t>(box.width());
  out.height = static_cast<uint32_t>(box.height());
  for (int sq : chamber.squares) {
    const int index = (board.rankOf(sq) - box.r0) * box.width() + board.fileOf(sq) - box.f0;
    place(out, uint64_t{1} << index, board.at(sq));
  }
  return out;
}

SmallChambers splitChambers(const SmallRegion& region) {
  const SmallFrame frame(static_cast<int>(region.width), static_cast<int>(region.height));
  const uint64_t open = region.black | region.white | region.empty;
  SmallChambers out;
  forEachConnectedPart(frame, open, [&](uint64_t part) {
    assert(out.count < static_cast<int>(out.masks.size()));
    out.masks[out.count++] = part;
  });
  return out;
}

namespace {

template <typename Mask>
bool less(const MaskRegion<Mask>& a, const MaskRegion<Mask>& b) {
  if (a.empty != b.empty) return a.empty < b.empty;
  if (a.black != b.black) return a.black < b.black;
  return a.white < b.white;
}

// The chamber's squares of one kind as the rows of its box (bit f of row r: square (f, r)) and
// as its columns (bit r of column f), and each reversed within its length: every image's
// rows are one of these four, in order or backwards.
struct BoxLines {
  std::array<uint16_t, 16> rows{}, reversedRows{}, columns{}, reversedColumns{};
};
uint16_t reversed16(uint32_t x, int length) {
  x = ((x >> 1) & 0x5555u) | ((x & 0x5555u) << 1);
  x = ((x >> 2) & 0x3333u) | ((x & 0x3333u) << 2);
  x = ((x >> 4) & 0x0F0Fu) | ((x & 0x0F0Fu) << 4);
  x = ((x >> 8) & 0x00FFu) | ((x & 0x00FFu) << 8);
  return static_cast<uint16_t>(x >> (16 - length));
}
template <typename Mask>
BoxLines boxLines(Mask squares, int width, int f0, int r0, int w, int h) {
  BoxLines out;
  for (int r = 0; r < h; ++r) {
    const uint16_t row = static_cast<uint16_t>(static_cast<uint64_t>(squares >> ((r + r0) * width + f0)) & ((uint64_t{1} << w) - 1));
    out.rows[r] = row;
    out.reversedRows[r] = reversed16(row, w);
    for (uint32_t bits = row; bits; bits &= bits - 1) out.columns[std::countr_zero(bits)] |= static_cast<uint16_t>(1u << r);
  }
  for (int f = 0; f < w; ++f) out.reversedColumns[f] = reversed16(out.columns[f], h);
  return out;
}
// Row `row` of image t of a w x h box: its files mirrored (bit 0), its ranks (bit 1), then
// transposed (bit 2), as in chambers.cpp.
uint16_t imageRow(const BoxLines& lines, int t, int row, int w, int h) {
  switch (t) {
    case 0: return lines.rows[row];
    case 1: return lines.reversedRows[row];
    case 2: return lines.rows[h - 1 - row];
    case 3: return lines.reversedRows[h - 1 - row];
    case 4: return lines.columns[row];
    case 5: return lines.columns[w - 1 - row];
    case 6: return lines.reversedColumns[row];
    default: return lines.reversedColumns[w - 1 - row];
  }
}

// The least image, among those of least width: the images of a chamber all take one path or
// all the other, so either choice is canonical. Images of one width compare as their rows do
// from the top one down (row R of an image is its packed mask's bits R*width...); only the
// least is packed. (Built square by square, eight images of three masks each, it had been
// 11-18% of the time on a 49-empty 10x10 line, whose chambers lie on 128-bit masks.)
template <typename Mask>
MaskRegion<Mask> leastImage(const MaskRegion<Mask>& region, Mask chamber, const MaskBox& box) {
  // Named, not bound (const auto [f0, r0, w, h]): clang 14, the fuzz targets' compiler, takes no
  // structured binding into a lambda.
  const int f0 = box.f0, r0 = box.r0, w = box.width, h = box.height;
  const int width = static_cast<int>(region.width);
  const int first = w > h ? 4 : 0, last = w < h ? 4 : 8;
  const int outWidth = first == 4 ? h : w, outHeight = first == 4 ? w : h;
  const BoxLines lines[3] = {boxLines(region.empty & chamber, width, f0, r0, w, h), boxLines(region.black & chamber, width, f0, r0, w, h),
                             boxLines(region.white & chamber, width, f0, r0, w, h)};
  const auto before = [&](int a, int b) {  // image a less than image b
    for (const BoxLines& kind : lines)
      for (int row = outHeight - 1; row >= 0; --row) {
        const uint16_t x = imageRow(kind, a, row, w, h), y = imageRow(kind, b, row, w, h);
        if (x != y) return x < y;
      }
    return false;
  };
  int best = first;
  for (int t = first + 1; t < last; ++t)
    if (before(t, best)) best = t;
  MaskRegion<Mask> out;
  out.width = static_cast<uint32_t>(outWidth);
  out.height = static_cast<uint32_t>(outHeight);
  for (int row = 0; row < outHeight; ++row) {
    const int shift = row * outWidth;
    out.empty |= static_cast<Mask>(imageRow(lines[0], best, row, w, h)) << shift;
    out.black |= static_cast<Mask>(imageRow(lines[1], best, row, w, h)) << shift;
    out.white |= static_cast<Mask>(imageRow(lines[2], best, row, w, h)) << shift;
  }
  return out;
}

// Boxes of at most 8 x 8 (nearly all): the images by bit-matrix operations on masks laid out
// 8 bits a rank (bit 8 r + f), compared there; only the least is packed back at its width.
uint64_t mirrorFiles8(uint64_t x, int w) {  // within files 0..w-1 of every rank
  x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
  x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
  x = ((x >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((x & 0x0F0F0F0F0F0F0F0Full) << 4);
  return x >> (8 - w);
}
uint64_t mirrorRanks8(uint64_t x, int h) { return __builtin_bswap64(x) >> (8 * (8 - h)); }
uint64_t transpose8(uint64_t x) {  // (f, r) -> (r, f): three delta swaps
  uint64_t t = 0x0F0F0F0F00000000ull & (x ^ (x << 28));
  x ^= t ^ (t >> 28);
  t = 0x3333000033330000ull & (x ^ (x << 14));
  x ^= t ^ (t >> 14);
  t = 0x5500550055005500ull & (x ^ (x << 7));
  return x ^ t ^ (t >> 7);
}

// Image t of a mask laid out 8 bits a rank in a w x h frame: transposed (bit 2) first, then
// files (bit 0) and ranks (bit 1) mirrored within the frame the image has.
uint64_t image8(uint64_t x, int t, int w, int h) {
  if (t & 4) {
    x = transpose8(x);
    std::swap(w, h);
  }
  if (t & 1) x = mirrorFiles8(x, w);
  if (t & 2) x = mirrorRanks8(x, h);
  return x;
}

#ifdef __BMI2__
// `count` rows of `bits` ones, `stride` bits apart (bits <= stride, the rows within 64 bits).
uint64_t rowsOfOnes(int stride, int count, int bits) {
  static constexpr auto kRepunits = [] {  // 1 + 2^stride + 2^(2 stride) + ..., count terms
    std::array<std::array<uint64_t, 9>, 17> table{};
    for (int s = 1; s <= 16; ++s)
      for (int c = 1; c <= 8 && (c - 1) * s < 64; ++c) table[s][c] = table[s][c - 1] | uint64_t{1} << ((c - 1) * s);
    return table;
  }();
  return kRepunits[stride][count] * ((uint64_t{1} << bits) - 1);
}
#endif

SmallRegion normalisedInBox8(const SmallRegion& region, uint64_t chamber, int f0, int r0, int w, int h) {
  const int width = static_cast<int>(region.width);
  SmallRegion base;
#ifdef __BMI2__  // the box's squares gathered, then spread 8 bits a rank
  const uint64_t box = rowsOfOnes(width, h, w) << (r0 * width + f0), ranks8 = rowsOfOnes(8, h, w);
  base.empty = _pdep_u64(_pext_u64(region.empty & chamber, box), ranks8);
  base.black = _pdep_u64(_pext_u64(region.black & chamber, box), ranks8);
  base.white = _pdep_u64(_pext_u64(region.white & chamber, box), ranks8);
#else
  const uint64_t rowMask = (uint64_t{1} << w) - 1;
  for (int r = 0; r < h; ++r) {
    const int shift = (r + r0) * width + f0;
    const uint64_t row = (chamber >> shift) & rowMask;
    base.empty |= ((region.empty >> shift) & row) << (8 * r);
    base.black |= ((region.black >> shift) & row) << (8 * r);
    base.white |= ((region.white >> shift) & row) << (8 * r);
  }
#endif
  // The narrowest frame only: transposed images when w > h, both kinds when w == h. The
  // empty masks decide nearly always; the amazons' images are made only for the ties.
  const int first = w > h ? 4 : 0, last = w < h ? 4 : 8;
  uint64_t empties[8];
  auto fourMirrors = [](uint64_t x, int iw, int ih, uint64_t* out) {  // images t, t+1, t+2, t+3
    const uint64_t files = mirrorFiles8(x, iw);
    out[0] = x;
    out[1] = files;
    out[2] = mirrorRanks8(x, ih);
    out[3] = mirrorRanks8(files, ih);
  };
  if (first == 0) fourMirrors(base.empty, w, h, empties);
  if (last == 8) fourMirrors(transpose8(base.empty), h, w, empties + 4);
  const uint64_t leastEmpty = *std::min_element(empties + first, empties + last);
  SmallRegion best;
  bool found = false;
  for (int t = first; t < last; ++t) {
    if (empties[t] != leastEmpty) continue;
    SmallRegion image;
    image.empty = leastEmpty;
    image.black = image8(base.black, t, w, h);
    image.white = image8(base.white, t, w, h);
    if (!found || less(image, best)) best = image;
    found = true;
  }
  const int outWidth = w > h ? h : w, outHeight = w > h ? w : h;
  SmallRegion out;
  out.width = static_cast<uint32_t>(outWidth);
  out.height = static_cast<uint32_t>(outHeight);
#ifdef __BMI2__
  const uint64_t outRanks8 = rowsOfOnes(8, outHeight, outWidth);
  out.empty = _pext_u64(best.empty, outRanks8);
  out.black = _pext_u64(best.black, outRanks8);
  out.white = _pext_u64(best.white, outRanks8);
#else
  for (int r = 0; r < outHeight; ++r) {
    out.empty |= ((best.empty >> (8 * r)) & 0xFF) << (r * outWidth);
    out.black |= ((best.black >> (8 * r)) & 0xFF) << (r * outWidth);
    out.white |= ((best.white >> (8 * r)) & 0xFF) << (r * outWidth);
  }
#endif
  return out;
}

}  // namespace

template <typename Mask>
MaskBox boxOf(const MaskRegion<Mask>& region, Mask squares) {
  assert(squares != 0);
  const int width = static_cast<int>(region.width);
  const uint64_t rowMask = (uint64_t{1} << width) - 1;  // width <= 16
  const int r0 = maskLowest(squares) / width, r1 = maskHighest(squares) / width;
  uint64_t files = 0;  // the files the squares take, as one rank
  for (int r = r0; r <= r1; ++r) files |= static_cast<uint64_t>(squares >> (r * width)) & rowMask;
  const int f0 = std::countr_zero(files);
  return {f0, r0, 64 - std::countl_zero(files) - f0, r1 - r0 + 1};
}
template MaskBox boxOf(const SmallRegion&, uint64_t);
template MaskBox boxOf(const WideRegion&, WideMask);
template MaskBox boxOf(const LargeRegion&, LargeMask);

template <typename Out, typename Mask>
MaskRegion<Out> croppedChamber(const MaskRegion<Mask>& region, Mask chamber, const MaskBox& box) {
  assert(box.squares() <= static_cast<int>(8 * sizeof(Out)));
  const int width = static_cast<int>(region.width), w = box.width;
  MaskRegion<Out> out;
  out.width = static_cast<uint32_t>(w);
  out.height = static_cast<uint32_t>(box.height);
  const uint64_t boxRow = (uint64_t{1} << w) - 1;
  for (int r = 0; r < box.height; ++r) {
    const int shift = (r + box.r0) * width + box.f0;
    const uint64_t row = static_cast<uint64_t>(chamber >> shift) & boxRow;
    out.empty |= static_cast<Out>(static_cast<uint64_t>(region.empty >> shift) & row) << (r * w);
    out.black |= static_cast<Out>(static_cast<uint64_t>(region.black >> shift) & row) << (r * w);
    out.white |= static_cast<Out>(static_cast<uint64_t>(region.white >> shift) & row) << (r * w);
  }
  return out;
}
template SmallRegion croppedChamber<uint64_t>(const SmallRegion&, uint64_t, const MaskBox&);
template SmallRegion croppedChamber<uint64_t>(const WideRegion&, WideMask, const MaskBox&);
template WideRegion croppedChamber<WideMask>(const WideRegion&, WideMask, const MaskBox&);
template SmallRegion croppedChamber<uint64_t>(const LargeRegion&, LargeMask, const MaskBox&);
template WideRegion croppedChamber<WideMask>(const LargeRegion&, LargeMask, const MaskBox&);
template LargeRegion croppedChamber<LargeMask>(const LargeRegion&, LargeMask, const MaskBox&);

SmallRegion normalisedChamber(const SmallRegion& region, uint64_t chamber) {
  const MaskBox box = boxOf(region, chamber);
  if (box.width <= 8 && box.height <= 8) return normalisedInBox8(region, chamber, box.f0, box.r0, box.width, box.height);
  return leastImage(region, chamber, box);  // wider boxes (up to 16 x 4)
}

template <typename Mask>
MaskRegion<Mask> normalisedChamber(const MaskRegion<Mask>& region, Mask chamber) {
  const MaskBox box = boxOf(region, chamber);
  assert(box.squares() > static_cast<int>(4 * sizeof(Mask)));  // narrower masks would hold it
  return leastImage(region, chamber, box);
}
template WideRegion normalisedChamber(const WideRegion&, WideMask);
template LargeRegion normalisedChamber(const LargeRegion&, LargeMask);

// 'S', 'W' or 'L' (64, 128 or 256 bits), the frame (files - 1, ranks - 1 in a byte), the
// empty squares' mask in as many bytes as the frame needs, then a byte per amazon by square:
// on 64 and 128 bits the square plus the masks' width for White; on 256, the count of Black's
// first. Most chambers' keys fit in std::string's own buffer (15 bytes): the 33 bytes of the
// whole SmallRegion took a malloc and a free per key, 12% of the core on the Amazons suites.
template <typename Mask>
std::string chamberKey(const MaskRegion<Mask>& r) {
  constexpr int kBits = 8 * sizeof(Mask);
  std::string key(1, kBits == 64 ? 'S' : kBits == 128 ? 'W' : 'L');
  key += static_cast<char>((r.width - 1) << 4 | (r.height - 1));
  for (uint32_t byte = 0; byte * 8 < r.width * r.height; ++byte) key += static_cast<char>(static_cast<uint64_t>(r.empty >> (8 * byte)));
  if constexpr (kBits == 256) {
    key += static_cast<char>(maskPopcount(r.black));
    for (const Mask& amazons : {r.black, r.white})
      for (Mask left = amazons; left; left &= left - 1) key += static_cast<char>(maskLowest(left));
  } else {
    for (Mask amazons = r.black | r.white; amazons; amazons &= amazons - 1) {
      const Mask bit = amazons & -amazons;
      key += static_cast<char>(maskLowest(bit) | (r.white & bit ? kBits : 0));
    }
  }
  return key;
}
template std::string chamberKey(const SmallRegion&);
template std::string chamberKey(const WideRegion&);
template std::string chamberKey(const LargeRegion&);

template <typename Mask>
MaskRegion<Mask> regionOfChamberKey(std::string_view key) {
  constexpr int kBits = 8 * sizeof(Mask);
  MaskRegion<Mask> r;
  r.width = (static_cast<unsigned char>(key[1]) >> 4) + 1u;
  r.height = (static_cast<unsigned char>(key[1]) & 15) + 1u;
  size_t at = 2;
  for (uint32_t byte = 0; byte * 8 < r.width * r.height; ++byte) r.empty |= Mask{static_cast<unsigned char>(key[at++])} << (8 * byte);
  if constexpr (kBits == 256) {
    for (int blacks = static_cast<unsigned char>(key[at++]); at < key.size(); ++at, --blacks)
      (blacks > 0 ? r.black : r.white) |= Mask{1} << static_cast<unsigned char>(key[at]);
  } else {
    for (; at < key.size(); ++at) {
      const int byte = static_cast<unsigned char>(key[at]);
      ((byte & kBits) ? r.white : r.black) |= Mask{1} << (byte & (kBits - 1));
    }
  }
  return r;
}
template SmallRegion regionOfChamberKey(std::string_view);
template WideRegion regionOfChamberKey(std::string_view);
template LargeRegion regionOfChamberKey(std::string_view);

}  // namespace amazons
