// libFuzzer target: checkpoints of the job search (solver/dist/checkpoint.h), as --resume reads
// them: the text (an InputError, or a checkpoint that is written back to the same text), then
// its start and records restored into a tree of its game (InputError for a position that does
// not parse, nothing else).
#include "solver/amazons/game.h"
#include "solver/clobber/clobber.h"
#include "solver/core/errors.h"
#include "solver/dist/checkpoint.h"
#include "solver/dist/job_tree.h"
#include "tests/fuzz/fuzz.h"

namespace {

using namespace amazons;

template <core::Game G>
void restore(const dist::Checkpoint& c) {
  try {
    dist::JobTree<G> tree(G::parseOneLine(c.start), c.mover, {c.jobNodes, c.growth, c.expandAt.value_or(0), {}});
    tree.restore(c.records, c.stats);
  } catch (const InputError&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  dist::Checkpoint c;
  try {
    c = dist::parseCheckpoint(fuzz::text(data, size), "fuzz");
  } catch (const InputError&) {
    return 0;
  }
  const std::string written = dist::checkpointText(c);
  try {
    if (dist::checkpointText(dist::parseCheckpoint(written, "fuzz")) != written) fuzz::fail("checkpoint reads back different", written);
  } catch (const InputError& err) {
    fuzz::fail("written checkpoint does not read back", written + "\n" + err.describe());
  }
  if (c.game == Amazons::kName) restore<Amazons>(c);
  else if (c.game == clobber::Clobber::kName) restore<clobber::Clobber>(c);
  return 0;
}
