#include "solver/dist/farm.h"

#include <algorithm>
#include <condition_variable>
#include <csignal>
#include <deque>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include "solver/core/parallel.h"
#include "solver/dist/bytes.h"

namespace amazons::dist {

namespace {

enum Tag : int { kReady = 1, kRefused, kJob, kResult, kStop, kNoMore };

volatile std::sig_atomic_t terminated = 0;
extern "C" void onTerminate(int) { terminated = 1; }

// SIGTERM only raises a flag while rank 0 hands out, and is as before afterwards.
class TerminationFlag {
 public:
  TerminationFlag() {
    terminated = 0;
    struct sigaction action {};
    action.sa_handler = onTerminate;
    sigemptyset(&action.sa_mask);
    sigaction(SIGTERM, &action, &previous_);
  }
  ~TerminationFlag() { sigaction(SIGTERM, &previous_, nullptr); }
  TerminationFlag(const TerminationFlag&) = delete;
  TerminationFlag& operator=(const TerminationFlag&) = delete;
  bool raised() const { return terminated != 0; }

 private:
  struct sigaction previous_ {};
};

// A worker's jobs waiting for a lane and results waiting to be sent, between its MPI thread and
// its lanes.
class Mailbox {
 public:
  using Item = std::pair<uint64_t, std::string>;  // index, bytes

  void addJob(Item job) {
    {
      std::lock_guard lock(mutex_);
      jobs_.push_back(std::move(job));
    }
    jobWaiting_.notify_one();
  }
  // The next job, waiting for one; nullopt once closed, or once none is left after noMore().
  std::optional<Item> nextJob() {
    std::unique_lock lock(mutex_);
    jobWaiting_.wait(lock, [&] { return closed_ || noMore_ || !jobs_.empty(); });
    if (jobs_.empty()) return std::nullopt;
    Item job = std::move(jobs_.front());
    jobs_.pop_front();
    return job;
  }
  // No job comes after those waiting: a lane without one ends, and its thread helps the lines
  // still under way (their parallel searches), as in one process at the end of a suite.
  void noMore() {
    {
      std::lock_guard lock(mutex_);
      noMore_ = true;
    }
    jobWaiting_.notify_all();
  }
  // No job starts after this: those waiting are dropped (rank 0 has stopped wanting them).
  void close() {
    {
      std::lock_guard lock(mutex_);
      closed_ = true;
      jobs_.clear();
    }
    jobWaiting_.notify_all();
  }
  void addResult(Item result) {
    {
      std::lock_guard lock(mutex_);
      results_.push_back(std::move(result));
    }
    resultWaiting_.notify_one();
  }
  // The results so far, after waiting up to `pause` for one.
  std::deque<Item> takeResults(std::chrono::microseconds pause) {
    std::unique_lock lock(mutex_);
    resultWaiting_.wait_for(lock, pause, [&] { return !results_.empty(); });
    return std::exchange(results_, {});
  }

 private:
  std::mutex mutex_;
  std::condition_variable jobWaiting_, resultWaiting_;
  std::deque<Item> jobs_, results_;
  bool closed_ = false, noMore_ = false;
};

std::string indexed(uint64_t index, std::string_view bytes) { return ByteWriter().u64(index).text(bytes).take(); }

std::pair<uint64_t, std::string> unindexed(std::string_view bytes) {
  ByteReader in(bytes);
  const uint64_t index = in.u64();
  std::string rest = in.text();
  in.end();
  return {index, std::move(rest)};
}

}  // namespace

Farm::Farm(World& world) : world_(world) {
  if (world.rank() != 0 || world.size() < 2) throw std::logic_error("dist::Farm on a rank other than 0 or alone");
}

Farm::~Farm() {
  if (world_.abandoned()) return;  // a rank is dead: a send to it would fail
  // A failed MPI call does not come back here: MPI's default error handler aborts the job.
  for (int w = 1; w < world_.size(); ++w) world_.send(w, kStop, {});
}

bool Farm::handOut(const std::vector<std::string>& jobs, const std::function<void(size_t, std::string)>& done,
                   const std::function<bool()>& stopStarting) {
  const TerminationFlag termination;
  const int workers = world_.size() - 1;
  std::vector<uint64_t> lanes(world_.size(), 0), busy(world_.size(), 0);
  int answered = 0;  // workers ready or refused
  size_t next = 0, underWay = 0;
  bool stopping = false;
  std::optional<WorkerRefused> refusal;
  std::vector<char> toldNoMore(world_.size(), 0);
  auto fill = [&](int w) {
    while (!stopping && next < jobs.size() && busy[w] < lanes[w]) {
      world_.send(w, kJob, indexed(next, jobs[next]));
      ++busy[w], ++underWay, ++next;
    }
  };
  // Once every job is out, the ready workers hear so (their idle lanes end).
  auto sayNoMore = [&] {
    if (!stopping && next < jobs.size()) return;
    for (int w = 1; w < world_.size(); ++w)
      if (lanes[w] && !toldNoMore[w]) world_.send(w, kNoMore, {}), toldNoMore[w] = 1;
  };
  Backoff backoff;
  while (true) {
    if (termination.raised()) {
      world_.abandon();
      return false;
    }
    if (!stopping && stopStarting()) stopping = true;
    sayNoMore();
    if (answered == workers && underWay == 0 && (stopping || next == jobs.size())) break;
    std::optional<Message> m = world_.poll();
    if (!m) {
      std::this_thread::sleep_for(backoff.next());
      continue;
    }
    backoff.reset();
    const int w = m->source;
    if (m->tag == kReady) {
      ByteReader in(m->bytes);
      lanes[w] = std::max<uint64_t>(1, in.u64());
      in.end();
      ++answered;
      fill(w);
    } else if (m->tag == kRefused) {
      ++answered;
      if (!refusal) refusal.emplace(w, m->bytes);
      stopping = true;
    } else if (m->tag == kResult) {
      auto [index, result] = unindexed(m->bytes);
      if (index >= jobs.size() || busy[w] == 0) throw MessageError("a result for no job handed out");
      --busy[w], --underWay;
      done(index, std::move(result));
      fill(w);
    } else {
      throw MessageError("unexpected message tag " + std::to_string(m->tag) + " from rank " + std::to_string(w));
    }
  }
  if (refusal) throw *refusal;
  return true;
}

void serve(World& world, size_t lanes, const std::function<std::string(std::string_view)>& solve) {
  lanes = std::max<size_t>(1, lanes);
  world.send(0, kReady, ByteWriter().u64(lanes).take());
  Mailbox box;
  std::thread runner([&] {
    core::forEveryIndexInParallel(0, lanes, [&](size_t) {
      while (std::optional<Mailbox::Item> job = box.nextJob()) box.addResult({job->first, solve(job->second)});
    });
  });
  struct Join {  // the lanes end before this returns or throws
    Mailbox& box;
    std::thread& runner;
    ~Join() {
      box.close();
      runner.join();
    }
  } join{box, runner};
  Backoff backoff;
  while (true) {
    bool active = false;
    for (Mailbox::Item& result : box.takeResults(backoff.next())) {
      world.send(0, kResult, indexed(result.first, result.second));
      active = true;
    }
    if (std::optional<Message> m = world.poll(0)) {
      active = true;
      if (m->tag == kStop) return;
      if (m->tag == kNoMore) box.noMore();
      else if (m->tag == kJob) box.addJob(unindexed(m->bytes));
      else throw MessageError("unexpected message tag " + std::to_string(m->tag) + " from rank 0");
    }
    if (active) backoff.reset();
  }
}

void refuse(World& world, const std::string& why) {
  world.send(0, kRefused, why);
  while (world.receive(0).tag != kStop) {
  }
}

}  // namespace amazons::dist
