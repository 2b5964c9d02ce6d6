// libFuzzer target: CGSuite value expressions (cgt::parse). A parse error is the only
// rejection; a value read is printed and must read back to the same canonical form.
#include <stdexcept>

#include "cgt/notation.h"
#include "tests/fuzz/fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  cgt::GameId g;
  try {
    g = cgt::parse(amazons::fuzz::text(data, size));
  } catch (const cgt::ParseError&) {
    return 0;
  } catch (const std::length_error&) {  // an integer past the documented bound (game_table.h)
    return 0;
  }
  const std::string printed = cgt::toString(g);
  try {
    if (cgt::parse(printed) != g) amazons::fuzz::fail("printed value reads back different", printed);
  } catch (const std::exception& e) {
    amazons::fuzz::fail("printed value does not read back", printed + "\n" + e.what());
  }
  return 0;
}
