// The values of chambers: canonical forms of contested ones (on masks for boxes of at most 64
// squares, else on boards), move counts of one-colour ones, kept in exact tables shared by
// every analysis of a Solver, read from and learned into a value database when given one.
#pragma once
#include <tbb/concurrent_hash_map.h>

#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "cgt/cgt.h"
#include "cgt/hash.h"
#include "solver/amazons/chambers.h"
#include "solver/amazons/small_region.h"
#include "solver/amazons/solve_context.h"
#include "solver/amazons/value_db.h"
#include "solver/core/exact_table.h"

namespace amazons::solve {

class ChamberValues {
 public:
  explicit ChamberValues(Context& context);

  // The value of any region, the sum of its chambers'.
  cgt::GameId value(const Board& board, const Search& search, Budget* budget = nullptr);
  cgt::GameId chamberValue(const Board& board, const Chamber& chamber, const Search& search, Budget* budget = nullptr);
  // The chamber's value within `allowance` expansions, or nullopt (and search.rawFrom lowered)
  // if too large. The root's chambers are always tried (`atRoot`), each once.
  std::optional<cgt::GameId> tryChamberValue(const Board& board, const Chamber& chamber, uint64_t allowance,
                                             Search& search, bool atRoot);
  static void lowerRawFrom(Search& search, int empty);

  // A chamber of a region on masks, ready to be valued: its value where it needs no table (a
  // dead chamber, one square of territory), else its class and normalised key, with the
  // key's hash.
  struct Piece {
    SmallRegion key;
    uint64_t hash = 0;
    ChamberClass kind = ChamberClass::Dead;
    std::optional<cgt::GameId> value;
    bool endsRegion = false;  // the last chamber of its position
  };
  Piece pieceOf(const SmallRegion& region, uint64_t chamber) const;
  cgt::GameId pieceValue(const Piece& piece, const Search& search, Budget* budget);
  // A one-colour piece's value when it costs no search (known, or filled whole by a greedy
  // filling), else nullopt and lo <= value <= hi (territoryBounds), for the search over sums
  // to decide without the territory solver where it can.
  std::optional<cgt::GameId> territoryOrBounds(const Piece& piece, int64_t& lo, int64_t& hi);
  // The same for a one-colour chamber of a board (one whose box has more than 64 squares):
  // lo and hi from the greedy filling on the board and the chamber's empty squares.
  std::optional<cgt::GameId> territoryOrBounds(const Board& board, const Chamber& chamber, int64_t& lo, int64_t& hi);

  // A value proven otherwise (a probe's), stored as a form would be.
  void remember(const SmallRegion& normalised, cgt::GameId value);
  void remember(std::string regionKey, cgt::GameId value);

  // The database's value of a chamber of at most 64 squares' box, when it holds it.
  std::optional<cgt::GameId> stored(const Board& board, const Chamber& chamber) const;
  // With SolveOptions::learn: the values found for the chambers of an analysis and for those
  // of the larger chambers computed on the way, into the database in one transaction (those
  // it can key: a box of at most 64 squares, not dead).
  void learn(const Board& board, const std::vector<ChamberReport>& chambers);

  void clear();

 private:
  using StringTable = tbb::concurrent_hash_map<std::string, cgt::GameId, cgt::KeyHashCompare>;
  void rememberIn(StringTable& table, std::string key, cgt::GameId value);
  void rememberSmall(const SmallRegion& key, cgt::GameId value, uint64_t hash);
  void settle(const Piece& piece, cgt::GameId value);  // into the table (and what the database learns)
  void expand(const Search& search, Budget* budget);
  template <typename Moves, typename ValueOf>
  cgt::GameId formOf(const Moves& leftMoves, const Moves& rightMoves, bool large, ValueOf&& valueOf);
  cgt::GameId smallValue(const SmallRegion& region, const Search& search, Budget* budget);
  cgt::GameId serialForm(const SmallRegion& key, const Search& search, Budget* budget);
  cgt::GameId contested(const Board& region, const std::string& key, const Search& search, Budget* budget);

  Context& context_;
  // By regionKey: the value of every chamber solved, contested or one-colour (the key tells).
  StringTable chamberTable_;
  StringTable boardTable_;  // by exact board
  // Chambers of at most 64 squares by their normalised masks (small_region.h).
  ExactTable<SmallRegion, cgt::GameId> smallTable_;
  std::mutex learnedMutex_;
  std::vector<ValueDb::Entry> learned_;  // computed since the last store (positions of a batch share it)
};

}  // namespace amazons::solve
