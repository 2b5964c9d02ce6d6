// amazons-solve: dispatch to the registered subcommand; a bare file argument means "solve".
#include <fcntl.h>
#include <unistd.h>

#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "solver/cli/cli.h"
#include "solver/core/errors.h"
#include "solver/dist/mpi_runner.h"

namespace amazons::cli {

std::vector<Command>& registry() {
  static std::vector<Command> all;
  return all;
}
void registerCommand(const Command& command) { registry().push_back(command); }
const std::vector<Command>& commands() { return registry(); }

namespace {

dist::World* theWorld = nullptr;

// Rank 0 to the others when it has run a command alone (the distributed commands' tags, in
// solver/dist/farm.cpp and mpi_runner.cpp, start at 1).
constexpr int kRankZeroDone = 0;

// Only rank 0 speaks: another rank's output (a usage error every rank meets, --help) goes
// nowhere, and what goes wrong on it reaches rank 0 in its results.
void silence() {
  const int null = ::open("/dev/null", O_WRONLY);
  if (null < 0) return;
  ::dup2(null, STDOUT_FILENO);
  ::dup2(null, STDERR_FILENO);
  ::close(null);
}

void printUsage(std::ostream& out) {
  out << "usage: amazons-solve [FILE] [options]        exact analysis of a position\n"
         "       amazons-solve COMMAND [args...]       (COMMAND --help for its options)\n\ncommands:\n";
  constexpr size_t kColumn = 10;  // where the summaries start
  for (const Command& c : commands()) {
    if (!*c.name || std::string(c.name).find(':') != std::string::npos) continue;
    const std::string name = c.name;
    out << "  " << name << std::string(name.size() < kColumn ? kColumn - name.size() : 1, ' ') << c.summary << "\n";
  }
  out << "\n  --game clobber or --game yinsh (anywhere) analyses that game instead of Amazons: the default command, perft, bench,\n"
         "  play, referee, convert (clobber), reach (yinsh: how far from the end the solver settles the bot's games); suite\n"
         "  and verify read each line by its game (game=), that game's by default with --game\n";
}

// Removes "--game NAME" or "--game=NAME" from args; returns NAME ("" for amazons, the default).
std::string takeGame(std::vector<std::string>& args) {
  for (size_t i = 0; i < args.size(); ++i) {
    std::string game;
    if (args[i] == "--game" && i + 1 < args.size()) {
      game = args[i + 1];
      args.erase(args.begin() + i, args.begin() + i + 2);
    } else if (args[i].rfind("--game=", 0) == 0) {
      game = args[i].substr(7);
      args.erase(args.begin() + i);
    } else {
      continue;
    }
    return game == "amazons" ? "" : game;
  }
  return "";
}

}  // namespace

dist::World& world() { return *theWorld; }

}  // namespace amazons::cli

namespace {

int runCommand(const amazons::cli::Command& command, const std::vector<std::string>& args) {
  try {
    return command.run(args);
  } catch (const amazons::InputError& e) {
    if (e.file().empty() && e.line() == 0) std::cerr << "amazons-solve: error: " << e.what() << "\n";  // an option's
    else std::cerr << e.describe() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "amazons-solve: error: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace

int main(int argc, char** argv) {
  using namespace amazons::cli;
  amazons::dist::World world(argc, argv);  // MPI only under mpirun
  theWorld = &world;
  if (world.rank() != 0) silence();
  std::vector<std::string> args(argv + 1, argv + argc);
  // Another game's commands are registered as "GAME:COMMAND" ("clobber:perft"; "clobber:" its
  // analysis).
  const std::string game = takeGame(args);
  const std::string prefix = game.empty() ? "" : game + ":";
  if (game.empty() && (args.empty() || args[0] == "help" || ((args[0] == "--help" || args[0] == "-h") && args.size() == 1))) {
    printUsage(args.empty() ? std::cerr : std::cout);
    return args.empty() ? 2 : 0;
  }
  const Command* chosen = nullptr;
  const Command* fallback = nullptr;
  for (const Command& c : commands()) {
    if (!args.empty() && prefix + args[0] == c.name) chosen = &c;
    if (prefix == c.name) fallback = &c;
  }
  if (!fallback) {
    std::cerr << "amazons-solve: unknown game '" << game << "' (amazons, clobber or yinsh)\n";
    return 2;
  }
  if (chosen) {
    args.erase(args.begin());
  } else {
    chosen = fallback;
  }
  if (world.size() == 1 || chosen->overRanks) return runCommand(*chosen, args);
  // Rank 0 alone; the others solve the jobs of its job search if it makes one (the default
  // command, check-proof: solver/dist/mpi_runner.h), and otherwise wait asleep, where
  // MPI_Finalize would wait polling (12% of a core each here, oversubscribed).
  if (world.rank() != 0) {
    try {
      amazons::dist::serveJobs(world, kRankZeroDone);
    } catch (const std::exception&) {
      return 1;  // a malformed message: mpirun ends the job, and rank 0 hears it (SIGTERM)
    }
    return 0;
  }
  const int status = runCommand(*chosen, args);
  // After abandon() (a rank died) a send could fail or wait: mpirun is ending the job anyway.
  if (!world.abandoned())
    for (int rank = 1; rank < world.size(); ++rank) world.send(rank, kRankZeroDone, {});
  return status;
}
