// A position of the search over sums (core/sum_search.h): the known values as parts, the raw
// regions and the pending integers; its size and its exact key.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "cgt/sum.h"
#include "solver/core/game.h"

namespace amazons::core {

// A region whose value is an integer between lo and hi (G::integerBounds), not yet solved.
template <Game G>
struct PendingRegion {
  typename G::Region region;  // normalised
  int64_t lo = 0, hi = 0;
};

// Known values as parts, the others raw (normalised), and, in the search's own positions,
// pending integers (games with G::integerBounds).
template <Game G>
struct SumState {
  cgt::PartSum known;
  std::vector<typename G::Region> raw;
  std::vector<PendingRegion<G>> pending;
};

template <Game G>
int rawSize(const SumState<G>& state) {
  int size = 0;
  for (const typename G::Region& r : state.raw) size += G::size(r);
  return size;
}

// A raw region alone beside an integer, and nothing else (G::LoneSearch's positions).
template <Game G>
bool loneBesideInteger(const SumState<G>& state) {
  return state.raw.size() == 1 && state.pending.empty() && state.known.parts().empty() && state.known.number().isInteger();
}

inline void appendCount(size_t count, std::string& key) {
  const uint32_t n = static_cast<uint32_t>(count);
  key.append(reinterpret_cast<const char*>(&n), sizeof n);
}

// The regions' keys, sorted, after their count, each after its length.
template <Game G, class Item, class RegionOf>
void appendRegionKeys(const std::vector<Item>& items, RegionOf&& regionOf, std::string& key) {
  auto appendKey = [&key](const std::string& k) {
    appendCount(k.size(), key);
    key += k;
  };
  appendCount(items.size(), key);
  // Most positions of a search hold one raw region or none: no list to sort.
  if (items.size() <= 1) {
    for (const Item& item : items) appendKey(G::key(regionOf(item)));
    return;
  }
  std::vector<std::string> keys;
  for (const Item& item : items) keys.push_back(G::key(regionOf(item)));
  std::sort(keys.begin(), keys.end());
  for (const std::string& k : keys) appendKey(k);
}

// The mover, the raw regions' keys and the pending ones' (appendRegionKeys), the known parts:
// an exact key of the position.
template <Game G>
std::string sumKey(const SumState<G>& state, cgt::Side mover) {
  std::string key(1, static_cast<char>(mover));
  appendRegionKeys<G>(state.raw, [](const typename G::Region& r) -> const typename G::Region& { return r; }, key);
  appendRegionKeys<G>(state.pending, [](const PendingRegion<G>& p) -> const typename G::Region& { return p.region; }, key);
  key += '|';
  state.known.appendKey(key);
  return key;
}

}  // namespace amazons::core
