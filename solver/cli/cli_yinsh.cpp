// Yinsh on the command line (`--game yinsh`, see main.cpp): the exact solver and perft.
#include <boost/program_options.hpp>

#include <chrono>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>

#include "solver/cli/cli.h"
#include "solver/cli/cli_common.h"
#include "solver/core/errors.h"
#include "solver/core/input.h"
#include "solver/core/text.h"
#include "solver/yinsh/formats.h"
#include "solver/yinsh/notation.h"
#include "solver/yinsh/solver.h"

namespace amazons::cli {
namespace {

namespace po = boost::program_options;
using yinsh::Color;
using namespace yinsh;

// The position in FILE, with --to-move over the file's side when given.
Position readYinsh(const std::string& path, const Rules& rules, const po::variables_map& vm) {
  const core::InputText input = core::readInput(path);
  Position p;
  try {
    p = parsePosition(input.text, rules).position;
  } catch (const InputError& e) {
    throw e.withFile(input.name);
  }
  if (vm.count("to-move")) {
    const auto side = colorWord(vm["to-move"].as<std::string>());
    if (!side) throw InputError("--to-move must be black or white, not '" + vm["to-move"].as<std::string>() + "'");
    if (*side != p.toMove) {
      p.toMove = *side;
      p.placement = placementPhase(p);
      if (const auto why = unreachable(p, rules)) throw InputError(*why + " (with --to-move " + colorName(*side) + ")", 0, 0, input.name);
    }
  }
  return p;
}

void addRuleOptions(po::options_description& visible) {
  visible.add_options()("blitz", "the blitz variant: the first ring removed wins")(
      "to-move", po::value<std::string>(), "the side to move: white or black (default: the file's)");
}
Rules rulesOf(const po::variables_map& vm) { return Rules{vm.count("blitz") ? 1 : 3}; }

std::string describe(const Position& p) {
  std::ostringstream out;
  out << formatLines(p) << "to move: " << colorName(p.toMove) << (p.placement ? " (placing rings)" : "")
      << "; markers " << p.markerCount() << ", pool " << kMarkers - p.markerCount() << "; rings removed: white "
      << p.removed(Color::White) << ", black " << p.removed(Color::Black) << "\n";
  return out.str();
}

std::string solutionText(const Position& p, const Solution& s) {
  std::ostringstream out;
  out << describe(p);
  if (!s.result) {
    out << "result: unknown (limit reached)\n";
  } else {
    out << "result: " << resultName(*s.result) << " for " << colorName(p.toMove);
    if (s.plies) out << " in " << *s.plies << (*s.plies == 1 ? " ply" : " plies");
    out << "\n";
    if (s.move) out << "move: " << formatTurn(*s.move) << "\n";
  }
  out << "nodes: " << s.nodes << ", " << std::fixed;
  out.precision(3);
  out << s.seconds << " s\n";
  return out.str();
}

std::string solutionJson(const Position& p, const Solution& s) {
  std::ostringstream out;
  out << "{\"game\":\"yinsh\",\"position\":" << jsonString(formatOneLine(p)) << ",\"to_move\":\"" << colorName(p.toMove)
      << "\",\"result\":\"" << (s.result ? resultName(*s.result) : "unknown") << "\",\"move\":"
      << (s.move ? jsonString(formatTurn(*s.move)) : "null") << ",\"plies\":" << (s.plies ? std::to_string(*s.plies) : "null")
      << ",\"nodes\":" << s.nodes << ",\"seconds\":" << s.seconds << "}\n";
  return out.str();
}

int runSolve(const std::vector<std::string>& args) {
  po::options_description visible(
      "amazons-solve --game yinsh [FILE...] [options]: win, draw or loss of Yinsh positions for the side to move, the plies to the end "
      "and an optimal action (FILE '-' is stdin)");
  visible.add_options()("help,h", "show this help")("format", po::value<std::string>()->default_value("text"), "output: text or json")(
      "progress", po::value<std::string>()->default_value("auto"), "a status line on stderr: auto (when stderr is a terminal), on, off");
  addRuleOptions(visible);
  addRanged<int64_t>(visible, "threads", 0, kThreadsRange, "threads searching each position (0: all cores)");
  addRanged<int64_t>(visible, "hash", 512, kHashRange, "table memory in MB (a full table replaces entries: slower, never wrong)");
  addRanged<double>(visible, "time-limit", 0, kSecondsRange, "seconds per position; 0 = none (then 'unknown', never a guess)");
  addRanged<uint64_t>(visible, "node-limit", 0, kNodesRange, kNodeLimitAbout);
  po::variables_map vm;
  std::string usage;
  if (const auto done = parseOptionsWithFiles("", args, visible, vm, usage, FileArgs::Many, "no file given")) return *done;
  const std::string format = vm["format"].as<std::string>();
  if (format != "text" && format != "json") throw InputError("--format must be text or json, not '" + format + "'");
  const Rules rules = rulesOf(vm);
  std::vector<Position> positions;  // all read before any solving
  for (const std::string& path : vm["file"].as<std::vector<std::string>>()) positions.push_back(readYinsh(path, rules, vm));
  const bool progress = progressWanted(vm["progress"].as<std::string>());
  int status = 0;
  for (size_t i = 0; i < positions.size(); ++i) {
    SolveOptions options;
    options.rules = rules;
    options.deadline = Deadline::after(ranged<double>(vm, "time-limit"));
    options.nodeLimit = ranged<uint64_t>(vm, "node-limit");
    options.hashBytes = static_cast<size_t>(ranged<int64_t>(vm, "hash")) << 20;
    options.threads = threadCount(vm);
    Solver solver(options);
    Solution s;
    {
      const std::string which = positions.size() > 1 ? "position " + std::to_string(i + 1) + "/" + std::to_string(positions.size()) + ": " : "";
      const auto start = std::chrono::steady_clock::now();
      const ProgressLine line(progress, [&] { return analysisProgress(which, start, static_cast<double>(solver.nodes())); });
      s = solver.solve(positions[i]);
    }
    writeWhole(format == "json" ? solutionJson(positions[i], s) : solutionText(positions[i], s));
    if (!s.result) status = 1;
  }
  return status;
}

int runPerft(const std::vector<std::string>& args) {
  po::options_description visible(
      "usage: amazons-solve perft --game yinsh FILE DEPTH [options]\n"
      "Count the sequences of DEPTH full turns (one CodinGame action string each) from the Yinsh position in FILE ('-' = stdin).\n"
      "Options");
  visible.add_options()("help,h", "show this help")("divide", "print the count below each legal action first");
  addRuleOptions(visible);
  po::variables_map vm;
  int depth = 0;
  if (const auto done = parsePerftArgs(args, visible, vm, depth)) return *done;
  const Rules rules = rulesOf(vm);
  const Position pos = readYinsh(vm["file"].as<std::string>(), rules, vm);
  const auto start = std::chrono::steady_clock::now();
  uint64_t total = 0;
  std::string out;
  if (vm.count("divide") && depth > 0) {
    std::vector<std::pair<std::string, uint64_t>> lines;
    for (const TurnAndPosition& t : legalTurns(pos, rules)) lines.emplace_back(formatTurn(t.turn), perft(t.after, rules, depth - 1));
    std::sort(lines.begin(), lines.end());
    for (const auto& [action, count] : lines) {
      out += action + ": " + std::to_string(count) + "\n";
      total += count;
    }
    out += "\n";
  } else {
    total = perft(pos, rules, depth);
  }
  printPerft(out, total, depth, start);
  return 0;
}

const Registrar solveCommand({"yinsh:", "exact Yinsh endgames: win, draw or loss", &runSolve});
const Registrar solveAlias({"yinsh:solve", "exact Yinsh endgames: win, draw or loss", &runSolve});
const Registrar perftCommand({"yinsh:perft", "count Yinsh full turns to a depth", &runPerft});

}  // namespace
}  // namespace amazons::cli
