#include "solver/cli_common.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <chrono>
#include <iostream>
#include <sstream>

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

int usageError(const std::string& command, const std::string& message, const std::string& usage) {
  std::cerr << "amazons-solve" << (command.empty() ? "" : " ") << command << ": error: " << message << "\n";
  if (!usage.empty()) std::cerr << usage;
  return 2;
}

std::optional<int> parseOptions(const std::string& command, const std::vector<std::string>& args,
                                const boost::program_options::options_description& visible,
                                boost::program_options::variables_map& vm, std::string& usage,
                                const boost::program_options::options_description& hidden,
                                const boost::program_options::positional_options_description& positional) {
  namespace po = boost::program_options;
  std::ostringstream text;
  text << visible;
  usage = text.str();
  po::options_description all;
  all.add(visible).add(hidden);
  try {
    po::store(po::command_line_parser(args).options(all).positional(positional).run(), vm);
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

boost::program_options::options_description databaseOptions() {
  namespace po = boost::program_options;
  po::options_description options;
  options.add_options()
      ("db", po::value<std::string>(), "a value database (amazons-solve db build): chamber values read from FILE")
      ("db-learn", "also store the values each analysis finds in the --db database (one transaction a position)");
  return options;
}

std::unique_ptr<ValueDb> openDatabase(const boost::program_options::variables_map& vm, SolveOptions& options) {
  if (!vm.count("db")) {
    if (vm.count("db-learn")) throw InputError("--db-learn needs --db FILE");
    return nullptr;
  }
  options.learn = vm.count("db-learn") > 0;
  auto db = std::make_unique<ValueDb>(vm["db"].as<std::string>(), options.learn ? ValueDb::Mode::Write : ValueDb::Mode::Read);
  options.database = db.get();
  return db;
}

}  // namespace amazons::cli
