// A list of jobs spread over the ranks of an MPI job: rank 0 hands them out and collects their
// results (Farm), every other rank solves what it is given (serve). Jobs and results are byte
// strings; what they mean is the caller's (solver/dist/suite_messages.h for suite lines).
//
// Each worker first says how many lanes it runs (jobs at once, one per thread); rank 0 keeps it
// at that many jobs, handing the next job in order to the first worker that frees a lane, so a
// slow job holds one lane and the others go on; once every job is out, a worker's idle lanes
// end and their threads help the jobs still under way. Messages (tags): kReady worker -> 0 (its
// lanes), kRefused worker -> 0 (why it cannot work), kJob 0 -> worker (index, job), kResult
// worker -> 0 (index, result), kNoMore 0 -> worker (every job is out), kStop 0 -> worker.
//
// A dead rank: Open MPI's mpirun then sends SIGTERM to every other rank, and SIGKILL about a
// second later (measured here: rank 0 still ran 0.5 s after the SIGTERM). handOut returns at
// once on SIGTERM, saying so, for its caller to report the jobs without a result.
#pragma once
#include <cstddef>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "solver/dist/world.h"

namespace amazons::dist {

// A worker could not start (its setup failed: a database missing on its machine, say): what()
// names the rank, why() is the worker's own message.
class WorkerRefused : public std::runtime_error {
 public:
  WorkerRefused(int rank, std::string why) : std::runtime_error("rank " + std::to_string(rank) + ": " + why), why_(std::move(why)) {}
  const std::string& why() const { return why_; }

 private:
  std::string why_;
};

// Rank 0's side, in a world of two ranks or more. From its construction on every other rank is
// in serve(), waiting; the destructor stops them (also after an error on rank 0, so that none
// waits for ever and MPI_Finalize, which waits for every rank, returns).
class Farm {
 public:
  explicit Farm(World& world);
  ~Farm();
  Farm(const Farm&) = delete;
  Farm& operator=(const Farm&) = delete;

  // Hands jobs[i] out and calls done(i, result) on this thread as each result arrives (in any
  // order). Once stopStarting() is true no job is handed out, and those under way are awaited.
  // Returns false when the job is being torn down (SIGTERM): at once, the world abandoned, the
  // results still out never to come. Throws WorkerRefused (after the jobs under way are back)
  // when a worker refused. Once per Farm.
  bool handOut(const std::vector<std::string>& jobs, const std::function<void(size_t, std::string)>& done,
               const std::function<bool()>& stopStarting);

 private:
  World& world_;
};

// Any rank but 0: solves the jobs rank 0 hands out, `lanes` at a time (each lane a task of
// core::forEveryIndexInParallel), result = solve(job), until rank 0 says stop. `solve` runs on
// other threads than this one, never calls the World, and must not throw (a job that fails
// says so in its result).
void serve(World& world, size_t lanes, const std::function<std::string(std::string_view)>& solve);

// Any rank but 0 that cannot work: tells rank 0 why (handOut throws it as WorkerRefused) and
// waits to be stopped.
void refuse(World& world, const std::string& why);

}  // namespace amazons::dist
