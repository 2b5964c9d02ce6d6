// The referee's side of the tests that run a bot as a process on the CodinGame protocols
// (play_codingame_test, play_clobber_test, play_yinsh_test): one turn asked and checked, and the
// answer times.
#pragma once
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "solver/core/child_process.h"
#include "tests/support/sanitizers.h"

namespace amazons::testing {

constexpr int kSlowdown = kSanitized ? 4 : 1;  // longer turns for all under a sanitizer
// Measured from the referee's side on a loaded 2-core machine, where a process descheduled for
// tens of milliseconds is not the bot's doing (123 ms was seen with a build beside the test),
// each answer may take up to kSlack more than the turn; the median answer must be within the
// turn itself. An answer later than its turn counts as the processor time the bot used in it,
// when that is less: a bot that waited for a core, the machine busy with other work, did not
// think past its turn (with the time alone, a busy machine could fail the test).
constexpr std::chrono::milliseconds kSlack(100);

struct BotAnswer {
  std::string move, message;  // the message one of "exact win", "exact draw" (Yinsh), "exact loss", "heuristic"
};

struct BotStats {
  int botTurns = 0, exactWins = 0;
  std::vector<std::chrono::milliseconds> times;  // of the answers after each game's first, as counted

  // Sends one turn's input and reads the answer, MOVE + separator + MESSAGE, within `limit`
  // (plus kSlack); nullopt, with a failure recorded, when none comes or it is malformed.
  std::optional<BotAnswer> ask(ChildProcess& bot, const std::string& input, std::chrono::milliseconds limit, bool first,
                               const std::string& separator);
  // The median answer within `turn`; prints the figures.
  void check(std::chrono::milliseconds turn);
};

}  // namespace amazons::testing
