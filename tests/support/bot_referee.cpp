#include "tests/support/bot_referee.h"

#include <gtest/gtest.h>

#include <time.h>

#include <algorithm>
#include <iostream>

namespace amazons::testing {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

namespace {
// The processor time the process has used so far, all its threads.
std::optional<milliseconds> cpuTime(pid_t pid) {
  clockid_t clock;
  timespec t{};
  if (clock_getcpuclockid(pid, &clock) != 0 || clock_gettime(clock, &t) != 0) return std::nullopt;
  return milliseconds(t.tv_sec * 1000 + t.tv_nsec / 1'000'000);
}
}  // namespace

std::optional<BotAnswer> BotStats::ask(ChildProcess& bot, const std::string& input, milliseconds limit, bool first,
                                       const std::string& separator) {
  const std::optional<milliseconds> cpuBefore = cpuTime(bot.pid());
  const Clock::time_point sent = Clock::now();
  if (!bot.send(input)) {
    ADD_FAILURE() << "the bot no longer reads its input";
    return std::nullopt;
  }
  const std::optional<std::string> answer = bot.readLine(limit + milliseconds(2000));
  const auto took = std::chrono::duration_cast<milliseconds>(Clock::now() - sent);
  if (!answer) {
    ADD_FAILURE() << "no answer";
    return std::nullopt;
  }
  milliseconds counted = took;
  if (const std::optional<milliseconds> cpuAfter = cpuTime(bot.pid()); took > limit && cpuBefore && cpuAfter)
    counted = std::min(took, *cpuAfter - *cpuBefore);
  EXPECT_LE(counted, limit + kSlack) << *answer << " (" << took.count() << " ms)";
  if (!first) times.push_back(counted);
  ++botTurns;
  const size_t split = answer->find(separator);
  if (split == std::string::npos) {
    ADD_FAILURE() << "no message: " << *answer;
    return std::nullopt;
  }
  BotAnswer a{answer->substr(0, split), answer->substr(split + separator.size())};
  if (a.message != "exact win" && a.message != "exact draw" && a.message != "exact loss" && a.message != "heuristic") {
    ADD_FAILURE() << "unknown message: " << *answer;
    return std::nullopt;
  }
  if (a.message == "exact win") ++exactWins;
  return a;
}

void BotStats::check(milliseconds turn) {
  ASSERT_FALSE(times.empty());
  std::sort(times.begin(), times.end());
  EXPECT_LE(times[times.size() / 2], turn) << "the median answer";
  std::cout << botTurns << " bot turns; answers after the first: median " << times[times.size() / 2].count() << " ms, slowest "
            << times.back().count() << " ms\n";
}

}  // namespace amazons::testing
