// One-colour territories: the exact number of moves one side can make alone in the chambers
// that hold only its amazons (its "territory"). Usually that is the number of empty squares,
// but not always: `.x#|##.` has 2 empty squares and 1 move ("defective" territories).
//
// Method (territory.cpp): the board is split into chambers; each chamber is solved on its own
// (quick bounds first, then a depth-first search over the owner's moves that re-splits after
// every move and sums the parts), with a transposition table keyed by the exact normalised
// chamber (chamberKey) holding lower/upper bounds. Deciding the count is NP-hard in general.
// Everything is done on masks (small_region.h), the narrowest that hold each chamber.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "solver/amazons/board.h"
#include "solver/amazons/small_region.h"
#include "solver/core/deadline.h"

namespace amazons {

// One independent part of the owner's territory: an 8-connected group of non-arrow squares
// (other-colour amazons count as arrows) with an owner amazon and an empty square. Unlike
// findChambers, amazons side by side are kept together: when one moves away the other may
// step onto its square.
struct TerritoryPart {
  std::vector<int> squares;  // its empty squares and amazons on the input board, ascending
  int empty = 0;             // empty squares
  int moves = 0;             // exact number of moves the owner makes there
  int defect() const { return empty - moves; }
};

struct TerritoryResult {
  int moves = 0;                     // exact total over all the owner's chambers
  int empty = 0;                     // empty squares in those chambers
  std::vector<Move> line;            // one optimal filling sequence (when asked), playable in order
  uint64_t nodes = 0;                // search nodes spent on this call
  std::vector<TerritoryPart> parts;  // by lowest square
};

// Thread-safe: one instance may serve many threads at once; the table is shared by all.
class TerritorySolver {
 public:
  // Its table holds at most `tableBytes`: once full, the chambers met last stay (answers stay
  // exact, whatever it forgets).
  explicit TerritorySolver(size_t tableBytes = size_t{256} << 20);
  ~TerritorySolver();
  TerritorySolver(const TerritorySolver&) = delete;
  TerritorySolver& operator=(const TerritorySolver&) = delete;

  // Exact maximum number of moves `owner` can make alone on `region` (any board; amazons of the
  // other colour, if any, are treated as arrows). Empty squares no owner amazon can ever reach
  // count 0. Independent chambers, and the root moves of large ones, are searched in parallel
  // (oneTBB; limit with tbb::global_control or a tbb::task_arena). Throws SolveTimeout once
  // `deadline` has passed, keeping in its table only what it has proven.
  TerritoryResult solve(const Board& region, Color owner, bool wantLine = false, const Deadline& deadline = {});
  // The same on masks of 64, 128 or 256 bits (squares of the parts and the line as on them).
  template <typename Mask>
  TerritoryResult solve(const MaskRegion<Mask>& region, Color owner, bool wantLine = false, const Deadline& deadline = {});

  uint64_t nodes() const;      // search nodes since construction or clear(), calls cut by the clock's included
  size_t tableEntries() const;  // chambers in the table
  void clear();                // empty the table and reset the node count

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The owner's independent parts of a region whose other amazons are arrows (`region.white`
// empty, Black the owner): f(part) for each 8-connected component of non-arrow squares holding
// a Black amazon and an empty square, in the order of their lowest squares. Adjacent amazons
// belong together (once one moves away, the other can step onto its square), so this is
// coarser than findChambers, which keeps side-by-side amazons apart.
template <typename Mask, class F>
void forEachOwnerPart(const MaskFrame<Mask>& frame, const MaskRegion<Mask>& region, F&& f) {
  forEachConnectedPart(frame, region.black | region.white | region.empty, [&](Mask part) {
    if ((part & region.black) && (part & region.empty)) f(part);
  });
}

}  // namespace amazons
