// Deciding sums: who wins a position whose chambers are canonical parts where their forms are
// known and raw regions, searched move by move, where they are not; with simple values of
// large chambers proven by such searches (probes).
#pragma once
#include <algorithm>
#include <bit>
#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "cgt/sum.h"
#include "solver/amazons/chamber_values.h"
#include "solver/amazons/chambers.h"
#include "solver/amazons/small_region.h"
#include "solver/amazons/solve_context.h"
#include "solver/core/exact_table.h"
#include "solver/core/searched_table.h"

namespace amazons::solve {

// A state is the known values as a cgt::PartSum (never added into one canonical form: the
// sum of a few hot values is huge) plus "raw" regions, normalised contested chambers too
// large for their form, searched move by move: on masks when their box has at most 64
// squares (as normalisedChamber gives them), else as boards. With no raw region
// cgt::SumSearch decides.
//
// Inside the search, a one-colour chamber whose count of moves would need the territory
// solver waits as a pending territory, an integer known only to lie between two bounds
// (territoryBounds): a position decided by its table entry or by bounds with each pending
// territory anywhere in its range never pays for the solver. The others are resolved (their
// values join `known`) before their key is taken.
using RawRegion = std::variant<SmallRegion, NormalisedRegion>;
struct PendingTerritory {
  std::variant<ChamberValues::Piece, Board> territory;  // on masks, or the chamber alone on a board
  int64_t lo = 0, hi = 0;  // lo <= its value <= hi
};
struct SumState {
  cgt::PartSum known;
  std::vector<RawRegion> raw;
  std::vector<PendingTerritory> pending;
};
RawRegion rawRegion(const Board& region);
// The empty squares of its raw regions.
int rawEmpty(const SumState& state);

class RawSumSearch {
 public:
  RawSumSearch(Context& context, ChamberValues& values);

  // Whether `mover`, to move, wins the sum.
  bool moverWinsSum(const SumState& state, Color mover, Search& search);
  // What the table already knows of it (no search).
  std::optional<bool> known(const SumState& state, Color mover) const;
  // The positions `mover` can move to, those moverWinsSum tries first first: a move in a raw
  // region, in a known part, or (with no part but the number) in the number. The mover wins
  // iff the opponent loses one of them (for the proof search, which stores what it proves
  // with remember).
  std::vector<SumState> options(const SumState& state, Color mover, Search& search);
  void remember(const SumState& state, Color mover, bool wins);
  // How many moves `mover` has in the raw regions and the known parts (an estimate: equal
  // parts count once, and a number's options are left out).
  static uint64_t moveCount(const SumState& state, Color mover);
  // An exact key of the position, number included.
  static std::string exactKey(const SumState& state, Color mover);
  // Chambers of `board` whose canonical form fits the search's allowance join `known`; the
  // others stay raw. `deferTerritories`: territories that would need the solver wait in
  // `pending` (the search's own positions only).
  void addRegion(const Board& board, SumState& state, Search& search, bool deferTerritories = false);
  // A simple value of a contested chamber proven by searches of at most `positions` in all
  // (see the definition), or nullopt; stored as a form would be.
  std::optional<cgt::GameId> simpleValue(const Board& board, const Chamber& chamber, int64_t positions,
                                         const Search& outer, const Deadline& giveUp);

  uint64_t nodes() const { return knownSums_.nodes(); }
  void clear();

  // What is known of a sum position up to its number part x: with a = x for Black to move and
  // a = -x for White (the mover's advantage), the mover wins for every a >= winFrom and loses
  // for every a <= lossTo. Adding a number never hurts the side it favours (G + x <= G + y for
  // x <= y: if Left wins G + x moving first, G + x is not <= 0, nor then is G + y), so one
  // search answers every position that differs from it only by a number, more or less, in
  // the right direction: the territories the other chambers hold end in all sizes, and near
  // the end of a game most positions are one small raw chamber beside them.
  struct SumBounds {
    std::optional<cgt::Dyadic> winFrom, lossTo;
    std::optional<bool> at(const cgt::Dyadic& a) const {
      if (winFrom && a >= *winFrom) return true;
      if (lossTo && a <= *lossTo) return false;
      return std::nullopt;
    }
    void record(const cgt::Dyadic& a, bool wins) {
      if (wins && (!winFrom || a < *winFrom)) winFrom = a;
      if (!wins && (!lossTo || a > *lossTo)) lossTo = a;
    }
  };
  // A move in raw region `region`: the region after it when on masks, else the move.
  struct RawMove {
    size_t region;
    SmallRegion after;
    Move move;
  };
  // The key of leafWins' table: the region and the mover, the integer beside it apart. Packed
  // with LeafBounds into 32 bytes, two entries a cache line (48 with the used flag and padding).
  struct [[gnu::packed, gnu::aligned(4)]] LeafKey {
    uint64_t black, white, empty;
    uint32_t shape;  // width | height << 8 | mover << 16: never zero (a region is at least 1 x 1)
    static constexpr bool kNeverZero = true;
    bool operator==(const LeafKey&) const = default;
    // Inline, where XXH3 is a library call: XXH3 took 8% of a 6x4 first move's time.
    static uint64_t hash(const LeafKey& k) {
      uint64_t h = (k.black ^ 0x9E3779B97F4A7C15ull) * 0xBF58476D1CE4E5B9ull;
      h = (h ^ (h >> 31) ^ k.white ^ (uint64_t{k.shape} << 40)) * 0x94D049BB133111EBull;
      h = (h ^ (h >> 31) ^ k.empty) * 0xD6E8FEB86659FD93ull;
      h = (h ^ (h >> 29)) * 0xFF51AFD7ED558CCDull;  // every bit into the low ones too
      return h ^ (h >> 32);
    }
  };
  static_assert(sizeof(LeafKey) == 28 && std::has_unique_object_representations_v<LeafKey>);
  // What is known of G + n for one region G and mover, by the mover's advantage a (n for
  // Black, -n for White): a win at a is a win at a + 1 too (G + n + 1 > G + n), so the
  // advantages known to lose and to win are two half-lines. As SumBounds, on integers; the
  // advantages that leafWins meets lie within the region's empty squares of 0 (the rest is
  // decided by reachableEmpty), and others are neither recorded nor answered.
  struct LeafBounds {
    int16_t losesUpTo = INT16_MIN;  // the greatest advantage known to lose
    int16_t winsFrom = INT16_MAX;   // the least advantage known to win
    static bool fits(int64_t a) { return a > INT16_MIN && a < INT16_MAX; }
    std::optional<bool> at(int64_t a) const {
      if (!fits(a)) return std::nullopt;
      if (a >= winsFrom) return true;
      if (a <= losesUpTo) return false;
      return std::nullopt;
    }
    void record(int64_t a, bool wins) {
      if (!fits(a)) return;
      if (wins) winsFrom = std::min<int16_t>(winsFrom, static_cast<int16_t>(a));
      else losesUpTo = std::max<int16_t>(losesUpTo, static_cast<int16_t>(a));
    }
  };
  static_assert(sizeof(LeafKey) + sizeof(LeafBounds) == 32);

 private:
  // A state's key in the table that keeps it: leafTable_ (`lone`) or sumTable_.
  struct TableEntry {
    bool lone = false;
    LeafKey leaf{};
    std::string key;
    uint64_t hash = 0;
  };
  TableEntry tableEntry(const SumState& state, Color mover) const;
  std::optional<bool> knownAt(const TableEntry& entry, const cgt::Dyadic& advantage) const;
  void remember(const TableEntry& entry, const cgt::Dyadic& advantage, bool wins);
  void rememberLeaf(const LeafKey& key, uint64_t hash, int64_t advantage, bool wins);
  uint64_t searchAllowance(int amazons, const Search& search) const;
  void addRegion(const SmallRegion& region, SumState& state, Search& search, bool deferTerritories);
  void addTerritory(const ChamberValues::Piece& piece, SumState& state);
  SumState resolved(SumState state, Search& search);
  std::optional<bool> decidedWithPending(const SumState& state, Color mover, const std::function<void()>& poll);
  SumState afterRawMove(const SumState& state, const RawMove& move, Search& search);
  // `pendingLo`, `pendingHi`: the pending territories' sum lies between them.
  std::optional<bool> decidedByBounds(const SumState& state, Color mover, const std::function<void()>& poll,
                                      int64_t pendingLo = 0, int64_t pendingHi = 0);
  void countPosition(Search& search);
  bool leafWins(SmallRegion region, int64_t number, Color mover, Search& search);
  bool leafWins(SmallRegion region, uint64_t hash, int64_t number, Color mover, Search& search);
  bool anyMoveWinsInParallel(const SumState& state, const std::vector<RawMove>& moves, Color mover, Search& search);

  Context& context_;
  ChamberValues& values_;
  cgt::SumSearch knownSums_;
  core::SharedSearchedTable<SumBounds> sumTable_;  // by sumKey
  ExactTable<LeafKey, LeafBounds, 4, true> leafTable_;  // a cache: short lookups
  uint64_t killerEpoch_;  // leafWins' killer moves: this search's, or left by another
};

}  // namespace amazons::solve
