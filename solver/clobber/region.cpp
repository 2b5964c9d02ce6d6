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
  const auto& mine = side == cgt::Side::Left ? region.black : region.white;
  const auto& theirs = side == cgt::Side::Left ? region.white : region.black;
  std::vector<Move> out;
  out.reserve(countMoves(region, side));
  for (int r = 0; r < region.height; ++r) {
    // Stones with a stone of the other colour above, to the right, below, to the left.
    const uint32_t up = r + 1 < region.height ? mine[r] & theirs[r + 1] : 0u;
    const uint32_t right = mine[r] & (theirs[r] >> 1), left = mine[r] & (theirs[r] << 1);
    const uint32_t down = r > 0 ? mine[r] & theirs[r - 1] : 0u;
    for (uint32_t bits = up | right | down | left; bits; bits &= bits - 1) {
      const int f = std::countr_zero(bits);
      const auto file = static_cast<uint8_t>(f), rank = static_cast<uint8_t>(r);
      if ((up >> f) & 1) out.push_back({file, rank, file, static_cast<uint8_t>(r + 1)});
      if ((right >> f) & 1) out.push_back({file, rank, static_cast<uint8_t>(f + 1), rank});
      if ((down >> f) & 1) out.push_back({file, rank, file, static_cast<uint8_t>(r - 1)});
      if ((left >> f) & 1) out.push_back({file, rank, static_cast<uint8_t>(f - 1), rank});
    }
  }
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

namespace {

// Regions within 8x8 as one word, 8 bits a rank (bit 8 * rank + file), where a group grows by
// shifting the whole word: most regions met (the parts of boards up to 8x8) fit.
std::vector<core::Placed<Region>> splitWithin8x8(const Region& region) {
  constexpr uint64_t kNotFirstFile = ~0x0101010101010101ull, kNotLastFile = ~0x8080808080808080ull;
  uint64_t black = 0, white = 0;
  for (int r = 0; r < region.height; ++r) {
    black |= uint64_t{region.black[r]} << (8 * r);
    white |= uint64_t{region.white[r]} << (8 * r);
  }
  std::vector<core::Placed<Region>> out;
  for (uint64_t left = black | white; left;) {  // the lowest stone not yet in a group seeds one
    uint64_t group = left & -left;
    for (uint64_t grown;; group = grown) {
      grown = (group | (group << 1 & kNotFirstFile) | (group >> 1 & kNotLastFile) | group << 8 | group >> 8) & left;
      if (grown == group) break;
    }
    left &= ~group;
    if (!(group & black) || !(group & white)) continue;  // one colour: no move
    const int r0 = std::countr_zero(group) / 8, r1 = (63 - std::countl_zero(group)) / 8;
    unsigned files = 0;
    for (int r = r0; r <= r1; ++r) files |= (group >> (8 * r)) & 0xff;
    const int f0 = std::countr_zero(files), f1 = 31 - std::countl_zero(files);
    core::Placed<Region> part{{}, f0, r0};
    part.region.width = static_cast<uint8_t>(f1 - f0 + 1);
    part.region.height = static_cast<uint8_t>(r1 - r0 + 1);
    for (int r = r0; r <= r1; ++r) {
      part.region.black[r - r0] = static_cast<uint16_t>(((group & black) >> (8 * r) & 0xff) >> f0);
      part.region.white[r - r0] = static_cast<uint16_t>(((group & white) >> (8 * r) & 0xff) >> f0);
    }
    out.push_back(part);
  }
  return out;
}

}  // namespace

std::vector<core::Placed<Region>> Clobber::split(const Region& region) {
  if (region.width <= 8 && region.height <= 8) return splitWithin8x8(region);
  const int h = region.height;
  std::array<uint16_t, kMaxSide> left{};  // stones not yet in a group
  for (int r = 0; r < h; ++r) left[r] = region.black[r] | region.white[r];
  std::vector<core::Placed<Region>> out;
  for (int seedRank = 0; seedRank < h; ++seedRank)
    while (left[seedRank]) {
      std::array<uint16_t, kMaxSide> group{};
      group[seedRank] = left[seedRank] & -left[seedRank];
      for (bool grown = true; grown;) {  // flood fill, a pass up and a pass down at a time
        grown = false;
        auto grow = [&](int r) {
          uint32_t g = group[r];
          if (r > 0) g |= group[r - 1];
          if (r + 1 < h) g |= group[r + 1];
          g &= left[r];
          // Along the rank to the ends of its runs at once: a pass per step would take many.
          for (uint32_t wider = g; (wider = (g | g << 1 | g >> 1) & left[r]) != g;) g = wider;
          if (g != group[r]) grown = true, group[r] = static_cast<uint16_t>(g);
        };
        for (int r = 0; r < h; ++r) grow(r);
        for (int r = h - 1; r >= 0; --r) grow(r);
      }
      int r0 = kMaxSide, r1 = -1, f0 = kMaxSide, f1 = -1;
      bool anyBlack = false, anyWhite = false;
      for (int r = 0; r < h; ++r) {
        left[r] &= static_cast<uint16_t>(~group[r]);
        if (!group[r]) continue;
        r0 = std::min(r0, r), r1 = r;
        f0 = std::min(f0, std::countr_zero(group[r]));
        f1 = std::max(f1, 15 - std::countl_zero(group[r]));
        anyBlack = anyBlack || (group[r] & region.black[r]);
        anyWhite = anyWhite || (group[r] & region.white[r]);
      }
      if (!anyBlack || !anyWhite) continue;  // one colour: no move
      core::Placed<Region> part{{}, f0, r0};
      part.region.width = static_cast<uint8_t>(f1 - f0 + 1);
      part.region.height = static_cast<uint8_t>(r1 - r0 + 1);
      for (int r = r0; r <= r1; ++r) {
        part.region.black[r - r0] = static_cast<uint16_t>((group[r] & region.black[r]) >> f0);
        part.region.white[r - r0] = static_cast<uint16_t>((group[r] & region.white[r]) >> f0);
      }
      out.push_back(part);
    }
  return out;
}

// The least of the 8 images by order(): the width comes first, so only the images as wide as
// the shorter side compete (the transposed ones when wider than high, all 8 when square), and
// those are the 4 mirror images of the region or of its transpose (mirror then transpose gives
// the same set as transpose then mirror).
Region Clobber::normalise(const Region& region) {
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

std::optional<cgt::GameId> Clobber::shortcut(const Region& region, std::chrono::steady_clock::time_point) {
  if (region.stones() == 2) return cgt::star();
  return std::nullopt;
}

}  // namespace amazons::clobber
