// Shared by the libFuzzer targets (one per reader, fuzz_*.cpp): what every target checks.
// A reader may reject its input only with the error type it documents; anything else that
// escapes (another exception, a crash, a sanitizer report) is a finding. Where a writer
// exists, what was read must be written and read back to the same thing.
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "solver/amazons/board.h"
#include "solver/amazons/formats.h"
#include "solver/core/suite.h"

namespace amazons::fuzz {

inline std::string_view text(const uint8_t* data, size_t size) { return {reinterpret_cast<const char*>(data), size}; }

// A broken invariant: say which and stop (libFuzzer saves the input).
[[noreturn]] inline void fail(const char* what, std::string_view detail = {}) {
  std::fprintf(stderr, "fuzz invariant broken: %s\n%.*s\n", what, static_cast<int>(detail.size()), detail.data());
  std::abort();
}

inline bool sameBoard(const Board& a, const Board& b) { return a == b && a.sideToMove() == b.sideToMove(); }

// The reader of `format` on the input: an InputError or a board that its writer gives back.
void checkPositionReader(std::string_view input, Format format);

// A game=yinsh suite line read for its position and actions (yinsh::suiteCase): an InputError,
// or a case whose written line (yinsh::suiteLineText) reads back to the same text.
void checkYinshSuiteLine(const core::SuiteLine& line);

}  // namespace amazons::fuzz
