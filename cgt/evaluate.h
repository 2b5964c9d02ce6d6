// Generic memoised evaluation of games implementing cgt::ShortGame to canonical values.
#pragma once
#include <tbb/concurrent_hash_map.h>

#include <atomic>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "cgt/game.h"
#include "cgt/game_table.h"
#include "cgt/hash.h"

namespace cgt {

// The table Evaluator keeps its values in by default: tbb's concurrent map of std::string keys,
// which stops storing past `maxBytes` (each entry counted as its key and kEntryOverhead). A
// table for Evaluator has this interface: find and insert by key and its hash (an entry is kept
// once, the first stored; nothing is stored once full), size, bytes and clear, all safe from
// several threads at once. (The solver's core gives its own, solver/core/searched_table.h.)
class KeyTable {
 public:
  // A node of the concurrent map, its bucket and the key string's own header, roughly.
  static constexpr size_t kEntryOverhead = 96;
  explicit KeyTable(size_t maxBytes) : maxBytes_(maxBytes) {}
  std::optional<GameId> find(const std::string& key, uint64_t) const {
    typename Map::const_accessor acc;
    if (map_.find(acc, key)) return acc->second;
    return std::nullopt;
  }
  void insert(const std::string& key, uint64_t, GameId value) {
    if (bytes_.load(std::memory_order_relaxed) >= maxBytes_) return;
    if (map_.insert({key, value})) bytes_ += key.size() + kEntryOverhead;
  }
  size_t size() const { return map_.size(); }
  size_t bytes() const { return bytes_; }
  void clear() {
    map_.clear();
    bytes_ = 0;
  }

 private:
  using Map = tbb::concurrent_hash_map<std::string, GameId, KeyHashCompare>;
  size_t maxBytes_;
  std::atomic<size_t> bytes_{0};
  Map map_;
};

// value(g) = sum over the components c of g of canon(c), where
// canon(c) = make({value(o) : o in c.options(Left)}, {value(o) : o in c.options(Right)}),
// memoised by c.key() in an exact table; a game whose components know some values without
// search (a `known()` member returning std::optional<GameId>) gives them when the table has
// none, and they are stored too (Amazons' territories cost a territory count each: asked
// before the table, they took 12% of the core on the Amazons suites); one with a
// `computed(GameId)` member is told each value canon() computes by expansion (values kept
// outside the table: the Amazons value database learns them). Thread-safe:
// several threads may call value() at once (work on the same key may be duplicated, the
// results agree). Recursion follows the game tree; an exception thrown by options() (a time
// limit) leaves the table holding only complete values. The table stops storing past
// `maxBytes`: values are still exact, only found again.
template <ShortGame G, class Table = KeyTable>
class Evaluator {
 public:
  explicit Evaluator(size_t maxBytes = std::numeric_limits<size_t>::max()) : table_(maxBytes) {}

  GameId value(const G& g) {
    GameId sum = zero();
    for (const G& c : g.components()) sum = add(sum, canon(c));
    return sum;
  }

  // Value of one component as it stands (no splitting into components).
  GameId canon(const G& c) {
    const std::string k = c.key();
    return canon(c, k, KeyHash()(k));
  }

  // A component's value when it needs no expansion: the table's, else its known() (stored).
  std::optional<GameId> known(const G& c) {
    const std::string k = c.key();
    return known(c, k, KeyHash()(k));
  }

  // A component's value when the table holds it (neither expansion nor known()).
  std::optional<GameId> found(const G& c) const {
    const std::string k = c.key();
    return table_.find(k, KeyHash()(k));
  }

  // A component's value proven otherwise (a search's), stored as canon() would store it.
  void remember(const G& c, GameId v) {
    const std::string k = c.key();
    table_.insert(k, KeyHash()(k), v);
  }

  size_t size() const { return table_.size(); }
  size_t bytes() const { return table_.bytes(); }
  void clear() { table_.clear(); }

 private:
  // A component with its key, as an option's parts wait to be valued.
  struct Part {
    G game;
    std::string key;
    uint64_t hash;
  };

  // The options' parts are all keyed first, their table entries prefetched where the table
  // can, then valued in turn: the cache misses of a form's lookups overlap instead of coming
  // one at a time (on the Amazons suites' forms, one miss a lookup was a fifth of the time).
  // The parts wait on one stack a thread, a nested form pushing above them and popping before
  // they are read; a game may give its options and components one at a time
  // (forEachOption(side, f), forEachComponent(f)) rather than in lists (with the lists, their
  // allocations were a tenth of the time).
  GameId canon(const G& c, const std::string& k, uint64_t hash) {
    if (const std::optional<GameId> v = known(c, k, hash)) return *v;
    thread_local std::vector<Part> parts;
    thread_local std::vector<size_t> ends;  // where each option's parts end, Left's options first
    struct Pop {  // also when an exception (a limit) leaves
      size_t partsBase, endsBase;
      ~Pop() {
        parts.erase(parts.begin() + static_cast<std::ptrdiff_t>(partsBase), parts.end());
        ends.resize(endsBase);
      }
    } pop{parts.size(), ends.size()};
    auto push = [&](G&& part) {
      std::string key = part.key();
      const uint64_t h = KeyHash()(key);
      if constexpr (requires { table_.prefetch(h); }) table_.prefetch(h);
      parts.push_back({std::move(part), std::move(key), h});
    };
    auto pushOption = [&](const G& o) {
      if constexpr (requires { o.forEachComponent(push); }) o.forEachComponent(push);
      else
        for (G& part : o.components()) push(std::move(part));
      ends.push_back(parts.size());
    };
    size_t leftOptions = 0;
    for (const Side side : {Side::Left, Side::Right}) {
      if constexpr (requires { c.forEachOption(side, pushOption); }) c.forEachOption(side, pushOption);
      else
        for (const G& o : c.options(side)) pushOption(o);
      if (side == Side::Left) leftOptions = ends.size() - pop.endsBase;
    }
    std::vector<GameId> options[2];
    options[0].reserve(leftOptions);
    options[1].reserve(ends.size() - pop.endsBase - leftOptions);
    size_t at = pop.partsBase;
    for (size_t i = pop.endsBase; i < ends.size(); ++i) {
      GameId sum = zero();
      for (; at < ends[i]; ++at) {
        const Part part = parts[at];  // a copy: valuing it may grow the stack
        sum = add(sum, canon(part.game, part.key, part.hash));
      }
      options[i - pop.endsBase < leftOptions ? 0 : 1].push_back(sum);
    }
    const GameId v = make(std::move(options[0]), std::move(options[1]));
    table_.insert(k, hash, v);
    if constexpr (requires { c.computed(v); }) c.computed(v);
    return v;
  }

  // The table's value of key k, else c's known() (stored).
  std::optional<GameId> known(const G& c, const std::string& k, uint64_t hash) {
    if (const std::optional<GameId> found = table_.find(k, hash)) return found;
    const std::optional<GameId> v = knownOf(c);
    if (v) table_.insert(k, hash, *v);
    return v;
  }
  static std::optional<GameId> knownOf(const G& c) {
    if constexpr (requires { { c.known() } -> std::same_as<std::optional<GameId>>; }) return c.known();
    else return std::nullopt;
  }

  Table table_;
};

}  // namespace cgt
