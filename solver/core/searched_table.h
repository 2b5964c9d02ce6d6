// What is known of the sums a search has been through, by exact key: one array of slots (open
// addressing, linear probing on the key's 64-bit hash), short keys in their slots and longer
// ones in one arena, compared in full on a hash match, so a collision is never taken for
// equality. A node-based
// std::unordered_map took a quarter of the time on hard 6x6 Clobber boards (millions of
// entries: a cache miss for the bucket, another for the node); Amazons' tbb map of std::string
// keys, a node and a key allocated an entry, 12-17% of a 10x10 frontier position's profile.
#pragma once
#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <limits>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cgt/dyadic.h"
#include "cgt/game_table.h"
#include "cgt/sum.h"
#include "solver/core/huge_pages.h"

namespace amazons::core {

// What is known of a sum position up to its number-up-star part v = x + ^n*m (cgt::PartSum
// folds the numbers, up multiples and nimbers into it): with a = v for Left to move and a = -v
// for Right (the mover's advantage), the mover wins for every a >= the stored win and loses
// for every a <= the stored loss. Adding a value >= 0 never hurts Left (G + x <= G + y for
// x <= y: if Left wins G + x moving first, G + x is not <= 0, nor then is G + y), so one
// search answers every position that differs from it only there, in the right direction:
// Amazons' territories end in all sizes, and near the end of a game most positions are one
// small raw chamber beside them. Numbers are ordered, these values only partly
// (cgt::nusAtLeast: ^* and 0 are not): a new point replaces the stored one unless that one
// answers it. Each point in 8 bytes: as two optional<Dyadic> (48 bytes) the table of a
// 41-empty 10x10 Amazons position filled at 512 MB and its search took 1.39 M positions
// instead of 1.15 M. A point that does not fit is not recorded, which only forgets.
class NusBounds {
 public:
  std::optional<bool> at(const cgt::Nus& a) const {
    if (win_.exp >= 0 && cgt::nusAtLeast(a, win_.value())) return true;
    if (loss_.exp >= 0 && cgt::nusAtLeast(loss_.value(), a)) return false;
    return std::nullopt;
  }
  void record(const cgt::Nus& a, bool wins) {
    if (Point::fits(a) && at(a) != wins) (wins ? win_ : loss_) = Point(a);
  }

 private:
  struct Point {
    int32_t num = 0;
    int8_t exp = -1;  // -1: no point
    uint8_t nim = 0;
    int16_t ups = 0;
    Point() = default;
    explicit Point(const cgt::Nus& a)
        : num(static_cast<int32_t>(a.number.num)),
          exp(static_cast<int8_t>(a.number.exp)),
          nim(static_cast<uint8_t>(a.nim)),
          ups(static_cast<int16_t>(a.ups)) {}
    static bool fits(const cgt::Nus& a) {
      return a.number.num >= std::numeric_limits<int32_t>::min() && a.number.num <= std::numeric_limits<int32_t>::max() &&
             a.number.exp <= std::numeric_limits<int8_t>::max() && a.nim <= std::numeric_limits<uint8_t>::max() &&
             a.ups >= std::numeric_limits<int16_t>::min() && a.ups <= std::numeric_limits<int16_t>::max();
    }
    cgt::Nus value() const {
      cgt::Dyadic d;
      d.num = num;
      d.exp = exp;
      return {d, ups, nim};
    }
  };
  static_assert(sizeof(Point) == 8);
  Point win_, loss_;
};
static_assert(sizeof(NusBounds) == 16);

// The same with the mover's advantage any canonical value (cgt::leq orders them; the search
// over sums makes it the whole known sum where that is small: sum_table.h): the two newest
// wins and the two newest losses, those a newer one answers dropped. (Clobber's hard 6x6
// board: one of each, 2.39 M positions; two, 2.20 M.)
class ValueBounds {
 public:
  std::optional<bool> at(cgt::GameId a) const {
    for (cgt::GameId w : win_)
      if (w != kNone && cgt::leq(w, a)) return true;
    for (cgt::GameId l : loss_)
      if (l != kNone && cgt::leq(a, l)) return false;
    return std::nullopt;
  }
  void record(cgt::GameId a, bool wins) {
    if (at(a) == wins) return;
    cgt::GameId* points = wins ? win_ : loss_;
    // the new point first, then the stored ones it does not answer (a win above it, a loss below it)
    const cgt::GameId stored[2] = {points[0], points[1]};
    points[1] = kNone;
    points[0] = a;
    for (cgt::GameId p : stored)
      if (p != kNone && !(wins ? cgt::leq(a, p) : cgt::leq(p, a))) {
        points[1] = p;
        break;
      }
  }

 private:
  static constexpr cgt::GameId kNone = ~cgt::GameId{0};
  cgt::GameId win_[2] = {kNone, kNone}, loss_[2] = {kNone, kNone};
};
static_assert(sizeof(ValueBounds) == 16);

template <typename Value>
class SearchedTable {
 public:
  explicit SearchedTable(size_t maxBytes = std::numeric_limits<size_t>::max()) : maxBytes_(maxBytes) {}

  std::optional<Value> find(std::string_view key, uint64_t hash) const {
    if (const Slot* slot = lookup(key, hash)) return slot->value;
    return std::nullopt;
  }
  // `key` must not be in the table yet. False, and nothing stored, when the table would grow
  // past maxBytes (bytes(): it grows by doubling its slots or its arena).
  bool insert(std::string_view key, uint64_t hash, const Value& value) {
    if (2 * (size_ + 1) > slots_.size()) {
      const size_t slots = std::max<size_t>(kMinSlots, 2 * slots_.size());
      if (slots * sizeof(Slot) + arena_.capacity() > maxBytes_) return false;
      grow(slots);
    }
    Slot slot{hash, {}, static_cast<uint32_t>(key.size()), 1, value};
    if (key.size() <= kInline) {
      std::copy(key.begin(), key.end(), slot.key.bytes);
    } else {
      if (arena_.size() + key.size() > arena_.capacity()) {
        const size_t capacity = std::max(2 * arena_.capacity(), arena_.size() + key.size());
        if (slots_.size() * sizeof(Slot) + capacity > maxBytes_) return false;
        arena_.reserve(capacity);
      }
      slot.key.offset = arena_.size();
      arena_.append(key);
    }
    place(slot);
    ++size_;
    return true;
  }
  // When `key` is there, update(stored) changes its value in place; else it is inserted with
  // `value`, if `insertNew` and there is room.
  template <typename Update>
  void merge(std::string_view key, uint64_t hash, const Value& value, Update&& update, bool insertNew = true) {
    if (Slot* slot = const_cast<Slot*>(lookup(key, hash))) update(slot->value);
    else if (insertNew) insert(key, hash, value);
  }
  // Swapped with an empty table, not assigned one: assigned an empty (short) string, the arena
  // kept its buffer (libstdc++), whose capacity bytes() counts, so that after a large search
  // the next one's table filled sooner (a suite line's positions depended on the lines before it).
  void clear() {
    SearchedTable empty(maxBytes_);
    std::swap(*this, empty);
  }
  size_t size() const { return size_; }
  // The slots' array and its length (a power of two, or 0), where a prefetch looks: the slot of
  // hash h is at the array plus (h & (length - 1)) * slotBytes.
  const char* slotArray() const { return reinterpret_cast<const char*>(slots_.data()); }
  size_t slotCount() const { return slots_.size(); }
  static constexpr size_t slotBytes() { return sizeof(Slot); }
  size_t bytes() const { return slots_.size() * sizeof(Slot) + arena_.capacity(); }

 private:
  // A key of up to kInline bytes is held in its slot, a longer one in the arena at `offset`:
  // Amazons' keys of regions on masks (4-16 bytes) are then read with the slot, which the
  // forms prefetch (cgt::Evaluator), rather than in a second cache miss.
  static constexpr size_t kInline = 16;
  struct Slot {
    uint64_t hash = 0;
    union {
      size_t offset;
      char bytes[kInline];
    } key{};
    uint32_t length = 0;
    uint8_t used = 0;
    Value value{};
    std::string_view keyIn(const std::string& arena) const {
      return length <= kInline ? std::string_view(key.bytes, length) : std::string_view(arena).substr(key.offset, length);
    }
  };
  static_assert(sizeof(Slot) <= 8 + kInline + 8 + ((sizeof(Value) + 7) & ~size_t{7}), "hash, key, length and flag, value");
  const Slot* lookup(std::string_view key, uint64_t hash) const {
    if (slots_.empty()) return nullptr;
    for (size_t i = hash & (slots_.size() - 1);; i = (i + 1) & (slots_.size() - 1)) {
      const Slot& slot = slots_[i];
      if (!slot.used) return nullptr;
      if (slot.hash == hash && slot.length == key.size() && slot.keyIn(arena_) == key) return &slot;
    }
  }
  void place(const Slot& s) {
    size_t i = s.hash & (slots_.size() - 1);
    while (slots_[i].used) i = (i + 1) & (slots_.size() - 1);
    slots_[i] = s;
  }
  static constexpr size_t kMinSlots = 1024;
  void grow(size_t slots) {
    std::vector<Slot, HugePageAllocator<Slot>> old(slots);
    old.swap(slots_);
    for (const Slot& s : old)
      if (s.used) place(s);
  }
  size_t maxBytes_;
  std::vector<Slot, HugePageAllocator<Slot>> slots_;  // a power of two long, at most half used
  std::string arena_;
  size_t size_ = 0;
};

// SearchedTable for the threads of one analysis: shards by the hash's top bits (the slots use
// its low bits), each under a mutex of its own.
template <typename Value>
class SharedSearchedTable {
 public:
  explicit SharedSearchedTable(size_t maxBytes) {
    for (Shard& s : shards_) s.table = SearchedTable<Value>(maxBytes / kShards);
  }
  std::optional<Value> find(std::string_view key, uint64_t hash) const {
    const Shard& s = shards_[hash >> kShardShift];
    std::lock_guard lock(s.mutex);
    return s.table.find(key, hash);
  }
  // A hint that the key of this hash is wanted soon, without the lock: the array and length it
  // reads may be torn by a growth, which a prefetch (it never faults) does not mind.
  void prefetch(uint64_t hash) const {
    const Shard& s = shards_[hash >> kShardShift];
    const char* slots = s.slots.load(std::memory_order_relaxed);
    const size_t count = s.count.load(std::memory_order_relaxed);
    if (slots && count) __builtin_prefetch(slots + (hash & (count - 1)) * SearchedTable<Value>::slotBytes());
  }
  // An entry is kept once, the first stored.
  void insert(std::string_view key, uint64_t hash, const Value& value) {
    merge(key, hash, value, [](Value&) {});
  }
  // SearchedTable::merge under the shard's lock; returns the bytes the table grew by.
  template <typename Update>
  size_t merge(std::string_view key, uint64_t hash, const Value& value, Update&& update, bool insertNew = true) {
    Shard& s = shards_[hash >> kShardShift];
    std::lock_guard lock(s.mutex);
    const size_t before = s.table.bytes();
    s.table.merge(key, hash, value, update, insertNew);
    s.publish();
    return s.table.bytes() - before;
  }
  void clear() {
    for (Shard& s : shards_) {
      std::lock_guard lock(s.mutex);
      s.table.clear();
      s.publish();
    }
  }
  size_t bytes() const {
    return total([](const SearchedTable<Value>& t) { return t.bytes(); });
  }
  size_t size() const {
    return total([](const SearchedTable<Value>& t) { return t.size(); });
  }

 private:
  template <typename Count>
  size_t total(Count count) const {
    size_t sum = 0;
    for (const Shard& s : shards_) {
      std::lock_guard lock(s.mutex);
      sum += count(s.table);
    }
    return sum;
  }
  static constexpr int kShardShift = 60;
  static constexpr size_t kShards = size_t{1} << (64 - kShardShift);
  struct Shard {
    mutable std::mutex mutex;
    SearchedTable<Value> table;
    std::atomic<const char*> slots{nullptr};  // the table's array for prefetch(), set under the lock
    std::atomic<size_t> count{0};
    void publish() {
      slots.store(table.slotArray(), std::memory_order_relaxed);
      count.store(table.slotCount(), std::memory_order_relaxed);
    }
  };
  std::array<Shard, kShards> shards_;
};

}  // namespace amazons::core
