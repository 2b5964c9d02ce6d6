// Helpers shared by the amazons-solve subcommands.
#pragma once
#include <boost/program_options.hpp>

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "solver/formats.h"
#include "solver/solve.h"
#include "solver/value_db.h"

namespace amazons::cli {

// Load the position file named on the command line ("-" = standard input). formatName is a
// --input-format value: "" or "auto" detects the format. Errors are InputErrors: in the file
// (file:line:col), or for an unknown format name with file "amazons-solve".
ParsedPosition readPositionArg(const std::string& path, const std::string& formatName);

// Whether standard error is a terminal (for progress output).
bool stderrIsTerminal();

// A --progress value: "auto" (when standard error is a terminal), "on" or "off".
bool progressWanted(const std::string& setting);

// A status line on standard error for long work: from half a second on, redrawn five times a
// second with `describe()`, and erased when the object goes (before results are printed).
// Does nothing unless `enabled`.
class ProgressLine {
 public:
  ProgressLine(bool enabled, std::function<std::string()> describe);
  ~ProgressLine();
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

 private:
  std::function<std::string()> describe_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  bool drawn_ = false;
  std::thread thread_;
};

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

// --db FILE and --db-learn, for the commands that analyse positions.
boost::program_options::options_description databaseOptions();
// The database --db names, opened to read (and written with --db-learn), `options` pointed at
// it; null without --db. Throws ValueDbError (exit status 2) when it cannot be used.
std::unique_ptr<ValueDb> openDatabase(const boost::program_options::variables_map& vm, SolveOptions& options);

}  // namespace amazons::cli
