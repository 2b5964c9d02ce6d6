#include "solver/cli/cli_jobs.h"

#include <signal.h>

#include <atomic>
#include <chrono>
#include <iostream>
#include <sstream>
#include <thread>

#include "solver/amazons/game.h"
#include "solver/amazons/notation.h"
#include "solver/cli/cli.h"
#include "solver/clobber/clobber.h"
#include "solver/core/errors.h"
#include "solver/core/report.h"
#include "solver/dist/checkpoint.h"
#include "solver/dist/in_process_runner.h"
#include "solver/dist/job_tree.h"
#include "solver/dist/mpi_runner.h"
#include "solver/dist/proof_file.h"

namespace amazons::cli {

namespace po = boost::program_options;

namespace {

// A job is a whole analysis from empty tables: the larger its budget, the less is searched
// twice, the fewer jobs the workers share. The 5x4 Amazons start, Black to move, one worker:
// 1,000,000 and 100,000 nodes take one job (61,328 nodes; the plain analysis 61,453), 10,000
// 94 jobs and 605,067 nodes; the 4x4 start's 44 moves still get a job each at 100,000.
constexpr uint64_t kJobNodes = 100'000;
// An expanded position's moves with the budget that failed it mostly fail too. One worker,
// growth 1 / 2 / 4: the 4x4 start in jobs of 3,000 nodes 6.58 / 0.46 / 0.46 M job nodes
// (2,489 / 127 / 127 jobs), the 5x4 start in jobs of 10,000 0.65 / 0.61 / 0.61 M: 2, the
// least that did best, so that a deep job's budget grows no faster than it must.
constexpr uint64_t kJobGrowth = 2;
// A job that comes back unknown is sent again with a grown budget up to this many nodes (to a
// worker that kept its tables, it goes on from where it stopped), and only past it expanded:
// expanding at once gives each of its dozens of moves a job that starts afresh. One worker,
// kept tables, --hash 2048 (4x6) or 1024: expanded at once (0), the 4x6 start took 7.18 M job
// nodes and 5x5 was unknown after 300 s (302 M); up to 6,400,000, 4x6 5.55 M (6 jobs) and 5x5
// 99.9 M job nodes, 80-93 s (a plain solve: 220 M, 136 s). Fresh tables with it did worse on
// 4x6 (20.9 M): a job sent again must keep what the last one found.
constexpr uint64_t kJobExpandAt = 6'400'000;
constexpr double kCheckpointEvery = 60;

// SIGINT and SIGTERM during a job search: the first sets `stopSignal` (the search stops,
// writes its checkpoint and says so). After a SIGINT the handler is the default again, so a
// second Ctrl-C ends the process at once; SIGTERM keeps it: `timeout` and `kill 0` deliver one
// SIGTERM to the process and another to its group, and with the handler reset the second
// ended the run before its checkpoint (4 of 8 runs of JobTreeCli.SigtermWrites... on an idle
// machine). SIGKILL ends it at once.
std::atomic<int> stopSignal{0};
extern "C" void onStopSignal(int signal) { stopSignal.store(signal); }

class StopSignals {
 public:
  StopSignals() {
    stopSignal.store(0);
    struct sigaction action {};
    action.sa_handler = onStopSignal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGTERM, &action, &previousTerm_);
    action.sa_flags = SA_RESETHAND;
    sigaction(SIGINT, &action, &previousInt_);
  }
  ~StopSignals() {
    sigaction(SIGINT, &previousInt_, nullptr);
    sigaction(SIGTERM, &previousTerm_, nullptr);
  }
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

 private:
  struct sigaction previousInt_ {}, previousTerm_ {};
};

}  // namespace

po::options_description jobTreeOptions() {
  po::options_description o("job-level proof-number search of one position (README: 'One hard position')");
  o.add_options()("job-tree", "search the position as a tree of jobs, each a solve of a position within a node budget, run by --workers");
  addRanged<int64_t>(o, "workers", 0, kThreadsRange, "jobs run at once, each its own solver and tables of --hash MB and --threads threads (default 1) (0: all cores)");
  addRanged<uint64_t>(o, "job-nodes", kJobNodes, {1, std::numeric_limits<uint64_t>::max()}, "node budget of a job on a move of the root");
  addRanged<uint64_t>(o, "job-growth", kJobGrowth, {1, 1u << 20}, "a job that came back unknown is sent again, or its moves get jobs, with this many times its budget");
  addRanged<uint64_t>(o, "job-expand-at", kJobExpandAt, {0, std::numeric_limits<uint64_t>::max()},
                      "a position whose job came back unknown is sent again while its grown budget stays within this many nodes, then expanded (0: at once)");
  o.add_options()("job-tables", po::value<std::string>()->default_value("keep"),
                  "keep: a worker keeps its tables from job to job (faster); fresh: empties them before each job (a job's result then the same on any worker)");
  o.add_options()
      ("checkpoint", po::value<std::string>(), "write the tree to FILE (atomically) every --checkpoint-every seconds, at the end, and on SIGINT or SIGTERM")
      ("resume", po::value<std::string>(), "go on from a checkpoint FILE (its position, side and job settings; give no position file)")
      ("proof", po::value<std::string>(), "write the proof to FILE (gzip text; amazons-solve check-proof FILE checks it)");
  addRanged<double>(o, "checkpoint-every", kCheckpointEvery, {0.001, 1e9}, "seconds between checkpoints");
  return o;
}

bool jobTreeWanted(const po::variables_map& vm) {
  return world().size() > 1 || vm.count("job-tree") || vm.count("resume") || vm.count("checkpoint") || vm.count("proof");
}

std::unique_ptr<dist::JobRunner> makeJobRunner(const dist::JobSettings& settings, unsigned workers) {
  if (world().size() > 1) return std::make_unique<dist::MpiRunner>(world(), settings, [] { return stopSignal.load() != 0; });
  return std::make_unique<dist::InProcessRunner>(settings, workers);
}

template <class G>
int solveByJobs(const po::variables_map& vm, const AnalysisChoices& choices,
                const std::optional<std::pair<typename G::Region, cgt::Side>>& given) {
  if (choices.json) throw InputError("--format json is not available with --job-tree");
  if (choices.analysis.allWinningMoves) throw InputError("--all-moves is not available with --job-tree (it reports the first winning move)");
  const std::string game(G::kName);
  // What every worker needs, before any file is read (a worker elsewhere reads none).
  dist::JobSettings jobs;
  jobs.game = game;
  jobs.threads = vm["threads"].defaulted() ? 1 : choices.analysis.threads;
  jobs.hashMegabytes = choices.analysis.hashMegabytes;
  const std::string tables = vm["job-tables"].as<std::string>();
  if (tables != "keep" && tables != "fresh") throw InputError("--job-tables must be keep or fresh, not '" + tables + "'");
  jobs.keepTables = tables == "keep";
  dist::TreeSettings settings{ranged<uint64_t>(vm, "job-nodes"), ranged<uint64_t>(vm, "job-growth"), ranged<uint64_t>(vm, "job-expand-at"),
                              choices.analysis.limits};
  std::optional<dist::Checkpoint> resumed;
  if (vm.count("resume")) {
    if (given) throw InputError("--resume goes on with the checkpoint's position: give no position file");
    resumed = dist::readCheckpoint(vm["resume"].as<std::string>());
    if (resumed->game != game) {
      std::string message = "the checkpoint is of ";
      message += resumed->game;
      message += ", not ";
      message += game;
      message += " (--game)";
      throw InputError(message, 2, 6, vm["resume"].as<std::string>());
    }
    settings.jobNodes = resumed->jobNodes;
    settings.growth = resumed->growth;
    settings.expandAt = resumed->expandAt.value_or(settings.expandAt);  // a version 1 file has none
  }
  std::optional<typename G::Region> startRegion;
  cgt::Side mover = cgt::Side::Left;
  if (resumed) {
    try {
      startRegion = G::parseOneLine(resumed->start);
    } catch (const InputError& e) {
      throw InputError(e.what(), resumed->startLine, resumed->startColumn + std::max(e.column(), 1) - 1, vm["resume"].as<std::string>());
    }
    mover = resumed->mover;
  } else {
    startRegion = given->first;
    mover = given->second;
  }
  dist::JobTree<G> tree(*startRegion, mover, settings);
  if (resumed) {
    try {
      tree.restore(resumed->records, resumed->stats);
    } catch (const InputError& e) {
      throw e.withFile(vm["resume"].as<std::string>());
    }
  }

  const int64_t workersGiven = ranged<int64_t>(vm, "workers");
  const unsigned workers = workersGiven > 0 ? static_cast<unsigned>(workersGiven) : std::max(1u, std::thread::hardware_concurrency());
  const std::optional<std::string> checkpointPath = vm.count("checkpoint") ? std::optional(vm["checkpoint"].as<std::string>()) : std::nullopt;
  const auto checkpointEvery = std::chrono::duration<double>(ranged<double>(vm, "checkpoint-every"));
  const auto writeCheckpoint = [&] {
    if (!checkpointPath) return;
    dist::Checkpoint c;
    c.game = game;
    c.start = G::printPosition(tree.start());
    c.mover = tree.mover();
    c.jobNodes = settings.jobNodes;
    c.growth = settings.growth;
    c.expandAt = settings.expandAt;
    c.stats = tree.stats();
    c.records = tree.records();
    dist::writeCheckpoint(*checkpointPath, c);
  };
  const auto start = std::chrono::steady_clock::now();
  unsigned running = 0;  // jobs at once, as the runner has them
  {
    const StopSignals signals;
    const std::unique_ptr<dist::JobRunner> runner = makeJobRunner(jobs, workers);
    running = runner->workers();
    auto lastCheckpoint = std::chrono::steady_clock::now();
    tree.search(
        *runner, [] { return stopSignal.load() != 0; },
        [&] {
          if (!checkpointPath || std::chrono::steady_clock::now() - lastCheckpoint < checkpointEvery) return;
          writeCheckpoint();
          lastCheckpoint = std::chrono::steady_clock::now();
        });
    writeCheckpoint();
    if (const int signal = stopSignal.load()) {
      std::string message = "amazons-solve: stopped by ";
      message += signal == SIGINT ? "SIGINT" : "SIGTERM";
      if (checkpointPath) {
        message += "; checkpoint written to ";
        message += *checkpointPath;
      }
      std::cerr << message << "\n";
    }
  }  // jobs still under way: in this process they end at once; over MPI they are waited for, unless stopped
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  const typename G::Region& board = tree.start();
  core::SideReport<G> side(mover);
  side.verdict = tree.verdict();
  side.hasMove = tree.rootHasMove();
  side.winningMove = tree.winningMove();
  const dist::TreeStats& stats = tree.stats();
  std::ostringstream out;
  out << G::printPosition(board) << ", " << core::sideName(mover) << " to move\n";
  out << "Job tree: " << running << (running == 1 ? " worker, " : " workers, ") << stats.jobs << " jobs (" << stats.unknown
      << " unknown), " << stats.jobNodes << " job nodes, " << tree.size() << " positions in the tree\n";
  out << core::verdictText<G>(board, side) << "\n";
  out << "Time: " << seconds << " s\n";
  writeWhole(out.str());
  if (vm.count("proof")) {
    if (side.verdict == core::Verdict::Unknown) {
      std::cerr << "amazons-solve: no proof written: the verdict is unknown\n";
    } else {
      dist::ProofFile proof{game, G::printPosition(board), mover, side.verdict, tree.proof(), 0, 0};
      dist::writeProof(vm["proof"].as<std::string>(), proof);
    }
  }
  if (const int signal = stopSignal.load()) return 128 + signal;
  return side.verdict == core::Verdict::Unknown ? 1 : 0;
}

template int solveByJobs<Amazons>(const po::variables_map&, const AnalysisChoices&, const std::optional<std::pair<GameRegion, cgt::Side>>&);
template int solveByJobs<clobber::Clobber>(const po::variables_map&, const AnalysisChoices&,
                                           const std::optional<std::pair<clobber::Region, cgt::Side>>&);

}  // namespace amazons::cli
