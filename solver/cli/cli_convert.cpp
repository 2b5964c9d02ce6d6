// amazons-solve convert FILE --to FORMAT [--input-format F]
#include <boost/program_options.hpp>

#include <iostream>

#include "solver/cli/cli.h"
#include "solver/cli/cli_common.h"
#include "solver/core/errors.h"

namespace amazons::cli {
namespace {

namespace po = boost::program_options;

int runConvert(const std::vector<std::string>& args) {
  po::options_description visible(
      "usage: amazons-solve convert FILE --to FORMAT [options]\n"
      "Write the position in FILE ('-' = stdin) in another format to standard output.\n"
      "Formats: grid, codingame, dump (cs61b), oneline (cgsuite, mcgs).\n"
      "Options");
  visible.add_options()
      ("help,h", "show this help")
      ("to", po::value<std::string>(), "output format")
      ("input-format", po::value<std::string>()->default_value("auto"), "input format, or auto");
  po::options_description hidden;
  hidden.add_options()("file", po::value<std::string>());
  po::positional_options_description positional;
  positional.add("file", 1);

  po::variables_map vm;
  std::string usage;
  if (const auto done = parseOptions("convert", args, visible, vm, usage, hidden, positional)) return *done;
  if (!vm.count("file")) return usageError("convert", "missing FILE", usage);
  if (!vm.count("to")) return usageError("convert", "missing --to FORMAT", usage);
  Format to;
  try {
    to = parseFormatName(vm["to"].as<std::string>());
  } catch (const InputError& e) {
    return usageError("convert", e.what());
  }
  if (to == Format::Auto) return usageError("convert", "--to needs a format (grid, codingame, dump, oneline), not auto");
  const ParsedPosition pos = readPositionArg(vm["file"].as<std::string>(), vm["input-format"].as<std::string>());
  std::cout << writePosition(pos.board, to) << std::flush;
  return 0;
}

Registrar reg({"convert", "write a position in another format", &runConvert});

}  // namespace
}  // namespace amazons::cli
