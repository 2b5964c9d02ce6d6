// Deciding large sums by depth-first proof-number search (df-pn, Nagai 2002, with the 1+epsilon
// threshold of Pawlewicz and Lew 2007) above the search over sums: each position it meets is
// first tried by RawSumSearch within a few positions, and only those that try does not settle
// become nodes whose proof and disproof numbers steer the search to the move easiest to prove.
// Where the mover's first move by territory does not win (the small-board starts), a
// depth-first search commits to it to the end; the proof search leaves it once another
// looks easier.
#pragma once
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "solver/amazons/solve_context.h"
#include "solver/amazons/sum_search.h"

namespace amazons::solve {

class ProofSearch {
 public:
  ProofSearch(Context& context, RawSumSearch& sums) : context_(context), sums_(sums) {}

  // Whether `mover`, to move, wins the sum: by RawSumSearch alone below
  // SolveOptions::proofEmpty empty raw squares, else by proof-number search over it.
  bool moverWins(const SumState& state, Color mover, Search& search);

 private:
  // Proof and disproof numbers, for the mover: the least number of positions that must still
  // be settled to prove it wins (loses). kInfinite where it is proven to lose (win).
  struct Numbers {
    uint64_t proof = 1, disproof = 1;
  };
  static constexpr uint64_t kInfinite = uint64_t{1} << 40;
  struct Child {
    SumState state;
    std::string key;
    Numbers numbers;  // for the opponent, who moves there
  };

  Numbers search(const SumState& state, Color mover, const std::string& key, Numbers thresholds, Search& search);
  std::vector<Child> expand(const SumState& state, Color mover, Search& search);
  Numbers tried(const SumState& state, Color mover, Search& search);
  void store(const std::string& key, Numbers numbers);
  void forget(const std::string& key);  // a proven position's entry: the table's bytes too

  Context& context_;
  RawSumSearch& sums_;
  // Positions not proven yet (what is proven goes to RawSumSearch's table). Used by one
  // thread: the tries of a position's options share the threads.
  std::unordered_map<std::string, Numbers> table_;
  size_t bytes_ = 0;  // what table_ holds, counted in Context::tableBytes
};

}  // namespace amazons::solve
