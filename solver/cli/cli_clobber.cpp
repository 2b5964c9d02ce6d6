// Clobber on the command line (`--game clobber`, see main.cpp): the analysis and perft (suite,
// verify and bench take every game: cli_suite.cpp, cli_bench.cpp).
#include <boost/program_options.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <limits>
#include <optional>
#include <string>

#include "cgt/cgt.h"
#include "solver/core/suite.h"
#include "solver/cli/cli.h"
#include "solver/cli/cli_common.h"
#include "solver/clobber/clobber.h"
#include "solver/clobber/perft.h"
#include "solver/core/analysis.h"
#include "solver/core/errors.h"
#include "solver/core/input.h"
#include "solver/core/report.h"

namespace amazons::cli {
namespace {

namespace po = boost::program_options;
using clobber::Clobber;

clobber::Position readPosition(const std::string& path) {
  const core::InputText input = core::readInput(path);
  return Clobber::parsePosition(input.text, input.name);
}

// --to-move, else the file's side, else Black.
cgt::Side sideToMove(const po::variables_map& vm, const clobber::Position& pos) {
  if (vm.count("to-move")) {
    const std::string side = vm["to-move"].as<std::string>();
    if (side == "black" || side == "b") return cgt::Side::Left;
    if (side == "white" || side == "w") return cgt::Side::Right;
    throw InputError("--to-move must be black or white, not '" + side + "'");
  }
  return pos.toMove.value_or(cgt::Side::Left);
}

core::AnalysisOptions analysisOptions(const po::variables_map& vm) {
  core::AnalysisOptions options;
  options.limits.seconds = ranged<double>(vm, "time-limit");
  options.limits.nodes = ranged<uint64_t>(vm, "node-limit");
  options.formNodes = ranged<uint64_t>(vm, "canonical-nodes");
  options.hashMegabytes = static_cast<size_t>(ranged<int64_t>(vm, "hash"));
  options.threads = threadCount(vm);
  options.totalSums = ranged<uint64_t>(vm, "total-nodes");
  if (options.totalSums == 0) options.totalSums = std::numeric_limits<uint64_t>::max();
  return options;
}

void addLimitOptions(po::options_description& visible) {
  addRanged<double>(visible, "time-limit", 0, kSecondsRange, "seconds per position; 0 = none (then 'unknown', never a guess)");
  addRanged<uint64_t>(visible, "node-limit", 0, kNodesRange, "expansions and sum positions searched per position; 0 = none (then 'unknown')");
  addRanged<uint64_t>(visible, "canonical-nodes", core::AnalysisOptions{}.formNodes, kNodesRange,
                      "expansions allowed to a region's canonical form before deciding by search with it raw (0: no limit)");
  addRanged<int64_t>(visible, "hash", static_cast<int64_t>(core::AnalysisOptions{}.hashMegabytes), kHashRange,
                     "table memory in MB (full tables stop storing: slower, never wrong)");
  addRanged<int64_t>(visible, "threads", 0, kThreadsRange, "threads searching each position (0: all cores)");
  addRanged<uint64_t>(visible, "total-nodes", core::AnalysisOptions{}.totalSums, kNodesRange,
                      "sums built anew allowed to the canonical form of the total; beyond it the total is written as the sum of the region values (0: no limit)");
}

// The options of COMMAND with the limits, and FILE... arguments: 0 or 2 to return (help
// printed, or a usage error), nullopt to go on with the files in vm["file"].
std::optional<int> parseWithFiles(const std::string& command, const std::vector<std::string>& args,
                                  po::options_description& visible, po::variables_map& vm) {
  addLimitOptions(visible);
  po::options_description hidden;
  hidden.add_options()("file", po::value<std::vector<std::string>>());
  po::positional_options_description positional;
  positional.add("file", -1);
  std::string usage;
  if (const auto done = parseOptions(command, args, visible, vm, usage, hidden, positional)) return done;
  if (!vm.count("file")) return usageError(command, "no file given", usage);
  return std::nullopt;
}

int runSolve(const std::vector<std::string>& args) {
  po::options_description visible("amazons-solve --game clobber [FILE...] [options]: exact analysis of Clobber positions (FILE '-' is stdin)");
  visible.add_options()
      ("help,h", "show this help")
      ("format", po::value<std::string>()->default_value("text"), "output: text or json")
      ("to-move", po::value<std::string>(), "the side to move first in the report: black or white (default: the file's, else black)")
      ("all-moves", "list every winning move")
      ("progress", po::value<std::string>()->default_value("auto"), "a status line on stderr: auto (a terminal), on, off");
  po::variables_map vm;
  if (const auto done = parseWithFiles("", args, visible, vm)) return *done;
  const std::string format = vm["format"].as<std::string>();
  if (format != "text" && format != "json") throw InputError("--format must be text or json, not '" + format + "'");
  const bool progress = progressWanted(vm["progress"].as<std::string>());
  std::vector<std::pair<clobber::Region, cgt::Side>> positions;  // all read before any solving
  for (const std::string& path : vm["file"].as<std::vector<std::string>>()) {
    const clobber::Position pos = readPosition(path);
    positions.emplace_back(pos.board, sideToMove(vm, pos));
  }
  core::AnalysisOptions options = analysisOptions(vm);
  options.allWinningMoves = vm.count("all-moves") > 0;
  core::Analyser<Clobber> analyser(options);
  int status = 0;
  for (size_t i = 0; i < positions.size(); ++i) {
    const auto& [board, toMove] = positions[i];
    std::optional<core::Analysis<Clobber>> result;
    {
      const std::string which = positions.size() > 1 ? "position " + std::to_string(i + 1) + "/" + std::to_string(positions.size()) + ": " : "";
      const auto start = std::chrono::steady_clock::now();
      const uint64_t nodesBefore = analyser.nodes();
      const ProgressLine line(progress, [&] {
        return analysisProgress(which, start, static_cast<double>(analyser.nodes() - nodesBefore), analyser.stage());
      });
      result = analyser.analyse(board, toMove);
    }
    const core::Analysis<Clobber>& a = *result;
    if (format == "json") core::printAnalysisJson(std::cout, board, toMove, a);
    else core::printAnalysis(std::cout, board, toMove, a);
    if (a.limitReached) status = 1;
  }
  return status;
}

int runPerft(const std::vector<std::string>& args) {
  po::options_description visible(
      "usage: amazons-solve perft --game clobber FILE DEPTH [options]\n"
      "Count the move sequences of DEPTH plies from the Clobber position in FILE ('-' = stdin).\n"
      "Options");
  visible.add_options()
      ("help,h", "show this help")
      ("divide", "print the count below each legal move first")
      ("to-move", po::value<std::string>(), "the side to move: black or white (default: the file's, else black)");
  po::variables_map vm;
  int depth = 0;
  if (const auto done = parsePerftArgs(args, visible, vm, depth)) return *done;
  const clobber::Position pos = readPosition(vm["file"].as<std::string>());
  const cgt::Side mover = sideToMove(vm, pos);
  const auto start = std::chrono::steady_clock::now();
  uint64_t total = 0;
  std::string out;
  if (vm.count("divide") && depth > 0) {
    for (const auto& [move, count] : clobber::perftDivide(pos.board, mover, depth)) {
      out += Clobber::formatMove(pos.board, move) + ": " + std::to_string(count) + "\n";
      total += count;
    }
    out += "\n";
  } else {
    total = clobber::perft(pos.board, mover, depth);
  }
  printPerft(out, total, depth, start);
  return 0;
}

const Registrar solveCommand({"clobber:", "exact analysis of Clobber positions", &runSolve});
const Registrar solveAlias({"clobber:solve", "exact analysis of Clobber positions", &runSolve});
const Registrar perftCommand({"clobber:perft", "count Clobber move sequences to a depth", &runPerft});

}  // namespace
}  // namespace amazons::cli
