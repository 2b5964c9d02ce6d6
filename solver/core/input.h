// Reading an input file of any game ("-" = standard input).
#pragma once
#include <string>

namespace amazons::core {

struct InputText {
  std::string name;  // the path, or "<stdin>": errors name it
  std::string text;
};

// A file that cannot be opened or read is an InputError naming it; so is an MCGS test file
// (`{version ...}` first), with a pointer to scripts/mcgs-to-suite.
InputText readInput(const std::string& path);

}  // namespace amazons::core
