// core::SearchedTable and SharedSearchedTable (solver/core/searched_table.h), the tables of
// the searches over sums of both games, against std::map with hashes that collide on purpose
// (the key's length, or one of 8 values) as well as the real one.
#include <gtest/gtest.h>
#include <xxhash.h>

#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <string>

#include "solver/core/huge_pages.h"
#include "solver/core/searched_table.h"

namespace amazons {
namespace {

uint64_t hashOf(const std::string& k, int hashing) {
  if (hashing == 0) return XXH3_64bits(k.data(), k.size());
  return hashing == 1 ? k.size() : XXH3_64bits(k.data(), k.size()) % 8;
}
std::string randomKey(std::mt19937_64& rng) {
  // Short keys repeat often; 15-18 bytes straddle the 16 a slot holds (longer ones in the arena).
  std::string key(rng() % 2 ? 1 + rng() % 6 : 15 + rng() % 4, '\0');
  for (char& c : key) c = static_cast<char>(rng() % 4);  // few letters: many repeats, NULs inside
  return key;
}

// The search's table against std::map, with hashes that collide on purpose (the key's
// length, or one of 8 values) as well as the real one: found exactly what was inserted; with
// a byte cap, exactly what it says it stored, within the cap.
TEST(SearchedTable, InsertMatchesMap) {
  std::mt19937_64 rng(1710);
  for (const size_t cap : {std::numeric_limits<size_t>::max(), size_t{90'000}})
  for (int hashing = 0; hashing < 3; ++hashing) {
    core::SearchedTable<bool> table(cap);
    std::map<std::string, bool> naive;
    int refused = 0;
    for (int i = 0; i < 5000; ++i) {
      const std::string key = randomKey(rng);
      const std::optional<bool> found = table.find(key, hashOf(key, hashing));
      const auto it = naive.find(key);
      ASSERT_EQ(found.has_value(), it != naive.end()) << i;
      if (found) {
        ASSERT_EQ(*found, it->second);
        continue;
      }
      const bool wins = rng() % 2;
      if (table.insert(key, hashOf(key, hashing), wins)) naive[key] = wins;
      else ++refused;
    }
    EXPECT_EQ(table.size(), naive.size());
    EXPECT_LE(table.bytes(), cap);
    if (cap < 100'000) {
      EXPECT_GT(refused, 0);
      EXPECT_GT(naive.size(), 900u);  // 2,048 slots of 32 bytes (1,024 entries) and their long keys fit
    } else {
      EXPECT_EQ(refused, 0);
      EXPECT_GT(naive.size(), 1500u);
    }
  }
}

// A table emptied holds as many bytes as a new one, and as many keys fit in it again: the
// search's tables are emptied before each suite line, and a line's positions must not depend
// on the lines before it. (Emptied by assigning a new table, the arena of long keys kept its
// buffer, counted in bytes(): the table filled sooner after a large line.)
TEST(SearchedTable, ClearedTableIsANewOne) {
  const size_t cap = 200'000;
  core::SearchedTable<bool> table(cap);
  auto fill = [&] {  // the same keys each time
    std::mt19937_64 rng(66);
    int stored = 0;
    for (int i = 0; i < 20'000; ++i) {
      std::string key(20 + rng() % 12, '\0');  // in the arena
      for (char& c : key) c = static_cast<char>(rng() % 256);
      stored += table.insert(key, hashOf(key, 0), true);
    }
    return stored;
  };
  const int first = fill();
  ASSERT_GT(table.bytes(), cap / 2);
  table.clear();
  EXPECT_EQ(table.size(), 0u);
  EXPECT_EQ(table.bytes(), core::SearchedTable<bool>(cap).bytes());
  EXPECT_EQ(fill(), first);
}

// merge, as the Amazons search keeps its bounds: an update where the key is, else an insert
// where allowed; clear forgets every key.
TEST(SearchedTable, MergeMatchesMap) {
  std::mt19937_64 rng(2611);
  for (int hashing = 0; hashing < 3; ++hashing) {
    core::SearchedTable<int64_t> table;
    core::SharedSearchedTable<int64_t> shared(std::numeric_limits<size_t>::max());
    std::map<std::string, int64_t> naive;
    size_t sharedBytes = 0;
    for (int i = 0; i < 5000; ++i) {
      const std::string key = randomKey(rng);
      const int64_t x = static_cast<int64_t>(rng() % 100);
      const bool insertNew = rng() % 4 != 0;
      const auto addX = [x](int64_t& stored) { stored += x; };
      table.merge(key, hashOf(key, hashing), x, addX, insertNew);
      sharedBytes += shared.merge(key, hashOf(key, hashing), x, addX, insertNew);
      if (const auto it = naive.find(key); it != naive.end()) it->second += x;
      else if (insertNew) naive[key] = x;
      if (i % 7 == 0) {
        const std::string probe = randomKey(rng);
        const auto it = naive.find(probe);
        const std::optional<int64_t> expected = it == naive.end() ? std::nullopt : std::optional(it->second);
        ASSERT_EQ(table.find(probe, hashOf(probe, hashing)), expected) << i;
        ASSERT_EQ(shared.find(probe, hashOf(probe, hashing)), expected) << i;
      }
    }
    EXPECT_EQ(table.size(), naive.size());
    for (const auto& [key, value] : naive) {
      EXPECT_EQ(table.find(key, hashOf(key, hashing)), value);
      EXPECT_EQ(shared.find(key, hashOf(key, hashing)), value);
    }
    EXPECT_GT(sharedBytes, 0u);
    shared.clear();
    table.clear();
    EXPECT_EQ(table.size(), 0u);
    for (const auto& [key, value] : naive) {
      EXPECT_FALSE(table.find(key, hashOf(key, hashing)));
      EXPECT_FALSE(shared.find(key, hashOf(key, hashing)));
    }
  }
}

// Arrays of 2 MB or more start on a 2 MB boundary (where a huge page can map them) and hold
// what is written; smaller ones are the standard allocator's.
TEST(HugePageAllocator, LargeArraysOnHugePageBoundaries) {
  core::HugePageAllocator<uint64_t> alloc;
  constexpr size_t kPage = core::HugePageAllocator<uint64_t>::kHugePage;
  for (const size_t count : {kPage / 8, kPage / 8 + 1, 3 * kPage / 8 + 5}) {
    uint64_t* p = alloc.allocate(count);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % kPage, 0u) << count;
    for (size_t i = 0; i < count; ++i) p[i] = i * 0x9E3779B97F4A7C15ull;
    uint64_t mismatches = 0;
    for (size_t i = 0; i < count; ++i) mismatches += p[i] != i * 0x9E3779B97F4A7C15ull;
    EXPECT_EQ(mismatches, 0u);
    alloc.deallocate(p, count);
  }
  uint64_t* small = alloc.allocate(100);
  small[99] = 7;
  EXPECT_EQ(small[99], 7u);
  alloc.deallocate(small, 100);
}

// A table grown past 2 MB of slots (the huge-page arrays, rehashed as they double) against
// std::map: every key found with its value, none invented.
TEST(SearchedTable, LargeTableMatchesMap) {
  std::mt19937_64 rng(3907);
  core::SearchedTable<int64_t> table;
  std::map<std::string, int64_t> naive;
  for (int i = 0; i < 200'000; ++i) {
    std::string key(8 + rng() % 16, '\0');  // up to 23 bytes: inline and in the arena
    for (char& c : key) c = static_cast<char>(rng() % 16);
    const int64_t x = static_cast<int64_t>(rng() % 1000);
    table.merge(key, hashOf(key, 0), x, [x](int64_t& stored) { stored = x; });
    naive[key] = x;
  }
  ASSERT_EQ(table.size(), naive.size());
  EXPECT_GT(table.slotCount() * core::SearchedTable<int64_t>::slotBytes(), core::HugePageAllocator<char>::kHugePage);
  uint64_t wrong = 0;
  for (const auto& [key, value] : naive) wrong += table.find(key, hashOf(key, 0)) != value;
  EXPECT_EQ(wrong, 0u);
  for (int i = 0; i < 10'000; ++i) {
    std::string key(24 + rng() % 8, '\0');  // longer than any stored
    for (char& c : key) c = static_cast<char>(rng() % 16);
    wrong += table.find(key, hashOf(key, 0)).has_value();
  }
  EXPECT_EQ(wrong, 0u);
}

}  // namespace
}  // namespace amazons
