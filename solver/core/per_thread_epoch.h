// Per-thread state that a search owns and forgets at once on every thread (PerThreadEpoch):
// the killer moves and history scores of the search over sums (core/killers.h) and the killer
// moves of Amazons' leaf search (amazons/leaf_search.cpp).
#pragma once
#include <atomic>
#include <cstdint>

namespace amazons::core {

// Each thread's own T, emptied (made anew) when the owner's epoch changes (a new owner,
// clear()), so that a fresh search's positions do not depend on what earlier searches did on the
// same thread.
template <class T>
class PerThreadEpoch {
 public:
  T& get() {
    struct OnThread {
      uint64_t epoch = 0;
      T value;
    };
    thread_local OnThread mine;
    const uint64_t epoch = epoch_.load(std::memory_order_relaxed);
    if (mine.epoch != epoch) mine = {epoch, T{}};
    return mine.value;
  }
  // Every thread's T forgotten.
  void clear() { epoch_ = newEpoch(); }

 private:
  static uint64_t newEpoch() {
    static std::atomic<uint64_t> last{0};
    return ++last;
  }
  std::atomic<uint64_t> epoch_{newEpoch()};  // never 0
};

}  // namespace amazons::core
