// Killer moves of the search over sums (core/sum_search.h): in a position of one raw region,
// the last two moves that won for the same mover in a raw region of as many empty squares
// (G::size), which the search looks at before it orders the moves (SumSearch::killerWinsAtOnce
// says why and how far). Moves of the normalised region: where the region turns as it is
// normalised again, a killer names another move, legal or not, and is a worse guess, never a
// wrong verdict.
#pragma once
#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

#include "cgt/cgt.h"
#include "solver/core/game.h"

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

  // This thread's slots for `mover` in raw regions of `size`. Each thread keeps its own,
  // emptied when the owner's epoch changes (a new Killers, clear()), so that a fresh search's
  // positions do not depend on what earlier searches did on the same thread.
  Slots& slots(int size, cgt::Side mover) {
    struct OnThread {
      uint64_t epoch = 0;
      std::vector<std::array<Slots, 2>> bySize;
    };
    thread_local OnThread killers;
    const uint64_t epoch = epoch_.load(std::memory_order_relaxed);
    if (killers.epoch != epoch) killers = {epoch, {}};
    if (static_cast<size_t>(size) >= killers.bySize.size()) killers.bySize.resize(size + 1);
    return killers.bySize[size][mover == cgt::Side::Left];
  }
  // Every thread's slots forgotten.
  void clear() { epoch_ = newEpoch(); }

 private:
  static uint64_t newEpoch() {
    static std::atomic<uint64_t> last{0};
    return ++last;
  }
  std::atomic<uint64_t> epoch_{newEpoch()};  // never 0
};

}  // namespace amazons::core
