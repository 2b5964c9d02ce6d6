// Helpers shared by the amazons-solve subcommands.
#pragma once
#include <boost/program_options.hpp>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "cgt/game_table.h"
#include "solver/amazons/engine.h"
#include "solver/amazons/formats.h"
#include "solver/amazons/value_db.h"

namespace amazons::cli {

// Load the position file named on the command line ("-" = standard input). formatName is a
// --input-format value: "" or "auto" detects the format. Errors are InputErrors: in the file
// (file:line:col), or for an unknown format name with file "amazons-solve".
ParsedPosition readPositionArg(const std::string& path, const std::string& formatName);

// Whether standard error is a terminal (for progress output).
bool stderrIsTerminal();

// A --progress value: "auto" (when standard error is a terminal), "on" or "off".
bool progressWanted(const std::string& setting);

// The text of an analysis' status line: "position 2/5: 3.1 s, 4.56M nodes, 1.2M/s" and, when
// given, ": STAGE". `which` is the "position 2/5: " prefix (empty for one position), `nodes`
// those searched since `start`.
std::string analysisProgress(const std::string& which, std::chrono::steady_clock::time_point start, double nodes,
                             const std::string& stage = "");

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

// Writes `text` to standard output whole (std::cout flushed first): one write() loop with
// SIGINT, SIGTERM and SIGHUP held back until it is done, so that a run stopped by one of them
// leaves every object and line it printed complete. Results go out through it.
void writeWhole(const std::string& text);

// Ctrl-C for a batch: from `InterruptFlag` on, the first SIGINT only sets the flag (the batch
// stops starting positions, prints what it has and its summary); a second one ends the process
// as usual. The handler before it comes back with the object.
class InterruptFlag {
 public:
  InterruptFlag();
  ~InterruptFlag();
  InterruptFlag(const InterruptFlag&) = delete;
  InterruptFlag& operator=(const InterruptFlag&) = delete;
  bool raised() const;
};

// Print "amazons-solve COMMAND: error: MESSAGE" (COMMAND empty: the default command) and, when given, the usage text to standard
// error; returns 2, the exit status for usage errors.
int usageError(const std::string& command, const std::string& message, const std::string& usage = {});

// ---- Numeric options, each with its range
//
// Every numeric option of every command is declared with addRanged: its text must be a whole
// number of the type (no sign for unsigned ones, no trailing text) or, for double, a finite
// number, and within the range; anything else is a usage error (exit 2) when the options are
// parsed. --help shows the range after the description. The ranges the commands share:
template <typename T>
struct Range {
  T min, max;
};
// MB of tables: below 1 MB the tables could hold nothing; 1 TB is past any machine we know.
inline constexpr Range<int64_t> kHashRange{1, int64_t{1} << 20};
// Worker threads, 0 meaning all cores; more than 1024 only costs memory.
inline constexpr Range<int64_t> kThreadsRange{0, 1024};
// Seconds; 1e9 (31 years) keeps the deadline (steady_clock nanoseconds) from overflowing.
inline constexpr Range<double> kSecondsRange{0, 1e9};
// Counts of squares (empty squares, amazons): a board has at most 256 squares (16x16).
inline constexpr Range<int64_t> kSquaresRange{0, 256};
// Node allowances and limits, 0 meaning none.
inline constexpr Range<uint64_t> kNodesRange{0, std::numeric_limits<uint64_t>::max()};
// --node-limit's help: unlike a time limit, it gives the same answer on any machine and load.
inline constexpr const char* kNodeLimitAbout =
    "search positions and form expansions per position (0: none); past it 'unknown'. On one thread the answer does not "
    "depend on the machine or its load";

// A value read by the strict parser above (boost's own would wrap "-1" around to 4294967295).
template <typename T>
struct Checked {
  T value;
};
template <typename T>
void validate(boost::any& out, const std::vector<std::string>& texts, Checked<T>*, int);

// Adds --name (a T within `range`, `fallback` when not given) to `options`.
template <typename T>
void addRanged(boost::program_options::options_description& options, const char* name, T fallback, Range<T> range,
               const std::string& about);
// The value of an option added with addRanged.
template <typename T>
T ranged(const boost::program_options::variables_map& vm, const char* name) {
  return vm[name].as<Checked<T>>().value;
}
// kThreadsRange's value as a thread count: 0 becomes the cores there are.
unsigned threadCount(const boost::program_options::variables_map& vm);

// Parse the arguments of COMMAND: the `visible` options (what --help prints) and positional
// arguments bound to `hidden` ones (`style`: boost's command_line_style). Returns 0 after printing --help, 2 after a usage error
// (printed), nullopt to go on; `usage` receives the help text for later errors.
std::optional<int> parseOptions(const std::string& command, const std::vector<std::string>& args,
                                const boost::program_options::options_description& visible,
                                boost::program_options::variables_map& vm, std::string& usage,
                                const boost::program_options::options_description& hidden = {},
                                const boost::program_options::positional_options_description& positional = {},
                                int style = boost::program_options::command_line_style::default_style);

// parseOptions for the commands whose positional arguments are FILEs and nothing else, declared
// here once rather than in each: in vm["file"], a std::string (FileArgs::One) or a
// std::vector<std::string> (FileArgs::Many). With `missing` given, no FILE is that usage error;
// without it, FILE is optional (the command decides later).
enum class FileArgs { One, Many };
std::optional<int> parseOptionsWithFiles(const std::string& command, const std::vector<std::string>& args,
                                         const boost::program_options::options_description& visible,
                                         boost::program_options::variables_map& vm, std::string& usage, FileArgs files,
                                         const std::string& missing = {});

// perft's FILE and DEPTH arguments, for either game: `visible` parsed with them as positional
// arguments into `vm`, and DEPTH (0 to 64) read into `depth`. An exit status to return (help
// printed, or a usage error), or nullopt to go on with the file in vm["file"].
std::optional<int> parsePerftArgs(const std::vector<std::string>& args, const boost::program_options::options_description& visible,
                                  boost::program_options::variables_map& vm, int& depth);
// perft's report: `divide` (the count below each move, if asked), the total on stdout, the
// time since `start` and the leaves a second on stderr.
void printPerft(const std::string& divide, uint64_t total, int depth, std::chrono::steady_clock::time_point start);
// The options every game's default command takes, declared and read in one place: the output
// (--format text|json), the side to move first (--to-move), every winning move (--all-moves),
// the progress line, the threads, the tables (--hash), the time limit, the forms' allowance
// (--canonical-nodes) and the total's (--total-nodes). `defaults` are the game's (the core's
// options with its own), `word` what it calls a region ("chamber", "region").
void addAnalysisOptions(boost::program_options::options_description& visible, const std::string& word,
                        const core::AnalysisOptions& defaults);
struct AnalysisChoices {
  bool json = false;
  std::optional<cgt::Side> toMove;  // when --to-move is given
  bool progress = false;
  core::AnalysisOptions analysis;  // the game's defaults with the options given
};
// --to-move (black, b, white, w) when given; an InputError for anything else.
std::optional<cgt::Side> sideOption(const boost::program_options::variables_map& vm);
// The options addAnalysisOptions declared, as given, over the game's `defaults` (InputError
// for a bad --format, --to-move or --progress).
AnalysisChoices readAnalysisOptions(const boost::program_options::variables_map& vm, const core::AnalysisOptions& defaults);

// --db FILE and --db-learn, for the commands that analyse positions.
boost::program_options::options_description databaseOptions();
// The database --db names, opened to read (and written with --db-learn), `options` pointed at
// it; null without --db. Throws ValueDbError (exit status 2) when it cannot be used.
std::unique_ptr<ValueDb> openDatabase(const boost::program_options::variables_map& vm, AmazonsOptions& options);

}  // namespace amazons::cli
