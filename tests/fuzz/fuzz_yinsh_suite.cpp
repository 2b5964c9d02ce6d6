// libFuzzer target: Yinsh suite lines as `suite --game yinsh` reads them (core::parseSuiteLines,
// lines without game= Yinsh's, then yinsh::suiteCase): bad input is an InputError, and a line
// read is written back, which must read back to the same (fuzz.h).
#include "solver/core/errors.h"
#include "tests/fuzz/fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace amazons;
  try {
    for (const core::SuiteLine& line : core::parseSuiteLines(fuzz::text(data, size), "fuzz", core::kYinsh))
      if (line.game == core::kYinsh) fuzz::checkYinshSuiteLine(line);
  } catch (const InputError&) {
  }
  return 0;
}
