// amazons-solve verify --uci "COMMAND" [--engine-nodes N | --engine-movetime MS] [--uci-option NAME=VALUE]...
//                      [--draw-margin CP] [--engine-timeout S] [FILE...] [--games FILE]... [--format text|json] [--svg FILE]
//                      [--svg-wrong DIR]
//
// A UCI engine, or the scores of game records, held to the exact answers (Amazons; Clobber with
// --game clobber). Positions come from FILEs (one position a file in any format the game reads,
// a FEN given in place of a file, or suite files: one position a line, the other fields
// ignored; a position without a side to move is checked for both) and from the games of
// --games files (core/game_record.h), each walked back from its end until the first position
// the solver cannot settle within --time-limit / --node-limit. Each settled position is asked of
// the engine (core/uci_client.h) or, without --uci, checked against the record's score and move
// (the positions before each move); the verdicts are core/engine_check.h's. Output: a line (or
// with --format json an object) for each position, then the summary by empty squares
// (Clobber: stones), and with --svg its plot; with --svg-wrong each wrong_sign or missed_win
// Amazons position drawn as `amazons-solve POSITION --svg` draws it, with the engine's claim.
// Exit status 2 when an input could not be read (every other input is still checked), else 1
// when a verdict is wrong_sign or missed_win or the engine failed, else 0.
#include "solver/cli/cli_verify_engine.h"

#include <tbb/global_control.h>

#include <boost/program_options.hpp>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include "solver/amazons/board_svg.h"
#include "solver/amazons/endgames.h"
#include "solver/amazons/engine.h"
#include "solver/amazons/formats.h"
#include "solver/cli/cli_common.h"
#include "solver/clobber/clobber.h"
#include "solver/core/engine_check.h"
#include "solver/core/engine_report.h"
#include "solver/core/errors.h"
#include "solver/core/game_record.h"
#include "solver/core/input.h"
#include "solver/core/svg.h"
#include "solver/core/uci_client.h"

namespace amazons::cli {
namespace {

namespace po = boost::program_options;
using clobber::Clobber;
using Clock = std::chrono::steady_clock;

// What the engine side needs of a game: its UCI_Variant, the FEN sent, its usual start, and
// what its size counts.
template <class G>
struct EngineGame;

template <>
struct EngineGame<Amazons> {
  static constexpr const char* kVariant = "amazons";
  static constexpr const char* kSizeWord = "empty";
  static std::string fen(const GameRegion& region, cgt::Side mover) {
    Board board = region.toBoard();
    board.setSideToMove(Amazons::colorOf(mover));
    std::string text = writePosition(board, Format::Fen);
    while (!text.empty() && text.back() == '\n') text.pop_back();
    return text;
  }
  static GamePosition standard() { return GamePosition{GameRegion(standardStart10x10()), std::nullopt}; }
  // A wrong position's picture (--svg-wrong): the board of `amazons-solve POSITION --svg`, from
  // a fresh analysis of both sides, with the engine's claim and the verdict under the verdicts.
  static constexpr bool kPicture = true;
  static std::string picture(AmazonsEngine& solver, const GameRegion& region, cgt::Side mover, const core::PositionCheck& c) {
    Board board = region.toBoard();
    board.setSideToMove(Amazons::colorOf(mover));
    solver.clear();
    const core::Analysis<Amazons> analysis = solver.analyse(region, mover);
    std::string claim = "Engine: ";
    claim += c.claim.score ? core::uciScoreText(*c.claim.score) : std::string("no score");
    claim += ", move " + (c.claim.move.empty() ? std::string("none") : c.claim.move) + ": ";
    claim += core::engineVerdictName(*c.verdict);
    return boardSvg(board, analysis, [&solver](const GameRegion& r, const Amazons::Move& m) { return solver.formatMove(r, m); }, {claim});
  }
};

template <>
struct EngineGame<Clobber> {
  static constexpr const char* kVariant = "clobber";
  static constexpr const char* kSizeWord = "stones";
  static constexpr bool kPicture = false;  // Clobber has no board picture
  static std::string fen(const clobber::Region& region, cgt::Side mover) { return Clobber::writeFen(region, mover); }
  // Fairy-Stockfish's clobber: 5 files, 6 ranks, in a checkerboard.
  static clobber::Position standard() {
    clobber::Position p = Clobber::parsePosition("PpPpP/pPpPp/PpPpP/pPpPp/PpPpP/pPpPp w - - 0 1", "standard");
    p.toMove.reset();
    return p;
  }
};

struct Settings {
  std::optional<core::UciSettings> uci;
  long drawMargin = 0;
  bool json = false;
  std::string svgPath, wrongDir;
  std::vector<std::string> files, games;
};

// Everything checked so far, and how the run went.
struct Run {
  std::vector<core::PositionCheck> checks;
  bool inputErrors = false, failures = false;
  double solverSeconds = 0, engineSeconds = 0;
  int engineStarts = 0;
};

template <class Solver>
class Verifier {
 public:
  using G = typename Solver::Game;
  Verifier(const Settings& settings, Solver& solver) : settings_(settings), solver_(solver) {
    if (settings.uci) client_ = std::make_unique<core::UciClient>(*settings.uci);
  }

  // One position: solved, then (settled, with a claim to check) judged. The claim is the
  // engine's with --uci, else `recorded` when given; with neither the position is not checked.
  // A record's position: its game's line and ply.
  core::PositionCheck check(const typename G::Region& board, cgt::Side mover, const std::optional<core::EngineClaim>& recorded,
                            int game = 0, int ply = -1) {
    const Clock::time_point t0 = Clock::now();
    solver_.clear();
    core::PositionCheck c = core::solvePosition(solver_, board, mover);
    c.game = game;
    c.ply = ply;
    run_.solverSeconds += seconds(t0);
    c.fen = EngineGame<G>::fen(board, mover);
    if (!c.settled()) return c;
    std::optional<core::EngineClaim> claim = recorded;
    if (client_) {
      const Clock::time_point t1 = Clock::now();
      const core::UciAnswer a = client_->analyse(c.fen);
      run_.engineSeconds += seconds(t1);
      claim = core::EngineClaim{a.score, a.bestMove, a.error};
    }
    if (!claim) return c;
    const Clock::time_point t2 = Clock::now();
    core::judgeClaim(solver_, board, c, *claim, settings_.drawMargin);
    run_.solverSeconds += seconds(t2);
    if (!c.problem.empty() && client_) client_->discard();  // an illegal move: a fresh engine for the next
    if constexpr (EngineGame<G>::kPicture)
      if (!settings_.wrongDir.empty() && wrong(c)) draw(c, board, mover);
    return c;
  }

  void emit(core::PositionCheck c, const std::string& file, const std::string& where) {
    if (!c.problem.empty() || wrong(c)) run_.failures = true;
    writeWhole((settings_.json ? core::checkJson(c, EngineGame<G>::kSizeWord, file) : core::checkLine(c, where)) + "\n");
    run_.checks.push_back(std::move(c));
  }

  void inputError(const InputError& e) {
    run_.inputErrors = true;
    std::cerr << e.describe() << "\n";
  }

  void positionFile(const std::string& path) {
    try {
      const core::InputText in = core::readPositionInput(path);
      if (isSuite(in.text)) {
        for (const core::SuiteLine& line : core::parseSuiteLines(in.text, in.name, G::kName)) {
          if (line.game != G::kName)
            throw InputError("a " + line.game + " line in a run of " + std::string(G::kName) + " (--game)", line.line, 1, in.name);
          const core::SuiteCase<G> c = core::suiteCase<G>(line, in.name);
          emit(check(c.board, line.toMove, std::nullopt), in.name, in.name + ":" + std::to_string(line.line));
        }
        return;
      }
      const typename G::Position p = G::parsePosition(in.text, in.name);
      for (const cgt::Side mover : p.toMove ? std::vector{*p.toMove} : std::vector{cgt::Side::Left, cgt::Side::Right})
        emit(check(p.board, mover, std::nullopt), in.name, in.name);
    } catch (const InputError& e) {
      inputError(e);
    }
  }

  void gameFile(const std::string& path) {
    core::GameRecords records;
    std::string name = path;
    try {
      const core::InputText in = core::readInput(path);
      name = in.name;
      records = core::parseGameRecords(in.text, in.name);
    } catch (const InputError& e) {
      return inputError(e);
    }
    for (const InputError& e : records.errors) inputError(e);
    for (const core::GameRecord& record : records.games) {
      core::ReplayedGame<G> game;
      try {
        game = core::replayGame<G>(record, name, [] { return EngineGame<G>::standard(); });
      } catch (const InputError& e) {
        inputError(e);
        continue;
      }
      // The last position has no move of the record: only an engine is asked about it.
      const size_t n = game.moves.size();
      for (size_t k = client_ ? n + 1 : n; k-- > 0;) {
        std::optional<core::EngineClaim> recorded;
        if (!client_) recorded = core::EngineClaim{record.moves[k].score, record.moves[k].text.text, ""};
        core::PositionCheck c = check(game.positions[k], game.movers[k], recorded, record.line, static_cast<int>(k));
        const bool settled = c.settled();
        emit(std::move(c), name, name + ":" + std::to_string(record.line) + " ply " + std::to_string(k));
        if (!settled) break;
      }
    }
  }

  const Run& finish() {
    if (client_) run_.engineStarts = client_->starts();
    return run_;
  }

 private:
  static bool wrong(const core::PositionCheck& c) {
    return c.verdict && (*c.verdict == core::EngineVerdict::WrongSign || *c.verdict == core::EngineVerdict::MissedWin);
  }

  // DIR/NNNN[-line L-ply K]-VERDICT.svg, NNNN the position's place in the report (from 1). The
  // picture's analysis counts as the solver's time. A file that cannot be written is reported
  // (exit status 2) and the run goes on.
  void draw(core::PositionCheck& c, const typename G::Region& board, cgt::Side mover) {
    char index[16];
    std::snprintf(index, sizeof index, "%04zu", run_.checks.size() + 1);
    std::string name = index;
    if (c.ply >= 0) name.append("-line").append(std::to_string(c.game)).append("-ply").append(std::to_string(c.ply));
    name.append("-").append(core::engineVerdictName(*c.verdict)).append(".svg");
    const std::string path = (std::filesystem::path(settings_.wrongDir) / name).string();
    const Clock::time_point t0 = Clock::now();
    const std::string document = EngineGame<G>::picture(solver_, board, mover, c);
    run_.solverSeconds += seconds(t0);
    try {
      svg::write(path, document);
      c.picture = path;
    } catch (const InputError& e) {
      inputError(e);
    }
  }

  static double seconds(Clock::time_point since) { return std::chrono::duration<double>(Clock::now() - since).count(); }
  // A suite file: its first line that is neither blank nor a comment has a ';'.
  static bool isSuite(const std::string& text) {
    size_t at = 0;
    while (at < text.size()) {
      const size_t end = std::min(text.find('\n', at), text.size());
      const std::string_view line(text.data() + at, end - at);
      if (!core::isSuiteCommentOrBlank(line)) return line.find(';') != std::string_view::npos;
      at = end + 1;
    }
    return false;
  }

  const Settings& settings_;
  Solver& solver_;
  std::unique_ptr<core::UciClient> client_;
  Run run_;
};

// verify's options for an engine or game records, and the solver's (as suite's).
po::options_description engineOptions() {
  po::options_description o;
  o.add_options()
      ("help,h", "show this help")
      ("uci", po::value<std::string>(), "the UCI engine: a program and its arguments (run by /bin/sh as exec COMMAND), started once and again after each failure")
      ("engine-nodes", po::value<Checked<uint64_t>>(), "the engine's search: go nodes N (default 5000)")
      ("engine-movetime", po::value<Checked<uint64_t>>(), "the engine's search: go movetime MS")
      ("uci-option", po::value<std::vector<std::string>>(), "NAME=VALUE: setoption sent after uci (repeatable; VariantPath=FILE "
                                                            "for a variants.ini, UCI_Variant=NAME for one of its variants)")
      ("games", po::value<std::vector<std::string>>(), "a file of game records (START ; SIDE ; MOVES), walked back from "
                                                       "each end (repeatable)")
      ("format", po::value<std::string>()->default_value("text"), "text or json (one object a position, then the summary)")
      ("svg", po::value<std::string>(), "the summary's plot (accuracy against size) into FILE")
      ("svg-wrong", po::value<std::string>(), "draw each wrong_sign or missed_win position (Amazons; Clobber has no board "
                                              "picture) into DIR/NNNN[-lineL-plyK]-VERDICT.svg, with the engine's claim")
      ("all-moves", "list every winning move of each won position (slower)")
      ("notation", po::value<std::string>()->default_value("cs61b"), "Amazons move text: cs61b, codingame or uci");
  addRanged<int64_t>(o, "draw-margin", 0, Range<int64_t>{0, int64_t{1} << 40}, "centipawn scores within +-CP claim no winner");
  addRanged<double>(o, "engine-timeout", 30, Range<double>{0.001, 1e6}, "seconds the engine may take for any answer before it is "
                                                                        "reported hung and restarted");
  addRanged<int64_t>(o, "threads", 0, kThreadsRange, "the solver's threads (0: all cores)");
  addRanged<int64_t>(o, "hash", 512, kHashRange, "the solver's table memory in MB");
  addRanged<double>(o, "time-limit", 0, kSecondsRange, "the solver's seconds per position (0: none); past it, unsettled");
  addRanged<uint64_t>(o, "node-limit", 0, kNodesRange, kNodeLimitAbout);
  o.add_options()("canonical-nodes", po::value<Checked<uint64_t>>(), "the forms' first allowance (default: the game's)");
  return o;
}

template <class Solver>
int verifyWith(Solver& solver, const Settings& settings) {
  using G = typename Solver::Game;
  Verifier<Solver> verifier(settings, solver);
  for (const std::string& f : settings.files) verifier.positionFile(f);
  for (const std::string& f : settings.games) verifier.gameFile(f);
  const Run& run = verifier.finish();
  const std::vector<core::SizeSummary> rows = core::summarise(run.checks);
  std::string tail;
  if (settings.json) {
    tail = core::summaryJson(rows, EngineGame<G>::kSizeWord) + "\n";
  } else {
    tail = core::summaryText(rows, EngineGame<G>::kSizeWord);
    char buf[256];
    std::snprintf(buf, sizeof buf, "time             : solver %.3f s, engine %.3f s (%d engine start%s)\n", run.solverSeconds,
                  run.engineSeconds, run.engineStarts, run.engineStarts == 1 ? "" : "s");
    tail += buf;
    tail += std::string("result           : ") + (run.inputErrors ? "INPUT ERRORS" : run.failures ? "FAIL" : "OK") + "\n";
  }
  writeWhole(tail);
  if (!settings.svgPath.empty()) {
    try {
      svg::write(settings.svgPath, core::summarySvg(rows, EngineGame<G>::kSizeWord, std::string("Engine accuracy on exact ") + G::kName.data() + " positions"));
    } catch (const InputError& e) {
      std::cerr << e.describe() << "\n";
      return 2;
    }
  }
  return run.inputErrors ? 2 : run.failures ? 1 : 0;
}

}  // namespace

bool wantsEngineVerify(const std::vector<std::string>& args) {
  for (const std::string& a : args)
    if (a.rfind("--uci", 0) == 0 || a.rfind("--games", 0) == 0) return true;
  return false;
}

int runEngineVerify(const std::vector<std::string>& args, std::string_view game) {
  const std::string command = "verify";
  po::options_description visible(
      "usage: amazons-solve verify [--uci COMMAND] [FILE...] [--games FILE]... [options]\n"
      "Hold a UCI engine's scores and moves (or, without --uci, a game record's) to the exact answers: each position of\n"
      "the FILEs, and each game walked back from its end until a position is unsettled within the limits. Verdicts:\n"
      "right, wrong_sign, missed_win, no_claim. Exit status 1 when one is wrong or the engine failed, 2 on bad input.\n"
      "Options");
  visible.add(engineOptions());
  po::variables_map vm;
  std::string usage;
  if (const auto done = parseOptionsWithFiles(command, args, visible, vm, usage, FileArgs::Many)) return *done;
  if (game != Amazons::kName && game != Clobber::kName) return usageError(command, "--uci and --games take Amazons or Clobber");
  Settings settings;
  if (vm.count("file")) settings.files = vm["file"].as<std::vector<std::string>>();
  if (vm.count("games")) settings.games = vm["games"].as<std::vector<std::string>>();
  if (settings.files.empty() && settings.games.empty()) return usageError(command, "missing FILE or --games FILE", usage);
  const std::string format = vm["format"].as<std::string>();
  if (format != "text" && format != "json") return usageError(command, "--format is text or json");
  settings.json = format == "json";
  if (vm.count("svg")) settings.svgPath = vm["svg"].as<std::string>();
  if (vm.count("svg-wrong")) {
    if (game != Amazons::kName) return usageError(command, "--svg-wrong draws Amazons boards: Clobber has no board picture");
    settings.wrongDir = vm["svg-wrong"].as<std::string>();
    std::error_code error;
    std::filesystem::create_directories(settings.wrongDir, error);
    if (error) return usageError(command, "--svg-wrong: cannot make the folder '" + settings.wrongDir + "': " + error.message());
  }
  settings.drawMargin = static_cast<long>(ranged<int64_t>(vm, "draw-margin"));
  if (vm.count("engine-nodes") && vm.count("engine-movetime")) return usageError(command, "--engine-nodes or --engine-movetime, not both");
  if (vm.count("uci")) {
    core::UciSettings uci;
    uci.command = vm["uci"].as<std::string>();
    uci.variant = game == Amazons::kName ? EngineGame<Amazons>::kVariant : EngineGame<Clobber>::kVariant;
    uci.go = "go nodes 5000";
    if (vm.count("engine-nodes")) uci.go = "go nodes " + std::to_string(vm["engine-nodes"].as<Checked<uint64_t>>().value);
    if (vm.count("engine-movetime")) uci.go = "go movetime " + std::to_string(vm["engine-movetime"].as<Checked<uint64_t>>().value);
    uci.timeout = std::chrono::milliseconds(static_cast<int64_t>(1000 * ranged<double>(vm, "engine-timeout")));
    if (vm.count("uci-option"))
      for (const std::string& o : vm["uci-option"].as<std::vector<std::string>>()) {
        const size_t eq = o.find('=');
        if (eq == std::string::npos || eq == 0) return usageError(command, "--uci-option is NAME=VALUE, not '" + o + "'");
        uci.options.emplace_back(o.substr(0, eq), o.substr(eq + 1));
      }
    settings.uci = std::move(uci);
  } else if (vm.count("engine-nodes") || vm.count("engine-movetime") || vm.count("uci-option")) {
    return usageError(command, "--engine-nodes, --engine-movetime and --uci-option need --uci");
  } else if (!settings.files.empty()) {
    return usageError(command, "positions FILE... are checked against an engine: give --uci (game records alone need none)");
  }
  Notation notation;
  try {
    notation = parseNotationName(vm["notation"].as<std::string>());
  } catch (const InputError& e) {
    return usageError(command, e.what());
  }
  const unsigned threads = threadCount(vm);
  const tbb::global_control control(tbb::global_control::max_allowed_parallelism, threads);
  const core::Limits limits{.seconds = ranged<double>(vm, "time-limit"), .nodes = ranged<uint64_t>(vm, "node-limit")};
  const size_t megabytes = static_cast<size_t>(ranged<int64_t>(vm, "hash"));
  const bool allMoves = vm.count("all-moves") > 0;
  if (game == Amazons::kName) {
    AmazonsOptions options;
    options.analysis.hashMegabytes = megabytes;
    options.analysis.limits = limits;
    options.analysis.allWinningMoves = allMoves;
    if (vm.count("canonical-nodes")) options.analysis.formNodes = vm["canonical-nodes"].as<Checked<uint64_t>>().value;
    AmazonsEngine solver(options, notation);
    return verifyWith(solver, settings);
  }
  core::AnalysisOptions options;
  options.hashMegabytes = megabytes;
  options.limits = limits;
  options.allWinningMoves = allMoves;
  if (vm.count("canonical-nodes")) options.formNodes = vm["canonical-nodes"].as<Checked<uint64_t>>().value;
  core::AnalyserEngine<Clobber> solver(options);
  return verifyWith(solver, settings);
}

}  // namespace amazons::cli
