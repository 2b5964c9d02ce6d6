// The operation caches of the game table (operations.cpp's alone): sharded, each shard under a
// spin lock held for a few probes (2-3% faster than std::mutex on big forms).
#pragma once
#include <tbb/spin_mutex.h>
#include <xxhash.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <vector>

#include "cgt/game_table.h"

namespace cgt::detail {

constexpr int kCacheShardBits = 6;
constexpr int kCacheShards = 1 << kCacheShardBits;

// Open-addressing maps from a 64-bit key (an id pair: add's and leq's) to a 32-bit value.
class PairCache {
 public:
  PairCache() : shards_(new Shard[kCacheShards]) {}
  bool find(uint64_t key, uint32_t& out) {
    const uint64_t h = mix(key);
    Shard& s = shards_[h >> (64 - kCacheShardBits)];
    std::lock_guard lock(s.m);
    if (s.keys.empty()) return false;
    const size_t mask = s.keys.size() - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
      if (s.keys[i] == key) {
        out = s.vals[i];
        return true;
      }
      if (s.keys[i] == kEmpty) return false;
    }
  }
  void insert(uint64_t key, uint32_t value) {
    const uint64_t h = mix(key);
    Shard& s = shards_[h >> (64 - kCacheShardBits)];
    std::lock_guard lock(s.m);
    if (s.keys.empty()) {
      s.keys.assign(16, kEmpty);
      s.vals.assign(16, 0);
    }
    if (place(s.keys, s.vals, key, value, h)) {
      if (++s.count * 2 > s.keys.size()) {
        std::vector<uint64_t> nk(s.keys.size() * 2, kEmpty);
        std::vector<uint32_t> nv(s.keys.size() * 2, 0);
        for (size_t i = 0; i < s.keys.size(); ++i)
          if (s.keys[i] != kEmpty) place(nk, nv, s.keys[i], s.vals[i], mix(s.keys[i]));
        s.keys.swap(nk);
        s.vals.swap(nv);
      }
    }
  }

 private:
  static constexpr uint64_t kEmpty = ~uint64_t{0};
  struct Shard {
    tbb::spin_mutex m;
    std::vector<uint64_t> keys;
    std::vector<uint32_t> vals;
    size_t count = 0;
  };
  static uint64_t mix(uint64_t x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebull;
    x ^= x >> 31;
    return x;
  }
  // Returns true when a new key was added.
  static bool place(std::vector<uint64_t>& keys, std::vector<uint32_t>& vals, uint64_t key, uint32_t value, uint64_t h) {
    const size_t mask = keys.size() - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
      if (keys[i] == key) {
        vals[i] = value;
        return false;
      }
      if (keys[i] == kEmpty) {
        keys[i] = key;
        vals[i] = value;
        return true;
      }
    }
  }
  std::unique_ptr<Shard[]> shards_;
};

// The forms make() gave, by the option lists it was given (sorted and unique, not yet
// canonical). Most positions of a game have the option values of a position made before: in
// the forms of the first 50 random 6x6 Clobber boards of scripts/bench-clobber, 609 k of
// make()'s 762 k calls repeated an earlier call's lists, and canonicalising them again took 60%
// of its time; forms alone (7 random 5x5 boards, --canonical-nodes 0) take 12-15% less time.
// Exact keys, sharded as the intern table; a shard is an arena of entries [nL, nR, form, L...,
// R...] with open-addressed slots ((upper 32 bits of the hash) << 32 | the entry's offset). A
// shard whose arena or slots would pass their share of kBytes starts again empty: memory stays
// bounded and the recent lists are kept (the hardest 6x6 board and the 5x5 checkerboard start
// made 23 k and 30 k distinct lists, about a megabyte).
class MadeCache {
 public:
  MadeCache() : shards_(new Shard[kCacheShards]) {}
  static uint64_t hash(std::span<const GameId> L, std::span<const GameId> R) {
    return XXH3_64bits_withSeed(R.data(), R.size_bytes(), XXH3_64bits_withSeed(L.data(), L.size_bytes(), L.size()));
  }
  std::optional<GameId> find(const std::vector<GameId>& L, const std::vector<GameId>& R, uint64_t h) {
    Shard& s = shards_[h >> (64 - kCacheShardBits)];
    std::lock_guard lock(s.m);
    if (s.slots.empty()) return std::nullopt;
    const size_t mask = s.slots.size() - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
      const uint64_t slot = s.slots[i];
      if (slot == kEmptySlot) return std::nullopt;
      if ((slot ^ h) >> 32) continue;
      const Entry e{s.arena.data() + static_cast<uint32_t>(slot)};
      if (std::ranges::equal(e.lefts(), L) && std::ranges::equal(e.rights(), R)) return e.form();
    }
  }
  void insert(const std::vector<GameId>& L, const std::vector<GameId>& R, uint64_t h, GameId form) {
    const size_t words = Entry::kHeader + L.size() + R.size();
    if (words > kArenaWords / 16) return;  // a list this long is rare: not worth a shard's room
    Shard& s = shards_[h >> (64 - kCacheShardBits)];
    std::lock_guard lock(s.m);
    const bool slotsGrow = (s.count + 1) * 2 > s.slots.size();
    if (s.arena.size() + words > kArenaWords || (slotsGrow && s.slots.size() * 2 > kMostSlots)) {
      s.arena.clear();
      s.slots.clear();
      s.count = 0;
    }
    if (s.slots.empty()) {
      s.arena.reserve(kArenaWords);  // once: its pages are touched only as it fills
      s.slots.assign(64, kEmptySlot);
    }
    place(s.slots, (h & 0xFFFFFFFF00000000ull) | s.arena.size(), h);
    s.arena.insert(s.arena.end(), {static_cast<GameId>(L.size()), static_cast<GameId>(R.size()), form});
    s.arena.insert(s.arena.end(), L.begin(), L.end());
    s.arena.insert(s.arena.end(), R.begin(), R.end());
    if (++s.count * 2 > s.slots.size()) {
      std::vector<uint64_t> bigger(s.slots.size() * 2, kEmptySlot);
      for (const uint64_t slot : s.slots) {
        if (slot == kEmptySlot) continue;
        const Entry e{s.arena.data() + static_cast<uint32_t>(slot)};
        place(bigger, slot, hash(e.lefts(), e.rights()));
      }
      s.slots.swap(bigger);
    }
  }

 private:
  static constexpr uint64_t kEmptySlot = ~uint64_t{0};
  // Half of a shard's share of kBytes for its arena, half for its slots.
  static constexpr size_t kBytes = size_t{64} << 20;
  static constexpr size_t kArenaWords = kBytes / kCacheShards / 2 / sizeof(GameId);
  static constexpr size_t kMostSlots = kBytes / kCacheShards / 2 / sizeof(uint64_t);
  static_assert(kArenaWords < (uint64_t{1} << 32), "an entry's offset fits in a slot's lower half");
  struct Entry {
    static constexpr size_t kHeader = 3;
    const GameId* at;
    std::span<const GameId> lefts() const { return {at + kHeader, at[0]}; }
    std::span<const GameId> rights() const { return {at + kHeader + at[0], at[1]}; }
    GameId form() const { return at[2]; }
  };
  struct Shard {
    tbb::spin_mutex m;
    std::vector<uint64_t> slots;
    std::vector<GameId> arena;
    size_t count = 0;
  };
  static void place(std::vector<uint64_t>& slots, uint64_t slot, uint64_t h) {
    const size_t mask = slots.size() - 1;
    size_t i = h & mask;
    while (slots[i] != kEmptySlot) i = (i + 1) & mask;
    slots[i] = slot;
  }
  std::unique_ptr<Shard[]> shards_;
};

}  // namespace cgt::detail
