// What the parts of Solver share (solve.cpp: the analysis; chamber_values: forms of chambers;
// sum_search: the search over sums): the options, the territory solver, the memory the tables
// may take, the node count, and one analysis' limits, with the exceptions that end its work.
#pragma once
#include <atomic>
#include <cstdint>
#include <limits>
#include <string>

#include "solver/amazons/solve.h"
#include "solver/amazons/territory.h"
#include "solver/core/deadline.h"
#include "solver/core/parallel.h"

namespace amazons::solve {

struct Context {
  explicit Context(SolveOptions o) : options(o), territory(std::max<size_t>(1, o.hashMegabytes / 4)) {}
  SolveOptions options;
  TerritorySolver territory;
  std::atomic<size_t> tableBytes{0};  // what every table of the solver holds, roughly
  std::atomic<uint64_t> nodes{0};     // chamber options expanded and sum positions searched
  // Three quarters of --hash for the solver's own tables (the territory solver has the rest).
  size_t tableLimit() const { return options.hashMegabytes * (size_t{3} << 20) / 4; }
  bool tablesFull() const { return tableBytes.load(std::memory_order_relaxed) >= tableLimit(); }
};

// Contested regions with at least this many empty squares evaluate their options in parallel,
// when their form has no budget (ChamberValues::formOf), and an analysis values its root
// chambers in parallel when one is that large.
inline constexpr int kParallelEmpty = 9;
// Positions whose raw regions hold at least this many empty squares in all search their moves
// after the first in parallel (Young Brothers Wait), in the search's last round. Below it a
// position's moves take too little time to share. (The core's AnalysisOptions::parallelSize
// for Amazons, coreOptions: its default of 20 never split the 4x6 start, 16 empty squares,
// which took two threads as long as one, 9.2 s.)
inline constexpr int kParallelSearchEmpty = 12;

// Bytes one string-keyed table entry costs, roughly: the key, its node and the map's bookkeeping.
inline size_t entryBytes(const std::string& key) { return key.size() + 96; }

// One analysis (analyses of a batch run at once on one solver): its deadline, and the least
// contested-chamber size whose canonical form has failed its budget in it. Positions shrink
// by one empty square a move, so chambers that large are searched raw without another try.
// The search over sums may also be given a number of positions (`rawLeft`), past which it
// gives up (throws SearchTooLong) so that the chambers get a larger allowance.
struct Search {
  Deadline deadline;
  std::atomic<int> rawFrom{std::numeric_limits<int>::max()};
  std::atomic<int64_t> rawLeft{std::numeric_limits<int64_t>::max()};
  uint64_t tryCap = std::numeric_limits<uint64_t>::max();  // the most a try in the search gets
  // Large positions of the search share their moves among threads (anyMoveWinsInParallel).
  // The probes' searches do not: a probe gives up after a count of positions, which must not
  // depend on the threads. (A round of the verdicts' search gives up likewise; in parallel,
  // where it does, and so the allowance the chambers still unknown get next, may vary.)
  bool parallel = false;
  void checkTime() const { deadline.check(); }
};
struct SearchTooLong {};
using core::Cancelled;

// A canonical form under a budget gives up (throws TooLarge) past its node allowance; the
// caller then decides by search. A full table only stops storing.
struct Budget {
  std::atomic<int64_t> nodesLeft;
};
struct TooLarge {};

}  // namespace amazons::solve
