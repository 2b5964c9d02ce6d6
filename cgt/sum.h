// Who wins a sum of many canonical values, decided without the canonical form of the sum.
//
// The canonical form of a sum of several hot values can be enormous (four 3x3 Amazons
// chambers give one of 200 KB of text), yet who wins the sum is a small search over its parts:
// a move replaces one part by one of its options. Numbers fold into one number that is never
// moved in (number avoidance), and the stops of the parts bound the stops of the sum, which
// settles most positions before any move is tried.
#pragma once
#include <tbb/concurrent_hash_map.h>

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cgt/dyadic.h"
#include "cgt/game.h"
#include "cgt/game_table.h"
#include "cgt/hash.h"

namespace cgt {

// A disjunctive sum of canonical values held as its parts: the numbers folded into one number,
// the up multiples and nimbers (their number parts to the number) into one part ^n*m, and a
// value cancelled by its negative. Sums of the same parts, added in any order, have the same key.
class PartSum {
 public:
  void add(GameId g);
  // This sum with part i replaced by g (one of its options, say).
  PartSum replaced(size_t i, GameId g) const;

  const Dyadic& number() const { return number_; }
  const std::vector<GameId>& parts() const { return parts_; }  // the non-numbers, in formLess's order
  // The number plus the folded up multiple and nimber: x + ^n*m, one value that any two sums
  // which differ only there compare by (nusAtLeast).
  Nus numberUpStar() const { return {number_, nusUps_, nusNim_}; }
  std::vector<GameId> values() const;                         // the parts and the number, if not 0

  // The moves of `mover` in the parts, hottest part first: (part index, the option it moves to).
  // Numbers are never moved in; equal parts are moved in once.
  std::vector<std::pair<size_t, GameId>> moves(Side mover) const;

  // Whether `mover`, moving first, wins, when the stops of the parts settle it without search.
  std::optional<bool> decidedByStops(Side mover) const;

  void appendKey(std::string& key) const;       // exact: the number and the part ids, in parts()'s order
  void appendPartsKey(std::string& key) const;  // the part ids alone, the number left out
  void appendKeyBesidesNumberUpStar(std::string& key) const;  // the part ids but numberUpStar()'s
  // The parts that appendKeyBesidesNumberUpStar appends, hashed by their forms (formHash), not
  // their ids, on `seed`: where a table is split by its keys' hashes, which part of it fills
  // first then does not depend on the process's ids.
  uint64_t formHashBesidesNumberUpStar(uint64_t seed) const;

 private:
  static constexpr GameId kNoNus = ~GameId{0};
  Dyadic number_;
  std::vector<GameId> parts_;
  // The part that is an up multiple plus a nimber (one at most), and its ups and nimber.
  GameId nus_ = kNoNus;
  int64_t nusUps_ = 0;
  uint32_t nusNim_ = 0;
};

// Decides sums of parts by search, with an exact table keyed by the mover and the parts.
// Thread-safe; the table stops growing at `maxEntries`.
class SumSearch {
 public:
  explicit SumSearch(size_t maxEntries) : maxEntries_(maxEntries) {}
  // `poll`, when given, is called every 1024 positions searched and may throw to stop the
  // search (a time limit); nothing unproven is stored.
  bool moverWins(const PartSum& sum, Side mover, const std::function<void()>& poll = {});
  uint64_t nodes() const { return nodes_; }
  void clear() { table_.clear(); }

 private:
  size_t maxEntries_;
  tbb::concurrent_hash_map<std::string, bool, KeyHashCompare> table_;
  std::atomic<uint64_t> nodes_{0};
};

// Whether x + ^n*m >= y + ^k*j as games, in closed form: their difference d + ^u*v (d = x - y,
// u = n - k, v = m xor j) is >= 0 iff d > 0, or d = 0 and u >= 2, or u = 1 and v != 1 (^* is
// fuzzy), or u = 0 and v = 0.
inline bool nusAtLeast(const Nus& a, const Nus& b) {
  if (!(a.number == b.number)) return b.number < a.number;
  const int64_t u = a.ups - b.ups;
  const uint32_t v = a.nim ^ b.nim;
  return u >= 2 || (u == 1 && v != 1) || (u == 0 && v == 0);
}

// Left moving first wins g iff g is not <= 0; Right moving first wins iff g is not >= 0.
inline bool moverWins(GameId g, Side mover) { return mover == Side::Left ? !leq(g, zero()) : !leq(zero(), g); }

}  // namespace cgt
