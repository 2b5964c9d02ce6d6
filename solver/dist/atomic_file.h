// Files replaced whole: the checkpoints and proof files of a job-level search, rewritten while
// the search runs, must never be found half written, whenever the process is killed.
#pragma once
#include <string>
#include <string_view>

namespace amazons::dist {

// Writes `bytes` to PATH.tmp, flushes it to the disk (fsync), then renames it over PATH: PATH
// holds the old file or the new one, never part of one, whenever the process is killed (and,
// the data being on the disk before the rename, after a power cut too). On failure the
// temporary file is removed and std::runtime_error says "cannot STEP WHAT PATH.tmp: REASON"
// (STEP create, write, flush, close or rename; `what` names the file's kind for the user,
// e.g. "checkpoint").
void writeFileAtomically(const std::string& path, std::string_view bytes, const std::string& what);

}  // namespace amazons::dist
