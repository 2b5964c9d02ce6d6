// cgt::serialise / deserialise: every value written reads back as the same game, and bytes that
// serialise never wrote are refused, never trusted.
#include <gtest/gtest.h>

#include <random>

#include "cgt/cgt.h"

namespace cgt {
namespace {

// Random games built from random options of those made before (numbers, nimbers, switches, hot
// and cold games of several generations).
std::vector<GameId> randomGames(int count, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<GameId> games{zero(), star(), up(1), integer(-3), number(Dyadic(5, 3)), nimber(3), parse("+-1"), parse("{3|{2|0}}")};
  while (static_cast<int>(games.size()) < count) {
    std::vector<GameId> left, right;
    for (uint64_t i = rng() % 3; i > 0; --i) left.push_back(games[rng() % games.size()]);
    for (uint64_t i = rng() % 3; i > 0; --i) right.push_back(games[rng() % games.size()]);
    games.push_back(make(left, right));
  }
  return games;
}

TEST(Serial, EveryGameReadsBackAsItself) {
  for (GameId g : randomGames(400, 3)) {
    const std::string bytes = serialise(g);
    EXPECT_EQ(deserialise(bytes), g) << toString(g);
  }
  EXPECT_EQ(serialise(integer(40)).size(), 4u);  // count, tag, numerator, exponent: not a chain of 40 nodes
}

TEST(Serial, BytesNotWrittenBySerialiseAreRefused) {
  const std::string bytes = serialise(parse("{3|{2|0}}"));
  for (size_t cut = 0; cut < bytes.size(); ++cut) EXPECT_THROW(deserialise(bytes.substr(0, cut)), SerialError) << cut;
  EXPECT_THROW(deserialise(bytes + "x"), SerialError);
  EXPECT_THROW(deserialise(std::string("\x01\x02\x01\x00\x00", 5)), SerialError);  // an option before any node
  EXPECT_THROW(deserialise(std::string("\x01\x07", 2)), SerialError);              // unknown tag
  EXPECT_THROW(deserialise(std::string("\x01\x00\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x01\x00", 14)), SerialError);
  // Random bytes: refused or read as some canonical game, never a crash.
  std::mt19937_64 rng(5);
  for (int i = 0; i < 2000; ++i) {
    std::string junk(1 + rng() % 12, '\0');
    for (char& c : junk) c = static_cast<char>(rng() % 8);
    try {
      deserialise(junk);
    } catch (const SerialError&) {
    }
  }
}

}  // namespace
}  // namespace cgt
