// The two commands over suite files (positions/README.md), sharing their options and one solver:
//
// amazons-solve suite FILE... [--threads N] [--hash MB] [--time-limit S] [--notation N] [--failures]
//                     [--db FILE [--db-learn]]
//
// Solve every position of the suites and compare with the expected answers. Positions are
// solved in parallel, each on a solver of its own cleared for it (SolverPool): a line's values
// and verdicts are those of a separate run, whatever the order of the lines and the threads.
// Results are printed in input order:
//   position ; to-move ; win|loss|unknown ; value=G ; best=M ; nodes=N ; us=T [; FAIL ... | ; known failure ...]
// then a summary. Checks, for the side to move given on the line:
//   wrong outcome  win/loss differs, or the class (both sides to move) differs, or the solver
//                  could not decide (time limit)
//   wrong value    value= is not the solver's total (equal canonical forms), or moves=K and the
//                  total is not an integer of absolute value K (an unknown total is unsolved)
//   wrong move     the solver's move for a position it rates won does not win (the position
//                  after it is not a loss for the opponent, by a second analysis), or it rates
//                  the position won but gives no move, or a move listed in best= leaves a
//                  position the solver rates as a win for the opponent (the solver says the
//                  listed move loses)
// A line marked '*' (known failure) that fails is counted apart; one that passes is an
// unexpected pass. Exit status 1 when anything is wrong, unsolved or passes unexpectedly.
// Ctrl-C: the positions not yet started are counted as not run, the summary is printed, and the
// exit status is 130 (a second Ctrl-C ends the run at once).
//
// amazons-solve verify FILE... [--threads N] [--hash MB] [--time-limit S] [--notation N] [--db FILE [--db-learn]]
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
#include <tbb/task_arena.h>

#include <boost/program_options.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <utility>

#include "cgt/cgt.h"
#include "solver/amazons/formats.h"
#include "solver/amazons/notation.h"
#include "solver/amazons/solve.h"
#include "solver/amazons/suite.h"
#include "solver/cli/cli.h"
#include "solver/cli/cli_common.h"
#include "solver/core/errors.h"
#include "solver/core/parallel.h"

namespace amazons::cli {
namespace {

namespace po = boost::program_options;

// What suite and verify share: their options and the suite files.
struct Batch {
  po::variables_map vm;
  Notation notation = Notation::CS61B;
  std::vector<std::pair<std::string, SuiteEntry>> entries;  // file, entry; in input order
};

// Parse the shared options, `extra` and FILE..., then load the files. Returns the exit status
// when the command is over already: 0 after --help, 2 after a usage error.
std::optional<int> setUp(const std::string& command, const std::string& about, const po::options_description& extra,
                         const std::vector<std::string>& args, Batch& batch) {
  po::options_description visible("usage: amazons-solve " + command + " FILE... [options]\n" + about + "Options");
  visible.add_options()
      ("help,h", "show this help");
  addRanged<int64_t>(visible, "threads", 0, kThreadsRange, "worker threads (0: all cores)");
  addRanged<int64_t>(visible, "hash", 512, kHashRange, "table memory in MB (split between the threads)");
  addRanged<double>(visible, "time-limit", 0, kSecondsRange, "seconds per position (0: none); over it = unsolved");
  visible.add_options()
      ("notation", po::value<std::string>()->default_value("cs61b"), "move text: cs61b or codingame");
  const po::options_description database = databaseOptions();
  for (const auto& option : database.options()) visible.add(option);
  for (const auto& option : extra.options()) visible.add(option);  // in the same list, no blank line
  po::options_description hidden;
  hidden.add_options()("file", po::value<std::vector<std::string>>());
  po::positional_options_description positional;
  positional.add("file", -1);
  po::variables_map& vm = batch.vm;
  std::string usage;
  if (const auto done = parseOptions(command, args, visible, vm, usage, hidden, positional)) return *done;
  if (!vm.count("file")) return usageError(command, "missing FILE", usage);
  try {
    batch.notation = parseNotationName(vm["notation"].as<std::string>());
  } catch (const InputError& e) {
    return usageError(command, e.what());
  }
  for (const std::string& file : vm["file"].as<std::vector<std::string>>())
    for (SuiteEntry& e : loadSuite(file)) batch.entries.emplace_back(file, std::move(e));
  return std::nullopt;
}

// The batch's thread limit (for as long as it lives) and its solvers: one for each position
// under way, cleared before it, so that each position is analysed as if alone. A shared table
// made a line's values depend on the lines before it (a chamber fit its allowance once another
// line had stored its followers) and made every lookup slower as it grew. Each of the N workers
// gets --hash / N megabytes, so that the tables stay within --hash together; a position is
// worked on by one worker at a time (isolated: a worker waiting inside it takes no other line).
class SolverPool {
 public:
  explicit SolverPool(const po::variables_map& vm)
      : threads_(threadCount(vm)), control_(tbb::global_control::max_allowed_parallelism, threads_) {
    options_.hashMegabytes = std::max<size_t>(1, static_cast<size_t>(ranged<int64_t>(vm, "hash")) / threads_);
    options_.timeLimitSeconds = ranged<double>(vm, "time-limit");
    database_ = openDatabase(vm, options_);
  }

  // `work(solver)` on a solver of its own, cleared; returns the nodes it searched there.
  template <typename Work>
  uint64_t run(Work&& work) {
    std::unique_ptr<Solver> solver;
    {
      std::lock_guard lock(mutex_);
      if (!idle_.empty()) {
        solver = std::move(idle_.back());
        idle_.pop_back();
      }
    }
    if (solver) solver->clear();
    else solver = std::make_unique<Solver>(options_);
    const uint64_t before = solver->nodes();
    tbb::this_task_arena::isolate([&] { work(*solver); });
    const uint64_t nodes = solver->nodes() - before;
    std::lock_guard lock(mutex_);
    idle_.push_back(std::move(solver));
    return nodes;
  }

 private:
  unsigned threads_;
  tbb::global_control control_;
  SolveOptions options_;
  std::unique_ptr<ValueDb> database_;  // before the solvers, which point at it
  std::mutex mutex_;
  std::vector<std::unique_ptr<Solver>> idle_;
};

struct Item {
  const std::string& file;
  const SuiteEntry& entry;
  std::optional<cgt::GameId> expectedValue;
};

struct Outcome {
  std::string line;
  bool notRun = false;  // interrupted before it started
  bool unsolved = false, wrongOutcome = false, wrongValue = false, wrongMove = false;
  bool failed() const { return unsolved || wrongOutcome || wrongValue || wrongMove; }
  uint64_t nodes = 0;     // the analysis of the position
  uint64_t allNodes = 0;  // with the checks of its moves
  double seconds = 0;
};

const char* verdictWord(Verdict v) { return v == Verdict::Win ? "win" : v == Verdict::Loss ? "loss" : "unknown"; }

// An analysis whose canonical total is wanted for a check: the analysis leaves out totals over
// its allowance (they are for reading), a check builds them in full.
Analysis analyseWithTotal(Solver& solver, const Board& board) {
  Analysis a = solver.analyse(board);
  if (!a.total) a.total = canonicalTotal(a, ~uint64_t{0});
  return a;
}

// The opponent's verdict after the mover plays m (a second analysis, on the position's solver).
Verdict afterMove(Solver& solver, const Board& board, const Move& m) {
  Board child = board;
  child.play(m);
  return solver.analyse(child).forSide(child.sideToMove()).verdict;
}

Outcome check(Solver& solver, const Item& item, Notation notation) {
  const SuiteEntry& e = item.entry;
  const Board& board = e.board;
  const Color mover = board.sideToMove();
  const Analysis a = e.value || e.moves ? analyseWithTotal(solver, board) : solver.analyse(board);
  const SideReport& side = a.forSide(mover);
  Outcome out;
  out.nodes = a.nodes;
  out.seconds = a.seconds;
  std::vector<std::string> problems;
  auto where = [&] { return item.file + ":" + std::to_string(e.line); };

  const bool needBoth = e.outcomeClass.has_value();
  if (side.verdict == Verdict::Unknown || (needBoth && a.forSide(opposite(mover)).verdict == Verdict::Unknown)) {
    out.unsolved = true;
    problems.push_back("unsolved (time limit)");
  } else {
    const bool wins = side.verdict == Verdict::Win;
    if (e.moverWins && *e.moverWins != wins) {
      out.wrongOutcome = true;
      problems.push_back(std::string("wrong outcome: expected ") + (*e.moverWins ? "win" : "loss"));
    }
    if (e.outcomeClass) {
      const OutcomeClass got = classOf(a.blackToMove.verdict == Verdict::Win, a.whiteToMove.verdict == Verdict::Win);
      if (got != *e.outcomeClass) {
        out.wrongOutcome = true;
        problems.push_back(std::string("wrong class: expected ") + outcomeClassName(*e.outcomeClass) + ", got " +
                           outcomeClassName(got));
      }
    }
  }
  if (e.value || e.moves) {
    if (!a.total) {
      out.unsolved = true;
      problems.push_back("value unknown");
    } else {
      if (item.expectedValue && *item.expectedValue != *a.total) {
        out.wrongValue = true;
        problems.push_back("wrong value: expected " + *e.value);
      }
      if (e.moves) {
        const auto n = cgt::asNumber(*a.total);
        if (!n || !n->isInteger() || (n->num < 0 ? -n->num : n->num) != *e.moves) {
          out.wrongValue = true;
          problems.push_back("wrong moves: expected a value of +-" + std::to_string(*e.moves));
        }
      }
    }
  }
  if (side.verdict == Verdict::Win) {
    if (!side.bestMove) {
      out.wrongMove = true;
      problems.push_back("rated a win but no winning move given");
    } else if (const Verdict v = afterMove(solver, board, *side.bestMove); v == Verdict::Unknown) {
      out.unsolved = true;
      problems.push_back("its move " + formatMove(board, *side.bestMove, notation) + " unchecked (time limit)");
    } else if (v != Verdict::Loss) {
      out.wrongMove = true;
      problems.push_back("its move " + formatMove(board, *side.bestMove, notation) + " does not win");
    }
  }
  for (const Move& m : e.best) {
    const Verdict v = afterMove(solver, board, m);
    if (v == Verdict::Unknown) {
      out.unsolved = true;
      problems.push_back("best move " + formatMove(board, m, notation) + " unchecked (time limit)");
    } else if (v == Verdict::Win) {
      out.wrongMove = true;
      problems.push_back("rates best move " + formatMove(board, m, notation) + " as losing");
    }
  }

  std::string line = toOneLine(board) + " ; " + sideLetter(mover) + " ; " + verdictWord(side.verdict);
  if (a.total) line += " ; value=" + cgt::toString(*a.total);
  if (side.bestMove && side.verdict == Verdict::Win) line += " ; best=" + formatMove(board, *side.bestMove, notation);
  line += " ; nodes=" + std::to_string(a.nodes) + " ; us=" + std::to_string(static_cast<long long>(a.seconds * 1e6));
  if (!problems.empty()) {
    line += e.knownFailure ? " ; known failure (" : " ; FAIL (";
    for (size_t i = 0; i < problems.size(); ++i) line += (i ? "; " : "") + problems[i];
    line += ") at " + where();
  } else if (e.knownFailure) {
    line += " ; UNEXPECTED PASS at " + where();
  }
  out.line = std::move(line);
  return out;
}

int runSuite(const std::vector<std::string>& args) {
  po::options_description extra;
  extra.add_options()("failures", "print only the lines that fail (and the summary)");
  Batch batch;
  if (const auto status = setUp("suite",
                                "Solve every position of the suite files ('-' = stdin) and check the expected answers\n"
                                "(format: positions/README.md). Exit status 1 when any answer is wrong.\n",
                                extra, args, batch))
    return *status;
  const Notation notation = batch.notation;
  const bool failuresOnly = batch.vm.count("failures") > 0;

  std::vector<Item> items;
  for (const auto& [file, entry] : batch.entries) {
    Item item{file, entry, std::nullopt};
    if (entry.value) {
      try {
        item.expectedValue = parseExpectedValue(*entry.value);
      } catch (const cgt::ParseError& pe) {
        throw InputError(std::string("bad value: ") + pe.what(), entry.line, entry.valueColumn + std::max(pe.column(), 1) - 1,
                         file);
      } catch (const std::exception& ex) {
        throw InputError(std::string("bad value: ") + ex.what(), entry.line, entry.valueColumn, file);
      }
    }
    items.push_back(item);
  }

  SolverPool pool(batch.vm);
  const InterruptFlag interrupt;

  std::vector<Outcome> results(items.size());
  std::vector<char> done(items.size(), 0);
  std::mutex printMutex;
  size_t nextToPrint = 0;
  std::atomic<size_t> finished{0};
  const bool progress = stderrIsTerminal();
  auto lastDraw = std::chrono::steady_clock::now();
  const auto start = std::chrono::steady_clock::now();

  core::forEveryIndexInParallel(0, items.size(), [&](size_t i) {
    Outcome r;
    if (interrupt.raised()) r.notRun = true;
    else r.allNodes = pool.run([&](Solver& solver) { r = check(solver, items[i], notation); });
    const size_t count = ++finished;
    std::lock_guard<std::mutex> lock(printMutex);
    results[i] = std::move(r);
    done[i] = 1;
    std::string text;
    while (nextToPrint < items.size() && done[nextToPrint]) {
      const Outcome& o = results[nextToPrint];
      if (!o.notRun && (!failuresOnly || o.failed() || items[nextToPrint].entry.knownFailure)) text += o.line + "\n";
      ++nextToPrint;
    }
    if (!text.empty()) {
      if (progress) std::cerr << "\r\033[K" << std::flush;
      writeWhole(text);
    }
    const auto now = std::chrono::steady_clock::now();
    if (progress && (now - lastDraw > std::chrono::milliseconds(100) || count == items.size())) {
      lastDraw = now;
      constexpr int kWidth = 40;
      const int filled = static_cast<int>(kWidth * count / items.size());
      std::cerr << "\r[" << std::string(filled, '#') << std::string(kWidth - filled, ' ') << "] " << count << "/"
                << items.size() << std::flush;
    }
  });
  if (progress) std::cerr << "\r\033[K" << std::flush;
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  size_t unsolved = 0, wrongOutcome = 0, wrongValue = 0, wrongMove = 0, knownFailing = 0, unexpectedPass = 0, marked = 0;
  size_t notRun = 0;
  // Every node searched (move checks included), the same whatever the threads.
  uint64_t nodes = 0;
  double seconds = 0, worst = 0;
  size_t worstIndex = 0;
  for (size_t i = 0; i < items.size(); ++i) {
    const Outcome& o = results[i];
    if (o.notRun) {
      ++notRun;
      continue;
    }
    nodes += o.allNodes;
    seconds += o.seconds;
    if (o.seconds >= worst) worst = o.seconds, worstIndex = i;
    if (items[i].entry.knownFailure) {
      ++marked;
      if (o.failed()) ++knownFailing;
      else ++unexpectedPass;
      continue;
    }
    unsolved += o.unsolved;
    wrongOutcome += o.wrongOutcome;
    wrongValue += o.wrongValue;
    wrongMove += o.wrongMove;
  }
  const size_t n = items.size();
  char buf[512];
  std::string s = "\nSummary\n";
  std::snprintf(buf, sizeof buf, "positions        : %zu\n", n), s += buf;
  if (notRun) std::snprintf(buf, sizeof buf, "not run          : %zu (interrupted)\n", notRun), s += buf;
  std::snprintf(buf, sizeof buf, "unsolved         : %zu\n", unsolved), s += buf;
  std::snprintf(buf, sizeof buf, "wrong outcome    : %zu\n", wrongOutcome), s += buf;
  std::snprintf(buf, sizeof buf, "wrong value      : %zu\n", wrongValue), s += buf;
  std::snprintf(buf, sizeof buf, "wrong move       : %zu\n", wrongMove), s += buf;
  std::snprintf(buf, sizeof buf, "known failures   : %zu marked, %zu still failing, %zu unexpected passes\n", marked,
                knownFailing, unexpectedPass), s += buf;
  const size_t run = n - notRun;
  std::snprintf(buf, sizeof buf, "mean time        : %.3f ms\n", run ? 1e3 * seconds / static_cast<double>(run) : 0.0), s += buf;
  if (run)
    std::snprintf(buf, sizeof buf, "worst time       : %.3f ms (%s:%d)\n", 1e3 * worst, items[worstIndex].file.c_str(),
                  items[worstIndex].entry.line), s += buf;
  std::snprintf(buf, sizeof buf, "nodes            : %llu\n", static_cast<unsigned long long>(nodes)), s += buf;
  std::snprintf(buf, sizeof buf, "nodes/s          : %.0f (all nodes / wall time)\n", wall > 0 ? static_cast<double>(nodes) / wall : 0.0), s += buf;
  std::snprintf(buf, sizeof buf, "wall time        : %.3f s\n", wall), s += buf;
  const bool bad = unsolved || wrongOutcome || wrongValue || wrongMove || unexpectedPass;
  s += notRun ? "result           : INTERRUPTED\n" : bad ? "result           : FAIL\n" : "result           : OK\n";
  writeWhole(s);
  return notRun ? 130 : bad ? 1 : 0;
}

// ---- verify

struct ClaimResult {
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

ClaimResult checkClaims(Solver& solver, const std::string& file, const SuiteEntry& e, Notation notation) {
  ClaimResult r;
  const Board& board = e.board;
  const Color mover = board.sideToMove();
  const Analysis a = e.margin ? analyseWithTotal(solver, board) : solver.analyse(board);
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
  Batch batch;
  if (const auto status = setUp("verify",
                                "Check an engine's claims (move=, outcome=, margin= fields; format in positions/README.md):\n"
                                "print each wrong claim with the exact answer, then a summary. Exit status 1 when a claim\n"
                                "is wrong or could not be checked.\n",
                                po::options_description(), args, batch))
    return *status;
  const auto& items = batch.entries;
  SolverPool pool(batch.vm);
  std::vector<ClaimResult> results(items.size());
  core::forEveryIndexInParallel(0, items.size(), [&](size_t i) {
    pool.run([&](Solver& solver) { results[i] = checkClaims(solver, items[i].first, items[i].second, batch.notation); });
  });

  ClaimResult total;
  std::string text;
  for (const ClaimResult& r : results) {
    for (const std::string& l : r.lines) text += l + "\n";
    total.moves += r.moves, total.outcomes += r.outcomes, total.margins += r.margins;
    total.wrongMoves += r.wrongMoves, total.wrongOutcomes += r.wrongOutcomes, total.wrongMargins += r.wrongMargins;
    total.marginsNotApplicable += r.marginsNotApplicable, total.unchecked += r.unchecked;
  }
  const int claims = total.moves + total.outcomes + total.margins;
  const int wrong = total.wrongMoves + total.wrongOutcomes + total.wrongMargins;
  std::ostringstream summary;
  summary << "\nSummary\n"
            << "positions        : " << items.size() << "\n"
            << "claims           : " << claims << " (" << total.moves << " moves, " << total.outcomes << " outcomes, "
            << total.margins << " margins)\n"
            << "wrong moves      : " << total.wrongMoves << "\n"
            << "wrong outcomes   : " << total.wrongOutcomes << "\n"
            << "wrong margins    : " << total.wrongMargins << "\n"
            << "margins n/a      : " << total.marginsNotApplicable << " (value not a number)\n"
            << "unchecked        : " << total.unchecked << "\n"
            << "result           : " << (wrong || total.unchecked ? "FAIL" : "OK") << "\n";
  writeWhole(text + summary.str());
  return wrong || total.unchecked ? 1 : 0;
}

Registrar suiteCommand({"suite", "solve suite files and check their expected answers", &runSuite});
Registrar verifyCommand({"verify", "check an engine's claimed moves, outcomes and margins", &runVerify});

}  // namespace
}  // namespace amazons::cli
