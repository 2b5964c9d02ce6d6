// libFuzzer target: move text in every notation (parseMove, parseLegalMove). The first byte
// picks a board; the rest is the move. A move read is written in each notation, and each
// must read back to the same move.
#include "solver/amazons/notation.h"
#include "solver/core/errors.h"
#include "tests/fuzz/fuzz.h"

namespace {

const amazons::Board& board(uint8_t pick) {
  using amazons::parseOneLine;
  // 10x10 start (ranks 10 and above: two-digit squares), a 3x2 corner, a 16x16 edge case.
  static const amazons::Board boards[] = {
      parseOneLine("...o..o...|..........|..........|o........o|..........|..........|x........x|..........|"
                   "..........|...x..x..."),
      parseOneLine("x.#|..o", amazons::Color::Black),
      amazons::Board(16, 16),
  };
  return boards[pick % 3];
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace amazons;
  if (size == 0) return 0;
  const Board& b = board(data[0]);
  const std::string_view input = fuzz::text(data + 1, size - 1);
  try {
    parseLegalMove(b, input);
  } catch (const InputError&) {
  }
  Move m;
  try {
    m = parseMove(b, input);
  } catch (const InputError&) {
    return 0;
  }
  for (const Notation n : {Notation::CS61B, Notation::CodinGame, Notation::Uci}) {
    const std::string written = formatMove(b, m, n);
    try {
      if (!(parseMove(b, written) == m)) fuzz::fail("written move reads back different", written);
    } catch (const InputError& e) {
      fuzz::fail("written move does not read back", written + "\n" + e.describe());
    }
  }
  return 0;
}
