// Where the search over sums (core/sum_search.h) keeps its verdicts: the table of sums with raw
// regions, keyed without the part of the known sum read as the mover's advantage, and the
// game's own search of a lone region beside an integer, which keeps those positions itself.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

#include <xxhash.h>

#include "cgt/cgt.h"
#include "solver/core/game.h"
#include "solver/core/options.h"
#include "solver/core/searched_table.h"
#include "solver/core/sum_state.h"

namespace amazons::core {

// The game's search of a lone raw region beside an integer (G::LoneSearch), or nothing.
template <class G>
struct LoneSearchOf {
  struct type {
    explicit type(size_t) {}
    void clear() {}
  };
};
template <class G>
  requires HasLoneSearch<G>
struct LoneSearchOf<G> {
  using type = typename G::LoneSearch;
};

template <Game G>
class SumTable {
 public:
  using Region = typename G::Region;
  using State = SumState<G>;
  using Pending = PendingRegion<G>;

  explicit SumTable(const AnalysisOptions& options) : options_(options), searched_(searchedBytes(options)), lone_(loneBytes(options)) {}

  // Where the table keeps what is known of a sum: the game's lone search, for a raw region
  // alone beside an integer that it keeps (G::LoneSearch), else searched_, by the mover, the
  // raw regions and what of the known parts the mover's advantage leaves out, which a
  // verdict is remembered and read at (searched_table.h):
  // - a game whose integer regions wait as pending (G::integerBounds: Amazons, whose hot
  //   values add up to large forms) reads its number-up-star part and the pending integers
  //   (a range) as the advantage (NusBounds), the other parts in the key. A number apart: a
  //   41-empty 10x10 position took 12.7 s instead of 13.2 s (1.15 M positions, not 1.21 M).
  // - any other game (Clobber, whose values are all-small and add up to small forms; no region
  //   of it is ever pending, SumSearch::addPart) reads the whole known sum as the advantage
  //   (ValueBounds), up to kWholeParts parts besides the number-up-star one; with more, those
  //   parts go in the key and the advantage is that part.
  //   Clobber's hard 6x6 board (BENCHMARKS.md) took 2.81 M positions with the exact known parts
  //   in the key, 2.45 M with its ups and stars read as the advantage, 2.20 M with the whole
  //   sum; the grouped 8x8 set 72 k, 71 k, 62 k.
  static constexpr bool kPendingRanges = HasIntegerBounds<G>;
  using Searched = std::conditional_t<kPendingRanges, NusBounds, ValueBounds>;
  struct TableKey {
    bool lone = false;
    std::string key;
    uint64_t hash = 0;
    cgt::GameId advantage = 0;  // ValueBounds' (valueAdvantage), found once for the probe and the store
  };
  // A position's key, found once for known() and remember().
  TableKey keyOf(const State& state, cgt::Side mover) const {
    if constexpr (HasLoneSearch<G>)
      if (loneBesideInteger(state) && lone_.keeps(state.raw.front())) return {true, {}, 0};
    std::string key(1, static_cast<char>(mover));
    appendRegionKeys<G>(state.raw, [](const Region& r) -> const Region& { return r; }, key);
    key += '|';
    // The hash takes the known parts by their forms, not their ids: it picks the shard, and
    // which shard fills first must not depend on the forms the process made before.
    uint64_t hash = XXH3_64bits(key.data(), key.size());
    cgt::GameId advantage = 0;
    bool partsInKey = kPendingRanges;
    if constexpr (!kPendingRanges) {
      const bool whole = wholeSumIsAdvantage(state);
      partsInKey = !whole;
      advantage = valueAdvantage(state, mover, whole);
    }
    if (partsInKey) {
      state.known.appendKeyBesidesNumberUpStar(key);
      hash = state.known.formHashBesidesNumberUpStar(hash);
    }
    return {false, std::move(key), hash, advantage};
  }
  // The verdict the table holds for the position, if any.
  std::optional<bool> known(const State& state, cgt::Side mover, const TableKey& key) const {
    if constexpr (HasLoneSearch<G>)
      if (key.lone) return lone_.known(state.raw.front(), state.known.number().num, mover);
    const std::optional<Searched> found = searched_.find(key.key, key.hash);
    if (!found) return std::nullopt;
    if constexpr (kPendingRanges) {
      const auto [least, most] = advantageRange(state, mover);
      if (found->at(least) == true) return true;
      if (found->at(most) == false) return false;
      return std::nullopt;
    } else {
      return found->at(key.advantage);
    }
  }
  // The position's verdict, kept.
  void remember(const State& state, cgt::Side mover, const TableKey& key, bool wins) {
    if constexpr (HasLoneSearch<G>)
      if (key.lone) return lone_.remember(state.raw.front(), state.known.number().num, mover, wins);
    Searched fresh;
    auto record = [&](const auto& a) {
      fresh.record(a, wins);
      searched_.merge(key.key, key.hash, fresh, [&](Searched& stored) { stored.record(a, wins); });
    };
    if constexpr (kPendingRanges) {
      // With pending integers the advantage is only known to lie in a range: a win holds from
      // its top, a loss up to its bottom.
      const auto [least, most] = advantageRange(state, mover);
      record(wins ? most : least);
    } else {
      record(key.advantage);
    }
  }

  // Whether the table of sums with raw regions holds half its memory or more.
  bool halfFull() const { return searched_.bytes() >= searchedBytes(options_) / 2; }
  void clear() {
    searched_.clear();
    lone_.clear();
  }
  typename LoneSearchOf<G>::type& lone() { return lone_; }

 private:
  // Beyond this many parts besides the number-up-star one, a sum of known parts may be a large
  // form (a sum of many different all-small values), which the search never builds otherwise.
  static constexpr size_t kWholeParts = 2;
  static bool wholeSumIsAdvantage(const State& state) {
    const cgt::Nus v = state.known.numberUpStar();
    return state.known.parts().size() - (v.ups != 0 || v.nim != 0) <= kWholeParts;
  }
  // The mover's advantage in the number-up-star part, x + ^n*m for Left and -x + ^-n*m for
  // Right, with the pending integers at the mover's worst and at its best.
  static std::pair<cgt::Nus, cgt::Nus> advantageRange(const State& state, cgt::Side mover) {
    int64_t lo = 0, hi = 0;
    for (const Pending& p : state.pending) {
      lo += p.lo;
      hi += p.hi;
    }
    const cgt::Nus v = state.known.numberUpStar();
    if (mover == cgt::Side::Left) return {{v.number + cgt::Dyadic(lo), v.ups, v.nim}, {v.number + cgt::Dyadic(hi), v.ups, v.nim}};
    return {{-v.number - cgt::Dyadic(hi), -v.ups, v.nim}, {-v.number - cgt::Dyadic(lo), -v.ups, v.nim}};
  }
  // The mover's advantage as a value (ValueBounds): the known sum, or its number-up-star part.
  static cgt::GameId valueAdvantage(const State& state, cgt::Side mover, bool whole) {
    cgt::GameId sum;
    if (whole) {
      sum = cgt::zero();
      for (cgt::GameId g : state.known.values()) sum = cgt::add(sum, g);
    } else {
      const cgt::Nus v = state.known.numberUpStar();
      sum = cgt::nus(v.number, v.ups, v.nim);
    }
    return mover == cgt::Side::Left ? sum : cgt::negate(sum);
  }
  // A game's lone search (G::LoneSearch) takes half the memory of the sums with raw regions:
  // its table holds the positions below those.
  static size_t loneBytes(const AnalysisOptions& options) { return HasLoneSearch<G> ? options.searchedBytes() / 2 : 0; }
  // Less the proof search's table where the game's sums use one (core/proof_search.h).
  static size_t searchedBytes(const AnalysisOptions& options) {
    return options.searchedBytes() - loneBytes(options) - (options.proofSize > 0 ? options.proofBytes() : 0);
  }

  const AnalysisOptions& options_;
  SharedSearchedTable<Searched> searched_;  // sums with raw regions (keyOf): exact
  typename LoneSearchOf<G>::type lone_;
};

}  // namespace amazons::core
