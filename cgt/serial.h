// A compact binary form of a canonical game, for storing values on disk (the value database),
// and back. Every distinct follower is written once, followers before the games that have
// them as options, the game itself last:
//   count (varint), then per node one varint tag and its fields:
//     0 number   zigzag numerator (varint), exponent (varint)    (integer n: one node, not n)
//     1 nimber   n >= 1 (varint)
//     2 general  left count, right count (varints), then each option as the index of an
//                earlier node (varint)
// Varints are LEB128 (7 bits a byte, low first). Reading rebuilds every node with cgt::make,
// so whatever the bytes say, the result is a canonical game of the table (and equal to the
// written one when they are what serialise wrote).
#pragma once
#include <stdexcept>
#include <string>
#include <string_view>

#include "cgt/game_table.h"

namespace cgt {

struct SerialError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string serialise(GameId g);
// Throws SerialError for bytes no serialise wrote (truncated, an index not earlier, trailing
// bytes, a count or number out of range).
GameId deserialise(std::string_view bytes);

}  // namespace cgt
