// The job runner of one process: W threads, each with a solver of its own (JobSolver: its own
// tables), taking jobs from one queue, or from their own when a job asks for a free one.
#pragma once
#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

#include "solver/dist/job.h"

namespace amazons::dist {

class InProcessRunner : public JobRunner {
 public:
  InProcessRunner(const JobSettings& settings, unsigned workers);
  // Ends the jobs under way at once (their results unknown, never read) and drops the others.
  ~InProcessRunner() override;
  InProcessRunner(const InProcessRunner&) = delete;
  InProcessRunner& operator=(const InProcessRunner&) = delete;

  unsigned workers() const override { return static_cast<unsigned>(threads_.size()); }
  void submit(const Job& job) override;
  std::optional<JobResult> waitFor(std::chrono::milliseconds timeout) override;

 private:
  void work(const JobSettings& settings, int index);

  std::mutex mutex_;
  std::condition_variable jobReady_, resultReady_;
  std::deque<Job> jobs_;          // for any worker; under mutex_
  std::vector<std::deque<Job>> own_;  // for one worker each; under mutex_
  std::vector<char> busy_;        // a worker between taking a job and giving its result; under mutex_
  std::deque<JobResult> results_; // under mutex_
  std::exception_ptr failure_;    // a job's exception, rethrown by waitFor; under mutex_
  bool closing_ = false;          // under mutex_
  std::atomic<bool> abandon_{false};  // set with closing_: the jobs under way stop
  std::vector<std::thread> threads_;
};

}  // namespace amazons::dist
