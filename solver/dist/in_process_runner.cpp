#include "solver/dist/in_process_runner.h"

#include <algorithm>

namespace amazons::dist {

InProcessRunner::InProcessRunner(const JobSettings& settings, unsigned workers)
    : own_(std::max(1u, workers)), busy_(std::max(1u, workers), 0) {
  for (unsigned i = 0; i < std::max(1u, workers); ++i) threads_.emplace_back([this, settings, i] { work(settings, static_cast<int>(i)); });
}

InProcessRunner::~InProcessRunner() {
  {
    std::lock_guard lock(mutex_);
    closing_ = true;
    abandon_.store(true);
    jobs_.clear();
    for (std::deque<Job>& own : own_) own.clear();
  }
  jobReady_.notify_all();
  for (std::thread& t : threads_) t.join();
}

void InProcessRunner::submit(const Job& job) {
  {
    std::lock_guard lock(mutex_);
    const bool wantedFree = job.worker >= 0 && static_cast<size_t>(job.worker) < own_.size() && !busy_[job.worker] && own_[job.worker].empty();
    (wantedFree ? own_[job.worker] : jobs_).push_back(job);
  }
  jobReady_.notify_all();  // the worker asked for must wake, whichever the one notify_one picks
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

void InProcessRunner::work(const JobSettings& settings, int index) {
  JobSolver solver(settings, &abandon_);
  std::deque<Job>& own = own_[index];
  for (;;) {
    Job job;
    {
      std::unique_lock lock(mutex_);
      jobReady_.wait(lock, [&] { return closing_ || !own.empty() || !jobs_.empty(); });
      if (closing_) return;
      std::deque<Job>& from = own.empty() ? jobs_ : own;
      job = std::move(from.front());
      from.pop_front();
      busy_[index] = 1;
    }
    try {
      JobResult r = solver.solve(job);
      r.worker = index;
      std::lock_guard lock(mutex_);
      busy_[index] = 0;
      results_.push_back(r);
    } catch (...) {
      std::lock_guard lock(mutex_);
      busy_[index] = 0;
      failure_ = std::current_exception();
    }
    resultReady_.notify_all();
  }
}

}  // namespace amazons::dist
