// The default command's job-level proof-number search (solver/dist/job_tree.h) for one hard
// position, Amazons or Clobber: --job-tree and the options that go with it (--workers,
// --job-nodes, --job-growth, --checkpoint, --checkpoint-every, --resume, --proof).
#pragma once
#include <boost/program_options.hpp>

#include <memory>
#include <optional>
#include <utility>

#include "solver/cli/cli_common.h"
#include "solver/dist/job.h"

namespace amazons::cli {

// The options above, for the default command of either game.
boost::program_options::options_description jobTreeOptions();
// Whether the job search is wanted: under mpirun with several ranks (the only search shared
// over ranks), or asked for (--job-tree, or one of the options that need it).
bool jobTreeWanted(const boost::program_options::variables_map& vm);

// The runner jobs go to: under mpirun with several ranks every rank but 0 (dist::MpiRunner,
// one job a rank; `workers` unused), else `workers` threads of this process.
std::unique_ptr<dist::JobRunner> makeJobRunner(const dist::JobSettings& settings, unsigned workers);

// The job search of the position `start` (nullopt with --resume: the checkpoint's) with
// `mover` to move, G Amazons or Clobber; prints the verdict, writes the checkpoint and the
// proof asked for. Returns the exit status: 0 settled, 1 unknown, 128 + the signal that
// stopped it; InputError for a bad checkpoint (exit 2).
template <class G>
int solveByJobs(const boost::program_options::variables_map& vm, const AnalysisChoices& choices,
                const std::optional<std::pair<typename G::Region, cgt::Side>>& start);

}  // namespace amazons::cli
