// Clobber on the command line (`--game clobber`, see main.cpp): the analysis and perft (suite,
// verify and bench take every game: cli_suite.cpp, cli_bench.cpp).
#include <boost/program_options.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>

#include "cgt/cgt.h"
#include "solver/core/suite.h"
#include "solver/cli/cli.h"
#include "solver/cli/cli_common.h"
#include "solver/cli/cli_jobs.h"
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
  const core::InputText input = core::readPositionInput(path);
  return Clobber::parsePosition(input.text, input.name);
}

// --to-move, else the file's side, else Black.
cgt::Side sideToMove(const std::optional<cgt::Side>& given, const clobber::Position& pos) {
  return given ? *given : pos.toMove.value_or(cgt::Side::Left);
}

int runSolve(const std::vector<std::string>& args) {
  po::options_description visible("amazons-solve --game clobber [FILE...] [options]: exact analysis of Clobber positions (FILE '-' is stdin)");
  visible.add_options()("help,h", "show this help");
  const core::AnalysisOptions defaults;
  addAnalysisOptions(visible, "region", defaults);
  visible.add(jobTreeOptions());
  po::variables_map vm;
  std::string usage;
  if (const auto done = parseOptionsWithFiles("", args, visible, vm, usage, FileArgs::Many)) return *done;
  const AnalysisChoices choices = readAnalysisOptions(vm, defaults);
  if (jobTreeWanted(vm)) {
    std::optional<std::pair<clobber::Region, cgt::Side>> start;
    if (vm.count("file")) {
      const std::vector<std::string>& files = vm["file"].as<std::vector<std::string>>();
      if (files.size() > 1) throw InputError("the job search (--job-tree, or mpirun with two ranks or more) is of one position: give one position file");
      const clobber::Position pos = readPosition(files[0]);
      start.emplace(pos.board, sideToMove(choices.toMove, pos));
    } else if (!vm.count("resume")) {
      return usageError("", "no file given", usage);
    }
    return solveByJobs<Clobber>(vm, choices, start);
  }
  if (!vm.count("file")) return usageError("", "no file given", usage);
  const bool progress = choices.progress;
  std::vector<std::pair<clobber::Region, cgt::Side>> positions;  // all read before any solving
  for (const std::string& path : vm["file"].as<std::vector<std::string>>()) {
    const clobber::Position pos = readPosition(path);
    positions.emplace_back(pos.board, sideToMove(choices.toMove, pos));
  }
  const core::AnalysisOptions& options = choices.analysis;
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
    if (choices.json) core::printAnalysisJson(std::cout, board, toMove, a);
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
  const cgt::Side mover = sideToMove(sideOption(vm), pos);
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
