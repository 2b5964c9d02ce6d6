// libFuzzer target: the Dump position reader (see fuzz.h for what is checked).
#include "tests/fuzz/fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  amazons::fuzz::checkPositionReader(amazons::fuzz::text(data, size), amazons::Format::Dump);
  return 0;
}
