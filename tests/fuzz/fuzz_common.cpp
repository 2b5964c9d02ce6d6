#include "tests/fuzz/fuzz.h"

#include <optional>

#include "solver/core/errors.h"
#include "solver/yinsh/suite.h"

namespace amazons::fuzz {

void checkPositionReader(std::string_view input, Format format) {
  std::optional<ParsedPosition> read;
  try {
    read = parsePosition(input, format);
  } catch (const InputError&) {
    return;
  }
  const ParsedPosition& parsed = *read;
  // Auto reads as the format it detected; CodinGame writes no size line for a non-square board.
  const Format written = parsed.format == Format::Auto ? Format::Grid : parsed.format;
  const std::string again = writePosition(parsed.board, written);
  try {
    if (!sameBoard(parsePosition(again, written).board, parsed.board)) fail("written position reads back different", again);
  } catch (const InputError& e) {
    fail("written position does not read back", again + e.describe());
  }
}

void checkYinshSuiteLine(const core::SuiteLine& line) {
  std::string text;
  try {
    text = yinsh::suiteLineText(yinsh::suiteCase(line, "fuzz"));
  } catch (const InputError&) {
    return;
  }
  try {
    if (yinsh::suiteLineText(yinsh::suiteCase(core::parseSuiteFields(text), "fuzz")) != text) fail("yinsh suite line reads back different", text);
  } catch (const InputError& e) {
    fail("written yinsh suite line does not read back", text + "\n" + e.describe());
  }
}

}  // namespace amazons::fuzz
