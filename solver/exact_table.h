// A concurrent map from fixed-size keys to values, shared by all threads. Keys are compared
// in full, so a hash collision is never taken for equality. 64 shards, chosen by the top bits
// of the key's XXH3 hash, each an open-addressing array (linear probing, at most half full)
// under its own spin lock (held for a few probes): a lookup is one lock and, mostly, one cache
// line.
//
// Entry layout: the key, the value, a used flag (the key's bytes may be all zero).
#pragma once
#include <tbb/spin_mutex.h>
#include <xxhash.h>

#include <array>
#include <optional>
#include <type_traits>
#include <vector>

namespace amazons {

template <typename Key, typename Value>
class ExactTable {
  static_assert(std::has_unique_object_representations_v<Key>, "keys are hashed as raw bytes");

 public:
  std::optional<Value> find(const Key& key) const {
    const uint64_t h = hash(key);
    const Shard& shard = shards_[h >> (64 - kShardBits)];
    tbb::spin_mutex::scoped_lock lock(shard.mutex);
    if (shard.slots.empty()) return std::nullopt;
    const size_t mask = shard.slots.size() - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
      const Entry& e = shard.slots[i];
      if (!e.used) return std::nullopt;
      if (e.key == key) return e.value;
    }
  }

  // False when the key is there already (its value is kept).
  bool insert(const Key& key, const Value& value) {
    const uint64_t h = hash(key);
    Shard& shard = shards_[h >> (64 - kShardBits)];
    tbb::spin_mutex::scoped_lock lock(shard.mutex);
    if (shard.slots.empty()) shard.slots.resize(16);
    size_t mask = shard.slots.size() - 1;
    size_t i = h & mask;
    for (; shard.slots[i].used; i = (i + 1) & mask)
      if (shard.slots[i].key == key) return false;
    shard.slots[i] = {key, value, true};
    if (++shard.count * 2 > shard.slots.size()) {
      std::vector<Entry> bigger(shard.slots.size() * 2);
      mask = bigger.size() - 1;
      for (const Entry& e : shard.slots) {
        if (!e.used) continue;
        size_t j = hash(e.key) & mask;
        while (bigger[j].used) j = (j + 1) & mask;
        bigger[j] = e;
      }
      shard.slots.swap(bigger);
    }
    return true;
  }

  void clear() {
    for (Shard& shard : shards_) {
      tbb::spin_mutex::scoped_lock lock(shard.mutex);
      shard.slots = {};
      shard.count = 0;
    }
  }

  // What one entry costs at the worst load (a quarter full, just after doubling).
  static constexpr size_t kBytesPerEntry = 4 * sizeof(std::pair<Key, Value>);

 private:
  static constexpr int kShardBits = 6;
  struct Entry {
    Key key{};
    Value value{};
    bool used = false;
  };
  struct alignas(64) Shard {  // one cache line of its own: no false sharing of locks
    mutable tbb::spin_mutex mutex;
    std::vector<Entry> slots;  // a power of two in size, or empty
    size_t count = 0;
  };
  static uint64_t hash(const Key& key) { return XXH3_64bits(&key, sizeof(Key)); }

  std::array<Shard, 1 << kShardBits> shards_;
};

}  // namespace amazons
