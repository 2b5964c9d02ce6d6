// The clock a time limit sets (`--time-limit`), shared by every stage of an analysis: the
// chamber values, the territory counts, the searches over sums. A stage that finds it passed
// throws SolveTimeout, stores nothing it has not proven, and the analysis says `unknown`.
// The territory solver reads a cap on its positions here too.
#pragma once
#include <chrono>
#include <cstdint>
#include <limits>
#include <stdexcept>

namespace amazons {

struct SolveTimeout : std::runtime_error {
  SolveTimeout() : std::runtime_error("time limit reached") {}
};

struct Deadline {
  using Clock = std::chrono::steady_clock;
  Clock::time_point at = Clock::time_point::max();  // max: no limit
  // The search positions allowed besides (a probe's cap on its territory counts); past them
  // the search throws SolveTimeout as past the time.
  uint64_t positions = std::numeric_limits<uint64_t>::max();

  // `seconds` from `start`; 0 or less: no limit.
  static Deadline after(double seconds, Clock::time_point start = Clock::now()) {
    if (seconds <= 0) return {};
    return {start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds))};
  }
  bool limited() const { return at != Clock::time_point::max(); }
  bool passed() const { return limited() && Clock::now() > at; }
  void check() const {
    if (passed()) throw SolveTimeout();
  }
};

}  // namespace amazons
