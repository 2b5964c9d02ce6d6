// What the search over sums (core/sum_search.h) remembers of the moves that won, to try such
// moves early:
// - Killer moves: in a position of one raw region, the last two moves that won for the same
//   mover in a raw region of as many empty squares (G::size), which the search looks at before
//   it orders the moves (SumSearch::killerWinsAtOnce says why and how far).
// - The history heuristic: for each mover and move, the squares of the positions' sizes it won
//   in, summed, which orders the moves after the game's estimate and before the opponent's
//   replies (MoveOrder::orderedRawMoves).
// Both are moves of the normalised region: where the region turns as it is normalised again, a
// killer or a history score names another move, legal or not, and is a worse guess, never a
// wrong verdict.
// (About half the moves on the frontier lines turn or crop the region. Keyed instead in the
// frame of the search's root, carried through every state: the frontier's nodes x0.95, their
// geometric mean x0.99, the 4x6 start x1.09, with killers there too no better; BENCHMARKS.md.)
#pragma once
#include <array>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <optional>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "cgt/cgt.h"
#include "solver/core/game.h"
#include "solver/core/per_thread_epoch.h"

namespace amazons::core {

template <Game G>
class Killers {
 public:
  // The two moves, the newer first.
  struct Slots {
    std::array<std::optional<typename G::Move>, 2> moves;
    void won(const typename G::Move& m) {
      if (moves[0] == m) return;
      moves[1] = moves[0];
      moves[0] = m;
    }
  };

  // This thread's slots for `mover` in raw regions of `size`.
  Slots& slots(int size, cgt::Side mover) {
    std::vector<std::array<Slots, 2>>& bySize = bySize_.get();
    if (static_cast<size_t>(size) >= bySize.size()) bySize.resize(size + 1);
    return bySize[size][mover == cgt::Side::Left];
  }
  // Every thread's slots forgotten.
  void clear() { bySize_.clear(); }

 private:
  PerThreadEpoch<std::vector<std::array<Slots, 2>>> bySize_;
};

// Measured on the 60 lines of the reach frontier (scripts/bench-frontier, one thread, 2 M
// nodes each): with history between the estimate and the replies, and first where there is no
// estimate, the 44 lines solved before took 0.75 times the nodes, and 2 more were solved; in
// regions alone with the estimate only, 1.28 times; elsewhere only, 0.89; with the replies
// before history there, 0.77. A move's score weighed by size (rather than its square) 0.74,
// by 1 (a count) 0.97 (elsewhere only). On the small-board starts (4x5, 5x4, 4x6; symmetric
// boards, whose normalised regions turn often) 1.17 times the nodes.
template <Game G>
class History {
 public:
  using Move = typename G::Move;
  // Moves are keyed by their bytes and the mover's side: exact, where a move has no padding.
  static_assert(std::has_unique_object_representations_v<Move> && sizeof(Move) < sizeof(uint64_t));

  // One thread's scores.
  class Table {
   public:
    uint64_t score(cgt::Side mover, const Move& m) const {
      const auto found = scores_.find(keyOf(mover, m));
      return found == scores_.end() ? 0 : found->second;
    }
    // `m` won for `mover` in a position of `size` (its raw regions' G::size).
    void won(cgt::Side mover, const Move& m, int size) { scores_[keyOf(mover, m)] += static_cast<uint64_t>(size) * size; }

   private:
    static uint64_t keyOf(cgt::Side mover, const Move& m) {
      uint64_t key = 0;
      std::memcpy(&key, &m, sizeof m);
      return key | (uint64_t{mover == cgt::Side::Left} << 63);
    }
    std::unordered_map<uint64_t, uint64_t> scores_;
  };

  // This thread's table.
  Table& table() { return tables_.get(); }
  // Every thread's table forgotten.
  void clear() { tables_.clear(); }

 private:
  PerThreadEpoch<Table> tables_;
};

}  // namespace amazons::core
