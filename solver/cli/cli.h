// Subcommands of amazons-solve. Each cli_*.cpp registers its own with a static Registrar,
// so adding a command never touches main.cpp.
#pragma once
#include <string>
#include <vector>

namespace amazons::cli {

// Receives the arguments after the command name; returns the process exit status
// (0 success, 1 a wrong or failed result, 2 usage or input error).
using CommandFn = int (*)(const std::vector<std::string>& args);

struct Command {
  const char* name;     // "perft"; the empty name is the default (solve a position file)
  const char* summary;  // one line for --help
  CommandFn run;
};

void registerCommand(const Command& command);
const std::vector<Command>& commands();

struct Registrar {
  explicit Registrar(const Command& command) { registerCommand(command); }
};

}  // namespace amazons::cli
