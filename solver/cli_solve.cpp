// The default command: exact analysis of position files.
#include <tbb/global_control.h>

#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <limits>
#include <sstream>
#include <thread>

#include "solver/cli.h"
#include "solver/cli_common.h"
#include "solver/errors.h"
#include "solver/formats.h"
#include "solver/report.h"
#include "solver/solve.h"

namespace amazons::cli {
namespace {

namespace po = boost::program_options;

// 950, 12.3k, 4.56M, 1.23G: counts for a status line.
std::string shortCount(double x) {
  char text[32];
  if (x >= 1e9) std::snprintf(text, sizeof text, "%.2fG", x / 1e9);
  else if (x >= 1e6) std::snprintf(text, sizeof text, "%.2fM", x / 1e6);
  else if (x >= 1e3) std::snprintf(text, sizeof text, "%.1fk", x / 1e3);
  else std::snprintf(text, sizeof text, "%.0f", x);
  return text;
}

int runSolve(const std::vector<std::string>& args) {
  po::options_description visible("amazons-solve [FILE...] [options]: exact analysis (FILE '-' is stdin)");
  visible.add_options()
      ("help,h", "show this help")
      ("input-format", po::value<std::string>()->default_value("auto"), "auto, grid, codingame, dump, oneline")
      ("format", po::value<std::string>()->default_value("text"), "output: text or json")
      ("notation", po::value<std::string>()->default_value("cs61b"), "moves as cs61b (d10-c9(h4)) or codingame (d8d1d7)")
      ("to-move", po::value<std::string>(), "override the side to move: black or white")
      ("chambers", "only split into chambers and list them")
      ("all-moves", "list every winning move")
      ("line", "an optimal filling sequence for each territory");
  addRanged<int64_t>(visible, "threads", 0, kThreadsRange, "worker threads (0: all cores)");
  addRanged<int64_t>(visible, "hash", 512, kHashRange, "table memory in MB");
  addRanged<uint64_t>(visible, "canonical-nodes", SolveOptions{}.canonicalNodes, kNodesRange,
                      "expansions allowed to a chamber's canonical form before deciding by search (0: no limit)");
  addRanged<uint64_t>(visible, "total-nodes", SolveOptions{}.totalNodes, kNodesRange,
                      "sums built anew allowed to the canonical form of the total; beyond it the total is written as the sum of the chamber values (0: no limit)");
  addRanged<double>(visible, "time-limit", 0, kSecondsRange, "seconds per position; 0 = none (then 'unknown', never a guess)");
  visible.add_options()
      ("progress", po::value<std::string>()->default_value("auto"),
       "a status line on stderr during long analyses: auto (when stderr is a terminal), on, off");
  po::options_description hidden;
  hidden.add_options()("file", po::value<std::vector<std::string>>());
  po::positional_options_description positional;
  positional.add("file", -1);
  po::variables_map vm;
  std::string usage;
  if (const auto done = parseOptions("", args, visible, vm, usage, hidden, positional)) return *done;
  if (!vm.count("file")) throw InputError("no position file given (see --help)");
  const std::string outputFormat = vm["format"].as<std::string>();
  if (outputFormat != "text" && outputFormat != "json")
    throw InputError("--format must be text or json, not '" + outputFormat + "'");
  const Format inputFormat = parseFormatName(vm["input-format"].as<std::string>());
  ReportOptions report;
  report.notation = parseNotationName(vm["notation"].as<std::string>());
  report.fillingLines = vm.count("line") > 0;
  std::optional<Color> toMove;
  if (vm.count("to-move")) {
    const std::string side = vm["to-move"].as<std::string>();
    if (side == "black" || side == "b") toMove = Color::Black;
    else if (side == "white" || side == "w") toMove = Color::White;
    else throw InputError("--to-move must be black or white, not '" + side + "'");
  }
  tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism, threadCount(vm));

  SolveOptions options;
  options.hashMegabytes = ranged<int64_t>(vm, "hash");
  options.timeLimitSeconds = ranged<double>(vm, "time-limit");
  options.canonicalNodes = ranged<uint64_t>(vm, "canonical-nodes");
  if (options.canonicalNodes == 0) options.canonicalNodes = std::numeric_limits<uint64_t>::max();
  options.totalNodes = ranged<uint64_t>(vm, "total-nodes");
  if (options.totalNodes == 0) options.totalNodes = std::numeric_limits<uint64_t>::max();
  options.allWinningMoves = vm.count("all-moves") > 0;
  options.fillingLines = report.fillingLines;
  const bool progress = progressWanted(vm["progress"].as<std::string>());
  // Read every file first: an input error should stop the run before any solving.
  std::vector<Board> boards;
  for (const std::string& path : vm["file"].as<std::vector<std::string>>()) {
    ParsedPosition parsed = loadPosition(path, inputFormat);
    if (toMove) parsed.board.setSideToMove(*toMove);
    boards.push_back(parsed.board);
  }
  Solver solver(options);
  int status = 0;
  for (size_t i = 0; i < boards.size(); ++i) {
    const Board& board = boards[i];
    std::ostringstream out;  // each position's report written whole (writeWhole)
    if (vm.count("chambers")) {
      const auto chambers = findChambers(board);
      if (outputFormat == "json") printChambersJson(out, board, chambers);
      else printChamberTable(out, board, chambers);
      writeWhole(out.str());
      continue;
    }
    const std::string which = boards.size() > 1 ? "position " + std::to_string(i + 1) + "/" + std::to_string(boards.size()) + ": " : "";
    std::optional<Analysis> result;
    {
      const auto start = std::chrono::steady_clock::now();
      const uint64_t nodesBefore = solver.nodes();
      const ProgressLine line(progress, [&] {
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const double nodes = static_cast<double>(solver.nodes() - nodesBefore);
        char text[160];
        std::snprintf(text, sizeof text, "%s%.1f s, %s nodes, %s/s: %s", which.c_str(), seconds, shortCount(nodes).c_str(),
                      shortCount(nodes / std::max(seconds, 1e-9)).c_str(), solver.stage().c_str());
        return std::string(text);
      });
      result = solver.analyse(board);
    }
    const Analysis& analysis = *result;
    if (outputFormat == "json") printAnalysisJson(out, board, analysis, report);
    else printAnalysis(out, board, analysis, report);
    writeWhole(out.str());
    if (analysis.blackToMove.verdict == Verdict::Unknown) status = 1;
  }
  return status;
}

const Registrar registrar({"", "exact analysis of position files", &runSolve});
const Registrar solveAlias({"solve", "exact analysis of position files (the default command)", &runSolve});

}  // namespace
}  // namespace amazons::cli
