// The bots' turn clock (core/turn_clock.h): the margin is three times a peak lateness that
// loses a quarter a turn, and never more than half the turn. Expected times worked out by hand.
#include <gtest/gtest.h>

#include "solver/core/turn_clock.h"

namespace amazons::core {
namespace {

using std::chrono::milliseconds;
using Clock = TurnClock::Clock;

TEST(TurnClock, MarginFollowsTheLateness) {
  TurnClock clock;
  const Clock::time_point start{}, ready = start + milliseconds(60);
  const milliseconds turn(100);
  EXPECT_EQ(clock.due(start, turn, 0.75), start + milliseconds(75));  // no lateness seen yet
  clock.answered(ready, ready + milliseconds(10));                     // peak 10, margin 30
  EXPECT_EQ(clock.due(start, turn, 0.75), start + milliseconds(45));
  EXPECT_EQ(clock.due(start, turn, 0.6), start + milliseconds(30));
  clock.answered(ready, ready);  // peak 7.5, margin 22.5
  EXPECT_EQ(clock.due(start, turn, 0.75), start + std::chrono::microseconds(52500));
  clock.answered(ready, ready + milliseconds(4));  // 4 < 5.625: peak 5.625, margin 16.875
  EXPECT_EQ(clock.due(start, turn, 0.75), start + std::chrono::microseconds(58125));
  clock.answered(ready, ready - milliseconds(5));  // written before ready counts as on time: peak 4.21875
  EXPECT_EQ(clock.due(start, turn, 0.75), start + std::chrono::microseconds(62343) + std::chrono::nanoseconds(750));
}

TEST(TurnClock, MarginIsAtMostHalfTheTurn) {
  TurnClock clock;
  const Clock::time_point start{};
  clock.answered(start, start + milliseconds(300));  // margin 900
  EXPECT_EQ(clock.due(start, milliseconds(100), 0.75), start + milliseconds(25));
  EXPECT_EQ(clock.due(start, milliseconds(1000), 0.75), start + milliseconds(250));
}

}  // namespace
}  // namespace amazons::core
