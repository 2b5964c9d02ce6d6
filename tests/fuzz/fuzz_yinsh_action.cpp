// libFuzzer target: Yinsh action strings (yinsh::parseTurn). The first byte picks a position;
// the rest is the action. Bad text is an InputError; an action read, written (formatTurn), must
// read back to the same turn and position.
#include <iterator>

#include "solver/core/errors.h"
#include "solver/yinsh/formats.h"
#include "solver/yinsh/notation.h"
#include "tests/fuzz/fuzz.h"

namespace amazons::yinsh {
namespace {

// From seeded random games (50 to 80 turns each: every reading generates them all): the empty
// board (placements), STEAL open, a row of the mover's to remove before its move, moves that
// make two rows, and rows removed both before and after the move.
const Position& position(uint8_t pick) {
  static const Position positions[] = {
      Position{},
      parseOneLine("....|.......|........|....W....|..........|.........|..........|.........|........|.......|....", Color::Black, {}),
      parseOneLine(".Www|wb.wwwW|w.Bbbb.w|bbbwbbbbb|wbwbWw.w.b|www.w.wwB|.wbbW...W.|.wwB...w.|.bb.w...|.bbb...|wBw.", Color::Black, {}),
      parseOneLine("Www.|w...W.b|bwbbbw.b|wW..wwb.b|..bww.bbBb|WWww..bb.|.bbww..bwB|bwbb..bBb|wbbwwb.B|.b.w.w.|w.b.", Color::White, {}),
      parseOneLine("wbbb|w.BW.ww|wb.wwbbB|.wwwwW.wW|..wb..b..b|wbwB.wb.w|.Wbw.wwb.w|.bb..bw.w|.bBb.w.w|w....bw|..bb", Color::White, {}),
  };
  return positions[pick % std::size(positions)];
}

}  // namespace
}  // namespace amazons::yinsh

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace amazons;
  using namespace amazons::yinsh;
  if (size == 0) return 0;
  const Position& p = position(data[0]);
  const Rules rules;
  TurnAndPosition read;
  try {
    read = parseTurn(p, rules, fuzz::text(data + 1, size - 1));
  } catch (const InputError&) {
    return 0;
  }
  const std::string written = formatTurn(read.turn);
  try {
    const TurnAndPosition again = parseTurn(p, rules, written);
    if (!(again.turn == read.turn && again.after == read.after)) fuzz::fail("written action reads back different", written);
  } catch (const InputError& e) {
    fuzz::fail("written action does not read back", written + "\n" + e.describe());
  }
  return 0;
}
