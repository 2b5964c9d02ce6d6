// The two commands over suite files (positions/README.md) of any game, each line analysed by
// its game's engine (game=; Amazons by default), sharing their options:
//
// amazons-solve suite FILE... [--threads N] [--hash MB] [--time-limit S] [--node-limit N] [--notation N] [--failures]
//                     [--canonical-nodes N] [--db FILE [--db-learn]]
//
// Solve every position of the suites and compare with the expected answers. Positions are
// solved in parallel, each on an engine of its own cleared for it (EnginePool; a Yinsh line on a
// yinsh::Solver made for it): a line's values and verdicts are those of a separate run, whatever
// the order of the lines and the threads. Results are printed in input order:
//   position ; to-move ; win|loss|unknown ; value=G ; best=M ; nodes=N ; us=T [; FAIL ... | ; known failure ...]
//   (Yinsh: position ; to-move ; win|draw|loss|unknown ; plies=N ; best=ACTION ; nodes=N ; us=T ...)
// then a summary; the checks are core::checkCase's (solver/core/suite_check.h), Yinsh's
// yinsh::checkCase's (solver/yinsh/suite.h).
// A line marked '*' (known failure) that fails is counted apart; one that passes is an
// unexpected pass. Exit status 1 when anything is wrong, unsolved or passes unexpectedly.
// Ctrl-C: the positions not yet started are counted as not run, the summary is printed, and the
// exit status is 130 (a second Ctrl-C ends the run at once).
//
// amazons-solve verify FILE... [--threads N] [--hash MB] [--time-limit S] [--node-limit N] [--notation N] [--db FILE [--db-learn]]
//
// (With --uci or --games: cli_verify_engine.cpp.)
// Check an engine's claims: each line is `position ; to-move ; move=M ; outcome=win|loss ;
// margin=N` (any of the three; format in positions/README.md), checked by core::checkClaims
// (Yinsh: move= and outcome=win|draw|loss, by yinsh::checkClaims).
// One line per wrong claim (with the exact answer beside it), then a summary. Exit 1 when a
// claim is wrong or could not be checked (time limit).
#include <tbb/global_control.h>
#include <tbb/task_arena.h>

#include <boost/program_options.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <functional>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <utility>
#include <variant>

#include "solver/amazons/engine.h"
#include "solver/amazons/notation.h"
#include "solver/cli/cli.h"
#include "solver/cli/cli_common.h"
#include "solver/cli/cli_verify_engine.h"
#include "solver/clobber/clobber.h"
#include "solver/core/errors.h"
#include "solver/core/input.h"
#include "solver/core/parallel.h"
#include "solver/core/suite_check.h"
#include "solver/yinsh/suite.h"

namespace amazons::cli {
namespace {

namespace po = boost::program_options;
using clobber::Clobber;
using ClobberEngine = core::AnalyserEngine<Clobber>;

// A line read for its game.
using SuiteItem = std::variant<core::SuiteCase<Amazons>, core::SuiteCase<Clobber>, yinsh::SuiteCase>;
// The checks of a line, each game's by overload: Yinsh's (no core::Game) beside the others'.
using core::checkCase;
using core::checkClaims;
using yinsh::checkCase;
using yinsh::checkClaims;

const core::SuiteLine& fieldsOf(const SuiteItem& item) {
  return std::visit([](const auto& c) -> const core::SuiteLine& { return c.fields; }, item);
}
const std::string& fileOf(const SuiteItem& item) {
  return std::visit([](const auto& c) -> const std::string& { return c.file; }, item);
}

// What suite and verify share: their options and the suite files.
struct Batch {
  std::string_view defaultGame;  // of the lines without game=: --game's
  po::variables_map vm;
  Notation notation = Notation::CS61B;
  std::vector<SuiteItem> items;  // in input order
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
  addRanged<uint64_t>(visible, "node-limit", 0, kNodesRange, kNodeLimitAbout);
  visible.add_options()
      ("notation", po::value<std::string>()->default_value("cs61b"), "Amazons move text: cs61b or codingame");
  visible.add_options()("canonical-nodes", po::value<Checked<uint64_t>>(),
                        "expansions allowed to a region's canonical form before the verdicts come from search with it "
                        "raw (0: no limit; default: the game's own, Amazons 4000, Clobber 2000)");
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
  for (const std::string& path : vm["file"].as<std::vector<std::string>>()) {
    const core::InputText input = core::readInput(path);
    for (const core::SuiteLine& line : core::parseSuiteLines(input.text, input.name, batch.defaultGame)) {
      if (line.game == Clobber::kName) batch.items.emplace_back(core::suiteCase<Clobber>(line, input.name));
      else if (line.game == core::kYinsh) batch.items.emplace_back(yinsh::suiteCase(line, input.name));
      else batch.items.emplace_back(core::suiteCase<Amazons>(line, input.name));
    }
  }
  return std::nullopt;
}

// Engines of one game for the batch's workers: one for each position under way, cleared
// before it, so that each position is analysed as if alone. A shared table made a line's
// values depend on the lines before it (a chamber fit its allowance once another line had
// stored its followers) and made every lookup slower as it grew. A position is worked on by
// one worker at a time (isolated: a worker waiting inside it takes no other line).
template <class Engine>
class EnginePool {
 public:
  explicit EnginePool(std::function<std::unique_ptr<Engine>()> make) : make_(std::move(make)) {}

  // `work(engine)` on an engine of its own, cleared; returns the nodes it searched there.
  template <typename Work>
  uint64_t run(Work&& work) {
    std::unique_ptr<Engine> engine;
    {
      std::lock_guard lock(mutex_);
      if (!idle_.empty()) {
        engine = std::move(idle_.back());
        idle_.pop_back();
      }
    }
    if (engine) engine->clear();
    else engine = make_();
    const uint64_t before = engine->nodes();
    tbb::this_task_arena::isolate([&] { work(*engine); });
    const uint64_t nodes = engine->nodes() - before;
    std::lock_guard lock(mutex_);
    idle_.push_back(std::move(engine));
    return nodes;
  }

 private:
  std::function<std::unique_ptr<Engine>()> make_;
  std::mutex mutex_;
  std::vector<std::unique_ptr<Engine>> idle_;
};

// The batch's thread limit (for as long as it lives) and an engine pool for each game. Each of
// the N workers gets --hash / N megabytes, so that the tables stay within --hash together.
// Yinsh's solver takes its limits when it is made: a Yinsh line gets a solver of its own, and
// the time and node limits bound the line's whole work, its position's solve and the checks of
// its actions (on one table).
class Engines {
 public:
  Engines(const po::variables_map& vm, Notation notation)
      : threads_(threadCount(vm)),
        control_(tbb::global_control::max_allowed_parallelism, threads_),
        amazons_([this, notation] { return std::make_unique<AmazonsEngine>(amazonsOptions_, notation); }),
        clobber_([this] { return std::make_unique<ClobberEngine>(clobberOptions_); }) {
    const size_t megabytes = std::max<size_t>(1, static_cast<size_t>(ranged<int64_t>(vm, "hash")) / threads_);
    const core::Limits limits{.seconds = ranged<double>(vm, "time-limit"), .nodes = ranged<uint64_t>(vm, "node-limit")};
    amazonsOptions_.analysis.hashMegabytes = megabytes;
    amazonsOptions_.analysis.limits = limits;
    database_ = openDatabase(vm, amazonsOptions_);
    clobberOptions_.hashMegabytes = megabytes;
    clobberOptions_.limits = limits;
    yinshOptions_.hashBytes = megabytes << 20;
    yinshOptions_.nodeLimit = limits.nodes;
    yinshSeconds_ = limits.seconds;
    if (vm.count("canonical-nodes")) {
      const uint64_t formNodes = vm["canonical-nodes"].as<Checked<uint64_t>>().value;
      amazonsOptions_.analysis.formNodes = clobberOptions_.formNodes = formNodes;
    }
  }

  // `work(engine, case)` on an engine of the item's game; returns the nodes it searched.
  template <typename Work>
  uint64_t run(const SuiteItem& item, Work&& work) {
    if (const auto* c = std::get_if<core::SuiteCase<Amazons>>(&item))
      return amazons_.run([&](AmazonsEngine& engine) { work(engine, *c); });
    if (const auto* c = std::get_if<yinsh::SuiteCase>(&item)) {
      yinsh::SolveOptions options = yinshOptions_;
      options.rules = c->rules;
      options.deadline = Deadline::after(yinshSeconds_);
      yinsh::Solver solver(options);
      work(solver, *c);
      return solver.nodes();
    }
    return clobber_.run([&](ClobberEngine& engine) { work(engine, std::get<core::SuiteCase<Clobber>>(item)); });
  }

 private:
  unsigned threads_;
  tbb::global_control control_;
  AmazonsOptions amazonsOptions_;
  core::AnalysisOptions clobberOptions_;
  yinsh::SolveOptions yinshOptions_;
  double yinshSeconds_ = 0;
  std::unique_ptr<ValueDb> database_;  // before the engines, which point at it
  EnginePool<AmazonsEngine> amazons_;
  EnginePool<ClobberEngine> clobber_;
};

struct Outcome {
  core::CaseOutcome check;
  bool notRun = false;    // interrupted before it started
  uint64_t allNodes = 0;  // with the checks of its moves
};

int runSuite(const std::vector<std::string>& args, std::string_view defaultGame) {
  po::options_description extra;
  extra.add_options()("failures", "print only the lines that fail (and the summary)");
  Batch batch;
  batch.defaultGame = defaultGame;
  if (const auto status = setUp("suite",
                                "Solve every position of the suite files ('-' = stdin) and check the expected answers\n"
                                "(format: positions/README.md; each line of its game, game=). Exit status 1 when any\n"
                                "answer is wrong.\n",
                                extra, args, batch))
    return *status;
  const bool failuresOnly = batch.vm.count("failures") > 0;
  const std::vector<SuiteItem>& items = batch.items;

  Engines engines(batch.vm, batch.notation);
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
    else r.allNodes = engines.run(items[i], [&](auto& engine, const auto& c) { r.check = checkCase(engine, c); });
    const size_t count = ++finished;
    std::lock_guard<std::mutex> lock(printMutex);
    results[i] = std::move(r);
    done[i] = 1;
    std::string text;
    while (nextToPrint < items.size() && done[nextToPrint]) {
      const Outcome& o = results[nextToPrint];
      if (!o.notRun && (!failuresOnly || o.check.failed() || fieldsOf(items[nextToPrint]).knownFailure)) text += o.check.line + "\n";
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
    seconds += o.check.seconds;
    if (o.check.seconds >= worst) worst = o.check.seconds, worstIndex = i;
    if (fieldsOf(items[i]).knownFailure) {
      ++marked;
      if (o.check.failed()) ++knownFailing;
      else ++unexpectedPass;
      continue;
    }
    unsolved += o.check.unsolved;
    wrongOutcome += o.check.wrongOutcome;
    wrongValue += o.check.wrongValue;
    wrongMove += o.check.wrongMove;
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
    std::snprintf(buf, sizeof buf, "worst time       : %.3f ms (%s:%d)\n", 1e3 * worst, fileOf(items[worstIndex]).c_str(),
                  fieldsOf(items[worstIndex]).line), s += buf;
  std::snprintf(buf, sizeof buf, "nodes            : %llu\n", static_cast<unsigned long long>(nodes)), s += buf;
  std::snprintf(buf, sizeof buf, "nodes/s          : %.0f (all nodes / wall time)\n", wall > 0 ? static_cast<double>(nodes) / wall : 0.0), s += buf;
  std::snprintf(buf, sizeof buf, "wall time        : %.3f s\n", wall), s += buf;
  const bool bad = unsolved || wrongOutcome || wrongValue || wrongMove || unexpectedPass;
  s += notRun ? "result           : INTERRUPTED\n" : bad ? "result           : FAIL\n" : "result           : OK\n";
  writeWhole(s);
  return notRun ? 130 : bad ? 1 : 0;
}

// ---- verify

int runVerify(const std::vector<std::string>& args, std::string_view defaultGame) {
  if (wantsEngineVerify(args)) return runEngineVerify(args, defaultGame);
  Batch batch;
  batch.defaultGame = defaultGame;
  if (const auto status = setUp("verify",
                                "Check an engine's claims (move=, outcome=, margin= fields; format in positions/README.md):\n"
                                "print each wrong claim with the exact answer, then a summary. Exit status 1 when a claim\n"
                                "is wrong or could not be checked. A UCI engine or game records: verify --uci COMMAND --help.\n",
                                po::options_description(), args, batch))
    return *status;
  const std::vector<SuiteItem>& items = batch.items;
  Engines engines(batch.vm, batch.notation);
  std::vector<core::ClaimOutcome> results(items.size());
  core::forEveryIndexInParallel(0, items.size(), [&](size_t i) {
    engines.run(items[i], [&](auto& engine, const auto& c) { results[i] = checkClaims(engine, c); });
  });

  core::ClaimOutcome total;
  for (const core::ClaimOutcome& r : results) total += r;
  std::string text;
  for (const std::string& l : total.lines) text += l + "\n";
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

// With --game clobber or yinsh (main.cpp), lines without game= are that game's.
Registrar suiteCommand({"suite", "solve suite files and check their expected answers",
                        [](const std::vector<std::string>& args) { return runSuite(args, Amazons::kName); }});
Registrar verifyCommand({"verify", "check an engine's claimed moves, outcomes and margins",
                         [](const std::vector<std::string>& args) { return runVerify(args, Amazons::kName); }});
Registrar clobberSuiteCommand({"clobber:suite", "solve suite files and check their expected answers",
                               [](const std::vector<std::string>& args) { return runSuite(args, Clobber::kName); }});
Registrar clobberVerifyCommand({"clobber:verify", "check an engine's claimed moves, outcomes and margins",
                                [](const std::vector<std::string>& args) { return runVerify(args, Clobber::kName); }});
Registrar yinshSuiteCommand({"yinsh:suite", "solve suite files and check their expected answers",
                             [](const std::vector<std::string>& args) { return runSuite(args, core::kYinsh); }});
Registrar yinshVerifyCommand({"yinsh:verify", "check an engine's claimed moves and outcomes",
                              [](const std::vector<std::string>& args) { return runVerify(args, core::kYinsh); }});

}  // namespace
}  // namespace amazons::cli
