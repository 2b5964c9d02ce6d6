#include "solver/dist/in_process_runner.h"

#include <algorithm>

namespace amazons::dist {

InProcessRunner::InProcessRunner(const JobSettings& settings, unsigned workers) {
  for (unsigned i = 0; i < std::max(1u, workers); ++i) threads_.emplace_back([this, settings] { work(settings); });
}

InProcessRunner::~InProcessRunner() {
  {
    std::lock_guard lock(mutex_);
    closing_ = true;
    jobs_.clear();
  }
  jobReady_.notify_all();
  for (std::thread& t : threads_) t.join();
}

void InProcessRunner::submit(const Job& job) {
  {
    std::lock_guard lock(mutex_);
    jobs_.push_back(job);
  }
  jobReady_.notify_one();
}

std::optional<JobResult> InProcessRunner::waitFor(std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  resultReady_.wait_for(lock, timeout, [&] { return !results_.empty() || failure_; });
  if (failure_) std::rethrow_exception(failure_);
  if (results_.empty()) return std::nullopt;
  JobResult r = results_.front();
  results_.pop_front();
  return r;
}

void InProcessRunner::work(const JobSettings& settings) {
  JobSolver solver(settings);
  for (;;) {
    Job job;
    {
      std::unique_lock lock(mutex_);
      jobReady_.wait(lock, [&] { return closing_ || !jobs_.empty(); });
      if (closing_) return;
      job = std::move(jobs_.front());
      jobs_.pop_front();
    }
    try {
      JobResult r = solver.solve(job);
      std::lock_guard lock(mutex_);
      results_.push_back(r);
    } catch (...) {
      std::lock_guard lock(mutex_);
      failure_ = std::current_exception();
    }
    resultReady_.notify_all();
  }
}

}  // namespace amazons::dist
