#include "solver/amazons/small_region.h"

#include <algorithm>
#include <array>
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

// Image t (0..7) of a w x h box mirrors files (bit 0), ranks (bit 1), then transposes (bit 2),
// as in chambers.cpp. Where square (f, r) lands is linear in f and r: base + df f + dr r.
struct ImageIndex {
  int base, df, dr;
  ImageIndex(int t, int w, int h) {
    const int outWidth = (t & 4) ? h : w;
    // Before transposing: file f' = f or w-1-f, rank r' = r or h-1-r; after, (r', f').
    const int fileStep = (t & 4) ? outWidth : 1, rankStep = (t & 4) ? 1 : outWidth;
    base = ((t & 1) ? (w - 1) * fileStep : 0) + ((t & 2) ? (h - 1) * rankStep : 0);
    df = (t & 1) ? -fileStep : fileStep;
    dr = (t & 2) ? -rankStep : rankStep;
  }
};

// The images First..Last-1 of the chamber; the bounds are constants so that the loop over the
// images unrolls.
template <int First, int Last, typename Mask>
int bestImage(MaskRegion<Mask>* images, const MaskRegion<Mask>& region, Mask chamber, int f0, int r0, int w, int h) {
  const int width = static_cast<int>(region.width);
  const uint64_t rowMask = (uint64_t{1} << width) - 1;  // width <= 16
  ImageIndex index[8] = {{0, w, h}, {1, w, h}, {2, w, h}, {3, w, h}, {4, w, h}, {5, w, h}, {6, w, h}, {7, w, h}};
  for (int t = First; t < Last; ++t) {
    images[t].width = static_cast<uint32_t>((t & 4) ? h : w);
    images[t].height = static_cast<uint32_t>((t & 4) ? w : h);
  }
  for (int r = 0; r < h; ++r) {
    const int shift = (r + r0) * width + f0;
    const uint64_t row = static_cast<uint64_t>(chamber >> shift) & rowMask;
    const uint64_t empty = static_cast<uint64_t>(region.empty >> shift), black = static_cast<uint64_t>(region.black >> shift);
    for (uint64_t bits = row; bits; bits &= bits - 1) {
      const int f = std::countr_zero(bits);
      // Exactly one of the three masks takes the square: all ones or all zeros each.
      const Mask isEmpty = -static_cast<Mask>((empty >> f) & 1), isBlack = -static_cast<Mask>((black >> f) & 1);
      const Mask isWhite = ~(isEmpty | isBlack);
      for (int t = First; t < Last; ++t) {
        const Mask bit = Mask{1} << (index[t].base + index[t].df * f + index[t].dr * r);
        images[t].empty |= bit & isEmpty;
        images[t].black |= bit & isBlack;
        images[t].white |= bit & isWhite;
      }
    }
  }
  int best = First;
  for (int t = First + 1; t < Last; ++t)
    if (less(images[t], images[best])) best = t;
  return best;
}

// The least image square by square, among those of least width: the images of a chamber all
// take one path or all the other, so either choice is canonical.
template <typename Mask>
MaskRegion<Mask> leastImage(const MaskRegion<Mask>& region, Mask chamber, const MaskBox& box) {
  const auto [f0, r0, w, h] = box;
  MaskRegion<Mask> images[8];
  const int best = w > h   ? bestImage<4, 8>(images, region, chamber, f0, r0, w, h)
                   : w < h ? bestImage<0, 4>(images, region, chamber, f0, r0, w, h)
                           : bestImage<0, 8>(images, region, chamber, f0, r0, w, h);
  return images[best];
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
