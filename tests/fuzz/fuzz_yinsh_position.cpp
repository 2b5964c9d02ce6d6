// libFuzzer target: Yinsh position text (yinsh::parsePosition), both position files and
// CodinGame's turn input, under the standard and the blitz rules. Bad input is an InputError.
// A position read is one no cheap check refuses (yinsh::unreachable); written back as a
// position file and as CodinGame's input in the mover's view, it must read back the same; and
// the rules must take it: its turns are generated (none once the game is over), and those
// written read back to themselves.
#include <optional>
#include <vector>

#include "solver/core/errors.h"
#include "solver/yinsh/formats.h"
#include "solver/yinsh/notation.h"
#include "tests/fuzz/fuzz.h"

namespace amazons::yinsh {
namespace {

void readsBack(const std::string& text, const Position& p, const Rules& rules) {
  try {
    if (!(parsePosition(text, rules).position == p)) fuzz::fail("written yinsh position reads back different", text);
  } catch (const InputError& e) {
    fuzz::fail("written yinsh position does not read back", text + e.describe());
  }
}

void check(std::string_view input, const Rules& rules) {
  std::optional<ParsedPosition> read;
  try {
    read = parsePosition(input, rules);
  } catch (const InputError&) {
    return;
  }
  const Position& p = read->position;
  if (const auto why = unreachable(p, rules)) fuzz::fail("read a position the reader refuses", *why);
  readsBack(std::string(colorName(p.toMove)) + "\n" + formatOneLine(p) + "\n", p, rules);
  readsBack(std::string(p.toMove == Color::White ? "1" : "2") + "\n11\n" + formatLines(p, p.toMove), p, rules);
  const std::vector<TurnAndPosition> turns = legalTurns(p, rules);
  if (gameOver(p, rules) && !turns.empty()) fuzz::fail("turns after the game is over", formatOneLine(p));
  // Some 16 of its turns written and read back (each reading generates every turn again).
  for (size_t i = 0; i < turns.size(); i += turns.size() / 16 + 1) {
    const std::string text = formatTurn(turns[i].turn);
    try {
      if (!(parseTurn(p, rules, text).turn == turns[i].turn)) fuzz::fail("written action reads back different", text);
    } catch (const InputError& e) {
      fuzz::fail("written action does not read back", text + "\n" + e.describe());
    }
  }
}

}  // namespace
}  // namespace amazons::yinsh

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace amazons::yinsh;
  const std::string_view input = amazons::fuzz::text(data, size);
  check(input, Rules{3});
  check(input, Rules{1});
  return 0;
}
