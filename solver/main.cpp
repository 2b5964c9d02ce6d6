// amazons-solve: dispatch to the registered subcommand; a bare file argument means "solve".
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "solver/cli.h"
#include "solver/errors.h"

namespace amazons::cli {

std::vector<Command>& registry() {
  static std::vector<Command> all;
  return all;
}
void registerCommand(const Command& command) { registry().push_back(command); }
const std::vector<Command>& commands() { return registry(); }

namespace {

void printUsage(std::ostream& out) {
  out << "usage: amazons-solve [FILE] [options]        exact analysis of a position\n"
         "       amazons-solve COMMAND [args...]       (COMMAND --help for its options)\n\ncommands:\n";
  constexpr size_t kColumn = 10;  // where the summaries start
  for (const Command& c : commands()) {
    if (!*c.name) continue;
    const std::string name = c.name;
    out << "  " << name << std::string(name.size() < kColumn ? kColumn - name.size() : 1, ' ') << c.summary << "\n";
  }
}

}  // namespace
}  // namespace amazons::cli

int main(int argc, char** argv) {
  using namespace amazons::cli;
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "help" || ((args[0] == "--help" || args[0] == "-h") && args.size() == 1)) {
    printUsage(args.empty() ? std::cerr : std::cout);
    return args.empty() ? 2 : 0;
  }
  const Command* chosen = nullptr;
  const Command* fallback = nullptr;
  for (const Command& c : commands()) {
    if (args[0] == c.name) chosen = &c;
    if (!*c.name) fallback = &c;
  }
  if (chosen) {
    args.erase(args.begin());
  } else {
    chosen = fallback;
  }
  if (!chosen) {
    std::cerr << "amazons-solve: unknown command '" << args[0] << "'\n";
    printUsage(std::cerr);
    return 2;
  }
  try {
    return chosen->run(args);
  } catch (const amazons::InputError& e) {
    if (e.file().empty() && e.line() == 0) std::cerr << "amazons-solve: error: " << e.what() << "\n";  // an option's
    else std::cerr << e.describe() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "amazons-solve: error: " << e.what() << "\n";
    return 1;
  }
}
