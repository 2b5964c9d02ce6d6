// Hashing for exact-key tables (keys compared in full; the hash only spreads them).
#pragma once
#include <xxhash.h>

#include <cstddef>
#include <string>
#include <string_view>

namespace cgt {

struct KeyHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const noexcept { return static_cast<size_t>(XXH3_64bits(s.data(), s.size())); }
  size_t operator()(const std::string& s) const noexcept { return (*this)(std::string_view(s)); }
};

// HashCompare for tbb::concurrent_hash_map<std::string, V, KeyHashCompare>.
struct KeyHashCompare {
  static size_t hash(const std::string& s) { return KeyHash()(s); }
  static bool equal(const std::string& a, const std::string& b) { return a == b; }
};

}  // namespace cgt
