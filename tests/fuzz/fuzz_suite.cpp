// libFuzzer target: suite files (parseSuite). Each entry read is written back with
// writeSuiteLine, which must read back to the same line.
#include "solver/amazons/suite.h"
#include "solver/core/errors.h"
#include "tests/fuzz/fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace amazons;
  std::vector<SuiteEntry> entries;
  try {
    entries = parseSuite(fuzz::text(data, size), "fuzz");
  } catch (const InputError&) {
    return 0;
  }
  for (const SuiteEntry& e : entries) {
    const std::string line = writeSuiteLine(e);
    try {
      if (writeSuiteLine(parseSuiteLine(line)) != line) fuzz::fail("suite line reads back different", line);
    } catch (const InputError& err) {
      fuzz::fail("written suite line does not read back", line + "\n" + err.describe());
    }
  }
  return 0;
}
