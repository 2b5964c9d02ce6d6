// The checkpoint of a job-level search (job_tree.h): what `--resume` needs to go on, with any
// worker count. A text file:
//   amazons-solve checkpoint 2
//   game amazons|clobber
//   start <b|w> <position>            the root (G::printPosition) and its side to move
//   settings <job-nodes> <growth> <expand-at>     TreeSettings
//   spent <jobs> <job nodes> <unknown jobs>
//   <b|w> win|loss|expanded|retry <budget> <position>     one line a TreeRecord
//   xxh64 <16 hex digits>             XXH64 (seed 0) of every byte before this line
// Written by writeFileAtomically (atomic_file.h), so that a run killed at any moment leaves the
// previous checkpoint or the new one, never half of one. Version 1 (no expand-at, no `retry`)
// is read too.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "solver/dist/job_tree.h"

namespace amazons::dist {

struct Checkpoint {
  std::string game;
  std::string start;
  cgt::Side mover = cgt::Side::Left;
  uint64_t jobNodes = 0, growth = 2;
  std::optional<uint64_t> expandAt;  // none in a version 1 file
  TreeStats stats;
  std::vector<TreeRecord> records;
  int startLine = 0, startColumn = 0;  // where the start position was read
};

std::string checkpointText(const Checkpoint& c);
// Writes atomically as above; std::runtime_error naming the file and the step when it cannot.
void writeCheckpoint(const std::string& path, const Checkpoint& c);
// A checkpoint's text, `name` for messages: InputError (file, line, column) for anything
// that is not one, "damaged" when the checksum does not match.
Checkpoint parseCheckpoint(std::string_view text, const std::string& name);
Checkpoint readCheckpoint(const std::string& path);

}  // namespace amazons::dist
