// core::SearchedTable and SharedSearchedTable (solver/core/searched_table.h), the tables of
// the searches over sums of both games, against std::map with hashes that collide on purpose
// (the key's length, or one of 8 values) as well as the real one.
#include <gtest/gtest.h>
#include <xxhash.h>

#include <limits>
#include <map>
#include <optional>
#include <random>
#include <string>

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

}  // namespace
}  // namespace amazons
