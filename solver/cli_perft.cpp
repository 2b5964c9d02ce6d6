// amazons-solve perft FILE DEPTH [--divide] [--input-format F] [--notation N]
#include <boost/program_options.hpp>

#include <charconv>
#include <chrono>
#include <cstdio>
#include <iostream>

#include "solver/cli.h"
#include "solver/cli_common.h"
#include "solver/errors.h"
#include "solver/notation.h"
#include "solver/perft.h"

namespace amazons::cli {
namespace {

namespace po = boost::program_options;

constexpr int kMaxDepth = 64;

int runPerft(const std::vector<std::string>& args) {
  po::options_description visible(
      "usage: amazons-solve perft FILE DEPTH [options]\n"
      "Count the (move, arrow) sequences of DEPTH plies from the position in FILE ('-' = stdin).\n"
      "Options");
  visible.add_options()
      ("help,h", "show this help")
      ("divide", "print the count below each legal move first")
      ("input-format", po::value<std::string>()->default_value("auto"),
       "auto, grid, codingame, dump (cs61b), oneline (cgsuite, mcgs)")
      ("notation", po::value<std::string>()->default_value("cs61b"), "move text for --divide: cs61b or codingame");
  po::options_description hidden;
  hidden.add_options()("file", po::value<std::string>())("depth", po::value<std::string>());
  po::positional_options_description positional;
  positional.add("file", 1).add("depth", 1);

  po::variables_map vm;
  std::string usage;
  if (const auto done = parseOptions("perft", args, visible, vm, usage, hidden, positional)) return *done;
  if (!vm.count("file")) return usageError("perft", "missing FILE and DEPTH", usage);
  if (!vm.count("depth")) return usageError("perft", "missing DEPTH", usage);
  const std::string depthText = vm["depth"].as<std::string>();
  int depth = -1;
  const auto [end, ec] = std::from_chars(depthText.data(), depthText.data() + depthText.size(), depth);
  if (ec != std::errc() || end != depthText.data() + depthText.size() || depth < 0 || depth > kMaxDepth)
    return usageError("perft", "DEPTH must be a number from 0 to " + std::to_string(kMaxDepth) + ", got '" + depthText + "'",
                      usage);
  Notation notation;
  try {
    notation = parseNotationName(vm["notation"].as<std::string>());
  } catch (const InputError& e) {
    return usageError("perft", e.what());
  }

  ParsedPosition pos = readPositionArg(vm["file"].as<std::string>(), vm["input-format"].as<std::string>());
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
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  out += "Nodes searched: " + std::to_string(total) + "\n";
  std::cout << out << std::flush;
  char line[160];
  std::snprintf(line, sizeof line, "perft %d: %.3f s, %.3g leaves/s\n", depth, seconds,
                seconds > 0 ? static_cast<double>(total) / seconds : 0.0);
  std::cerr << line;
  return 0;
}

Registrar reg({"perft", "count move sequences to a depth (move generator check)", &runPerft});

}  // namespace
}  // namespace amazons::cli
