// The unit of work of a job-level proof-number search (job_tree.h): one position to decide
// with a node budget, what comes back, what every job of a run shares, the solver that runs
// one, and the runner that hands jobs to solvers (in this process: in_process_runner.h).
// Everything a job or result holds is plain text and numbers, so that a runner may carry them
// to another process.
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "cgt/game.h"
#include "solver/core/analysis_report.h"

namespace amazons::dist {

// Decide who wins `position` (the game's one-line form, G::printPosition) with `mover` to
// move, within `nodes` (the analysis' node limit, 0: none) and `seconds` (0: none).
struct Job {
  uint64_t id = 0;
  std::string position;
  cgt::Side mover = cgt::Side::Left;
  uint64_t nodes = 0;
  double seconds = 0;
  // The worker to run it if that one is free (JobResult::worker of the position's last job,
  // whose tables hold what it found), else any; kAnyWorker: any. Not sent to the worker.
  int worker = kAnyWorker;
  static constexpr int kAnyWorker = -1;
};

struct JobResult {
  uint64_t id = 0;                                  // the job's
  core::Verdict verdict = core::Verdict::Unknown;   // for the job's mover; Unknown past a limit
  uint64_t nodes = 0;                               // what the analysis searched
  int worker = Job::kAnyWorker;                     // which ran it (the runner's numbering)
};

// What every job of a run shares: the game (G::kName: "amazons" or "clobber"), each solver's
// threads and table memory (AnalysisOptions::threads, hashMegabytes), and whether a solver
// keeps its tables from one job to the next (JobSolver). Every other option is the game's
// default, as in `amazons-solve FILE`.
struct JobSettings {
  std::string game = "amazons";
  unsigned threads = 1;
  size_t hashMegabytes = 64;
  bool keepTables = true;
};

// Whether `game` is one a job can be about.
bool jobGameKnown(const std::string& game);

// One worker's solver: the game's analyser (core::Analyser) with its tables. With
// keepTables a job starts from the tables the worker's earlier jobs left (emptied once half
// full, as a full table stores nothing more): a position sent again goes on from what its last
// job found, and its neighbours' positions are not searched twice. Whether a job ends within
// its budget then depends on the jobs before it on that worker (never its verdict when it
// does: tables hold exact keys and proven results). Without it the tables are emptied before
// every job, so that a job's result, nodes included, is the same whichever solver runs it.
// For one thread at a time.
class JobSolver {
 public:
  // `stop`, when given and set, ends the job under way at once (its result then unknown).
  explicit JobSolver(const JobSettings& settings, const std::atomic<bool>* stop = nullptr);
  ~JobSolver();
  JobSolver(const JobSolver&) = delete;
  JobSolver& operator=(const JobSolver&) = delete;
  // A position that does not parse throws InputError (a runner's caller made the job, so
  // that is a bug in it, or a damaged proof file: check_proof.h catches it).
  JobResult solve(const Job& job);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Hands jobs to solvers and gives back their results, in whatever order they finish. The
// search (JobTree::search) submits at most workers() jobs at a time and waits for one when
// it has as many out or none to send. An MPI runner implements the same: submit() sends the
// job to a free rank, waitFor() receives the next result from any rank.
class JobRunner {
 public:
  virtual ~JobRunner() = default;
  // How many jobs run at once.
  virtual unsigned workers() const = 0;
  // Starts `job` (the caller keeps at most workers() out), on job.worker if that one is free.
  virtual void submit(const Job& job) = 0;
  // The result of a submitted job, waiting at most `timeout` (nullopt then: the search checks
  // its stop flag and checkpoint clock between waits).
  virtual std::optional<JobResult> waitFor(std::chrono::milliseconds timeout) = 0;
};

}  // namespace amazons::dist
