// amazons-solve perft FILE DEPTH [--divide] [--to-move SIDE] [--input-format F] [--notation N]
#include <boost/program_options.hpp>

#include <chrono>
#include <iostream>
#include <optional>

#include "solver/amazons/notation.h"
#include "solver/amazons/perft.h"
#include "solver/cli/cli.h"
#include "solver/cli/cli_common.h"
#include "solver/core/errors.h"

namespace amazons::cli {
namespace {

namespace po = boost::program_options;

int runPerft(const std::vector<std::string>& args) {
  po::options_description visible(
      "usage: amazons-solve perft FILE DEPTH [options]\n"
      "Count the (move, arrow) sequences of DEPTH plies from the position in FILE ('-' = stdin).\n"
      "Options");
  visible.add_options()
      ("help,h", "show this help")
      ("divide", "print the count below each legal move first")
      ("to-move", po::value<std::string>(), "the side to move: black or white (default: the file's, else white)")
      ("input-format", po::value<std::string>()->default_value("auto"),
       "auto, grid, codingame, dump (cs61b), oneline (cgsuite, mcgs), fen")
      ("notation", po::value<std::string>()->default_value("cs61b"), "move text for --divide: cs61b, codingame or uci");
  po::variables_map vm;
  int depth = 0;
  if (const auto done = parsePerftArgs(args, visible, vm, depth)) return *done;
  Notation notation;
  std::optional<cgt::Side> side;
  try {
    notation = parseNotationName(vm["notation"].as<std::string>());
    side = sideOption(vm);
  } catch (const InputError& e) {
    return usageError("perft", e.what());
  }

  ParsedPosition pos = readPositionArg(vm["file"].as<std::string>(), vm["input-format"].as<std::string>());
  if (side) pos.board.setSideToMove(*side == cgt::Side::Left ? Color::Black : Color::White);
  Board board = pos.board;
  const auto start = std::chrono::steady_clock::now();
  uint64_t total = 0;
  std::string out;
  if (vm.count("divide")) {
    for (const auto& [move, count] : perftDivide(board, depth)) {
      out += formatMove(pos.board, move, notation) + ": " + std::to_string(count) + "\n";
      total += count;
    }
    if (depth == 0) total = 1;
    out += "\n";
  } else {
    total = perft(board, depth);
  }
  printPerft(out, total, depth, start);
  return 0;
}

Registrar reg({"perft", "count move sequences to a depth (move generator check)", &runPerft});

}  // namespace
}  // namespace amazons::cli
