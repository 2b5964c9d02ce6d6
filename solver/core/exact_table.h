// A concurrent map from fixed-size keys to values, shared by all threads. Keys are compared
// in full, so a hash collision is never taken for equality. 64 shards, chosen by the top bits
// of the key's hash (XXH3 of its bytes, or the key type's own), each an open-addressing array under its own spin lock (held for a
// few probes). A key lives within kWindow slots of its home slot, at the first that was free
// when it came: a lookup reads at most kWindow slots (a few cache lines) and stops at a free
// one, and an insert that finds none free grows the array, so that linear probing's clusters
// never make a probe long however full the array is.
//
// Entry layout: the key, the value, and a used flag, unless the key declares
// `kNeverZero = true` (no stored key is all zero bytes: all-zero bytes are an unused entry).
//
// A table that may not grow (its owner's memory is spent) can still take new keys as a cache
// does (Room::Replace): into a free slot of the key's window, else over the entry of least
// worth there. An entry overwritten keeps its slot used, so no other key's window is cut short;
// a key lost is only searched again. A growing table doubles when half full; a cache fills
// to the last slot. On the 4x5 start at --hash 512 the leaf table filled after 1.0 M of 14.8 M
// positions; with room to spare the start took 4.9 M.
//
// The shards' arrays are carved from one reservation of address space (mmap), marked for
// transparent huge pages. Its pages come zeroed, so an array needs no filling when it grows,
// and a table of tens of megabytes spans a few 2 MB pages instead of thousands of 4 KB ones:
// on these VMs a 4 KB page costs ~11.5 us when first touched, and the TLB misses of lookups
// scattered over thousands of pages were a fifth of a 12-empty form's time. An array outgrown
// gives its whole pages back (its address space stays used: the reservation is twice the
// largest table wanted), so that a table at its memory's end holds twice the entries; past
// the reservation arrays come from the heap.
#pragma once
#include <sys/mman.h>
#include <tbb/spin_mutex.h>
#include <xxhash.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cassert>
#include <concepts>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <type_traits>
#include <vector>

namespace amazons {

// What a merge may do with a key not in the table: insert it, growing the arrays as needed;
// insert it without growing, replacing a stored entry when its window is full (above); nothing.
enum class Room { Grow, Replace, None };

// Window: the slots a key may sit from its home (above). 16 keeps a growing array at least a
// quarter full: a full window grows the array early, and with 8 the arrays of 200,000 random
// keys were left a fifth full (tests/small_region_test.cpp). A cache's lookups read the whole
// window when they miss: the leaf table of the 6x4 first-move positions took 10% more time a
// position with 16 than with 4.
// Lossy: the table is a cache even while it grows. A key whose window is full replaces the
// entry of least worth there instead of growing the array, and an array grown keeps only the
// keys that fit their windows. Short windows need it: with 4, nearly every array of 100,000
// keys doubled holds some full window, and grew again and again.
template <typename Key, typename Value, size_t Window = 16, bool Lossy = false>
class ExactTable {
  static_assert(std::has_unique_object_representations_v<Key>, "keys are hashed as raw bytes");
  static_assert(std::is_trivially_copyable_v<Key> && std::is_trivially_copyable_v<Value>,
                "entries live in zeroed pages and move by copying");

 public:
  // `reserveBytes`: the address space to reserve for the arrays (not memory: pages are only
  // taken when touched). Twice the largest table wanted leaves room for outgrown arrays.
  // `account`, when given, counts the bytes of the arrays held, as bytes() does.
  explicit ExactTable(size_t reserveBytes = size_t{1} << 26, std::atomic<size_t>* account = nullptr)
      : arena_(reserveBytes, account) {}

  // XXH3 of the key's bytes, unless the key type has its own `static uint64_t hash(const Key&)`.
  static uint64_t hash(const Key& key) {
    if constexpr (requires { { Key::hash(key) } -> std::same_as<uint64_t>; }) return Key::hash(key);
    else return XXH3_64bits(&key, sizeof(Key));
  }

  // A hint that the key of hash h is wanted soon. It reads the shard's array without the lock:
  // a stale one is harmless to a prefetch, which never faults.
  void prefetch(uint64_t h) const {
    const Shard& shard = shards_[h >> (64 - kShardBits)];
    const size_t size = shard.size.load(std::memory_order_relaxed);
    const Entry* slots = shard.slots.load(std::memory_order_relaxed);
    // The pair may be torn by a growth: an index below the larger size, in the reservation.
    if (slots && size)
      __builtin_prefetch(reinterpret_cast<const void*>(reinterpret_cast<uintptr_t>(slots) + (h & (size - 1)) * sizeof(Entry)));
  }

  std::optional<Value> find(const Key& key) const { return find(key, hash(key)); }
  std::optional<Value> find(const Key& key, uint64_t h) const {
    const Shard& shard = shards_[h >> (64 - kShardBits)];
    tbb::spin_mutex::scoped_lock lock(shard.mutex);
    const Entry* slots = shard.slots.load(std::memory_order_relaxed);
    if (!slots) return std::nullopt;
    const size_t mask = shard.size.load(std::memory_order_relaxed) - 1;
    for (size_t k = 0; k < kWindow; ++k) {
      const Entry& e = slots[(h + k) & mask];
      if (!used(e)) return std::nullopt;
      if (e.key == key) return e.value;
    }
    return std::nullopt;
  }

  // False when the key is there already (its value is kept).
  bool insert(const Key& key, const Value& value) { return insert(key, value, hash(key)); }
  bool insert(const Key& key, const Value& value, uint64_t h) {
    return merge(key, value, h, [](Value&, const Value&) {});
  }
  // When the key is there, combine(stored, value) updates the stored value in place (under the
  // shard's lock); else the key is stored with `value` as `room` allows, a replaced entry
  // chosen by least worth(key, value) (none given: the first). True when stored anew.
  template <typename Combine, typename Worth = int (*)(const Key&, const Value&)>
  bool merge(const Key& key, const Value& value, uint64_t h, Combine&& combine, Room room = Room::Grow,
             Worth&& worth = [](const Key&, const Value&) { return 0; }) {
    if constexpr (kNeverZero) assert(!(key == Key{}));
    Shard& shard = shards_[h >> (64 - kShardBits)];
    tbb::spin_mutex::scoped_lock lock(shard.mutex);
    Entry* slots = shard.slots.load(std::memory_order_relaxed);
    if (!slots) {
      if (room != Room::Grow) return false;
      slots = arena_.allocate(kFirstSize);
      shard.slots.store(slots, std::memory_order_relaxed);
      shard.size.store(kFirstSize, std::memory_order_relaxed);
    }
    for (;;) {
      const size_t mask = shard.size.load(std::memory_order_relaxed) - 1;
      Entry* free = nullptr;
      for (size_t k = 0; k < kWindow; ++k) {
        Entry& e = slots[(h + k) & mask];
        if (!used(e)) {
          free = &e;
          break;
        }
        if (e.key == key) {
          combine(e.value, value);
          return false;
        }
      }
      if (room == Room::None) return false;
      if (free) {
        *free = makeEntry(key, value);
        if (++shard.count * 2 > mask + 1 && room == Room::Grow) grow(shard);
        return true;
      }
      if (room == Room::Replace || (Lossy && room == Room::Grow)) {
        Entry* victim = &slots[h & mask];
        for (size_t k = 1; k < kWindow; ++k) {
          Entry& e = slots[(h + k) & mask];
          if (worth(e.key, e.value) < worth(victim->key, victim->value)) victim = &e;
        }
        *victim = makeEntry(key, value);
        return true;
      }
      slots = grow(shard);  // a full window: the key is placed in the doubled array
    }
  }

  // The slots of the arrays held, used or not.
  size_t capacity() const {
    size_t slots = 0;
    for (const Shard& shard : shards_) {
      tbb::spin_mutex::scoped_lock lock(shard.mutex);
      slots += shard.size.load(std::memory_order_relaxed);
    }
    return slots;
  }

  // The bytes of the arrays held (those outgrown in the reservation given back).
  size_t bytes() const { return arena_.bytes(); }

  void clear() {
    std::array<std::unique_lock<tbb::spin_mutex>, 1 << kShardBits> locks;
    for (size_t s = 0; s < shards_.size(); ++s) {
      locks[s] = std::unique_lock(shards_[s].mutex);
      shards_[s].slots = nullptr;
      shards_[s].size = shards_[s].count = 0;
    }
    arena_.reset();
  }

 private:
  static constexpr int kShardBits = 6;
  static constexpr size_t kFirstSize = 16;
  static constexpr size_t kWindow = Window;
  static_assert(kFirstSize >= kWindow);
  static constexpr bool kNeverZero = requires { requires Key::kNeverZero; };
  struct FlaggedEntry {
    Key key{};
    Value value{};
    bool used = false;
  };
  struct BareEntry {
    Key key{};
    Value value{};
  };
  using Entry = std::conditional_t<kNeverZero, BareEntry, FlaggedEntry>;
  static_assert(std::is_trivially_copyable_v<Entry>);
  static bool used(const Entry& e) {
    if constexpr (kNeverZero) return !(e.key == Key{});
    else return e.used;
  }
  static Entry makeEntry(const Key& key, const Value& value) {
    if constexpr (kNeverZero) return {key, value};
    else return {key, value, true};
  }

  // Zeroed arrays of entries: bump allocation in the reservation, then the heap.
  class Arena {
   public:
    Arena(size_t bytes, std::atomic<size_t>* account) : bytes_(bytes), account_(account) { map(); }
    ~Arena() {
      if (mapped_) munmap(mapped_, bytes_ + kHugePage);
    }
    Arena(const Arena&) = delete;
    Arena& operator=(const Arena&) = delete;

    Entry* allocate(size_t count) {
      const size_t bytes = (count * sizeof(Entry) + 63) & ~size_t{63};
      allocated_.fetch_add(bytes, std::memory_order_relaxed);
      if (account_) account_->fetch_add(bytes, std::memory_order_relaxed);
      if (base_) {
        const size_t at = used_.fetch_add(bytes, std::memory_order_relaxed);
        if (at + bytes <= bytes_) return reinterpret_cast<Entry*>(static_cast<char*>(base_) + at);
      }
      std::unique_ptr<Entry, Free> array(static_cast<Entry*>(std::calloc(count, sizeof(Entry))));
      if (!array) throw std::bad_alloc();
      Entry* out = array.get();
      std::lock_guard lock(heapMutex_);
      heap_.push_back(std::move(array));
      return out;
    }
    // An array outgrown: the whole pages of it in the reservation go back to the system.
    void release(Entry* array, size_t count) {
      const uintptr_t begin = reinterpret_cast<uintptr_t>(array), end = begin + count * sizeof(Entry);
      const uintptr_t base = reinterpret_cast<uintptr_t>(base_);
      if (!base_ || begin < base || end > base + bytes_) return;  // from the heap: kept until reset
      const uintptr_t first = (begin + kPage - 1) & ~(kPage - 1), last = end & ~(kPage - 1);
      if (last <= first || madvise(reinterpret_cast<void*>(first), last - first, MADV_DONTNEED) != 0) return;
      allocated_.fetch_sub(last - first, std::memory_order_relaxed);
      if (account_) account_->fetch_sub(last - first, std::memory_order_relaxed);
    }
    size_t bytes() const { return allocated_.load(std::memory_order_relaxed); }
    // Every array freed: the pages go back to the system and come again zeroed. Callers hold
    // every shard's lock.
    void reset() {
      const size_t used = std::min(used_.load(), bytes_);
      if (base_ && madvise(base_, used, MADV_DONTNEED) != 0) std::memset(base_, 0, used);
      used_ = 0;
      heap_.clear();
      const size_t freed = allocated_.exchange(0, std::memory_order_relaxed);
      if (account_) account_->fetch_sub(freed, std::memory_order_relaxed);
    }

   private:
    static constexpr size_t kHugePage = size_t{2} << 20;
    static constexpr uintptr_t kPage = 4096;
    void map() {  // one huge page more, to start on a huge page's boundary
      void* p = mmap(nullptr, bytes_ + kHugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
      if (p == MAP_FAILED) return;  // the heap alone then
      mapped_ = p;
      base_ = reinterpret_cast<void*>((reinterpret_cast<uintptr_t>(p) + kHugePage - 1) & ~(kHugePage - 1));
      madvise(base_, bytes_, MADV_HUGEPAGE);  // a hint: ignored where huge pages are off
    }
    struct Free {
      void operator()(Entry* p) const { std::free(p); }
    };
    size_t bytes_;
    std::atomic<size_t>* account_;
    std::atomic<size_t> allocated_{0};
    void* mapped_ = nullptr;
    void* base_ = nullptr;
    std::atomic<size_t> used_{0};
    std::mutex heapMutex_;
    std::vector<std::unique_ptr<Entry, Free>> heap_;
  };

  struct alignas(64) Shard {  // one cache line of its own: no false sharing of locks
    mutable tbb::spin_mutex mutex;
    // `size` entries, a power of two, or none; atomic for prefetch, which reads them unlocked
    std::atomic<Entry*> slots{nullptr};
    std::atomic<size_t> size{0};
    size_t count = 0;
  };
  std::array<Shard, 1 << kShardBits> shards_;
  Arena arena_;

  // The shard's entries moved into an array twice as large (or larger, in the rare case that
  // some window of the doubled array cannot hold its keys and the table is not lossy); the old
  // array is given back.
  Entry* grow(Shard& shard) {
    Entry* const slots = shard.slots.load(std::memory_order_relaxed);
    const size_t size = shard.size.load(std::memory_order_relaxed);
    for (size_t bigger = size * 2;; bigger *= 2) {
      Entry* array = arena_.allocate(bigger);
      if (const std::optional<size_t> placed = rehash(slots, size, array, bigger)) {
        shard.slots.store(array, std::memory_order_relaxed);
        shard.size.store(bigger, std::memory_order_relaxed);
        shard.count = *placed;
        arena_.release(slots, size);  // prefetch may still read it: harmless, it never faults
        return array;
      }
      arena_.release(array, bigger);
    }
  }
  // The entries placed, or none when one found its window full (a lossy table drops it).
  static std::optional<size_t> rehash(const Entry* from, size_t fromSize, Entry* to, size_t toSize) {
    const size_t mask = toSize - 1;
    size_t placed = 0;
    for (size_t i = 0; i < fromSize; ++i) {
      if (!used(from[i])) continue;
      const uint64_t h = hash(from[i].key);
      size_t k = 0;
      while (k < kWindow && used(to[(h + k) & mask])) ++k;
      if (k == kWindow) {
        if (Lossy) continue;
        return std::nullopt;
      }
      to[(h + k) & mask] = from[i];
      ++placed;
    }
    return placed;
  }
};

}  // namespace amazons
