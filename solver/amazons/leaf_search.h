// The end of a search over sums: one small raw region beside an integer, and nothing else.
// Most positions of a search over a position that never splits (a small-board start, or a
// chamber whose amazons all touch) are such: 97% of the 5.4 M positions of the 5x4 start hold
// one raw region of 2-7 empty squares and its eight amazons, whose forms are too costly to
// build (a move frees a square for a neighbour) and no other part. Those are decided by plain
// search of the region and the integer on masks, without splits into game values, keys of
// sums or forms: G + n, n > 0, is G with n spare moves for Black ({n-1 | } is an integer's
// form), used when G has no better move.
//
// The game-generic core searches its leaves here through Amazons' optional LoneSearch member
// (game.h), which gives what the search needs of it as a LeafHost: the moves of a one-colour
// chamber, and a position counted.
#pragma once
#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <type_traits>

#include "solver/amazons/small_region.h"
#include "solver/core/exact_table.h"
#include "solver/core/per_thread_epoch.h"

namespace amazons::solve {

// What a leaf search asks of the engine it runs in.
class LeafHost {
 public:
  // The moves the owner makes alone in chamber `chamber` of `region`, a chamber without an
  // amazon of the other colour (0 when it has none at all), positive for Black.
  virtual int64_t territory(const SmallRegion& region, uint64_t chamber) = 0;
  // One more position searched: the engine's clock and allowances are checked (it throws to
  // stop the search).
  virtual void countPosition() = 0;

 protected:
  ~LeafHost() = default;
};

class LeafSearch {
 public:
  // A raw region of at most this many empty squares beside an integer and nothing else is
  // decided by plain search (wins). The 5x4 start (one thread, nodes and time, before the
  // plain leaves below): none 7.9 M, 10.5 s; up to 4 empty squares 9.4 M, 9.0 s; 6: 9.8 M,
  // 7.5 s; 8: 10.2 M, 7.3 s; 10: 10.6 M, 7.9 s; 12 (all of it) 12.6 M, 8.8 s. The 4x5 start:
  // none 31.9 s, 8: 20.2 s. With the plain leaves, one thread, the 4x6 start / the 6x4
  // first-move set: 8: 6.87 s / 93.1 s; 9: 6.25 s; 10: 5.80 s / 81.6 s; 11: 5.97 s; 12: 6.91 s.
  static constexpr int kLeafEmpty = 10;
  // A leaf of at most this many empty squares is decided by plain minimax, with no table,
  // split, killer or order: below it the table's misses and the order's reply counts cost more
  // than the positions they save. One thread, the 4x6 start / the 6x4 first-move set (seven
  // positions, White to move): plain up to 2 (the table from 3) 8.77 s / 131.1 s; 3: 8.18 s;
  // 4: 7.03 s / 99.7 s; 5: 6.87 s / 93.7 s; 6: 7.16 s. A call of 5 empty squares took at
  // most 82 us on 2,000 random 4x4 regions of eight amazons (the clock is not read inside).
  static constexpr int kPlainEmpty = 5;

  // The key of the table: the region and the mover, the integer beside it apart. Packed with
  // LeafBounds into 32 bytes, two entries a cache line (48 with the used flag and padding).
  struct [[gnu::packed, gnu::aligned(4)]] Key {
    uint64_t black, white, empty;
    uint32_t shape;  // width | height << 8 | mover << 16: never zero (a region is at least 1 x 1)
    static constexpr bool kNeverZero = true;
    bool operator==(const Key&) const = default;
    // Inline, where XXH3 is a library call: XXH3 took 8% of a 6x4 first move's time.
    static uint64_t hash(const Key& k) {
      uint64_t h = (k.black ^ 0x9E3779B97F4A7C15ull) * 0xBF58476D1CE4E5B9ull;
      h = (h ^ (h >> 31) ^ k.white ^ (uint64_t{k.shape} << 40)) * 0x94D049BB133111EBull;
      h = (h ^ (h >> 31) ^ k.empty) * 0xD6E8FEB86659FD93ull;
      h = (h ^ (h >> 29)) * 0xFF51AFD7ED558CCDull;  // every bit into the low ones too
      return h ^ (h >> 32);
    }
  };
  static_assert(sizeof(Key) == 28 && std::has_unique_object_representations_v<Key>);
  // What is known of G + n for one region G and mover, by the mover's advantage a (n for
  // Black, -n for White): a win at a is a win at a + 1 too (G + n + 1 > G + n), so the
  // advantages known to lose and to win are two half-lines. On integers; the advantages that
  // wins() meets lie within the region's empty squares of 0 (the rest is decided by
  // regionBounds), and others are neither recorded nor answered.
  struct Bounds {
    int16_t losesUpTo = INT16_MIN;  // the greatest advantage known to lose
    int16_t winsFrom = INT16_MAX;   // the least advantage known to win
    static bool fits(int64_t a) { return a > INT16_MIN && a < INT16_MAX; }
    std::optional<bool> at(int64_t a) const {
      if (!fits(a)) return std::nullopt;
      if (a >= winsFrom) return true;
      if (a <= losesUpTo) return false;
      return std::nullopt;
    }
    void record(int64_t a, bool wins) {
      if (!fits(a)) return;
      if (wins) winsFrom = std::min<int16_t>(winsFrom, static_cast<int16_t>(a));
      else losesUpTo = std::max<int16_t>(losesUpTo, static_cast<int16_t>(a));
    }
  };
  static_assert(sizeof(Key) + sizeof(Bounds) == 32);

  // The table reserves `reserveBytes` of address space and grows to `growBytes`, and while
  // `account` (when given, a count shared by the engine's tables, which this one adds to) is
  // under `accountLimit`; past either it is a cache.
  LeafSearch(size_t reserveBytes, size_t growBytes, std::atomic<size_t>* account = nullptr, size_t accountLimit = SIZE_MAX);

  static bool isLeaf(const SmallRegion& region) { return std::popcount(region.empty) <= kLeafEmpty; }
  // Whether the region is decided by plain minimax (kPlainEmpty), its key never wanted.
  static bool playedOut(const SmallRegion& region) {
    const int empty = std::popcount(region.empty);
    return empty >= 1 && empty <= kPlainEmpty;
  }
  // Whether `mover`, to move, wins `region` + `number` (a leaf: isLeaf).
  bool wins(const SmallRegion& region, int64_t number, Color mover, LeafHost& host) {
    return wins(region, playedOut(region) ? 0 : hash(key(region, mover)), number, mover, host);
  }

  // The table for a lone region on masks beside an integer of any size (the engine's search
  // above the leaves keeps what it finds of those here too).
  static Key key(const SmallRegion& region, Color mover) {
    return {region.black, region.white, region.empty, region.width | region.height << 8 | static_cast<uint32_t>(mover) << 16};
  }
  uint64_t hash(const Key& key) const { return table_.hash(key); }
  std::optional<bool> known(const Key& key, uint64_t hash, int64_t advantage) const {
    const std::optional<Bounds> found = table_.find(key, hash);
    return found ? found->at(advantage) : std::nullopt;
  }
  void remember(const Key& key, uint64_t hash, int64_t advantage, bool wins);

  size_t bytes() const { return table_.bytes(); }
  void clear();

 private:
  bool wins(SmallRegion region, uint64_t hash, int64_t number, Color mover, LeafHost& host);

  ExactTable<Key, Bounds, 4, true> table_;  // a cache: short lookups
  size_t growBytes_;
  std::atomic<size_t>* account_;
  size_t accountLimit_;
  // The killer moves, each thread's own (leaf_search.cpp): one a size of region and mover.
  core::PerThreadEpoch<std::array<std::array<MaskMove, 2>, kSmallSquares + 1>> killers_;
};

}  // namespace amazons::solve
