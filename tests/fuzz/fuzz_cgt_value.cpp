// libFuzzer target: CGSuite value expressions (cgt::parse). A parse error is the only
// rejection; a value read is printed and must read back to the same canonical form.
#include <cctype>
#include <stdexcept>

#include "cgt/notation.h"
#include "tests/fuzz/fuzz.h"

// Inputs whose cost is known to grow fast with a literal are left out, so that millions of
// inputs fit in memory and time (both are findings of this target, written in BENCHMARKS.md):
// - an integer n is interned with the chain n-1, ..., 1 below it (game_table.h): 4000000 takes
//   6 s and never goes; 5 digits at most;
// - a nimber or up multiple after '*', '^' or 'v' costs a power of its size when added to
//   another (1*34 takes 0.9 s, v*332 8 s, ^*2000 minutes); 1 digit at most.
constexpr size_t kMaxDigits = 5;
constexpr size_t kMaxMultipleDigits = 1;

bool tooCostly(const uint8_t* data, size_t size) {
  size_t digits = 0;
  bool multiple = false;  // the digits follow '*', '^' or 'v'
  for (size_t i = 0; i < size; ++i) {
    if (!std::isdigit(data[i])) {
      digits = 0;
      multiple = data[i] == '*' || data[i] == '^' || data[i] == 'v';
      continue;
    }
    if (++digits > (multiple ? kMaxMultipleDigits : kMaxDigits)) return true;
  }
  return false;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (tooCostly(data, size)) return 0;
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
