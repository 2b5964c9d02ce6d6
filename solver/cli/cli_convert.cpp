// amazons-solve convert FILE --to FORMAT [--input-format F]; with --game clobber, Clobber's
// formats (oneline, fen).
#include <boost/program_options.hpp>

#include <iostream>

#include "solver/cli/cli.h"
#include "solver/cli/cli_common.h"
#include "solver/clobber/clobber.h"
#include "solver/core/errors.h"
#include "solver/core/input.h"

namespace amazons::cli {
namespace {

namespace po = boost::program_options;
using clobber::Clobber;

// FILE and --to of either game's convert: 0 or 2 to return (help printed, or a usage error),
// nullopt to go on.
std::optional<int> parseConvert(const std::vector<std::string>& args, po::options_description& visible, po::variables_map& vm) {
  std::string usage;
  if (const auto done = parseOptionsWithFiles("convert", args, visible, vm, usage, FileArgs::One, "missing FILE")) return done;
  if (!vm.count("to")) return usageError("convert", "missing --to FORMAT", usage);
  return std::nullopt;
}

int runConvert(const std::vector<std::string>& args) {
  po::options_description visible(
      "usage: amazons-solve convert FILE --to FORMAT [options]\n"
      "Write the position in FILE ('-' = stdin; or a FEN itself) in another format to standard output.\n"
      "Formats: grid, codingame, dump (cs61b), oneline (cgsuite, mcgs), fen (Fairy-Stockfish).\n"
      "Options");
  visible.add_options()
      ("help,h", "show this help")
      ("to", po::value<std::string>(), "output format")
      ("input-format", po::value<std::string>()->default_value("auto"), "input format, or auto");
  po::variables_map vm;
  if (const auto done = parseConvert(args, visible, vm)) return *done;
  Format to;
  try {
    to = parseFormatName(vm["to"].as<std::string>());
  } catch (const InputError& e) {
    return usageError("convert", e.what());
  }
  if (to == Format::Auto) return usageError("convert", "--to needs a format (grid, codingame, dump, oneline, fen), not auto");
  const ParsedPosition pos = readPositionArg(vm["file"].as<std::string>(), vm["input-format"].as<std::string>());
  std::cout << writePosition(pos.board, to) << std::flush;
  return 0;
}

int runClobberConvert(const std::vector<std::string>& args) {
  po::options_description visible(
      "usage: amazons-solve convert --game clobber FILE --to FORMAT [options]\n"
      "Write the Clobber position in FILE ('-' = stdin; or a FEN itself) in another format to standard output.\n"
      "Formats: oneline (cgsuite, mcgs; after a side line), fen (Fairy-Stockfish).\n"
      "Options");
  visible.add_options()
      ("help,h", "show this help")
      ("to", po::value<std::string>(), "output format")
      ("to-move", po::value<std::string>(), "the side to move: black or white (default: the file's, else black)");
  po::variables_map vm;
  if (const auto done = parseConvert(args, visible, vm)) return *done;
  const std::string to = vm["to"].as<std::string>();
  const bool fen = to == "fen";
  if (!fen && to != "oneline" && to != "cgsuite" && to != "mcgs")
    return usageError("convert", "unknown Clobber format '" + to + "' (expected oneline or fen)");
  const core::InputText input = core::readPositionInput(vm["file"].as<std::string>());
  const clobber::Position pos = Clobber::parsePosition(input.text, input.name);
  const cgt::Side side = sideOption(vm).value_or(pos.toMove.value_or(cgt::Side::Left));
  if (fen) std::cout << Clobber::writeFen(pos.board, side) << "\n";
  else std::cout << (side == cgt::Side::Left ? "black\n" : "white\n") << Clobber::printPosition(pos.board) << "\n";
  return 0;
}

Registrar reg({"convert", "write a position in another format", &runConvert});
Registrar clobberReg({"clobber:convert", "write a Clobber position in another format", &runClobberConvert});

}  // namespace
}  // namespace amazons::cli
