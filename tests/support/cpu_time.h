// Processor time, for tests that bound how long work runs: unlike wall-clock time it does not
// grow when the machine is busy with other work, so such a bound holds under any load.
#pragma once
#include <sys/resource.h>

namespace amazons::testing {

inline double cpuSeconds(int who) {
  rusage usage{};
  getrusage(who, &usage);
  auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

// User and system time of this process, all its threads.
inline double processCpuSeconds() { return cpuSeconds(RUSAGE_SELF); }

// User and system time of this process's children that have been waited for (and of theirs).
inline double childCpuSeconds() { return cpuSeconds(RUSAGE_CHILDREN); }

}  // namespace amazons::testing
