#include "solver/cli_common.h"

#include <unistd.h>

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

}  // namespace amazons::cli
