// amazons-solve verify FILE... [--threads N] [--hash MB] [--time-limit S] [--notation N] [--all]
//
// Check an engine's claims: each line is `position ; to-move ; move=M ; outcome=win|loss ;
// margin=N` (any of the three; format in positions/README.md). A claim is wrong when
//   move=     the move loses although the position is won (some move wins): the position after
//             it is a win for the opponent; in a lost position every move is accepted
//   outcome=  the side to move's exact result differs
//   margin=   the total value is a number and, from the mover's point of view (Black: the value,
//             White: its negative), differs from N; when the total is not a number the margin is
//             not applicable and only counted
// One line per wrong claim (with the exact answer beside it), then a summary. Exit 1 when a
// claim is wrong or could not be checked (time limit).
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include <boost/program_options.hpp>

#include <iostream>
#include <sstream>

#include "cgt/cgt.h"
#include "solver/cli.h"
#include "solver/cli_common.h"
#include "solver/errors.h"
#include "solver/formats.h"
#include "solver/notation.h"
#include "solver/solve.h"
#include "solver/suite.h"

namespace amazons::cli {
namespace {

namespace po = boost::program_options;

struct Result {
  std::vector<std::string> lines;  // one per wrong (or unchecked) claim
  int moves = 0, outcomes = 0, margins = 0;
  int wrongMoves = 0, wrongOutcomes = 0, wrongMargins = 0, marginsNotApplicable = 0, unchecked = 0;
};

std::string exactText(const Board& board, const SideReport& side, Notation notation) {
  if (side.verdict == Verdict::Unknown) return "unknown";
  std::string t = side.verdict == Verdict::Win ? "win" : "loss";
  if (side.verdict == Verdict::Win && side.bestMove) t += " by " + formatMove(board, *side.bestMove, notation);
  if (side.verdict == Verdict::Loss && !side.hasMove) t += " (no move)";
  return t;
}

Result check(Solver& solver, const std::string& file, const SuiteEntry& e, Notation notation) {
  Result r;
  const Board& board = e.board;
  const Color mover = board.sideToMove();
  const Analysis a = solver.analyse(board);
  const SideReport& side = a.forSide(mover);
  const std::string head = file + ":" + std::to_string(e.line) + ": " + toOneLine(board) + " ; " + sideLetter(mover) + " ; ";
  const std::string exact = exactText(board, side, notation);

  if (e.move) {
    ++r.moves;
    const std::string moveText = formatMove(board, *e.move, notation);
    if (side.verdict == Verdict::Unknown) {
      ++r.unchecked;
      r.lines.push_back(head + "move=" + moveText + " unchecked: position unsolved");
    } else if (side.verdict == Verdict::Win) {
      Board child = board;
      child.play(*e.move);
      const Verdict reply = solver.analyse(child).forSide(child.sideToMove()).verdict;
      if (reply == Verdict::Unknown) {
        ++r.unchecked;
        r.lines.push_back(head + "move=" + moveText + " unchecked: position after it unsolved");
      } else if (reply == Verdict::Win) {
        ++r.wrongMoves;
        r.lines.push_back(head + "move=" + moveText + " loses; exact: " + exact);
      }
    }
  }
  if (e.claimedWin) {
    ++r.outcomes;
    const std::string claim = *e.claimedWin ? "win" : "loss";
    if (side.verdict == Verdict::Unknown) {
      ++r.unchecked;
      r.lines.push_back(head + "outcome=" + claim + " unchecked: position unsolved");
    } else if ((side.verdict == Verdict::Win) != *e.claimedWin) {
      ++r.wrongOutcomes;
      r.lines.push_back(head + "outcome=" + claim + " wrong; exact: " + exact);
    }
  }
  if (e.margin) {
    ++r.margins;
    const std::string claim = "margin=" + std::to_string(*e.margin);
    if (!a.total) {
      ++r.unchecked;
      r.lines.push_back(head + claim + " unchecked: value unknown");
    } else if (const auto n = cgt::asNumber(*a.total); !n) {
      ++r.marginsNotApplicable;
    } else {
      const cgt::Dyadic forMover = mover == Color::Black ? *n : -*n;
      if (!(forMover == cgt::Dyadic::integer(*e.margin))) {
        ++r.wrongMargins;
        r.lines.push_back(head + claim + " wrong; exact: margin=" + cgt::toString(forMover) + " (value " +
                          cgt::toString(*a.total) + ")");
      }
    }
  }
  return r;
}

int runVerify(const std::vector<std::string>& args) {
  po::options_description visible(
      "usage: amazons-solve verify FILE... [options]\n"
      "Check an engine's claims (move=, outcome=, margin= fields; format in positions/README.md):\n"
      "print each wrong claim with the exact answer, then a summary. Exit status 1 when a claim\n"
      "is wrong or could not be checked.\n"
      "Options");
  visible.add_options()
      ("help,h", "show this help")
      ("threads", po::value<int>()->default_value(0), "worker threads (0: all cores)")
      ("hash", po::value<size_t>()->default_value(512), "table memory in MB")
      ("time-limit", po::value<double>()->default_value(0), "seconds per position (0: none)")
      ("notation", po::value<std::string>()->default_value("cs61b"), "move text: cs61b or codingame");
  po::options_description hidden;
  hidden.add_options()("file", po::value<std::vector<std::string>>());
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description positional;
  positional.add("file", -1);
  std::ostringstream usage;
  usage << visible;
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    return usageError("verify", e.what(), usage.str());
  }
  if (vm.count("help")) {
    std::cout << usage.str();
    return 0;
  }
  if (!vm.count("file")) return usageError("verify", "missing FILE", usage.str());
  Notation notation;
  try {
    notation = parseNotationName(vm["notation"].as<std::string>());
  } catch (const InputError& e) {
    return usageError("verify", e.what());
  }
  const int threads = vm["threads"].as<int>();
  if (threads < 0) return usageError("verify", "--threads must not be negative");
  const double timeLimit = vm["time-limit"].as<double>();
  if (timeLimit < 0) return usageError("verify", "--time-limit must not be negative");

  std::vector<std::pair<std::string, SuiteEntry>> items;
  for (const std::string& file : vm["file"].as<std::vector<std::string>>())
    for (SuiteEntry& e : loadSuite(file)) items.emplace_back(file, std::move(e));

  std::optional<tbb::global_control> control;
  if (threads > 0) control.emplace(tbb::global_control::max_allowed_parallelism, threads);
  SolveOptions options;
  options.hashMegabytes = vm["hash"].as<size_t>();
  options.timeLimitSeconds = timeLimit;
  Solver solver(options);
  std::vector<Result> results(items.size());
  tbb::parallel_for(size_t{0}, items.size(),
                    [&](size_t i) { results[i] = check(solver, items[i].first, items[i].second, notation); },
                    tbb::simple_partitioner());

  Result total;
  for (const Result& r : results) {
    for (const std::string& l : r.lines) std::cout << l << "\n";
    total.moves += r.moves, total.outcomes += r.outcomes, total.margins += r.margins;
    total.wrongMoves += r.wrongMoves, total.wrongOutcomes += r.wrongOutcomes, total.wrongMargins += r.wrongMargins;
    total.marginsNotApplicable += r.marginsNotApplicable, total.unchecked += r.unchecked;
  }
  const int claims = total.moves + total.outcomes + total.margins;
  const int wrong = total.wrongMoves + total.wrongOutcomes + total.wrongMargins;
  std::cout << "\nSummary\n"
            << "positions        : " << items.size() << "\n"
            << "claims           : " << claims << " (" << total.moves << " moves, " << total.outcomes << " outcomes, "
            << total.margins << " margins)\n"
            << "wrong moves      : " << total.wrongMoves << "\n"
            << "wrong outcomes   : " << total.wrongOutcomes << "\n"
            << "wrong margins    : " << total.wrongMargins << "\n"
            << "margins n/a      : " << total.marginsNotApplicable << " (value not a number)\n"
            << "unchecked        : " << total.unchecked << "\n"
            << "result           : " << (wrong || total.unchecked ? "FAIL" : "OK") << "\n"
            << std::flush;
  return wrong || total.unchecked ? 1 : 0;
}

Registrar reg({"verify", "check an engine's claimed moves, outcomes and margins", &runVerify});

}  // namespace
}  // namespace amazons::cli
