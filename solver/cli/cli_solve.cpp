// The default command: exact analysis of position files.
#include <tbb/global_control.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <thread>

#include "solver/amazons/board_svg.h"
#include "solver/amazons/engine.h"
#include "solver/amazons/formats.h"
#include "solver/amazons/report.h"
#include "solver/amazons/engine.h"
#include "solver/cli/cli.h"
#include "solver/cli/cli_common.h"
#include "solver/cli/cli_jobs.h"
#include "solver/core/errors.h"
#include "solver/core/report.h"
#include "solver/core/svg.h"
#include "solver/core/thermograph_svg.h"

namespace amazons::cli {
namespace {

namespace po = boost::program_options;

// An option of exactly two values (--thermograph-chamber A FILE.svg); program_options' own
// multitoken values would take the position files after them too.
struct TwoValues : po::typed_value<std::vector<std::string>> {
  TwoValues() : po::typed_value<std::vector<std::string>>(nullptr) {}
  unsigned min_tokens() const override { return 2; }
  unsigned max_tokens() const override { return 2; }
};

// The picture of position i of n: FILE itself for one position, else FILE-i.svg.
std::string picturePath(const std::string& path, size_t i, size_t n) {
  if (n == 1) return path;
  const size_t dot = path.rfind('.');
  const bool hasExtension = dot != std::string::npos && path.find('/', dot) == std::string::npos;
  return (hasExtension ? path.substr(0, dot) : path) + "-" + std::to_string(i + 1) + (hasExtension ? path.substr(dot) : "");
}

int runSolve(const std::vector<std::string>& args) {
  po::options_description visible("amazons-solve [FILE...] [options]: exact analysis (FILE '-' is stdin)");
  visible.add_options()
      ("help,h", "show this help")
      ("input-format", po::value<std::string>()->default_value("auto"), "auto, grid, codingame, dump, oneline, fen")
      ("notation", po::value<std::string>()->default_value("cs61b"), "moves as cs61b (d10-c9(h4)), codingame (d8d1d7) or uci (d10c9,c9h4)")
      ("chambers", "only split into chambers and list them")
      ("line", "an optimal filling sequence for each territory");
  const AmazonsOptions defaults;
  addAnalysisOptions(visible, "chamber", defaults.analysis);
  addRanged<int64_t>(visible, "proof-empty", defaults.analysis.proofSize, kSquaresRange,
                     "decide positions with this many empty squares or more in raw chambers by proof-number search (0: never)");
  visible.add_options()
      ("svg", po::value<std::string>(), "also draw the analysis as an SVG picture in FILE ('-': stdout; several positions: FILE-1.svg, ...)")
      ("thermograph-chamber", new TwoValues, "A FILE.svg: also draw the thermograph of chamber A's value");
  visible.add(databaseOptions());
  visible.add(jobTreeOptions());
  po::variables_map vm;
  std::string usage;
  if (const auto done = parseOptionsWithFiles("", args, visible, vm, usage, FileArgs::Many)) return *done;
  const AnalysisChoices choices = readAnalysisOptions(vm, defaults.analysis);
  if (jobTreeWanted(vm)) {
    std::optional<std::pair<GameRegion, cgt::Side>> start;
    if (vm.count("file")) {
      const std::vector<std::string>& files = vm["file"].as<std::vector<std::string>>();
      if (files.size() > 1) throw InputError("the job search (--job-tree, or mpirun with two ranks or more) is of one position: give one position file");
      Board board = loadPosition(files[0], parseFormatName(vm["input-format"].as<std::string>())).board;
      if (choices.toMove) board.setSideToMove(Amazons::colorOf(*choices.toMove));
      start.emplace(GameRegion(board), Amazons::sideOf(board.sideToMove()));
    } else if (!vm.count("resume")) {
      throw InputError("no position file given (see --help)");
    }
    return solveByJobs<Amazons>(vm, choices, start);
  }
  if (!vm.count("file")) throw InputError("no position file given (see --help)");
  const Format inputFormat = parseFormatName(vm["input-format"].as<std::string>());
  const Notation notation = parseNotationName(vm["notation"].as<std::string>());
  const Amazons::MoveFormat format = notationFormat(notation);
  tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism, choices.analysis.threads);

  AmazonsOptions options;
  options.analysis = choices.analysis;
  options.analysis.proofSize = static_cast<int>(ranged<int64_t>(vm, "proof-empty"));
  options.fillingLines = vm.count("line") > 0;
  const bool progress = choices.progress;
  const std::vector<std::string> thermograph =
      vm.count("thermograph-chamber") ? vm["thermograph-chamber"].as<std::vector<std::string>>() : std::vector<std::string>{};
  if (!thermograph.empty() && thermograph[0].size() != 1)
    throw InputError("--thermograph-chamber takes a chamber letter and a file, not '" + thermograph[0] + "'");
  if ((vm.count("svg") || !thermograph.empty()) && vm.count("chambers"))
    throw InputError("--svg and --thermograph-chamber draw the analysis: leave out --chambers");
  // Read every file first: an input error should stop the run before any solving.
  std::vector<Board> boards;
  for (const std::string& path : vm["file"].as<std::vector<std::string>>()) {
    ParsedPosition parsed = loadPosition(path, inputFormat);
    if (choices.toMove) parsed.board.setSideToMove(Amazons::colorOf(*choices.toMove));
    boards.push_back(parsed.board);
  }
  // A picture on stdout ("-") takes the place of the report there.
  const int picturesOnStdout = (vm.count("svg") && vm["svg"].as<std::string>() == "-") + (!thermograph.empty() && thermograph[1] == "-");
  if (picturesOnStdout > 1 || (picturesOnStdout && boards.size() > 1))
    throw InputError("a picture on stdout ('-') is for one picture of one position");
  const std::unique_ptr<ValueDb> database = openDatabase(vm, options);
  AmazonsEngine engine(options, notation);
  int status = 0;
  for (size_t i = 0; i < boards.size(); ++i) {
    const Board& board = boards[i];
    std::ostringstream out;  // each position's report written whole (writeWhole)
    if (vm.count("chambers")) {
      const auto chambers = findChambers(board);
      if (choices.json) printChambersJson(out, board, chambers);
      else printChamberTable(out, board, chambers);
      writeWhole(out.str());
      continue;
    }
    const std::string which = boards.size() > 1 ? "position " + std::to_string(i + 1) + "/" + std::to_string(boards.size()) + ": " : "";
    const cgt::Side side = Amazons::sideOf(board.sideToMove());
    std::optional<core::Analysis<Amazons>> result;
    {
      const auto start = std::chrono::steady_clock::now();
      const uint64_t nodesBefore = engine.nodes();
      const ProgressLine line(progress, [&] {
        return analysisProgress(which, start, static_cast<double>(engine.nodes() - nodesBefore), engine.stage());
      });
      result = engine.analyse(GameRegion(board), side);
    }
    const core::Analysis<Amazons>& analysis = *result;
    if (!picturesOnStdout) {
      if (choices.json) core::printAnalysisJson<Amazons>(out, GameRegion(board), side, analysis, format);
      else core::printAnalysis<Amazons>(out, GameRegion(board), side, analysis, format);
      writeWhole(out.str());
    }
    if (vm.count("svg"))
      svg::write(picturePath(vm["svg"].as<std::string>(), i, boards.size()), boardSvg(board, analysis, format));
    if (!thermograph.empty()) {
      size_t c = 0;
      while (c < analysis.regions.size() && regionLabel(c) != thermograph[0][0]) ++c;
      if (c == analysis.regions.size()) throw InputError("--thermograph-chamber: the position has no chamber " + thermograph[0]);
      if (const std::optional<cgt::GameId> value = analysis.regions[c].value)
        svg::write(picturePath(thermograph[1], i, boards.size()),
                   thermographSvg(*value, "chamber " + thermograph[0] + " = " + cgt::toString(*value)));
      else {
        std::cerr << "amazons-solve: chamber " << thermograph[0] << "'s value is unknown: no thermograph\n";
        status = 1;
      }
    }
    if (analysis.left.verdict == core::Verdict::Unknown) status = 1;
  }
  return status;
}

const Registrar registrar({"", "exact analysis of position files", &runSolve});
const Registrar solveAlias({"solve", "exact analysis of position files (the default command)", &runSolve});

}  // namespace
}  // namespace amazons::cli
