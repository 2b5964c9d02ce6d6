#include "solver/cli/cli_common.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <csignal>
#include <cerrno>

#include <atomic>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>

#include "cgt/cgt.h"
#include "solver/core/errors.h"

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

bool progressWanted(const std::string& setting) {
  if (setting == "on") return true;
  if (setting == "off") return false;
  if (setting == "auto") return stderrIsTerminal();
  throw InputError("--progress must be auto, on or off, not '" + setting + "'");
}

ProgressLine::ProgressLine(bool enabled, std::function<std::string()> describe) : describe_(std::move(describe)) {
  if (!enabled) return;
  thread_ = std::thread([this] {
    using namespace std::chrono_literals;
    std::unique_lock lock(mutex_);
    if (wake_.wait_for(lock, 500ms, [this] { return done_; })) return;  // quick work: no line at all
    do {
      // One terminal row at most: "\r\033[K" erases only the row the cursor is on.
      std::string text = describe_();
      winsize size{};
      if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 1 && text.size() >= size.ws_col)
        text.resize(size.ws_col - 1);
      std::cerr << "\r\033[K" << text << std::flush;
      drawn_ = true;
    } while (!wake_.wait_for(lock, 200ms, [this] { return done_; }));
  });
}

ProgressLine::~ProgressLine() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    done_ = true;
  }
  wake_.notify_one();
  thread_.join();
  if (drawn_) std::cerr << "\r\033[K" << std::flush;
}

namespace {

namespace po = boost::program_options;

template <typename T>
std::string numberText(T x) {
  if constexpr (std::is_floating_point_v<T>) {
    std::ostringstream text;
    text << x;
    return text.str();
  } else {
    return std::to_string(x);
  }
}

template <typename T>
std::string rangeText(Range<T> range) {
  if (range.max == std::numeric_limits<T>::max()) return numberText(range.min) + " or more";
  return numberText(range.min) + ".." + numberText(range.max);
}

}  // namespace

template <typename T>
void validate(boost::any& out, const std::vector<std::string>& texts, Checked<T>*, int) {
  po::validators::check_first_occurrence(out);
  const std::string& text = po::validators::get_single_string(texts);
  T value{};
  bool ok = !text.empty();
  if constexpr (std::is_floating_point_v<T>) {
    char* end = nullptr;
    value = static_cast<T>(std::strtod(text.c_str(), &end));
    ok = ok && end == text.c_str() + text.size() && std::isfinite(value);
  } else {
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    ok = ok && error == std::errc() && end == text.data() + text.size();
  }
  if (!ok) throw po::invalid_option_value(text);
  out = Checked<T>{value};
}

template <typename T>
void addRanged(po::options_description& options, const char* name, T fallback, Range<T> range, const std::string& about) {
  const std::string option = name;
  auto* semantic = po::value<Checked<T>>()->default_value(Checked<T>{fallback}, numberText(fallback));
  semantic->notifier([option, range](const Checked<T>& c) {
    if (!(c.value >= range.min && c.value <= range.max))
      throw po::error("--" + option + " must be in " + rangeText(range) + ", not " + numberText(c.value));
  });
  const std::string description = about + " [" + rangeText(range) + "]";
  options.add_options()(name, semantic, description.c_str());  // the text is copied
}

template void validate<int64_t>(boost::any&, const std::vector<std::string>&, Checked<int64_t>*, int);
template void validate<uint64_t>(boost::any&, const std::vector<std::string>&, Checked<uint64_t>*, int);
template void validate<double>(boost::any&, const std::vector<std::string>&, Checked<double>*, int);
template void addRanged<int64_t>(po::options_description&, const char*, int64_t, Range<int64_t>, const std::string&);
template void addRanged<uint64_t>(po::options_description&, const char*, uint64_t, Range<uint64_t>, const std::string&);
template void addRanged<double>(po::options_description&, const char*, double, Range<double>, const std::string&);

void addAnalysisOptions(po::options_description& visible, const std::string& word, const core::AnalysisOptions& defaults) {
  visible.add_options()
      ("format", po::value<std::string>()->default_value("text"), "output: text or json")
      ("to-move", po::value<std::string>(), "the side to move first: black or white (default: the file's, else black)")
      ("all-moves", "list every winning move")
      ("progress", po::value<std::string>()->default_value("auto"),
       "a status line on stderr during long analyses: auto (when stderr is a terminal), on, off");
  addRanged<int64_t>(visible, "threads", 0, kThreadsRange, "threads searching each position (0: all cores)");
  addRanged<int64_t>(visible, "hash", static_cast<int64_t>(defaults.hashMegabytes), kHashRange, "table memory in MB (full tables stop storing: slower, never wrong)");
  addRanged<double>(visible, "time-limit", 0, kSecondsRange, "seconds per position; 0 = none (then 'unknown', never a guess)");
  addRanged<uint64_t>(visible, "node-limit", 0, kNodesRange, kNodeLimitAbout);
  addRanged<uint64_t>(visible, "canonical-nodes", defaults.formNodes, kNodesRange,
                      "expansions allowed to a " + word + "'s canonical form before deciding by search with it raw (0: no limit)");
  addRanged<uint64_t>(visible, "total-nodes", defaults.totalSums, kNodesRange,
                      "sums built anew allowed to the canonical form of the total; beyond it the total is written as the sum of the " +
                          word + " values (0: no limit)");
}

std::optional<cgt::Side> sideOption(const po::variables_map& vm) {
  if (!vm.count("to-move")) return std::nullopt;
  const std::string side = vm["to-move"].as<std::string>();
  if (side == "black" || side == "b") return cgt::Side::Left;
  if (side == "white" || side == "w") return cgt::Side::Right;
  throw InputError("--to-move must be black or white, not '" + side + "'");
}

AnalysisChoices readAnalysisOptions(const po::variables_map& vm, const core::AnalysisOptions& defaults) {
  AnalysisChoices c;
  c.analysis = defaults;
  const std::string format = vm["format"].as<std::string>();
  if (format != "text" && format != "json") throw InputError("--format must be text or json, not '" + format + "'");
  c.json = format == "json";
  c.toMove = sideOption(vm);
  c.progress = progressWanted(vm["progress"].as<std::string>());
  core::AnalysisOptions& a = c.analysis;
  a.allWinningMoves = vm.count("all-moves") > 0;
  a.threads = threadCount(vm);
  a.hashMegabytes = static_cast<size_t>(ranged<int64_t>(vm, "hash"));
  a.limits.seconds = ranged<double>(vm, "time-limit");
  a.limits.nodes = ranged<uint64_t>(vm, "node-limit");
  a.formNodes = ranged<uint64_t>(vm, "canonical-nodes");  // 0 is the core's "no limit" too
  const uint64_t totalSums = ranged<uint64_t>(vm, "total-nodes");
  a.totalSums = totalSums ? totalSums : std::numeric_limits<uint64_t>::max();
  return c;
}

unsigned threadCount(const po::variables_map& vm) {
  const int64_t threads = ranged<int64_t>(vm, "threads");
  return threads > 0 ? static_cast<unsigned>(threads) : std::max(1u, std::thread::hardware_concurrency());
}

void writeWhole(const std::string& text) {
  std::cout.flush();
  sigset_t held, before;
  sigemptyset(&held);
  for (const int s : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&held, s);
  pthread_sigmask(SIG_BLOCK, &held, &before);
  for (size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(STDOUT_FILENO, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;  // a closed pipe: nothing more can be said there
    done += static_cast<size_t>(n);
  }
  pthread_sigmask(SIG_SETMASK, &before, nullptr);
}

namespace {
// Lock-free, so safe in a signal handler and read by any worker thread.
std::atomic<bool> interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);
struct sigaction previousSigint;
extern "C" void onSigint(int) {
  interrupted.store(true);
  std::signal(SIGINT, SIG_DFL);  // a second Ctrl-C ends the run at once
}
}  // namespace

InterruptFlag::InterruptFlag() {
  interrupted.store(false);
  struct sigaction action {};
  action.sa_handler = onSigint;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, &previousSigint);
}
InterruptFlag::~InterruptFlag() { sigaction(SIGINT, &previousSigint, nullptr); }
bool InterruptFlag::raised() const { return interrupted.load(std::memory_order_relaxed); }

std::optional<int> parsePerftArgs(const std::vector<std::string>& args, const po::options_description& visible,
                                  po::variables_map& vm, int& depth) {
  // Past 64 plies no board has moves left to count (a 16x16 board's perft would never end).
  constexpr int kMaxDepth = 64;
  po::options_description hidden;
  hidden.add_options()("file", po::value<std::string>())("depth", po::value<std::string>());
  po::positional_options_description positional;
  positional.add("file", 1).add("depth", 1);
  std::string usage;
  if (const auto done = parseOptions("perft", args, visible, vm, usage, hidden, positional)) return *done;
  if (!vm.count("file")) return usageError("perft", "missing FILE and DEPTH", usage);
  if (!vm.count("depth")) return usageError("perft", "missing DEPTH", usage);
  const std::string text = vm["depth"].as<std::string>();
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), depth);
  if (ec != std::errc() || end != text.data() + text.size() || depth < 0 || depth > kMaxDepth)
    return usageError("perft", "DEPTH must be a number from 0 to " + std::to_string(kMaxDepth) + ", got '" + text + "'", usage);
  return std::nullopt;
}

void printPerft(const std::string& divide, uint64_t total, int depth, std::chrono::steady_clock::time_point start) {
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  writeWhole(divide + "Nodes searched: " + std::to_string(total) + "\n");
  char line[160];
  std::snprintf(line, sizeof line, "perft %d: %.3f s, %.3g leaves/s\n", depth, seconds,
                seconds > 0 ? static_cast<double>(total) / seconds : 0.0);
  std::cerr << line;
}

int usageError(const std::string& command, const std::string& message, const std::string& usage) {
  std::cerr << "amazons-solve" << (command.empty() ? "" : " ") << command << ": error: " << message << "\n";
  if (!usage.empty()) std::cerr << usage;
  return 2;
}

std::optional<int> parseOptions(const std::string& command, const std::vector<std::string>& args,
                                const boost::program_options::options_description& visible,
                                boost::program_options::variables_map& vm, std::string& usage,
                                const boost::program_options::options_description& hidden,
                                const boost::program_options::positional_options_description& positional, int style) {
  namespace po = boost::program_options;
  std::ostringstream text;
  text << visible;
  usage = text.str();
  po::options_description all;
  all.add(visible).add(hidden);
  try {
    po::store(po::command_line_parser(args).options(all).positional(positional).style(style).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    return usageError(command, e.what(), usage);
  }
  if (vm.count("help")) {
    std::cout << usage;
    return 0;
  }
  return std::nullopt;
}

std::optional<int> parseOptionsWithFiles(const std::string& command, const std::vector<std::string>& args,
                                         const po::options_description& visible, po::variables_map& vm, std::string& usage,
                                         FileArgs files, const std::string& missing) {
  po::options_description hidden;
  if (files == FileArgs::One) hidden.add_options()("file", po::value<std::string>());
  else hidden.add_options()("file", po::value<std::vector<std::string>>());
  po::positional_options_description positional;
  positional.add("file", files == FileArgs::One ? 1 : -1);
  if (const auto done = parseOptions(command, args, visible, vm, usage, hidden, positional)) return done;
  if (!missing.empty() && !vm.count("file")) return usageError(command, missing, usage);
  return std::nullopt;
}

boost::program_options::options_description databaseOptions() {
  namespace po = boost::program_options;
  po::options_description options;
  options.add_options()
      ("db", po::value<std::string>(), "a value database (amazons-solve db build): chamber values read from FILE")
      ("db-learn", "also store the values each analysis finds in the --db database (one transaction a position)");
  return options;
}

std::unique_ptr<ValueDb> openDatabase(const boost::program_options::variables_map& vm, AmazonsOptions& options) {
  if (!vm.count("db")) {
    if (vm.count("db-learn")) throw InputError("--db-learn needs --db FILE");
    return nullptr;
  }
  options.learn = vm.count("db-learn") > 0;
  auto db = std::make_unique<ValueDb>(vm["db"].as<std::string>(), options.learn ? ValueDb::Mode::Write : ValueDb::Mode::Read);
  options.database = db.get();
  return db;
}

namespace {

// 950, 12.3k, 4.56M, 1.23G: counts for a status line.
std::string shortCount(double x) {
  char text[32];
  if (x >= 1e9) std::snprintf(text, sizeof text, "%.2fG", x / 1e9);
  else if (x >= 1e6) std::snprintf(text, sizeof text, "%.2fM", x / 1e6);
  else if (x >= 1e3) std::snprintf(text, sizeof text, "%.1fk", x / 1e3);
  else std::snprintf(text, sizeof text, "%.0f", x);
  return text;
}

}  // namespace

std::string analysisProgress(const std::string& which, std::chrono::steady_clock::time_point start, double nodes,
                             const std::string& stage) {
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  char elapsed[32];
  std::snprintf(elapsed, sizeof elapsed, "%.1f s, ", seconds);
  std::string text = which + elapsed + shortCount(nodes) + " nodes, " + shortCount(nodes / std::max(seconds, 1e-9)) + "/s";
  if (!stage.empty()) text += ": " + stage;
  return text;
}

}  // namespace amazons::cli
