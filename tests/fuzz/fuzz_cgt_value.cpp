// libFuzzer target: CGSuite value expressions (cgt::parse). A parse error is the only
// rejection; a value read is printed and must read back to the same canonical form. Every
// step runs under a small WorkLimit, as `amazons-solve cgt` runs under its own: literals and
// sums of any cost are fed ("^*2000" takes minutes unbounded, a long sum of switches
// gigabytes), and an input past the limit is simply not checked further.
#include <chrono>
#include <optional>
#include <stdexcept>

#include "cgt/notation.h"
#include "tests/fuzz/fuzz.h"

namespace {

// Small, so that the fuzzer does not spend its time in the costliest inputs it keeps finding
// (a sum with *4096, an integer chain of millions): 300 new sums hold the sums of a few hot
// values; the count stops most costly inputs, at the same point every time (a finding
// replays), the clock the rest (one sum of a thousand options takes longer than 300 small
// ones). The game table keeps what every input built, so long campaigns run with -fork=1
// (a fresh process every few seconds).
constexpr uint64_t kSums = 300;
constexpr auto kTime = std::chrono::milliseconds(10);

// f() under a fresh limit; nullopt when the limit stopped it.
template <typename F>
auto bounded(F f) -> std::optional<decltype(f())> {
  const cgt::WorkLimit limit(kSums, std::chrono::steady_clock::now() + kTime);
  try {
    return f();
  } catch (const cgt::WorkLimitReached&) {
    return std::nullopt;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::optional<cgt::GameId> g;
  try {
    g = bounded([&] { return cgt::parse(amazons::fuzz::text(data, size)); });
  } catch (const cgt::ParseError&) {
    return 0;
  } catch (const std::length_error&) {  // an integer past the documented bound (game_table.h)
    return 0;
  }
  if (!g) return 0;
  const std::optional<std::string> printed = bounded([&] { return cgt::toString(*g); });
  if (!printed) return 0;
  try {
    const std::optional<cgt::GameId> again = bounded([&] { return cgt::parse(*printed); });
    if (again && *again != *g) amazons::fuzz::fail("printed value reads back different", *printed);
  } catch (const std::exception& e) {
    amazons::fuzz::fail("printed value does not read back", *printed + "\n" + e.what());
  }
  return 0;
}
