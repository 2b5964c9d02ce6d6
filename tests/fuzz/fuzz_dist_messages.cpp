// libFuzzer target: the messages between ranks (solver/dist/suite_messages.h, job_messages.h) read from any
// bytes: a MessageError, or a message that encode writes back to the same bytes.
#include <string>

#include "solver/dist/bytes.h"
#include "solver/dist/job_messages.h"
#include "solver/dist/suite_messages.h"
#include "tests/fuzz/fuzz.h"

namespace {

template <class Decode>
void check(const std::string& bytes, Decode decode, const char* what) {
  try {
    const std::string again = amazons::dist::encode(decode(bytes));
    if (again != bytes) amazons::fuzz::fail(what, bytes);
  } catch (const amazons::dist::MessageError&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string bytes(amazons::fuzz::text(data, size));
  check(bytes, amazons::dist::decodeSuiteJob, "a suite job does not write back to its bytes");
  check(bytes, amazons::dist::decodeSuiteLineResult, "a suite line's result does not write back to its bytes");
  check(bytes, amazons::dist::decodeClaimOutcome, "a verify line's result does not write back to its bytes");
  check(bytes, amazons::dist::decodeJobSettings, "a job search's settings do not write back to their bytes");
  check(bytes, amazons::dist::decodeJob, "a job does not write back to its bytes");
  check(bytes, amazons::dist::decodeJobResult, "a job's result does not write back to its bytes");
  return 0;
}
