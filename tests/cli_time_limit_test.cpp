// `--time-limit` end to end: positions whose territories, probes or searches once ran far past
// their limit (issue 14: a 5 s limit still running after 24 minutes) must come back within
// it, saying `unknown` for what they did not finish. The bound is on the processor time the
// run used, which a busy machine does not stretch: its threads cannot use more than the limit
// each before the deadline, and after it the run may use one second more (its start included).
// (Bounded in wall-clock time, what the user's limit promises, the test could fail when the
// machine was busy with other work: the run's threads waiting for a core, not past the limit.)
#include <gtest/gtest.h>

#include <string>
#include <tuple>

#include "tests/support/cli_run.h"
#include "tests/support/paths.h"
#include "tests/support/sanitizers.h"

namespace amazons {
namespace {

using testing::CliResult;
using testing::has;
using testing::runCli;
using testing::writeTemp;

constexpr double kLimitSeconds = 2;
// Under AddressSanitizer code runs 5-10x slower, and the clock is read between units of work
// that take that much longer: one move order of the 92-empty 10x10 opening (some 2,000 moves,
// each scored by queen distances) takes about a second there, ~10 ms in Release. The promise
// (the limit plus half a second) is the Release build's; the sanitized run checks that the
// limit still ends the run, not how closely.
constexpr double kSlackSeconds = testing::kSanitized ? 3 : 1;

// The four 10x10 positions of issue 14 (White to move), each of which ran for minutes under
// `--time-limit 5` in a territory count inside the probe of a large contested chamber.
const char* const kOverran[] = {
    "..#.......|#..##x...#|##o##..#x.|.####.##..|#######...|###x#x#..#|#.#####..#|.o..o.#.#.|##..##..#.|o##..###..",
    "....###x#.|...######.|.#.#..#.#.|##x###o###|#.##.###x.|.###.####.|o#..#o#.#.|..o.######|.....##x..|.....#....",
    ".##.o###.#|..######o#|.....x###.|#..##..#x#|#.##...#..|#.####x...|.#.#####..|.#..#.###x|..#o##.#..|##.#.#.o#.",
    "...#.#.#..|..x#o#.#.#|..#.##.#..|.##x###..#|#...#.#...|..#.xo#...|..#.###...|.#.#.#..#.|###..##.#.|o#...ox..#",
};

// Runs `file` under the limit and checks the processor time and that the run ended as an
// analysis (solved: 0, unknown: 1), not an error or a crash.
void expectWithinLimit(const std::string& file, int threads) {
  const CliResult r = runCli({file, "--time-limit", std::to_string(kLimitSeconds), "--threads", std::to_string(threads)});
  EXPECT_LE(r.cpuSeconds, threads * kLimitSeconds + kSlackSeconds) << file << " with " << threads << " threads";
  EXPECT_TRUE(r.status == 0 || r.status == 1) << r.status << "\n" << r.err;
  EXPECT_TRUE(has(r.out, "to move: ")) << r.out;
  if (r.status == 1) {
    EXPECT_TRUE(has(r.out, "unknown")) << r.out;
  }
}

class OverranPosition : public ::testing::TestWithParam<std::tuple<int, int>> {};

TEST_P(OverranPosition, ReturnsWithinTheLimit) {
  const auto [index, threads] = GetParam();
  expectWithinLimit(writeTemp("overran.txt", std::string(kOverran[index]) + "\n"), threads);
}

INSTANTIATE_TEST_SUITE_P(Issue14, OverranPosition, ::testing::Combine(::testing::Range(0, 4), ::testing::Values(1, 2)));

// Every shipped example answers or says unknown within the limit (the 8x8 and 10x10 openings
// cannot be solved; the README shows them run with a limit).
class ShippedExample : public ::testing::TestWithParam<std::tuple<const char*, int>> {};

TEST_P(ShippedExample, ReturnsWithinTheLimit) {
  const auto [name, threads] = GetParam();
  expectWithinLimit(testing::positionsDir() + "/examples/" + name, threads);
}

INSTANTIATE_TEST_SUITE_P(Examples, ShippedExample,
                         ::testing::Combine(::testing::Values("codingame-8x8.txt", "standard-10x10.txt", "cs61b-dump.txt",
                                                              "small-endgame.txt"),
                                            ::testing::Values(1, 2)));

}  // namespace
}  // namespace amazons
