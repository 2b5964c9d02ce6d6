// Clobber (../shared/seeds/003): a stone moves onto an orthogonally adjacent stone of the
// other colour and removes it; nothing else is a move; the last player to move wins. Left =
// Black = x, Right = White = o. Boards 1x1 to 16x16; square (file, rank), rank 0 at the bottom,
// written "a1" as in chess.
//
// A region is the board as bit rows: one 16-bit mask a rank for each colour. The independent
// parts are the orthogonally connected groups of stones: a move changes only its own group,
// and a group of one colour has no move (value 0). Symmetries: the 8 of the square, colours
// never swapped.
#pragma once
#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cgt/game_table.h"
#include "solver/core/game.h"

namespace amazons::clobber {

constexpr int kMaxSide = 16;

struct Region {
  std::array<uint16_t, kMaxSide> black{}, white{};  // by rank; bit f = file f; zero past width and height
  uint8_t width = 0, height = 0;
  bool operator==(const Region&) const = default;
  int stones() const;
};

struct Move {
  uint8_t fromFile, fromRank, toFile, toRank;
  bool operator==(const Move&) const = default;
};

struct Position {
  Region board;
  std::optional<cgt::Side> toMove;  // when the input says (the CodinGame colour line)
};

struct Clobber {
  static constexpr std::string_view kName = "clobber";
  using Region = clobber::Region;
  using Move = clobber::Move;
  using Position = clobber::Position;

  // formats.cpp. The one-line form ("xo.|.ox", rows top first, x/X Black, o/O White, '.'
  // empty), the same as one row a line, or the CodinGame turn input (size line, colour w/b of
  // the side to move, the rows in w/b/., the last action "null" or a move, the number of legal
  // actions, which must be ours). Any of them after an optional side line (b, w, black, white)
  // and comment lines ("# ..."). Or Fairy-Stockfish's FEN (solver/core/fen.h), one line, P
  // White, p Black: "PpPpP/pPpPp/PpPpP/pPpPp/PpPpP/pPpPp w - - 0 1".
  static Position parsePosition(std::string_view text, const std::string& file);
  static std::string printPosition(const Region& region);
  static std::string writeFen(const Region& region, cgt::Side toMove);  // as Fairy-Stockfish prints it, "... w - - 0 1"
  static Region parseOneLine(std::string_view text);  // the one-line form alone
  static std::string formatMove(const Region& board, const Move& move);  // "e2e3"
  static Move parseMove(const Region& board, std::string_view text);     // legal for the stone's owner

  // region.cpp, and the templates below
  static std::vector<Move> moves(const Region& region, cgt::Side side);  // by from square (rank, file), then direction
  template <class F>
  static void forEachMove(const Region& region, cgt::Side side, F&& f);  // f(move), moves' order, no list
  static Region play(const Region& region, const Move& move);
  static size_t countMoves(const Region& region, cgt::Side side);  // moves(region, side).size(), the same for both sides
  static std::vector<core::Placed<Region>> split(const Region& region);  // groups with both colours, by lowest stone
  template <class F>
  static void forEachGroup(const Region& region, F&& f);  // f(Placed<Region>&&), split's order, no list
  // The forms' options and parts with no lists (core/game.h): their lists' allocations and
  // copies were a tenth of the time on the random Clobber boards.
  template <class F>
  static void forEachOptionOf(const Region& region, cgt::Side side, F&& f) {
    forEachMove(region, side, [&](const Move& m) { f(play(region, m)); });
  }
  // The search's move order (core/game.h: less first), with no list of moves: f(move, score,
  // 0, the region after it), the score the opponent's replies after the move plus the stones
  // of the largest group it leaves. Moves that break a group into small ones, whose values the
  // search finds in its table, then come before those that leave one large group. Positions
  // searched, replies alone -> with the largest group: the random 6x6 set less its unknown
  // board 1.92 M -> 1.26 M, that board 15.7 M -> 3.5 M, grouped 8x8 166 k -> 91 k, random
  // 5x5 134 k -> 118 k, the 6x4 checkerboard 1.60 M -> 1.15 M. Weighted 2:1 or 3:2 it did
  // as well (1.27 M, 1.25 M on the 6x6 set), 1:2 worse (1.38 M); the largest group as a
  // tie-break alone 1.45 M, before the replies 1.74 M; all groups' stones instead 1.98 M.
  template <class F>
  static bool forEachMoveScore(const Region& region, cgt::Side side, bool, F&& f) {
    forEachMove(region, side, [&](const Move& m) {
      const Region after = play(region, m);
      int largest = 0;
      forEachGroup(after, [&](core::Placed<Region>&& group) { largest = std::max(largest, group.region.stones()); });
      const auto score = [&] { return static_cast<int64_t>(countMoves(after, core::opposite(side)) + largest); };
      f(m, score, 0, &after);
    });
    return true;
  }
  template <class F>
  static void forEachPart(const Region& region, F&& f) {
    forEachGroup(region, [&](core::Placed<Region>&& p) { f(normalise(p.region)); });
  }
  static int size(const Region& region) { return region.stones(); }
  static Region normalise(const Region& region);
  static std::string key(const Region& normalised);  // width, height, each rank's black and white rows
  static Move shifted(const Move& move, int files, int ranks);
  // Two stones (the least group of two colours) are {0|0} = *; looking that up costs more.
  static std::optional<cgt::GameId> shortcut(const Region& normalised, const Deadline& deadline = {});
  // A symmetry t (core/symmetry.h; one that undoes itself) under which the board with its
  // colours swapped is itself: the checkerboard starts with an even side. Then White to move is
  // Black to move in the mirror.
  static std::optional<int> colourMirror(const Region& board);
  static Move mirroredMove(const Region& board, int t, const Move& move);
};

template <class F>
void Clobber::forEachMove(const Region& region, cgt::Side side, F&& f) {
  const auto& mine = side == cgt::Side::Left ? region.black : region.white;
  const auto& theirs = side == cgt::Side::Left ? region.white : region.black;
  for (int r = 0; r < region.height; ++r) {
    // Stones with a stone of the other colour above, to the right, below, to the left.
    const uint32_t up = r + 1 < region.height ? mine[r] & theirs[r + 1] : 0u;
    const uint32_t right = mine[r] & (theirs[r] >> 1), left = mine[r] & (theirs[r] << 1);
    const uint32_t down = r > 0 ? mine[r] & theirs[r - 1] : 0u;
    for (uint32_t bits = up | right | down | left; bits; bits &= bits - 1) {
      const int file = std::countr_zero(bits);
      const auto fromFile = static_cast<uint8_t>(file), rank = static_cast<uint8_t>(r);
      if ((up >> file) & 1) f(Move{fromFile, rank, fromFile, static_cast<uint8_t>(r + 1)});
      if ((right >> file) & 1) f(Move{fromFile, rank, static_cast<uint8_t>(file + 1), rank});
      if ((down >> file) & 1) f(Move{fromFile, rank, fromFile, static_cast<uint8_t>(r - 1)});
      if ((left >> file) & 1) f(Move{fromFile, rank, static_cast<uint8_t>(file - 1), rank});
    }
  }
}

namespace detail {

// The rows of a region within 8x8 as one word, 8 bits a rank (bit 8 * rank + file).
inline uint64_t packedRows(const std::array<uint16_t, kMaxSide>& rows, int height) {
  uint64_t x = 0;
  for (int r = 0; r < height; ++r) x |= uint64_t{rows[r]} << (8 * r);
  return x;
}

// Regions within 8x8 in words (packedRows), where a group grows by shifting the whole word:
// most regions met (the parts of boards up to 8x8) fit.
template <class F>
void forEachGroupWithin8x8(const Region& region, F&& f) {
  constexpr uint64_t kNotFirstFile = ~0x0101010101010101ull, kNotLastFile = ~0x8080808080808080ull;
  const uint64_t black = packedRows(region.black, region.height), white = packedRows(region.white, region.height);
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
    f(std::move(part));
  }
}

// Larger regions, by rows: a flood fill, a pass up and a pass down at a time.
template <class F>
void forEachGroupByRows(const Region& region, F&& f) {
  const int h = region.height;
  std::array<uint16_t, kMaxSide> left{};  // stones not yet in a group
  for (int r = 0; r < h; ++r) left[r] = region.black[r] | region.white[r];
  for (int seedRank = 0; seedRank < h; ++seedRank)
    while (left[seedRank]) {
      std::array<uint16_t, kMaxSide> group{};
      group[seedRank] = left[seedRank] & -left[seedRank];
      for (bool grown = true; grown;) {
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
      f(std::move(part));
    }
}

}  // namespace detail

template <class F>
void Clobber::forEachGroup(const Region& region, F&& f) {
  if (region.width <= 8 && region.height <= 8) detail::forEachGroupWithin8x8(region, f);
  else detail::forEachGroupByRows(region, f);
}

static_assert(core::Game<Clobber> && core::HasShortcut<Clobber> && core::HasColourMirror<Clobber>);
static_assert(core::HasOptionRegions<Clobber> && core::HasParts<Clobber> && core::HasMoveScores<Clobber>);

}  // namespace amazons::clobber
