// core::forEachIndexInParallel (solver/core/parallel.h), the loop under every parallel search:
// each index once, and an honest answer when it stopped early. A search that took a loop
// cancelled from outside for a finished one would store "no move wins" for a position it did
// not search through.
#include <gtest/gtest.h>

#include <oneapi/tbb/task_arena.h>
#include <oneapi/tbb/task_group.h>

#include <atomic>
#include <stdexcept>
#include <vector>

#include "solver/core/parallel.h"

namespace amazons {
namespace {

TEST(ParallelLoop, EveryIndexOnce) {
  tbb::task_arena arena(2);
  std::vector<std::atomic<int>> seen(1000);
  bool complete = false;
  arena.execute([&] {
    tbb::task_group_context context;
    complete = core::forEachIndexInParallel(context, 10, seen.size(), [&](size_t i) { ++seen[i]; }, [] { return false; });
  });
  EXPECT_TRUE(complete);
  for (size_t i = 0; i < seen.size(); ++i) EXPECT_EQ(seen[i], i < 10 ? 0 : 1) << i;
}

TEST(ParallelLoop, StoppedEarlySaysSo) {
  tbb::task_arena arena(2);
  std::atomic<int> done{0};
  bool complete = true;
  arena.execute([&] {
    tbb::task_group_context context;
    complete = core::forEachIndexInParallel(context, 0, 1000, [&](size_t) { ++done; }, [&] { return done >= 10; });
  });
  EXPECT_FALSE(complete);
  EXPECT_LT(done, 1000);
}

TEST(ParallelLoop, CancelledFromTheEnclosingTaskSaysSo) {
  // An inner loop bound to an outer one that is cancelled first: task_group::wait() resets
  // the inner context, so only the loop's own answer can tell that it stopped.
  tbb::task_arena arena(2);
  std::atomic<int> innerDone{0};
  std::atomic<int> innerComplete{-1};
  arena.execute([&] {
    tbb::task_group_context outer;
    const bool outerComplete = core::forEachIndexInParallel(
        outer, 0, 1,
        [&](size_t) {
          outer.cancel_group_execution();
          tbb::task_group_context inner;  // bound to the outer loop's task
          innerComplete = core::forEachIndexInParallel(inner, 0, 1000, [&](size_t) { ++innerDone; }, [] { return false; });
        },
        [] { return false; });
    EXPECT_TRUE(outerComplete);  // its one body ran to its end
  });
  EXPECT_EQ(innerComplete, 0);
  EXPECT_LT(innerDone, 1000);
}

TEST(ParallelLoop, ABodysExceptionComesOut) {
  tbb::task_arena arena(2);
  arena.execute([&] {
    tbb::task_group_context context;
    EXPECT_THROW((void)core::forEachIndexInParallel(
                     context, 0, 100, [](size_t i) { if (i == 7) throw std::runtime_error("seven"); }, [] { return false; }),
                 std::runtime_error);
  });
}

}  // namespace
}  // namespace amazons
