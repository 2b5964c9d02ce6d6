// The ranks of an MPI job (Open MPI's C API), as small as the distributed commands need: who
// this process is, and tagged byte strings sent and received between ranks. Above the core
// (namespace amazons::dist): the solver knows nothing of ranks; a job sent here is a byte string
// that says "solve this with this budget" (solver/dist/farm.h, solver/dist/suite_messages.h).
//
// Without mpirun the world is one rank and no MPI function is called at all: Open MPI's
// MPI_Init on a process not started by mpirun (a "singleton") starts a runtime daemon and took
// 1.7-1.8 s here, against 0.1 s for the whole process without it, so every command run alone
// behaves as it did before MPI. Only loading Open MPI's libraries remains: `amazons-solve
// --help` takes 20 ms of CPU instead of 15 (perf stat, 30 runs).
//
// Threads: MPI is initialised with MPI_THREAD_FUNNELED, so only the thread that made the World
// may call its members; other threads hand their bytes to it (farm.cpp's workers do so).
// Tags: each protocol has its own (main.cpp's 0, farm.cpp's 1 to 6), and one protocol runs at a
// time.
#pragma once
#include <algorithm>
#include <chrono>
#include <list>
#include <optional>
#include <string>

#include <mpi.h>

namespace amazons::dist {

inline constexpr int kAnySource = MPI_ANY_SOURCE;
inline constexpr int kAnyTag = MPI_ANY_TAG;

struct Message {
  int source = 0;
  int tag = 0;
  std::string bytes;
};

// The pauses of a loop that polls for work: 50 us after something happened, doubling to 2 ms
// while nothing does (a waiting rank wakes 500 times a second, a small share of a core).
class Backoff {
 public:
  std::chrono::microseconds next() {
    const auto pause = pause_;
    pause_ = std::min<std::chrono::microseconds>(2 * pause_, std::chrono::milliseconds(2));
    return pause;
  }
  void reset() { pause_ = std::chrono::microseconds(50); }

 private:
  std::chrono::microseconds pause_{50};
};

// The pauses of a loop that waits for a reply that takes a while (a job): a sixteenth of the
// time waited so far, between 50 us and 2 ms, so that a reply is noticed within about 6% of
// its time. Backoff's doubling reaches 2 ms within 4 ms, which cost the job search over ranks a
// third of its speed on jobs of 10 ms (scripts/bench-mpi, BENCHMARKS.md).
class WaitPause {
 public:
  std::chrono::microseconds next() const {
    const auto waited = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - since_);
    return std::clamp<std::chrono::microseconds>(waited / 16, std::chrono::microseconds(50), std::chrono::milliseconds(2));
  }
  void reset() { since_ = std::chrono::steady_clock::now(); }

 private:
  std::chrono::steady_clock::time_point since_ = std::chrono::steady_clock::now();
};

class World {
 public:
  // MPI_Init_thread when launchedByMpirun(), else a world of one rank.
  World(int& argc, char**& argv);
  // Waits for the sends under way to be delivered, then MPI_Finalize (skipped after abandon()).
  ~World();
  World(const World&) = delete;
  World& operator=(const World&) = delete;

  // Whether mpirun (or mpiexec, orterun) started this process: Open MPI gives every rank it
  // starts OMPI_COMM_WORLD_SIZE in its environment.
  static bool launchedByMpirun();

  int rank() const { return rank_; }
  int size() const { return size_; }

  // Sends `bytes` to rank `to` with `tag` (>= 0) without waiting: the bytes are kept until
  // delivered (a blocking send of a large message would wait for the receiver to post a
  // receive, and two ranks sending to each other at once would wait for ever).
  void send(int to, int tag, std::string bytes);
  // The next message from `from` with `tag` if one has arrived (kAnySource, kAnyTag: any).
  std::optional<Message> poll(int from = kAnySource, int tag = kAnyTag);
  // The next message from `from` with `tag`, waiting for it: asleep between polls (Backoff),
  // where MPI_Recv would keep a core busy polling for as long as it waits.
  Message receive(int from = kAnySource, int tag = kAnyTag);

  // The job is being torn down (mpirun stops every rank when one dies): end without waiting for
  // sends or calling MPI_Finalize, which could wait for the dead rank.
  void abandon() { abandoned_ = true; }
  bool abandoned() const { return abandoned_; }

 private:
  struct Outgoing {
    std::string bytes;
    MPI_Request request;
  };
  void reapSends();

  bool mpi_ = false;
  bool abandoned_ = false;
  int rank_ = 0;
  int size_ = 1;
  std::list<Outgoing> sending_;  // a list: a request keeps its address while others come and go
};

}  // namespace amazons::dist
