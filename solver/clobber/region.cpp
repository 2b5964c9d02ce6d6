#include <algorithm>
#include <bit>
#include <tuple>

#include "solver/clobber/clobber.h"
#include "solver/core/symmetry.h"

namespace amazons::clobber {

namespace {

bool has(uint16_t row, int file) { return (row >> file) & 1; }

// Bits 0..width-1 of a row in reverse order.
uint16_t mirrored(uint16_t row, int width) {
  uint32_t x = row;
  x = ((x & 0x5555) << 1) | ((x >> 1) & 0x5555);
  x = ((x & 0x3333) << 2) | ((x >> 2) & 0x3333);
  x = ((x & 0x0f0f) << 4) | ((x >> 4) & 0x0f0f);
  x = ((x & 0x00ff) << 8) | ((x >> 8) & 0x00ff);
  return static_cast<uint16_t>(x >> (16 - width));
}

// Rank and file swapped: bit k of rank f is bit f of rank k.
Region transposed(const Region& r) {
  Region out;
  out.width = r.height, out.height = r.width;
  auto place = [&](std::array<uint16_t, kMaxSide>& rows, const std::array<uint16_t, kMaxSide>& from) {
    for (int rank = 0; rank < r.height; ++rank)
      for (uint32_t bits = from[rank]; bits; bits &= bits - 1) rows[std::countr_zero(bits)] |= static_cast<uint16_t>(1u << rank);
  };
  place(out.black, r.black);
  place(out.white, r.white);
  return out;
}

auto order(const Region& r) { return std::tie(r.width, r.height, r.black, r.white); }

}  // namespace

int Region::stones() const {
  int n = 0;
  for (int r = 0; r < height; ++r) n += std::popcount(static_cast<unsigned>(black[r] | white[r]));
  return n;
}

std::vector<Move> Clobber::moves(const Region& region, cgt::Side side) {
  std::vector<Move> out;
  out.reserve(countMoves(region, side));
  forEachMove(region, side, [&](const Move& m) { out.push_back(m); });
  return out;
}

// Each pair of neighbours of different colours is one move for either side, so both sides
// have as many.
size_t Clobber::countMoves(const Region& region, cgt::Side) {
  int n = 0;
  for (int r = 0; r < region.height; ++r) {
    const uint32_t b = region.black[r], w = region.white[r];
    n += std::popcount(b & (w >> 1)) + std::popcount(w & (b >> 1));
    if (r + 1 < region.height) n += std::popcount(b & region.white[r + 1]) + std::popcount(w & region.black[r + 1]);
  }
  return static_cast<size_t>(n);
}

Region Clobber::play(const Region& region, const Move& m) {
  Region out = region;
  const bool black = has(region.black[m.fromRank], m.fromFile);
  auto& mine = black ? out.black : out.white;
  auto& theirs = black ? out.white : out.black;
  mine[m.fromRank] &= static_cast<uint16_t>(~(1u << m.fromFile));
  mine[m.toRank] |= static_cast<uint16_t>(1u << m.toFile);
  theirs[m.toRank] &= static_cast<uint16_t>(~(1u << m.toFile));
  return out;
}

std::vector<core::Placed<Region>> Clobber::split(const Region& region) {
  std::vector<core::Placed<Region>> out;
  forEachGroup(region, [&](core::Placed<Region>&& part) { out.push_back(std::move(part)); });
  return out;
}

// A region within 8x8 as one word a colour, 8 bits a rank (bit 8 * rank + file), where each
// symmetry is a few word operations instead of a loop over the rows (normalise was 15% of the
// time on the random Clobber boards, most of it building the images row by row).
namespace {

struct Packed {
  uint64_t black, white;
};

// Files reversed within each rank; the ranks' files 0..width-1 stay there.
uint64_t filesMirrored(uint64_t x, int width) {
  x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
  x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
  x = ((x >> 4) & 0x0f0f0f0f0f0f0f0full) | ((x & 0x0f0f0f0f0f0f0f0full) << 4);
  return x >> (8 - width);  // each rank's bits sat at its top: nothing crosses into the rank below
}

uint64_t ranksMirrored(uint64_t x, int height) { return __builtin_bswap64(x) >> (8 * (8 - height)); }

// Bit 8 * rank + file to bit 8 * file + rank (three delta swaps).
uint64_t transposedWord(uint64_t x) {
  uint64_t t = 0x0f0f0f0f00000000ull & (x ^ (x << 28));
  x ^= t ^ (t >> 28);
  t = 0x3333000033330000ull & (x ^ (x << 14));
  x ^= t ^ (t >> 14);
  t = 0x5500550055005500ull & (x ^ (x << 7));
  x ^= t ^ (t >> 7);
  return x;
}

// order() among images of one width and height: the rows from rank 0 on, black's then white's,
// are the words' bytes from the lowest, so the byte-reversed words compare the same way.
bool packedLess(const Packed& a, const Packed& b) {
  const uint64_t ab = __builtin_bswap64(a.black), bb = __builtin_bswap64(b.black);
  return ab != bb ? ab < bb : __builtin_bswap64(a.white) < __builtin_bswap64(b.white);
}

Region normaliseWithin8x8(const Region& region) {
  const int w = region.width, h = region.height;
  Packed best{detail::packedRows(region.black, h), detail::packedRows(region.white, h)};
  int bw = w, bh = h;  // the best image's width and height
  if (w > h) best = {transposedWord(best.black), transposedWord(best.white)}, std::swap(bw, bh);
  auto mirrorsOf = [&](const Packed base) {
    const Packed files{filesMirrored(base.black, bw), filesMirrored(base.white, bw)};
    for (const Packed image : {files, Packed{ranksMirrored(base.black, bh), ranksMirrored(base.white, bh)},
                               Packed{ranksMirrored(files.black, bh), ranksMirrored(files.white, bh)}})
      if (packedLess(image, best)) best = image;
  };
  const Packed base = best;
  mirrorsOf(base);
  if (w == h) {
    const Packed transposed{transposedWord(base.black), transposedWord(base.white)};
    if (packedLess(transposed, best)) best = transposed;
    mirrorsOf(transposed);
  }
  Region out;
  out.width = static_cast<uint8_t>(bw), out.height = static_cast<uint8_t>(bh);
  for (int r = 0; r < bh; ++r) {
    out.black[r] = static_cast<uint16_t>(best.black >> (8 * r) & 0xff);
    out.white[r] = static_cast<uint16_t>(best.white >> (8 * r) & 0xff);
  }
  return out;
}

}  // namespace

// The least of the 8 images by order(): the width comes first, so only the images as wide as
// the shorter side compete (the transposed ones when wider than high, all 8 when square), and
// those are the 4 mirror images of the region or of its transpose (mirror then transpose gives
// the same set as transpose then mirror).
Region Clobber::normalise(const Region& region) {
  if (region.width == 0 || region.height == 0) return region;
  if (region.width <= 8 && region.height <= 8) return normaliseWithin8x8(region);
  Region best = region.width <= region.height ? region : transposed(region);
  auto mirrorsOf = [&best](const Region& base) {
    const int w = base.width, h = base.height;
    Region files = base, ranks = base, both = base;
    for (int k = 0; k < h; ++k) {
      files.black[k] = mirrored(base.black[k], w), files.white[k] = mirrored(base.white[k], w);
      ranks.black[h - 1 - k] = base.black[k], ranks.white[h - 1 - k] = base.white[k];
      both.black[h - 1 - k] = files.black[k], both.white[h - 1 - k] = files.white[k];
    }
    for (const Region& image : {base, files, ranks, both})
      if (order(image) < order(best)) best = image;
  };
  const Region base = best;
  mirrorsOf(base);
  if (region.width == region.height) mirrorsOf(transposed(region));
  return best;
}

// width, height, then each rank's black and white rows, one byte each (two past 8 files).
std::string Clobber::key(const Region& region) {
  const int bytes = region.width > 8 ? 2 : 1;
  std::string key(2 + 2 * bytes * region.height, '\0');
  key[0] = static_cast<char>(region.width);
  key[1] = static_cast<char>(region.height);
  size_t at = 2;
  for (int r = 0; r < region.height; ++r)
    for (uint16_t row : {region.black[r], region.white[r]})
      for (int b = 0; b < bytes; ++b) key[at++] = static_cast<char>(row >> (8 * b));
  return key;
}

Move Clobber::shifted(const Move& m, int files, int ranks) {
  return {static_cast<uint8_t>(m.fromFile + files), static_cast<uint8_t>(m.fromRank + ranks),
          static_cast<uint8_t>(m.toFile + files), static_cast<uint8_t>(m.toRank + ranks)};
}

std::optional<int> Clobber::colourMirror(const Region& board) {
  for (const int t : core::kSelfInverseSymmetries) {
    if (!core::keepsTheBoard(t, board.width, board.height)) continue;
    bool mirrored = true;
    for (int r = 0; r < board.height && mirrored; ++r)
      for (int f = 0; f < board.width && mirrored; ++f) {
        const auto [f2, r2] = core::symmetryImage(t, board.width, board.height, f, r);
        mirrored = has(board.black[r], f) == has(board.white[r2], f2) && has(board.white[r], f) == has(board.black[r2], f2);
      }
    if (mirrored) return t;
  }
  return std::nullopt;
}

Move Clobber::mirroredMove(const Region& board, int t, const Move& m) {
  const auto [fromFile, fromRank] = core::symmetryImage(t, board.width, board.height, m.fromFile, m.fromRank);
  const auto [toFile, toRank] = core::symmetryImage(t, board.width, board.height, m.toFile, m.toRank);
  return {static_cast<uint8_t>(fromFile), static_cast<uint8_t>(fromRank), static_cast<uint8_t>(toFile), static_cast<uint8_t>(toRank)};
}

std::optional<cgt::GameId> Clobber::shortcut(const Region& region, const Deadline&) {
  if (region.stones() == 2) return cgt::star();
  return std::nullopt;
}

}  // namespace amazons::clobber
