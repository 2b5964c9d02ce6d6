// Subcommands of amazons-solve. Each cli_*.cpp registers its own with a static Registrar,
// so adding a command never touches main.cpp.
#pragma once
#include <string>
#include <vector>

#include "solver/dist/world.h"

namespace amazons::cli {

// Receives the arguments after the command name; returns the process exit status
// (0 success, 1 a wrong or failed result, 2 usage or input error).
using CommandFn = int (*)(const std::vector<std::string>& args);

struct Command {
  const char* name;     // "perft"; the empty name is the default (solve a position file)
  const char* summary;  // one line for --help
  CommandFn run;
  // Under mpirun with several ranks: whether every rank runs it (it shares its work out through
  // world()); otherwise rank 0 runs it alone while the others wait.
  bool overRanks = false;
};

void registerCommand(const Command& command);
// The MPI job this process is a rank of: one rank without mpirun (main.cpp makes it).
dist::World& world();
const std::vector<Command>& commands();

struct Registrar {
  explicit Registrar(const Command& command) { registerCommand(command); }
};

}  // namespace amazons::cli
