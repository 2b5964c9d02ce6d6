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
#include "solver/amazons/leaf_search.h"
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

  // What is known of a sum position up to its number part (core::AdvantageBounds).
  using SumBounds = core::AdvantageBounds;
  // A move in raw region `region`: the region after it when on masks, else the move.
  struct RawMove {
    size_t region;
    SmallRegion after;
    Move move;
  };

 private:
  // A state's key in the table that keeps it: leaf_'s (`lone`) or sumTable_.
  struct TableEntry {
    bool lone = false;
    LeafSearch::Key leaf{};
    std::string key;
    uint64_t hash = 0;
  };
  TableEntry tableEntry(const SumState& state, Color mover) const;
  std::optional<bool> knownAt(const TableEntry& entry, const cgt::Dyadic& advantage) const;
  void remember(const TableEntry& entry, const cgt::Dyadic& advantage, bool wins);
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
  bool leafWins(const SmallRegion& region, int64_t number, Color mover, Search& search);
  bool anyMoveWinsInParallel(const SumState& state, const std::vector<RawMove>& moves, Color mover, Search& search);

  Context& context_;
  ChamberValues& values_;
  cgt::SumSearch knownSums_;
  core::SharedSearchedTable<SumBounds> sumTable_;  // by sumKey
  LeafSearch leaf_;
};

}  // namespace amazons::solve
