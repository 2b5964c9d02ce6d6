// The job runner over the ranks of an MPI job: rank 0 runs the search (job_tree.h) with an
// MpiRunner, every other rank solves the jobs it is sent, one at a time, each with a solver of
// its own (JobSolver: its tables, --threads threads), in serveJobs().
//
// The workers serve from the start of the process to its end (main.cpp calls serveJobs on every
// rank but 0 while rank 0 runs its command), so a runner can be made by any command (the
// default command's --job-tree, check-proof) and a command that fails before making one leaves
// no rank waiting. Messages (job_messages.h; tags 7 to 10; main.cpp's 0 ends serveJobs):
// kSettings 0 -> worker (the JobSettings, once per runner: a worker reads no file, not even the
// proof a check-proof run is about), kJob 0 -> worker, kResult worker -> 0, kFailed worker -> 0
// (a job that threw: its message, thrown again by waitFor on rank 0).
//
// A dead rank: Open MPI's mpirun sends SIGTERM to every other rank (farm.h); rank 0's search
// stops on it (cli_jobs.cpp), and the runner then abandons the world rather than wait for
// results that will not come (nor call MPI_Finalize, which would wait for the dead rank).
#pragma once
#include <deque>
#include <functional>
#include <vector>

#include "solver/dist/job.h"
#include "solver/dist/world.h"

namespace amazons::dist {

class MpiRunner : public JobRunner {
 public:
  // On rank 0 of a world of two ranks or more; sends `settings` to every worker. `stopped`:
  // whether the process was told to stop (a signal; under mpirun, a rank has died).
  MpiRunner(World& world, const JobSettings& settings, std::function<bool()> stopped);
  // Waits for the jobs still out (each within its budget), so that no result of this runner's
  // reaches a later one; once stopped() instead abandons the world.
  ~MpiRunner() override;
  MpiRunner(const MpiRunner&) = delete;
  MpiRunner& operator=(const MpiRunner&) = delete;

  unsigned workers() const override { return static_cast<unsigned>(world_.size() - 1); }
  void submit(const Job& job) override;
  std::optional<JobResult> waitFor(std::chrono::milliseconds timeout) override;

 private:
  World& world_;
  std::function<bool()> stopped_;
  std::deque<int> free_;       // worker ranks without a job
  std::vector<char> busy_;     // by rank: a job out
  WaitPause pause_;            // since the last job went out or came back
};

// Any rank but 0: solves the jobs of rank 0's runners until a message with `stopTag` comes.
void serveJobs(World& world, int stopTag);

}  // namespace amazons::dist
