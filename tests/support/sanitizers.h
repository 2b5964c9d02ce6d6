// Whether this build runs under AddressSanitizer (scripts/test --sanitize), whose code runs
// several times slower: tests that count work done within a time limit give it longer.
#pragma once

namespace amazons::testing {

#ifdef __SANITIZE_ADDRESS__
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif

}  // namespace amazons::testing
