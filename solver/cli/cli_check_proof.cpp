// `amazons-solve check-proof FILE`: a proof file written by --proof (solver/dist/proof_file.h)
// checked from scratch (solver/dist/check_proof.h): "proof holds", or the first fault.
#include <boost/program_options.hpp>

#include <iostream>
#include <string>

#include "solver/amazons/game.h"
#include "solver/cli/cli.h"
#include "solver/cli/cli_common.h"
#include "solver/cli/cli_jobs.h"
#include "solver/clobber/clobber.h"
#include "solver/core/errors.h"
#include "solver/dist/check_proof.h"
#include "solver/dist/proof_file.h"

namespace amazons::cli {
namespace {

namespace po = boost::program_options;

int runCheckProof(const std::vector<std::string>& args) {
  po::options_description visible(
      "usage: amazons-solve check-proof FILE [options]\n"
      "Check a proof file written by --proof: every move legal, every move of the losing side present, every leaf\n"
      "solved again with a fresh solver. Prints 'proof holds' (exit 0) or the first fault (exit 1).\nOptions");
  visible.add_options()("help,h", "show this help");
  addRanged<int64_t>(visible, "workers", 0, kThreadsRange, "leaves solved at once (0: all cores)");
  addRanged<int64_t>(visible, "threads", 1, kThreadsRange, "threads of each leaf's solver (0: all cores)");
  addRanged<int64_t>(visible, "hash", 512, kHashRange, "table memory of each leaf's solver in MB");
  po::variables_map vm;
  std::string usage;
  if (const auto done = parseOptionsWithFiles("check-proof", args, visible, vm, usage, FileArgs::One, "no proof file given")) return *done;
  const std::string path = vm["file"].as<std::string>();
  const dist::ProofFile proof = dist::readProof(path);
  if (!dist::jobGameKnown(proof.game)) throw InputError("unknown game '" + proof.game + "' (amazons or clobber)", 2, 6, path);
  dist::JobSettings settings;
  settings.game = proof.game;
  settings.threads = threadCount(vm);
  settings.hashMegabytes = static_cast<size_t>(ranged<int64_t>(vm, "hash"));
  settings.keepTables = false;  // each leaf solved afresh: its verdict owes nothing to the others
  const int64_t workersGiven = ranged<int64_t>(vm, "workers");
  const unsigned workers = workersGiven > 0 ? static_cast<unsigned>(workersGiven) : std::max(1u, std::thread::hardware_concurrency());
  const std::unique_ptr<dist::JobRunner> runner = makeJobRunner(settings, workers);
  const std::optional<dist::ProofFault> fault = proof.game == Amazons::kName ? dist::checkProof<Amazons>(proof, *runner)
                                                                              : dist::checkProof<clobber::Clobber>(proof, *runner);
  if (fault) {
    std::string line = path;
    if (fault->line > 0) {
      line += ':';
      line += std::to_string(fault->line);
    }
    std::cout << "proof fault: " << line << ": " << fault->message << "\n";
    return 1;
  }
  size_t leaves = 0;
  for (const dist::ProofNode& n : proof.nodes) leaves += n.kind == dist::ProofKind::SolvedWin || n.kind == dist::ProofKind::SolvedLoss;
  std::cout << "proof holds: " << core::sideName(proof.mover) << " to move " << (proof.verdict == core::Verdict::Win ? "wins" : "loses")
            << " (" << proof.nodes.size() << " nodes, " << leaves << " leaves solved again)\n";
  return 0;
}

const Registrar command({"check-proof", "check a proof file written by --proof", &runCheckProof});
const Registrar clobberCommand({"clobber:check-proof", "check a proof file written by --proof", &runCheckProof});

}  // namespace
}  // namespace amazons::cli
