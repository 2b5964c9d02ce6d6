// Helpers shared by the amazons-solve subcommands.
#pragma once
#include <boost/program_options.hpp>

#include <optional>
#include <string>
#include <vector>

#include "solver/formats.h"

namespace amazons::cli {

// Load the position file named on the command line ("-" = standard input). formatName is a
// --input-format value: "" or "auto" detects the format. Errors are InputErrors: in the file
// (file:line:col), or for an unknown format name with file "amazons-solve".
ParsedPosition readPositionArg(const std::string& path, const std::string& formatName);

// Whether standard error is a terminal (for progress output).
bool stderrIsTerminal();

// Print "amazons-solve COMMAND: error: MESSAGE" (COMMAND empty: the default command) and, when given, the usage text to standard
// error; returns 2, the exit status for usage errors.
int usageError(const std::string& command, const std::string& message, const std::string& usage = {});

// Parse the arguments of COMMAND: the `visible` options (what --help prints) and positional
// arguments bound to `hidden` ones. Returns 0 after printing --help, 2 after a usage error
// (printed), nullopt to go on; `usage` receives the help text for later errors.
std::optional<int> parseOptions(const std::string& command, const std::vector<std::string>& args,
                                const boost::program_options::options_description& visible,
                                boost::program_options::variables_map& vm, std::string& usage,
                                const boost::program_options::options_description& hidden = {},
                                const boost::program_options::positional_options_description& positional = {});

}  // namespace amazons::cli
