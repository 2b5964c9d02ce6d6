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
// A line whose solving throws (out of memory, say) prints `position ; to-move ; error ; FAIL
// (error: MESSAGE) at FILE:LINE`, is counted under errors, and fails the run; the others go on.
//
// Under `mpirun -np N` (N >= 2) rank 0 reads the files and hands the lines out one by one, each
// to the first worker rank with a lane free (solver/dist/farm.h), and prints the output one
// process prints, line for line, in input order (only the times differ); the summary's times
// are rank 0's wall clock and the lines' own. Each worker runs --threads lanes, one line each.
// A rank that dies: mpirun stops the job, and rank 0 prints the lines it has, names each line
// without a result (`position ; to-move ; not run (the job was stopped) at FILE:LINE`), counts
// them in the summary and exits with status 143.
//
// amazons-solve verify FILE... [--threads N] [--hash MB] [--time-limit S] [--node-limit N] [--notation N] [--db FILE [--db-learn]]
//
// (With --uci or --games: cli_verify_engine.cpp.)
// Check an engine's claims: each line is `position ; to-move ; move=M ; outcome=win|loss ;
// margin=N` (any of the three; format in positions/README.md), checked by core::checkClaims
// (Yinsh: move= and outcome=win|draw|loss, by yinsh::checkClaims).
// One line per wrong claim (with the exact answer beside it), then a summary. Exit 1 when a
// claim is wrong or could not be checked (time limit). A line whose checking throws prints
// `FILE:LINE: position ; to-move ; error: MESSAGE` and counts as unchecked. Over ranks as suite
// (the same output; a dead rank: the lines without a result named, status 143).
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
#include "solver/dist/farm.h"
#include "solver/dist/suite_messages.h"
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
  std::vector<std::string> texts;  // each item's line as its file gives it (the jobs over ranks)
};

// A line read for its game.
SuiteItem readItem(const core::SuiteLine& line, const std::string& file) {
  if (line.game == Clobber::kName) return core::suiteCase<Clobber>(line, file);
  if (line.game == core::kYinsh) return yinsh::suiteCase(line, file);
  return core::suiteCase<Amazons>(line, file);
}

// Parse the shared options, `extra` and FILE... Returns the exit status when the command is over
// already: 0 after --help, 2 after a usage error.
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
  po::variables_map& vm = batch.vm;
  std::string usage;
  if (const auto done = parseOptionsWithFiles(command, args, visible, vm, usage, FileArgs::Many, "missing FILE")) return *done;
  try {
    batch.notation = parseNotationName(vm["notation"].as<std::string>());
  } catch (const InputError& e) {
    return usageError(command, e.what());
  }
  return std::nullopt;
}

// Read the suite files (only rank 0 does, over ranks: a worker needs neither them nor stdin).
void loadFiles(Batch& batch) {
  for (const std::string& path : batch.vm["file"].as<std::vector<std::string>>()) {
    const core::InputText input = core::readInput(path);
    std::vector<std::string_view> texts;  // the file's lines, as parseSuiteLines numbers them
    for (size_t start = 0; start < input.text.size();) {
      const size_t end = std::min(input.text.find('\n', start), input.text.size());
      texts.push_back(std::string_view(input.text).substr(start, end - start));
      start = end + 1;
    }
    for (const core::SuiteLine& line : core::parseSuiteLines(input.text, input.name, batch.defaultGame)) {
      batch.items.push_back(readItem(line, input.name));
      batch.texts.emplace_back(texts.at(static_cast<size_t>(line.line - 1)));
    }
  }
}

// The jobs of the batch's lines over ranks.
std::vector<std::string> jobsOf(const Batch& batch) {
  std::vector<std::string> jobs;
  for (size_t i = 0; i < batch.items.size(); ++i)
    jobs.push_back(dist::encode(dist::SuiteJob{fileOf(batch.items[i]), fieldsOf(batch.items[i]).line, batch.texts[i],
                                               std::string(batch.defaultGame)}));
  return jobs;
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

// One line's suite checks; an exception ends that line alone, as its error.
dist::SuiteLineResult checkLine(Engines& engines, const SuiteItem& item) {
  dist::SuiteLineResult r;
  try {
    r.allNodes = engines.run(item, [&](auto& engine, const auto& c) { r.check = checkCase(engine, c); });
  } catch (const std::exception& e) {
    r = {};
    r.error = e.what();
  }
  return r;
}

// "FILE:LINE: position ; to-move ; ", the start of verify's line about an item.
std::string claimHead(const std::string& file, const core::SuiteLine& fields) {
  std::string head = file;
  head.append(":").append(std::to_string(fields.line)).append(": ").append(fields.position.text);
  head.append(" ; ").append(core::sideLetter(fields.toMove)).append(" ; ");
  return head;
}

// A verify line that could not be checked at all: `error`, the line unchecked.
core::ClaimOutcome claimError(const std::string& head, const std::string& error) {
  core::ClaimOutcome r;
  r.lines.push_back(head + "error: " + error);
  ++r.unchecked;
  return r;
}

// One line's verify checks; an exception leaves that line unchecked, with its error.
core::ClaimOutcome verifyLine(Engines& engines, const SuiteItem& item) {
  try {
    core::ClaimOutcome r;
    engines.run(item, [&](auto& engine, const auto& c) { r = checkClaims(engine, c); });
    return r;
  } catch (const std::exception& e) {
    return claimError(claimHead(fileOf(item), fieldsOf(item)), e.what());
  }
}

// A worker rank's part over ranks: engines of its own (--threads lanes, --hash, --db on its
// machine), then the lines rank 0 hands it, each answered by check(engines, item) or, when the
// job cannot be read, failed(job, message). A worker whose engines cannot be made sends rank 0
// the message one process prints (handOut below prints it); its own status stays 0 (a non-zero
// one would make mpirun stop the job before rank 0 says why).
int work(const Batch& batch, const std::function<std::string(Engines&, const SuiteItem&)>& check,
         const std::function<std::string(const dist::SuiteJob&, const std::string&)>& failed) {
  std::optional<Engines> engines;
  try {
    engines.emplace(batch.vm, batch.notation);
  } catch (const InputError& e) {
    dist::refuse(world(), e.describe());
    return 0;
  } catch (const std::exception& e) {
    std::string message = "amazons-solve: error: ";
    dist::refuse(world(), message + e.what());
    return 0;
  }
  dist::serve(world(), threadCount(batch.vm), [&](std::string_view bytes) {
    dist::SuiteJob job;
    try {
      job = dist::decodeSuiteJob(bytes);
      return check(*engines, readItem(core::parseSuiteFields(job.text, job.line, job.defaultGame), job.file));
    } catch (const std::exception& e) {
      return failed(job, e.what());
    }
  });
  return 0;
}

// The exit status of a run that mpirun stopped (SIGTERM to every rank once one has died).
constexpr int kStoppedStatus = 128 + 15;

// Rank 0's part over ranks: the batch's lines handed out, done(i, result) as each comes back.
// Whether the job was stopped (a rank died: results will not come); the exit status 2, the
// worker's message printed, when a worker refused (its setup reads only the options and its
// database: an input error, as in one process).
std::variant<bool, int> handOut(dist::Farm& farm, const Batch& batch, const std::function<void(size_t, std::string)>& done,
                                const std::function<bool()>& stopStarting) {
  try {
    return !farm.handOut(jobsOf(batch), done, stopStarting);
  } catch (const dist::WorkerRefused& e) {
    std::cerr << e.why() << "\n";
    return 2;
  }
}

struct Outcome {
  dist::SuiteLineResult result;
  bool notRun = false;  // interrupted before it started, or no result came back
};

std::string errorLine(const SuiteItem& item, const std::string& error) {
  const core::SuiteLine& f = fieldsOf(item);
  std::string line = f.position.text;
  line += std::string(" ; ") + core::sideLetter(f.toMove) + " ; error ; FAIL (error: " + error + ") at " + fileOf(item) + ":" + std::to_string(f.line);
  return line;
}

// The suite's result lines in input order, each printed once those before it are, and a
// progress bar on a terminal. Results come from any thread.
class Printer {
 public:
  Printer(const std::vector<SuiteItem>& items, bool failuresOnly)
      : items_(items), failuresOnly_(failuresOnly), results_(items.size()), done_(items.size(), 0), progress_(stderrIsTerminal()) {}

  void deliver(size_t i, Outcome o) {
    std::lock_guard<std::mutex> lock(mutex_);
    results_[i] = std::move(o);
    done_[i] = 1;
    ++finished_;
    std::string text;
    for (; next_ < items_.size() && done_[next_]; ++next_) text += lineOf(next_);
    if (!text.empty()) {
      if (progress_) std::cerr << "\r\033[K" << std::flush;
      writeWhole(text);
    }
    const auto now = std::chrono::steady_clock::now();
    if (progress_ && (now - lastDraw_ > std::chrono::milliseconds(100) || finished_ == items_.size())) {
      lastDraw_ = now;
      constexpr int kWidth = 40;
      const int filled = static_cast<int>(kWidth * finished_ / items_.size());
      std::cerr << "\r[" << std::string(filled, '#') << std::string(kWidth - filled, ' ') << "] " << finished_ << "/"
                << items_.size() << std::flush;
    }
  }

  // The rest: the lines without a result are not run (with `name`, each said so on a line of
  // its own); returns every outcome.
  std::vector<Outcome> finish(bool name) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (progress_) std::cerr << "\r\033[K" << std::flush;
    std::string text;
    for (; next_ < items_.size(); ++next_) {
      if (done_[next_]) {
        text += lineOf(next_);
        continue;
      }
      results_[next_].notRun = true;
      if (name) {
        const core::SuiteLine& f = fieldsOf(items_[next_]);
        text += f.position.text + " ; " + core::sideLetter(f.toMove) + " ; not run (the job was stopped) at " + fileOf(items_[next_]) + ":" +
                std::to_string(f.line) + "\n";
      }
    }
    writeWhole(text);
    return std::move(results_);
  }

 private:
  std::string lineOf(size_t i) const {
    const Outcome& o = results_[i];
    if (o.notRun) return {};
    if (o.result.error) return errorLine(items_[i], *o.result.error) + "\n";
    if (failuresOnly_ && !o.result.check.failed() && !fieldsOf(items_[i]).knownFailure) return {};
    return o.result.check.line + "\n";
  }

  const std::vector<SuiteItem>& items_;
  const bool failuresOnly_;
  std::vector<Outcome> results_;
  std::vector<char> done_;
  const bool progress_;
  std::mutex mutex_;
  size_t next_ = 0, finished_ = 0;
  std::chrono::steady_clock::time_point lastDraw_ = std::chrono::steady_clock::now();
};

int runSuite(const std::vector<std::string>& args, std::string_view defaultGame) {
  po::options_description extra;
  extra.add_options()("failures", "print only the lines that fail (and the summary)");
  Batch batch;
  batch.defaultGame = defaultGame;
  if (const auto status = setUp("suite",
                                "Solve every position of the suite files ('-' = stdin) and check the expected answers\n"
                                "(format: positions/README.md; each line of its game, game=). Exit status 1 when any\n"
                                "answer is wrong. Under mpirun, rank 0 hands the lines out to the other ranks.\n",
                                extra, args, batch))
    return *status;
  const bool overRanks = world().size() > 1;
  if (overRanks && world().rank() != 0)
    return work(
        batch, [](Engines& engines, const SuiteItem& item) { return dist::encode(checkLine(engines, item)); },
        [](const dist::SuiteJob&, const std::string& error) {
          dist::SuiteLineResult r;
          r.error = error;
          return dist::encode(r);
        });
  std::optional<dist::Farm> farm;  // from here on the workers wait for rank 0, until farm ends
  if (overRanks) farm.emplace(world());
  loadFiles(batch);
  const std::vector<SuiteItem>& items = batch.items;

  std::optional<Engines> engines;  // one process: its own; over ranks: the workers'
  if (!farm) engines.emplace(batch.vm, batch.notation);
  const InterruptFlag interrupt;
  Printer printer(items, batch.vm.count("failures") > 0);
  const auto start = std::chrono::steady_clock::now();
  bool stopped = false;  // mpirun stopped the job: results will not come
  if (farm) {
    const auto handed = handOut(
        *farm, batch, [&](size_t i, std::string bytes) { printer.deliver(i, {dist::decodeSuiteLineResult(bytes)}); },
        [&] { return interrupt.raised(); });
    if (const int* status = std::get_if<int>(&handed)) return *status;
    stopped = std::get<bool>(handed);
  } else {
    core::forEveryIndexInParallel(0, items.size(), [&](size_t i) {
      Outcome r;
      if (interrupt.raised()) r.notRun = true;
      else r.result = checkLine(*engines, items[i]);
      printer.deliver(i, std::move(r));
    });
  }
  const std::vector<Outcome> results = printer.finish(stopped);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  size_t unsolved = 0, wrongOutcome = 0, wrongValue = 0, wrongMove = 0, knownFailing = 0, unexpectedPass = 0, marked = 0;
  size_t notRun = 0, errors = 0;
  // Every node searched (move checks included), the same whatever the threads and ranks.
  uint64_t nodes = 0;
  double seconds = 0, worst = 0;
  size_t worstIndex = 0;
  for (size_t i = 0; i < items.size(); ++i) {
    const Outcome& o = results[i];
    if (o.notRun) {
      ++notRun;
      continue;
    }
    if (o.result.error) {
      ++errors;
      continue;
    }
    const core::CaseOutcome& check = o.result.check;
    nodes += o.result.allNodes;
    seconds += check.seconds;
    if (check.seconds >= worst) worst = check.seconds, worstIndex = i;
    if (fieldsOf(items[i]).knownFailure) {
      ++marked;
      if (check.failed()) ++knownFailing;
      else ++unexpectedPass;
      continue;
    }
    unsolved += check.unsolved;
    wrongOutcome += check.wrongOutcome;
    wrongValue += check.wrongValue;
    wrongMove += check.wrongMove;
  }
  const size_t n = items.size();
  char buf[512];
  std::string s = "\nSummary\n";
  std::snprintf(buf, sizeof buf, "positions        : %zu\n", n), s += buf;
  if (notRun) std::snprintf(buf, sizeof buf, "not run          : %zu (%s)\n", notRun, stopped ? "the job was stopped" : "interrupted"), s += buf;
  if (errors) std::snprintf(buf, sizeof buf, "errors           : %zu\n", errors), s += buf;
  std::snprintf(buf, sizeof buf, "unsolved         : %zu\n", unsolved), s += buf;
  std::snprintf(buf, sizeof buf, "wrong outcome    : %zu\n", wrongOutcome), s += buf;
  std::snprintf(buf, sizeof buf, "wrong value      : %zu\n", wrongValue), s += buf;
  std::snprintf(buf, sizeof buf, "wrong move       : %zu\n", wrongMove), s += buf;
  std::snprintf(buf, sizeof buf, "known failures   : %zu marked, %zu still failing, %zu unexpected passes\n", marked,
                knownFailing, unexpectedPass), s += buf;
  const size_t run = n - notRun - errors;
  std::snprintf(buf, sizeof buf, "mean time        : %.3f ms\n", run ? 1e3 * seconds / static_cast<double>(run) : 0.0), s += buf;
  if (run)
    std::snprintf(buf, sizeof buf, "worst time       : %.3f ms (%s:%d)\n", 1e3 * worst, fileOf(items[worstIndex]).c_str(),
                  fieldsOf(items[worstIndex]).line), s += buf;
  std::snprintf(buf, sizeof buf, "nodes            : %llu\n", static_cast<unsigned long long>(nodes)), s += buf;
  std::snprintf(buf, sizeof buf, "nodes/s          : %.0f (all nodes / wall time)\n", wall > 0 ? static_cast<double>(nodes) / wall : 0.0), s += buf;
  std::snprintf(buf, sizeof buf, "wall time        : %.3f s\n", wall), s += buf;
  const bool bad = errors || unsolved || wrongOutcome || wrongValue || wrongMove || unexpectedPass;
  s += notRun ? "result           : INTERRUPTED\n" : bad ? "result           : FAIL\n" : "result           : OK\n";
  writeWhole(s);
  return stopped ? kStoppedStatus : notRun ? 130 : bad ? 1 : 0;
}

// ---- verify

int runVerify(const std::vector<std::string>& args, std::string_view defaultGame) {
  // An engine's verification is one engine's session: under mpirun rank 0 runs it alone.
  if (wantsEngineVerify(args)) return world().rank() == 0 ? runEngineVerify(args, defaultGame) : 0;
  Batch batch;
  batch.defaultGame = defaultGame;
  if (const auto status = setUp("verify",
                                "Check an engine's claims (move=, outcome=, margin= fields; format in positions/README.md):\n"
                                "print each wrong claim with the exact answer, then a summary. Exit status 1 when a claim\n"
                                "is wrong or could not be checked. Under mpirun, rank 0 hands the lines out to the other ranks.\n"
                                "A UCI engine or game records: verify --uci COMMAND --help.\n",
                                po::options_description(), args, batch))
    return *status;
  const bool overRanks = world().size() > 1;
  if (overRanks && world().rank() != 0)
    return work(
        batch, [](Engines& engines, const SuiteItem& item) { return dist::encode(verifyLine(engines, item)); },
        [](const dist::SuiteJob& job, const std::string& error) {
          std::string head = job.file;
          head.append(":").append(std::to_string(job.line)).append(": ");
          return dist::encode(claimError(head, error));
        });
  std::optional<dist::Farm> farm;  // from here on the workers wait for rank 0, until farm ends
  if (overRanks) farm.emplace(world());
  loadFiles(batch);
  const std::vector<SuiteItem>& items = batch.items;
  std::vector<std::optional<core::ClaimOutcome>> results(items.size());
  bool stopped = false;  // mpirun stopped the job: results will not come
  if (farm) {
    const auto handed = handOut(
        *farm, batch, [&](size_t i, std::string bytes) { results[i] = dist::decodeClaimOutcome(bytes); }, [] { return false; });
    if (const int* status = std::get_if<int>(&handed)) return *status;
    stopped = std::get<bool>(handed);
  } else {
    Engines engines(batch.vm, batch.notation);
    core::forEveryIndexInParallel(0, items.size(), [&](size_t i) { results[i] = verifyLine(engines, items[i]); });
  }

  core::ClaimOutcome total;
  std::string text;
  size_t notRun = 0;
  for (size_t i = 0; i < items.size(); ++i) {
    if (results[i]) {
      total += *results[i];
      for (const std::string& l : results[i]->lines) text += l + "\n";
    } else {
      ++notRun;
      text += claimHead(fileOf(items[i]), fieldsOf(items[i])) + "not run (the job was stopped)\n";
    }
  }
  const int claims = total.moves + total.outcomes + total.margins;
  const int wrong = total.wrongMoves + total.wrongOutcomes + total.wrongMargins;
  std::ostringstream summary;
  summary << "\nSummary\n"
          << "positions        : " << items.size() << "\n";
  if (notRun) summary << "not run          : " << notRun << " (the job was stopped)\n";
  summary << "claims           : " << claims << " (" << total.moves << " moves, " << total.outcomes << " outcomes, "
          << total.margins << " margins)\n"
          << "wrong moves      : " << total.wrongMoves << "\n"
          << "wrong outcomes   : " << total.wrongOutcomes << "\n"
          << "wrong margins    : " << total.wrongMargins << "\n"
          << "margins n/a      : " << total.marginsNotApplicable << " (value not a number)\n"
          << "unchecked        : " << total.unchecked << "\n"
          << "result           : " << (notRun ? "INTERRUPTED" : wrong || total.unchecked ? "FAIL" : "OK") << "\n";
  writeWhole(text + summary.str());
  return stopped ? kStoppedStatus : wrong || total.unchecked ? 1 : 0;
}

// With --game clobber or yinsh (main.cpp), lines without game= are that game's.
Registrar suiteCommand({"suite", "solve suite files and check their expected answers",
                        [](const std::vector<std::string>& args) { return runSuite(args, Amazons::kName); }, true});
Registrar verifyCommand({"verify", "check an engine's claimed moves, outcomes and margins",
                         [](const std::vector<std::string>& args) { return runVerify(args, Amazons::kName); }, true});
Registrar clobberSuiteCommand({"clobber:suite", "solve suite files and check their expected answers",
                               [](const std::vector<std::string>& args) { return runSuite(args, Clobber::kName); }, true});
Registrar clobberVerifyCommand({"clobber:verify", "check an engine's claimed moves, outcomes and margins",
                                [](const std::vector<std::string>& args) { return runVerify(args, Clobber::kName); }, true});
Registrar yinshSuiteCommand({"yinsh:suite", "solve suite files and check their expected answers",
                             [](const std::vector<std::string>& args) { return runSuite(args, core::kYinsh); }, true});
Registrar yinshVerifyCommand({"yinsh:verify", "check an engine's claimed moves and outcomes",
                              [](const std::vector<std::string>& args) { return runVerify(args, core::kYinsh); }, true});

}  // namespace
}  // namespace amazons::cli
