// Clobber on the command line (`--game clobber`, see main.cpp): the analysis, perft, suite and
// bench.
#include <boost/program_options.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>

#include "cgt/cgt.h"
#include "solver/amazons/formats.h"
#include "solver/amazons/suite.h"
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
  core::Analyser<Clobber> analyser(analysisOptions(vm));
  int status = 0;
  for (size_t i = 0; i < positions.size(); ++i) {
    const auto& [board, toMove] = positions[i];
    std::optional<core::Analysis<Clobber>> result;
    {
      const std::string which = positions.size() > 1 ? "position " + std::to_string(i + 1) + "/" + std::to_string(positions.size()) + ": " : "";
      const auto start = std::chrono::steady_clock::now();
      const uint64_t nodesBefore = analyser.nodes();
      const ProgressLine line(progress, [&] {
        return analysisProgress(which, start, static_cast<double>(analyser.nodes() - nodesBefore));
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

bool allValuesKnown(const core::Analysis<Clobber>& a) {
  return std::all_of(a.regions.begin(), a.regions.end(), [](const auto& r) { return r.value.has_value(); });
}

// Suite lines (positions/README.md) that say game=clobber: the position in the one-line form,
// the side to move, win|loss, the class, value=; best= is for Amazons moves only.
int runSuite(const std::vector<std::string>& args) {
  po::options_description visible(
      "usage: amazons-solve suite --game clobber FILE... [options]\n"
      "Solve every position of the Clobber suite files ('-' = stdin; every line game=clobber) and check the\n"
      "expected answers. Exit status 1 when any answer is wrong or unsolved.\nOptions");
  visible.add_options()("help,h", "show this help")("failures", "print only the lines that fail (and the summary)");
  po::variables_map vm;
  if (const auto done = parseWithFiles("suite", args, visible, vm)) return *done;
  struct Item {
    std::string file;
    SuiteEntry entry;
    clobber::Region board;
    std::optional<cgt::GameId> value;
  };
  std::vector<Item> items;
  for (const std::string& path : vm["file"].as<std::vector<std::string>>()) {
    const core::InputText input = core::readInput(path);
    for (SuiteEntry& e : parseSuite(input.text, input.name, Clobber::kName)) {
      if (!e.best.empty() || e.moves) throw InputError("best= and moves= are for Amazons lines", e.line, 1, input.name);
      Item item{input.name, e, {}, std::nullopt};
      try {
        item.board = Clobber::parsePosition(toOneLine(e.board), input.name).board;
        if (e.value) item.value = parseExpectedValue(*e.value);
      } catch (const InputError& err) {
        throw InputError(err.what(), e.line, err.column(), input.name);
      } catch (const std::exception& err) {
        throw InputError(std::string("bad value: ") + err.what(), e.line, e.valueColumn, input.name);
      }
      items.push_back(std::move(item));
    }
  }
  core::Analyser<Clobber> analyser(analysisOptions(vm));
  cgt::SumSearch sums(size_t{1} << 20);
  size_t wrong = 0, unsolved = 0;
  uint64_t nodes = 0;
  double seconds = 0, worst = 0;
  for (const Item& item : items) {
    const SuiteEntry& e = item.entry;
    const cgt::Side mover = e.board.sideToMove() == Color::Black ? cgt::Side::Left : cgt::Side::Right;
    const core::Analysis<Clobber> a = analyser.analyse(item.board, mover);
    nodes += a.nodes;
    seconds += a.seconds;
    worst = std::max(worst, a.seconds);
    const core::SideReport<Clobber>& side = a.forSide(mover);
    std::vector<std::string> problems;
    if (a.limitReached) {
      problems.push_back("unsolved (limit reached)");
    } else {
      if (e.moverWins && *e.moverWins != (side.verdict == core::Verdict::Win)) problems.push_back("wrong outcome");
      const bool l = a.left.verdict == core::Verdict::Win, r = a.right.verdict == core::Verdict::Win;
      if (e.outcomeClass && *e.outcomeClass != classOf(l, r)) problems.push_back(std::string("wrong class: ") + outcomeClassName(classOf(l, r)));
      if (item.value && !allValuesKnown(a)) {
        problems.push_back("value unknown (a form over --canonical-nodes)");
      } else if (item.value) {  // total - value = 0: both sides lose moving first
        cgt::PartSum difference;
        for (const auto& region : a.regions) difference.add(*region.value);
        difference.add(cgt::negate(*item.value));
        if (sums.moverWins(difference, cgt::Side::Left) || sums.moverWins(difference, cgt::Side::Right))
          problems.push_back("wrong value: expected " + *e.value);
      }
      if (side.winningMove) {
        const core::Analysis<Clobber> after = analyser.analyse(Clobber::play(item.board, *side.winningMove), core::opposite(mover));
        if (after.forSide(core::opposite(mover)).verdict != core::Verdict::Loss)
          problems.push_back("its move " + Clobber::formatMove(item.board, *side.winningMove) + " does not win");
      }
    }
    const bool solved = !a.limitReached && (!item.value || allValuesKnown(a));
    if (!solved) ++unsolved;
    else if (!problems.empty()) ++wrong;
    if (vm.count("failures") && problems.empty()) continue;
    std::string line = Clobber::printPosition(item.board) + " ; " + (mover == cgt::Side::Left ? "b" : "w") + " ; " +
                       (side.verdict == core::Verdict::Unknown ? "unknown" : side.verdict == core::Verdict::Win ? "win" : "loss");
    if (!a.limitReached) line += " ; value=" + core::totalText(a);
    if (side.winningMove) line += " ; best=" + Clobber::formatMove(item.board, *side.winningMove);
    line += " ; nodes=" + std::to_string(a.nodes) + " ; us=" + std::to_string(static_cast<long long>(a.seconds * 1e6));
    if (!problems.empty()) {
      line += " ; FAIL (";
      for (size_t i = 0; i < problems.size(); ++i) line += (i ? "; " : "") + problems[i];
      line += ") at " + item.file + ":" + std::to_string(e.line);
    }
    std::cout << line << "\n";
  }
  char summary[256];
  std::snprintf(summary, sizeof summary,
                "\n%zu positions: %zu wrong, %zu unsolved; mean %.3f ms, worst %.3f ms; %llu nodes, %.3g nodes/s\n", items.size(),
                wrong, unsolved, items.empty() ? 0.0 : 1e3 * seconds / static_cast<double>(items.size()), 1e3 * worst,
                static_cast<unsigned long long>(nodes), seconds > 0 ? static_cast<double>(nodes) / seconds : 0.0);
  std::cout << summary;
  return wrong || unsolved ? 1 : 0;
}

// Random boards of bench-clobber's 6x6 and grouped 8x8 sets (seeds 606 and 808), the 4x4
// checkerboard and a 6x2 strip: 0.5 s in all on one thread.
constexpr const char* kBenchPositions[] = {
    "xoxo.o|.oo.xx|xooxox|.xxxox|.o..oo|x.....", "x..o..|.oooxo|xxx..o|xx.x.x|.oooxo|oo..x.",
    "o.o.x.|xooox.|.oxoo.|oxo.ox|..oxox|.xox..", "xoo..o|...oox|.oxxxx|o.xox.|o.xoo.|ooxxo.",
    "oooxoo|oooox.|xox.xx|.o.x.x|x..x.x|..o.xx", "oo...o|x.xx.x|.....o|xo.oxx|.xo.ox|x.oxxo",
    ".x.o..|xoxxox|o.o.oo|xo.xo.|xxxxxx|xx.xx.", ".x.xo...|x.o..x.x|x.xxoxxx|...o.oxo|o....oo.|o...oxx.|.......o|.xxo.ox.",
    "xoxo|oxox|xoxo|oxox",                       "xoxoxo|oxoxox",
};

// amazons-solve bench --game clobber [--hash MB]: the Clobber search's node-count signature
// (bench/signature-clobber.txt, checked by tests/bench_signature_test), as `bench` is Amazons'.
int runBench(const std::vector<std::string>& args) {
  po::options_description visible(
      "usage: amazons-solve bench --game clobber [options]\n"
      "Analyse a fixed list of Clobber boards on one thread; the total node count (Nodes searched) is\n"
      "the search's signature, recorded in bench/signature-clobber.txt.\n"
      "Options");
  visible.add_options()("help,h", "show this help");
  addRanged<int64_t>(visible, "hash", 128, kHashRange, "table memory in MB (the signature is for 128)");
  po::variables_map vm;
  std::string usage;
  if (const auto done = parseOptions("bench", args, visible, vm, usage)) return *done;
  core::AnalysisOptions options;
  options.hashMegabytes = static_cast<size_t>(ranged<int64_t>(vm, "hash"));
  core::Analyser<Clobber> analyser(options);
  const auto start = std::chrono::steady_clock::now();
  uint64_t total = 0;
  int index = 0;
  for (const char* text : kBenchPositions) {
    const clobber::Region board = Clobber::parsePosition(text, "bench").board;
    const core::Analysis<Clobber> a = analyser.analyse(board);
    total += a.nodes;
    const bool l = a.left.verdict == core::Verdict::Win, r = a.right.verdict == core::Verdict::Win;
    std::string value = core::totalText(a);  // some totals run to a thousand characters
    if (value.size() > 40) {
      char shortened[48];
      std::snprintf(shortened, sizeof shortened, "(%zu characters)", value.size());
      value = shortened;
    }
    printBenchLine(++index, text, outcomeClassName(classOf(l, r)), value, a.nodes, a.seconds);
  }
  printBenchSummary(total, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  return 0;
}

const Registrar solveCommand({"clobber:", "exact analysis of Clobber positions", &runSolve});
const Registrar solveAlias({"clobber:solve", "exact analysis of Clobber positions", &runSolve});
const Registrar perftCommand({"clobber:perft", "count Clobber move sequences to a depth", &runPerft});
const Registrar suiteCommand({"clobber:suite", "check a Clobber suite", &runSuite});
const Registrar benchCommand({"clobber:bench", "analyse a fixed list of Clobber boards on one thread; print the node-count signature", &runBench});

}  // namespace
}  // namespace amazons::cli
