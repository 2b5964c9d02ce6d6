// A loop over indices shared by the tasks of a tbb::task_group, in the one form that
// ThreadSanitizer can check against Debian's uninstrumented oneTBB (task_edges.h).
// tbb::parallel_for splits its range on the worker threads: a thread that splits writes the new
// task object (the range, a copy of the body) and another thread that steals it reads it there,
// unseen by TSan, which then reports the body's first read (rarely: once in a few runs of the
// --tsan tests, on the Amazons solver's parallel forms). Here the calling thread makes every
// task object before the spawn edge, and the tasks take indices from one atomic counter.
#pragma once
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <stdexcept>
#include <vector>

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/task_arena.h>
#include <oneapi/tbb/task_group.h>

#include "solver/core/task_edges.h"

namespace amazons::core {

// The threads that can work here: the arena's width, within the process's
// max_allowed_parallelism (the CLI's --threads sets it with a tbb::global_control, which the
// implicit arena's max_concurrency() does not show: it still says the machine's cores).
inline int usableThreads() {
  const auto allowed = tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism);
  return std::max(1, static_cast<int>(std::min<size_t>(static_cast<size_t>(std::max(1, tbb::this_task_arena::max_concurrency())), allowed)));
}

// Thrown by a search whose parallel split was cancelled (a sibling found the win): nothing
// below it is stored, and the split that cancelled it drops it.
struct Cancelled {};

// body(i) for each i in [first, last) on up to usableThreads() tasks in `context`, until
// stop() or the context's cancellation (by the caller, or from the enclosing task's context
// when `context` is bound to it). Whether every index was done, counted: task_group::wait()
// resets the context, so its cancellation can no longer be read once this returns. An
// exception from a body cancels the context and is thrown here once every task has ended.
template <class Body, class Stop>
[[nodiscard]] bool forEachIndexInParallel(tbb::task_group_context& context, size_t first, size_t last, Body&& body, Stop&& stop) {
  if (first >= last) return true;
  const size_t workers = std::min<size_t>(last - first, static_cast<size_t>(usableThreads()));
  std::atomic<size_t> next{first}, done{0};
  tbb::task_group group(context);
  TaskEdges edges;
  struct Mark {  // an edge also when a body throws
    TaskEdges& edges;
    void (TaskEdges::*mark)();
    ~Mark() { (edges.*mark)(); }
  };
  std::vector<tbb::task_handle> tasks;
  for (size_t w = 0; w < workers; ++w)
    tasks.push_back(group.defer([&] {
      TaskEdges::anyTaskStart();
      const Mark end{edges, &TaskEdges::taskEnd};
      for (size_t i; !stop() && !context.is_group_execution_cancelled() && (i = next.fetch_add(1)) < last; ++done) body(i);
    }));
  edges.beforeSpawn();
  const Mark join{edges, &TaskEdges::afterJoin};
  for (tbb::task_handle& task : tasks) group.run(std::move(task));
  group.wait();
  return done == last - first;
}

// body(i) for every i in [first, last), in parallel, in a context of its own: isolated, so that
// a cancelled enclosing task cannot cut the loop short and leave results missing. An exception
// from a body is thrown here once every task has ended.
template <class Body>
void forEveryIndexInParallel(size_t first, size_t last, Body&& body) {
  tbb::task_group_context isolated(tbb::task_group_context::isolated);
  if (!forEachIndexInParallel(isolated, first, last, body, [] { return false; }))
    throw std::logic_error("a parallel loop stopped before its end");
}

// Whether wins(i) for some i in [first, last), tried in parallel in a context bound to the
// enclosing task's; the first found cancels the others, whose searches throw Cancelled (when
// they check tbb::is_current_task_group_canceling()). Throws Cancelled itself when the
// enclosing split was cancelled before an answer: some indices were then not tried.
template <class Wins>
bool anyIndexInParallel(size_t first, size_t last, Wins&& wins) {
  std::atomic<bool> found{false};
  bool complete = false;
  tbb::task_group_context group;  // bound to the enclosing split's: its cancellation reaches here
  try {
    complete = forEachIndexInParallel(
        group, first, last,
        [&](size_t i) {
          if (wins(i)) {
            found = true;
            group.cancel_group_execution();
          }
        },
        [&] { return found.load(std::memory_order_relaxed); });
  } catch (const Cancelled&) {
    if (!found) throw;
  }
  if (found) return true;
  if (!complete) throw Cancelled{};
  return false;
}

}  // namespace amazons::core
