// Helpers shared by the amazons-solve subcommands.
#pragma once
#include <string>

#include "solver/formats.h"

namespace amazons::cli {

// Load the position file named on the command line ("-" = standard input). formatName is a
// --input-format value: "" or "auto" detects the format. Errors are InputErrors: in the file
// (file:line:col), or for an unknown format name with file "amazons-solve".
ParsedPosition readPositionArg(const std::string& path, const std::string& formatName);

// Whether standard error is a terminal (for progress output).
bool stderrIsTerminal();

// Print "amazons-solve COMMAND: error: MESSAGE" and, when given, the usage text to standard
// error; returns 2, the exit status for usage errors.
int usageError(const std::string& command, const std::string& message, const std::string& usage = {});

}  // namespace amazons::cli
