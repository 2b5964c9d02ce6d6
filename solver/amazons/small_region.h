// Regions as three bit masks of 64 squares (SmallRegion), 128 (WideRegion) or 256 (LargeRegion,
// mask256.h): every region of a board up to 16x16 fits, so the search generates options,
// splits them into chambers and normalises their keys on masks, without building Boards.
//
// Square index = rank * width + file, rank 0 at the bottom (as on a Board); squares of the
// width x height frame in no mask are arrows.
#pragma once
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "solver/amazons/board.h"
#include "solver/amazons/chambers.h"
#include "solver/amazons/mask256.h"

namespace amazons {

// The masks that keep a shift from wrapping around the frame's edges, for a frame of up to
// as many squares as Mask has bits (square index = rank * width + file).
template <typename Mask>
struct MaskFrame {
  int width;
  Mask all, notFirstFile, notLastFile;
  MaskFrame(int w, int h) : width(w) {
    const int n = w * h;
    all = n == static_cast<int>(8 * sizeof(Mask)) ? ~Mask{0} : (Mask{1} << n) - 1;
    Mask firstFile = 0;
    for (int r = 0; r < h; ++r) firstFile |= Mask{1} << (r * w);
    notFirstFile = all & ~firstFile;
    notLastFile = all & ~(firstFile << (w - 1));
  }
  // `mask` with its eight neighbours (kept within the files; ranks beyond the frame are the
  // caller's to cut).
  Mask dilate(Mask mask) const {
    const Mask row = mask | ((mask & notLastFile) << 1) | ((mask & notFirstFile) >> 1);
    return row | (row << width) | (row >> width);
  }
  // Squares a queen on any square of `from` reaches over `empty` (one ray a direction, from
  // all of them at once).
  [[gnu::always_inline]] Mask queenTargets(Mask from, Mask empty) const {
    Mask targets = 0;
    auto ray = [&](auto step) {
      for (Mask x = step(from) & empty; x; x = step(x) & empty) targets |= x;
    };
    const int w = width;
    ray([&](Mask x) { return (x & notLastFile) << 1; });
    ray([&](Mask x) { return (x & notFirstFile) >> 1; });
    ray([&](Mask x) { return x << w; });
    ray([&](Mask x) { return x >> w; });
    ray([&](Mask x) { return (x & notLastFile) << (w + 1); });
    ray([&](Mask x) { return (x & notFirstFile) << (w - 1); });
    ray([&](Mask x) { return (x & notLastFile) >> (w - 1); });
    ray([&](Mask x) { return (x & notFirstFile) >> (w + 1); });
    return targets;
  }
};
using SmallFrame = MaskFrame<uint64_t>;
// Frames of 65-128 squares (10x10, 11x11): the regions of the boards people play.
using WideMask = unsigned __int128;
// Frames of 129-256 squares (12x12 to 16x16).
using LargeMask = Mask256;

// A region in a width x height frame as three masks of as many bits as the frame has squares
// at most: SmallRegion (64 bits), WideRegion (128) or LargeRegion (256). One representation at
// three widths, so moves, parts, symmetries and keys are written once.
template <typename Mask>
struct MaskRegion {
  Mask black = 0, white = 0, empty = 0;
  uint32_t width = 0, height = 0;
  bool operator==(const MaskRegion&) const = default;
  MaskFrame<Mask> frame() const { return MaskFrame<Mask>(static_cast<int>(width), static_cast<int>(height)); }
  Mask amazons(Color c) const { return c == Color::Black ? black : white; }
  Mask& amazons(Color c) { return c == Color::Black ? black : white; }
};
using SmallRegion = MaskRegion<uint64_t>;
using WideRegion = MaskRegion<WideMask>;
using LargeRegion = MaskRegion<LargeMask>;
// Hashed as raw bytes: no padding may hide in it.
static_assert(sizeof(SmallRegion) == 32 && std::has_unique_object_representations_v<SmallRegion>);

constexpr int kSmallSquares = 64;
constexpr int kWideSquares = 128;
static_assert(kMaxSquares <= 256, "LargeRegion holds every board");

// The region on masks of Mask's bits, side to move aside; needs region.squares() at most those.
template <typename Mask>
MaskRegion<Mask> toMasks(const Board& region);
inline SmallRegion toSmall(const Board& region) { return toMasks<uint64_t>(region); }
inline WideRegion toWide(const Board& region) { return toMasks<WideMask>(region); }
inline LargeRegion toLarge(const Board& region) { return toMasks<LargeMask>(region); }
template <typename Mask>
Board toBoard(const MaskRegion<Mask>& region);

// f.operator()<Out>() with Out the narrowest masks that hold `squares` squares, never wider
// than Mask (which holds them): a region's size alone decides its masks, so that equal regions
// are held alike.
template <typename Mask = LargeMask, class F>
decltype(auto) onNarrowestMasks(int squares, F&& f) {
  if constexpr (sizeof(Mask) > sizeof(uint64_t))
    if (squares <= kSmallSquares) return f.template operator()<uint64_t>();
  if constexpr (sizeof(Mask) > sizeof(WideMask))
    if (squares <= kWideSquares) return f.template operator()<WideMask>();
  return f.template operator()<Mask>();
}
// f(the board on the narrowest masks that hold it).
template <class F>
decltype(auto) onMasks(const Board& board, F&& f) {
  return onNarrowestMasks(board.squares(), [&]<typename Out>() { return f(toMasks<Out>(board)); });
}
// The chamber alone, cropped to its bounding box, when that has at most 64 squares.
std::optional<SmallRegion> smallChamber(const Board& board, const Chamber& chamber);

// The region after `mover` plays `m` (square indices as on the board), its bits flipped.
template <typename Mask>
MaskRegion<Mask> afterMove(MaskRegion<Mask> region, Color mover, const Move& m) {
  const Mask from = Mask{1} << m.from, to = Mask{1} << m.to;
  region.amazons(mover) ^= from | to;
  region.empty = ((region.empty | from) & ~to) & ~(Mask{1} << m.arrow);
  return region;
}
inline int maskPopcount(uint64_t x) { return std::popcount(x); }
inline int maskPopcount(WideMask x) { return std::popcount(static_cast<uint64_t>(x)) + std::popcount(static_cast<uint64_t>(x >> 64)); }
// Squares 0..n-1 of x in reverse order (n at most the mask's bits), square i to n - 1 - i:
// a frame of n squares turned half a turn (mask256.h has the 256-bit one).
inline uint64_t reversedSquares(uint64_t x, int n) { return bitReversed(x) >> (64 - n); }
inline WideMask reversedSquares(WideMask x, int n) {
  const WideMask reversed = WideMask{bitReversed(static_cast<uint64_t>(x))} << 64 | bitReversed(static_cast<uint64_t>(x >> 64));
  return reversed >> (128 - n);
}
// The index of the lowest and of the highest square of a nonempty mask.
inline int maskLowest(uint64_t x) { return std::countr_zero(x); }
inline int maskLowest(WideMask x) {
  const uint64_t low = static_cast<uint64_t>(x);
  return low ? std::countr_zero(low) : 64 + std::countr_zero(static_cast<uint64_t>(x >> 64));
}
inline int maskHighest(uint64_t x) { return 63 - std::countl_zero(x); }
inline int maskHighest(WideMask x) {
  const uint64_t high = static_cast<uint64_t>(x >> 64);
  return high ? 127 - std::countl_zero(high) : 63 - std::countl_zero(static_cast<uint64_t>(x));
}

// Black's territory by queen distance less White's: the empty squares Black's amazons reach
// in fewer queen moves (over empty squares) than White's, less those White reaches sooner.
// An estimate (the heuristic of Amazons programs), for move ordering only.
template <typename Mask>
int queenTerritory(const MaskFrame<Mask>& frame, Mask black, Mask white, Mask empty) {
  Mask reachedBlack = 0, reachedWhite = 0;
  int territory = 0;
  // One queen move further a round, until no square is left unclaimed that a side may still
  // reach: a square counts in the round either side first reaches it.
  while ((black | white) && (empty & ~(reachedBlack | reachedWhite))) {
    const Mask nextBlack = frame.queenTargets(black, empty) & ~reachedBlack;
    const Mask nextWhite = frame.queenTargets(white, empty) & ~reachedWhite;
    territory += maskPopcount(nextBlack & ~nextWhite & ~reachedWhite) - maskPopcount(nextWhite & ~nextBlack & ~reachedBlack);
    reachedBlack |= nextBlack;
    reachedWhite |= nextWhite;
    black = nextBlack;
    white = nextWhite;
  }
  return territory;
}

// The positions after the legal moves of `mover`, by square index of from, then to, then
// arrow, until `found` returns true for one; whether it did.
template <typename Mask, typename Found>
bool anyOption(const MaskRegion<Mask>& region, Color mover, Found&& found) {
  const MaskFrame<Mask> frame = region.frame();
  for (Mask amazons = region.amazons(mover); amazons; amazons &= amazons - 1) {
    const Mask from = amazons & -amazons;
    const Mask emptyWithoutMe = region.empty | from;
    for (Mask tos = frame.queenTargets(from, region.empty); tos; tos &= tos - 1) {
      const Mask to = tos & -tos;
      const Mask emptyAfterStep = emptyWithoutMe & ~to;
      MaskRegion<Mask> option = region;
      option.amazons(mover) ^= from | to;
      for (Mask arrows = frame.queenTargets(to, emptyAfterStep); arrows; arrows &= arrows - 1) {
        option.empty = emptyAfterStep & ~(arrows & -arrows);
        if (found(std::as_const(option))) return true;
      }
    }
  }
  return false;
}

// Every position after a legal move of `mover`, in anyOption's order.
template <typename Mask, typename Emit>
void forEachOption(const MaskRegion<Mask>& region, Color mover, Emit&& emit) {
  anyOption(region, mover, [&](const MaskRegion<Mask>& option) {
    emit(option);
    return false;
  });
}

// A move on masks, one square each: amazon from, to, arrow.
template <typename Mask>
struct MaskMoveOf {
  Mask from = 0, to = 0, arrow = 0;
};
using MaskMove = MaskMoveOf<uint64_t>;
// The move of `mover` that leads from `region` to `option`, one of its options there.
template <typename Mask>
MaskMoveOf<Mask> moveBetween(const MaskRegion<Mask>& region, const MaskRegion<Mask>& option, Color mover) {
  const Mask before = region.amazons(mover), after = option.amazons(mover);
  const Mask from = before & ~after, to = after & ~before;
  return {from, to, (region.empty | from) & ~to & ~option.empty};
}
// The region after `move` when that is a legal move of `mover` there (one square each, the
// amazon `mover`'s, both steps queen moves over empty squares), else nullopt.
inline std::optional<SmallRegion> playedIfLegal(const SmallRegion& region, const MaskMove& move, Color mover) {
  const uint64_t mine = region.amazons(mover);
  if (!std::has_single_bit(move.from) || !std::has_single_bit(move.to) || !std::has_single_bit(move.arrow)) return std::nullopt;
  if (!(move.from & mine)) return std::nullopt;  // before the frame is built: most killers fail here or above
  const SmallFrame frame(static_cast<int>(region.width), static_cast<int>(region.height));
  if (!(frame.queenTargets(move.from, region.empty) & move.to)) return std::nullopt;
  const uint64_t emptyAfterStep = (region.empty | move.from) & ~move.to;
  if (!(frame.queenTargets(move.to, emptyAfterStep) & move.arrow)) return std::nullopt;
  SmallRegion option = region;
  option.amazons(mover) ^= move.from | move.to;
  option.empty = emptyAfterStep & ~move.arrow;
  return option;
}

// How many legal moves `mover` has (the options forEachOption would give).
template <typename Mask>
int countOptions(const MaskFrame<Mask>& frame, Mask amazons, Mask empty) {
  int count = 0;
  for (; amazons; amazons &= amazons - 1) {
    const Mask from = amazons & -amazons;
    const Mask emptyWithoutMe = empty | from;
    for (Mask tos = frame.queenTargets(from, empty); tos; tos &= tos - 1)
      count += maskPopcount(frame.queenTargets(tos & -tos, emptyWithoutMe & ~(tos & -tos)));
  }
  return count;
}
template <typename Mask>
int countOptions(const MaskRegion<Mask>& region, Color mover) {
  return countOptions(region.frame(), region.amazons(mover), region.empty);
}

// The squares of `empty` 8-connected to one of `amazons` through empty squares: all that
// those amazons can ever reach by their own moves.
template <typename Mask>
Mask reachableSquares(const MaskFrame<Mask>& frame, Mask amazons, Mask empty) {
  for (Mask reach = amazons;;) {
    const Mask grown = (frame.dilate(reach) & empty) | amazons;
    if (grown == reach) return reach & empty;
    reach = grown;
  }
}

// Each 8-connected part of `open` (the squares that are no arrow) as f(part), grown from the
// lowest square left, so in the order of their lowest squares (findChambers' chambers).
template <typename Mask, class F>
void forEachConnectedPart(const MaskFrame<Mask>& frame, Mask open, F&& f) {
  for (Mask left = open; left;) {
    Mask part = left & -left;
    for (;;) {  // grow over the eight neighbours until nothing changes
      const Mask grown = frame.dilate(part) & open;
      if (grown == part) break;
      part = grown;
    }
    left &= ~part;
    f(part);
  }
}

template <typename Mask>
int queenTerritory(const MaskRegion<Mask>& region) {
  return queenTerritory(region.frame(), region.black, region.white, region.empty);
}

// The chambers of a region (findChambers' definition) as masks, ordered by lowest square.
// No region of 64 squares has more than 25: each chamber needs a 2x2 block of its own.
struct SmallChambers {
  std::array<uint64_t, 32> masks;
  int count = 0;
};
SmallChambers splitChambers(const SmallRegion& region);

// The class of the squares `chamber` of a region on masks.
template <typename Mask>
ChamberClass chamberClassOf(const MaskRegion<Mask>& region, Mask chamber) {
  return chamberClass(maskPopcount(chamber & region.empty), maskPopcount(chamber & region.black), maskPopcount(chamber & region.white));
}

// The bounding box of a nonempty set of squares: its corner (file, rank) and size.
struct MaskBox {
  int f0, r0, width, height;
  int squares() const { return width * height; }
};
template <typename Mask>
MaskBox boxOf(const MaskRegion<Mask>& region, Mask squares);
// One chamber alone, cropped to its box, as it lies (no symmetry), on masks of Out bits (as
// many as the box has squares at least).
template <typename Out, typename Mask>
MaskRegion<Out> croppedChamber(const MaskRegion<Mask>& region, Mask chamber, const MaskBox& box);

// One chamber alone, cropped to its bounding box, in the orientation of least (empty, black,
// white) among the symmetries of least width (colours never swapped; boxes of at most 8 x 8
// compare the masks 8 bits a rank): equal for any two chambers that are images of each other,
// different otherwise. The box of a chamber of a WideRegion must have more than 64 squares,
// that of a LargeRegion more than 128 (a smaller one is cropped onto narrower masks first), so
// that equal chambers have one form.
SmallRegion normalisedChamber(const SmallRegion& region, uint64_t chamber);
template <typename Mask>  // WideMask, LargeMask
MaskRegion<Mask> normalisedChamber(const MaskRegion<Mask>& region, Mask chamber);
// f(the part `part` of a region alone, normalised on the narrowest masks that hold its box):
// the one form of a chamber, whatever the masks or the place it was found on.
template <typename Mask, class F>
decltype(auto) onNormalisedPart(const MaskRegion<Mask>& region, Mask part, F&& f) {
  const MaskBox box = boxOf(region, part);
  return onNarrowestMasks<Mask>(box.squares(), [&]<typename Out>() {
    if constexpr (std::is_same_v<Out, Mask>) {
      return f(normalisedChamber(region, part));
    } else {
      const MaskRegion<Out> crop = croppedChamber<Out>(region, part, box);
      return f(normalisedChamber(crop, crop.black | crop.white | crop.empty));
    }
  });
}

// The exact key of a normalised chamber (onNormalisedPart's form): equal for two chambers
// exactly when they are images of each other; a few bytes, its layout in small_region.cpp.
template <typename Mask>
std::string chamberKey(const MaskRegion<Mask>& normalised);
// The form a chamberKey encodes, on its masks.
template <typename Mask>
MaskRegion<Mask> regionOfChamberKey(std::string_view key);
// f(the form a chamberKey encodes), on masks of the width it names.
template <class F>
decltype(auto) onChamberKey(std::string_view key, F&& f) {
  if (key[0] == 'S') return f(regionOfChamberKey<uint64_t>(key));
  if (key[0] == 'W') return f(regionOfChamberKey<WideMask>(key));
  return f(regionOfChamberKey<LargeMask>(key));
}

}  // namespace amazons
