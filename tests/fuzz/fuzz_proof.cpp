// libFuzzer target: proof files (solver/dist/proof_file.h), as check-proof reads them once
// uncompressed: the text (an InputError, or a proof that is written back to the same text),
// then the tree's logic checked (dist::checkProofLogic: a fault or none, never a crash; the
// leaves' solving, which takes unbounded time by design, is left out).
#include "solver/amazons/game.h"
#include "solver/clobber/clobber.h"
#include "solver/core/errors.h"
#include "solver/dist/check_proof.h"
#include "solver/dist/proof_file.h"
#include "tests/fuzz/fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace amazons;
  dist::ProofFile p;
  try {
    p = dist::parseProof(fuzz::text(data, size), "fuzz");
  } catch (const InputError&) {
    return 0;
  }
  const std::string written = dist::proofText(p);
  try {
    if (dist::proofText(dist::parseProof(written, "fuzz")) != written) fuzz::fail("proof reads back different", written);
  } catch (const InputError& err) {
    fuzz::fail("written proof does not read back", written + "\n" + err.describe());
  }
  if (p.game == Amazons::kName) dist::checkProofLogic<Amazons>(p);
  else if (p.game == clobber::Clobber::kName) dist::checkProofLogic<clobber::Clobber>(p);
  return 0;
}
