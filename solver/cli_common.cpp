#include "solver/cli_common.h"

#include <unistd.h>

#include <iostream>

#include "solver/errors.h"

namespace amazons::cli {

ParsedPosition readPositionArg(const std::string& path, const std::string& formatName) {
  Format format = Format::Auto;
  if (!formatName.empty()) {
    try {
      format = parseFormatName(formatName);
    } catch (const InputError& e) {
      throw e.withFile("amazons-solve");
    }
  }
  return loadPosition(path, format);
}

bool stderrIsTerminal() { return ::isatty(STDERR_FILENO) == 1; }

int usageError(const std::string& command, const std::string& message, const std::string& usage) {
  std::cerr << "amazons-solve " << command << ": error: " << message << "\n";
  if (!usage.empty()) std::cerr << usage;
  return 2;
}

}  // namespace amazons::cli
