#include "tests/support/bot_referee.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>

namespace amazons::testing {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

std::optional<BotAnswer> BotStats::ask(ChildProcess& bot, const std::string& input, milliseconds limit, bool first,
                                       const std::string& separator) {
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
  EXPECT_LE(took, limit + kSlack) << *answer;
  if (!first) times.push_back(took);
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
