#include "solver/dist/mpi_runner.h"

#include <algorithm>
#include <exception>
#include <optional>
#include <stdexcept>
#include <thread>
#include <utility>

#include "solver/dist/bytes.h"
#include "solver/dist/job_messages.h"

namespace amazons::dist {

namespace {

// After main.cpp's 0 and farm.cpp's 1 to 6.
enum Tag : int { kSettings = 7, kJob, kResult, kFailed };

}  // namespace

MpiRunner::MpiRunner(World& world, const JobSettings& settings, std::function<bool()> stopped)
    : world_(world), stopped_(std::move(stopped)), busy_(world.size(), 0) {
  if (world.rank() != 0 || world.size() < 2) throw std::logic_error("dist::MpiRunner on a rank other than 0 or alone");
  for (int w = 1; w < world.size(); ++w) {
    world.send(w, kSettings, encode(settings));
    free_.push_back(w);
  }
}

MpiRunner::~MpiRunner() {
  while (!world_.abandoned() && free_.size() < static_cast<size_t>(world_.size() - 1)) {
    if (stopped_()) {
      world_.abandon();
      return;
    }
    try {
      waitFor(std::chrono::milliseconds(100));
    } catch (const std::exception&) {
      // A job that failed after the search ended (or a stray message): nobody wants it now.
    }
  }
}

void MpiRunner::submit(const Job& job) {
  if (free_.empty()) throw std::logic_error("dist::MpiRunner::submit with every worker busy");
  auto chosen = std::find(free_.begin(), free_.end(), job.worker);  // the rank asked for, if free
  if (chosen == free_.end()) chosen = free_.begin();
  const int w = *chosen;
  free_.erase(chosen);
  busy_[w] = 1;
  world_.send(w, kJob, encode(job));
  pause_.reset();
}

std::optional<JobResult> MpiRunner::waitFor(std::chrono::milliseconds timeout) {
  const auto until = std::chrono::steady_clock::now() + timeout;
  while (true) {
    std::optional<Message> m = world_.poll();
    if (m) {
      const int w = m->source;
      if ((m->tag != kResult && m->tag != kFailed) || w <= 0 || !busy_[w])
        throw MessageError("unexpected message tag " + std::to_string(m->tag) + " from rank " + std::to_string(w));
      busy_[w] = 0;
      free_.push_back(w);
      pause_.reset();
      if (m->tag == kFailed) throw std::runtime_error("rank " + std::to_string(w) + ": " + m->bytes);
      JobResult r = decodeJobResult(m->bytes);
      r.worker = w;
      return r;
    }
    const auto now = std::chrono::steady_clock::now();
    if (now >= until) return std::nullopt;
    std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(pause_.next(), until - now));
  }
}

void serveJobs(World& world, int stopTag) {
  std::optional<JobSolver> solver;
  WaitPause pause;
  while (true) {
    std::optional<Message> next = world.poll(0);
    if (!next) {
      std::this_thread::sleep_for(pause.next());
      continue;
    }
    Message& m = *next;
    if (m.tag == stopTag) return;
    if (m.tag == kSettings) {
      solver.reset();  // one solver's tables at a time
      solver.emplace(decodeJobSettings(m.bytes));
    } else if (m.tag == kJob && solver) {
      Job job;
      try {
        job = decodeJob(m.bytes);
        world.send(0, kResult, encode(solver->solve(job)));
      } catch (const std::exception& e) {
        world.send(0, kFailed, e.what());
      }
      pause.reset();  // the next job comes as soon as rank 0 hears of this one
    } else {
      throw MessageError("unexpected message tag " + std::to_string(m.tag) + " from rank 0");
    }
  }
}

}  // namespace amazons::dist
