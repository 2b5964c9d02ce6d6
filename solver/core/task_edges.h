// ThreadSanitizer and oneTBB: Debian's libtbb is not instrumented, so TSan sees neither a task
// start after its spawn nor a join after the tasks end, and reports every access to data the
// spawner wrote before (or reads after) as a race. TaskEdges marks both edges at our spawn and
// join points, so that TSan checks the tasks against each other and nothing else. Without
// TSan every call is empty.
#pragma once

#if defined(__SANITIZE_THREAD__)
extern "C" void __tsan_acquire(void* address);
extern "C" void __tsan_release(void* address);
#endif

namespace amazons {

class TaskEdges {
 public:
  void beforeSpawn() { release(); }  // the spawner, once the tasks' body is made, before they start
  void taskStart() { acquire(); }    // first thing in each task
  void taskEnd() { release(); }      // last thing in each task
  void afterJoin() { acquire(); }    // the spawner, once every task is over
  // For a task whose object (its closure, where a TaskEdges would be found) was made before
  // beforeSpawn: a start edge from every spawn so far, read without touching the closure.
  // Coarser (it orders the task after all spawns before it), so only where the closure would
  // otherwise be read first: tbb::task_group tasks, whose objects TBB recycles unseen.
  static void anyTaskStart() {
#if defined(__SANITIZE_THREAD__)
    __tsan_acquire(&anySpawn);
#endif
  }

 private:
#if defined(__SANITIZE_THREAD__)
  void release() {
    __tsan_release(this);
    __tsan_release(&anySpawn);
  }
  void acquire() { __tsan_acquire(this); }
#else
  void release() {}
  void acquire() {}
#endif
  [[maybe_unused]] char token_ = 0;  // its address is the edge TSan synchronises on
  static inline char anySpawn = 0;
};

}  // namespace amazons
