// amazons-solve play uci: the solver as a UCI engine for Amazons and Clobber, as Fairy-Stockfish
// speaks it (UCI_Variant, its FEN and move notation), for GUIs, match tools and `verify --uci`.
//
// Standard input is read on the main thread; each `go` searches on a thread of its own, so
// `stop`, `isready` and `quit` are answered while it runs. A search runs the exact analysis
// (the core's, as the bots do) on a worker thread, under the `go`'s time and node limits and a
// stop flag, and the bot's fallback beside it (Amazons: the one-ply heuristic; Clobber: the
// move leaving the opponent fewest replies). The answer is the analysis' when it settles the
// position, with a mate score, else the fallback's with a centipawn estimate.
#include "solver/cli/cli_play_uci.h"

#include <algorithm>
#include <atomic>
#include <boost/program_options.hpp>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>

#include "solver/amazons/endgames.h"
#include "solver/amazons/engine.h"
#include "solver/amazons/formats.h"
#include "solver/amazons/heuristic.h"
#include "solver/amazons/notation.h"
#include "solver/cli/cli_common.h"
#include "solver/clobber/bot.h"
#include "solver/core/analysis.h"
#include "solver/core/errors.h"
#include "solver/core/uci_command.h"

namespace amazons::cli {
namespace {

namespace po = boost::program_options;
using clobber::Clobber;
using Clock = std::chrono::steady_clock;
using Kind = core::UciCommand::Kind;

const char* kStdin = "<stdin>";
const char* kClobberStart = "PpPpP/pPpPp/PpPpP/pPpPp/PpPpP/pPpPp w 0 1";  // Fairy-Stockfish's clobber variant

// Of a timed search's time, the analysis and the fallback's scan get this share; the answer
// goes at the end of the time at the latest. The rest is for the analysis to see its limit
// (the core reads the clock every 256 expansions) and for the answer's way to the GUI.
constexpr double kExactShare = 0.8;
// With a clock (wtime/btime): a move gets the time left over the moves to go (movestogo, else
// this many: a 10x10 game is about 45 moves a side, and the exact analysis needs the time most
// near the end) plus the increment, at most half the time left, less a reserve for the
// answer's way to the GUI and the GUI's own bookkeeping.
constexpr int64_t kMovesToGo = 20;
constexpr int64_t kReserveMs = 30;
// Of a line with no command, the characters said back.
constexpr size_t kEchoed = 40;

// Lines to the GUI, whole and flushed, from any thread.
class Output {
 public:
  void line(const std::string& text) {
    std::lock_guard lock(mutex_);
    std::cout << text << std::endl;
  }

 private:
  std::mutex mutex_;
};

// The side to move's verdict from the exact analysis, and its move in the GUI's notation (a
// win's winning move; a loss's most stubborn one, when the analysis names one).
struct ExactFinding {
  bool win = false;
  std::optional<std::string> move;
};

// The fallback's move and its estimate in centipawns from the mover's view.
struct Estimate {
  std::string move;
  int64_t centipawns = 0;
};

// An analyser and whether a search's worker still uses it: a new search takes a fresh one then
// (the tables store exact keys, so an answer never depends on which).
template <class G>
struct AnalyserSlot {
  explicit AnalyserSlot(const core::AnalysisOptions& options) : analyser(options) {}
  core::Analyser<G> analyser;
  std::atomic<bool> busy{false};
};

// One search's game-specific half, on its own copy of the position.
class Job {
 public:
  virtual ~Job() = default;
  virtual bool hasMove() const = 0;
  // The most plies the game can still last: every Amazons move fills an empty square, every
  // Clobber move removes a stone.
  virtual int plyBound() const = 0;
  // On the worker thread: the analysis within `limits`; the verdict when it settles the
  // position. `fresh`: with the analyser's tables emptied first, so that what settles within a
  // node limit does not depend on the searches before.
  virtual std::optional<ExactFinding> exact(const core::Limits& limits, bool fresh) = 0;
  // The analysis' expansions so far, from any thread.
  virtual uint64_t nodes() const = 0;
  // The fallback's move, scanning until `deadline` or `halt`.
  virtual Estimate fallback(Clock::time_point deadline, const std::atomic<bool>& halt, uint64_t seed) const = 0;
};

// The analysis of a job's position by `slot`, which it marks busy while the job lives.
template <class G>
class AnalysingJob : public Job {
 public:
  explicit AnalysingJob(std::shared_ptr<AnalyserSlot<G>> slot) : slot_(std::move(slot)), before_(slot_->analyser.nodes()) {
    slot_->busy.store(true, std::memory_order_release);
  }
  ~AnalysingJob() override { slot_->busy.store(false, std::memory_order_release); }
  uint64_t nodes() const override {
    const uint64_t now = slot_->analyser.nodes(), before = before_.load();
    return now > before ? now - before : 0;  // (0 in the instant of a clear)
  }

 protected:
  // The side to move's report within `limits`.
  core::SideReport<G> analyse(const typename G::Region& region, cgt::Side mover, const core::Limits& limits, bool fresh) {
    if (fresh) {
      slot_->analyser.clear();
      before_ = slot_->analyser.nodes();  // what a clear leaves of the count
    }
    slot_->analyser.setLimits(limits);
    return slot_->analyser.analyse(region, mover, core::Sides::ToMoveOnly).forSide(mover);
  }

 private:
  std::shared_ptr<AnalyserSlot<G>> slot_;
  std::atomic<uint64_t> before_;  // the analyser's count before this job's analysis
};

class AmazonsJob : public AnalysingJob<Amazons> {
 public:
  AmazonsJob(const Board& board, std::shared_ptr<AnalyserSlot<Amazons>> slot) : AnalysingJob(std::move(slot)), board_(board) {}
  bool hasMove() const override { return board_.hasMove(board_.sideToMove()); }
  int plyBound() const override { return board_.emptyCount(); }
  std::optional<ExactFinding> exact(const core::Limits& limits, bool fresh) override {
    const core::SideReport<Amazons> side = analyse(GameRegion(board_), Amazons::sideOf(board_.sideToMove()), limits, fresh);
    const auto text = [&](const std::optional<Amazons::Move>& m) -> std::optional<std::string> {
      if (!m) return std::nullopt;
      return formatMove(board_, Amazons::onBoard(board_, *m), Notation::Uci);
    };
    if (side.verdict == core::Verdict::Win) return ExactFinding{true, text(side.winningMove)};
    if (side.verdict == core::Verdict::Loss) return ExactFinding{false, text(side.stubbornMove)};
    return std::nullopt;
  }
  // heuristicScore is already in hundredths of a square of territory (100 a square).
  Estimate fallback(Clock::time_point deadline, const std::atomic<bool>& halt, uint64_t seed) const override {
    const Move m = *heuristicMove(board_, deadline, seed, &halt);
    Board after = board_;
    after.play(m);
    const int score = heuristicScore(after);
    return {formatMove(board_, m, Notation::Uci), board_.sideToMove() == Color::Black ? score : -score};
  }

 private:
  Board board_;
};

class ClobberJob : public AnalysingJob<Clobber> {
 public:
  ClobberJob(const clobber::Region& board, cgt::Side mover, std::shared_ptr<AnalyserSlot<Clobber>> slot)
      : AnalysingJob(std::move(slot)), board_(board), mover_(mover) {}
  bool hasMove() const override { return Clobber::countMoves(board_, mover_) > 0; }
  int plyBound() const override { return std::max(0, board_.stones() - 1); }
  std::optional<ExactFinding> exact(const core::Limits& limits, bool fresh) override {
    const core::SideReport<Clobber> side = analyse(board_, mover_, limits, fresh);
    if (side.verdict == core::Verdict::Win)
      return ExactFinding{true, side.winningMove ? std::optional(Clobber::formatMove(board_, *side.winningMove)) : std::nullopt};
    if (side.verdict == core::Verdict::Loss) return ExactFinding{false, std::nullopt};  // the fallback's move, as the bot plays
    return std::nullopt;
  }
  // 100 for each move the mover has after its move more than the opponent: mobility, what the
  // fallback itself weighs.
  Estimate fallback(Clock::time_point, const std::atomic<bool>&, uint64_t seed) const override {
    const clobber::Move m = clobber::fewestReplies(board_, mover_, seed);
    const clobber::Region after = Clobber::play(board_, m);
    const int64_t mine = static_cast<int64_t>(Clobber::countMoves(after, mover_));
    const int64_t theirs = static_cast<int64_t>(Clobber::countMoves(after, core::opposite(mover_)));
    return {Clobber::formatMove(board_, m), 100 * (mine - theirs)};
  }

 private:
  clobber::Region board_;
  cgt::Side mover_;
};

// The error `e`, found in text that starts at `column` of input line `line`, placed there.
InputError placed(const InputError& e, int line, int column) {
  return InputError(e.what(), line, column - 1 + std::max(1, e.column()), kStdin);
}

// A variant's position and analyser, the part of the engine that knows the game.
class Variant {
 public:
  virtual ~Variant() = default;
  virtual void setStart() = 0;
  // The position of a `position` command on input line `line`; on an error (InputError placed
  // in the line) the position stays as it was.
  virtual void set(const core::UciCommand& c, int line) = 0;
  // The analyser's options for the searches to come.
  virtual void setOptions(const core::AnalysisOptions& options) = 0;
  virtual bool whiteToMove() const = 0;
  virtual std::shared_ptr<Job> job() = 0;
};

// The analyser slot of a variant: kept from search to search while no worker uses it.
template <class G>
class Analysers {
 public:
  void setOptions(const core::AnalysisOptions& options) {
    options_ = options;
    slot_.reset();
  }
  std::shared_ptr<AnalyserSlot<G>> free() {
    if (!slot_ || slot_->busy.load(std::memory_order_acquire)) slot_ = std::make_shared<AnalyserSlot<G>>(options_);
    return slot_;
  }

 private:
  core::AnalysisOptions options_;
  std::shared_ptr<AnalyserSlot<G>> slot_;
};

class AmazonsVariant : public Variant {
 public:
  void setStart() override { board_ = standardStart10x10(); }
  void set(const core::UciCommand& c, int line) override {
    Board board = standardStart10x10();
    if (!c.startpos) try {
        board = parsePosition(c.fen, Format::Fen).board;
      } catch (const InputError& e) {
        throw placed(e, line, c.fenColumn);
      }
    for (size_t i = 0; i < c.moves.size(); ++i) try {
        board.play(parseLegalMove(board, c.moves[i]));
      } catch (const InputError& e) {
        throw placed(e, line, c.moveColumns[i]);
      }
    board_ = board;
  }
  void setOptions(const core::AnalysisOptions& options) override {
    core::AnalysisOptions o = amazonsAnalysisOptions();
    o.hashMegabytes = options.hashMegabytes;
    o.threads = options.threads;
    analysers_.setOptions(o);
  }
  bool whiteToMove() const override { return board_.sideToMove() == Color::White; }
  std::shared_ptr<Job> job() override { return std::make_shared<AmazonsJob>(board_, analysers_.free()); }

 private:
  Board board_ = standardStart10x10();
  Analysers<Amazons> analysers_;
};

class ClobberVariant : public Variant {
 public:
  ClobberVariant() { setStart(); }
  void setStart() override { position_ = Clobber::parsePosition(kClobberStart, kStdin); }  // (its FEN says White moves)
  void set(const core::UciCommand& c, int line) override {
    clobber::Position p;
    try {
      p = Clobber::parsePosition(c.startpos ? kClobberStart : c.fen, kStdin);
    } catch (const InputError& e) {
      throw placed(e, line, c.fenColumn);
    }
    cgt::Side mover = p.toMove.value_or(cgt::Side::Right);  // Fairy-Stockfish: White unless "b"
    for (size_t i = 0; i < c.moves.size(); ++i) {
      clobber::Move m;
      try {
        m = Clobber::parseMove(p.board, c.moves[i]);
      } catch (const InputError& e) {
        throw placed(e, line, c.moveColumns[i]);
      }
      const std::vector<clobber::Move> legal = Clobber::moves(p.board, mover);
      if (std::find(legal.begin(), legal.end(), m) == legal.end())
        throw InputError("'" + c.moves[i] + "' moves a stone of the side not to move", line, c.moveColumns[i], kStdin);
      p.board = Clobber::play(p.board, m);
      mover = core::opposite(mover);
    }
    p.toMove = mover;
    position_ = p;
  }
  void setOptions(const core::AnalysisOptions& options) override { analysers_.setOptions(options); }
  bool whiteToMove() const override { return position_.toMove == cgt::Side::Right; }
  std::shared_ptr<Job> job() override { return std::make_shared<ClobberJob>(position_.board, *position_.toMove, analysers_.free()); }

 private:
  clobber::Position position_;
  Analysers<Clobber> analysers_;
};

std::unique_ptr<Variant> makeVariant(const std::string& name) {
  if (name == "clobber") return std::make_unique<ClobberVariant>();
  return std::make_unique<AmazonsVariant>();
}

std::string lowered(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// What a `go` allows: an answer by `time` after it (none: no clock), `nodes` expansions of the
// analysis (0: none), and with `infinite` no answer before `stop`.
struct SearchLimits {
  std::optional<Clock::duration> time;
  uint64_t nodes = 0;
  bool infinite = false;
};

// The time a `go` gives this move, for the side to move (`white`).
SearchLimits limitsOf(const core::UciGo& go, bool white) {
  SearchLimits limits;
  limits.infinite = go.infinite;
  if (go.nodes) limits.nodes = static_cast<uint64_t>(std::max<int64_t>(1, *go.nodes));
  std::optional<int64_t> ms;
  if (go.movetime) ms = *go.movetime;
  if (const std::optional<int64_t> left = white ? go.wtime : go.btime) {
    const int64_t increment = std::max<int64_t>(0, (white ? go.winc : go.binc).value_or(0));
    const int64_t movesToGo = std::max<int64_t>(1, go.movestogo.value_or(kMovesToGo));
    const int64_t share = std::min(*left / movesToGo + increment, *left / 2) - kReserveMs;
    ms = std::min(ms.value_or(share), share);
  }
  // (a day at most: the clock's arithmetic stays far from overflowing)
  if (ms && !limits.infinite) limits.time = std::chrono::milliseconds(std::clamp<int64_t>(*ms, 1, 86'400'000));
  return limits;
}

// One search's state, shared by the thread that answers, the analysis' worker and the engine.
struct SearchState {
  std::mutex mutex;
  std::condition_variable changed;
  bool exactDone = false;                // the worker has finished
  std::optional<ExactFinding> exact;     // what it found
  std::atomic<bool> stop{false};         // the GUI's stop (or quit): the analysis ends as at its limit
  std::atomic<bool> halt{false};         // the fallback's scan ends: stopped, or the analysis settled it
  std::atomic<bool> answered{false};     // bestmove is out

  void requestStop() {
    {
      std::lock_guard lock(mutex);
      stop = true;
      halt = true;
    }
    changed.notify_all();
  }
};

// The analysis' workers still running (each counts itself out as its last act), so that quit
// knows whether it may return or must _Exit past them.
struct Workers {
  std::mutex mutex;
  int running = 0;
  void add() {
    std::lock_guard lock(mutex);
    ++running;
  }
  void end() {
    std::lock_guard lock(mutex);
    --running;
  }
  bool idle() {
    std::lock_guard lock(mutex);
    return running == 0;
  }
};

class UciEngine {
 public:
  UciEngine(const std::string& variant, size_t hashMegabytes, unsigned threads, uint64_t seed)
      : startVariant_(variant), hash_(hashMegabytes), threads_(threads), seed_(seed) {
    setVariant(variant);
  }

  // Reads commands until quit or the end of the input; the exit status.
  int run() {
    std::string line;
    int number = 0;
    bool quit = false;
    while (!quit && std::getline(std::cin, line)) quit = !command(line, ++number);
    // quit stops the search, as Stockfish's; the end of a script's input lets one with a limit answer
    endSearch(quit || !runningEnds_);
    return 0;
  }

  bool workersIdle() { return workers_->idle(); }

 private:
  // One input line; false for quit.
  bool command(const std::string& line, int number) {
    core::UciCommand c;
    try {
      c = core::parseUciCommand(line);
    } catch (const InputError& e) {
      out_.line("info string " + InputError(e.what(), number, e.column(), kStdin).describe());
      return true;
    }
    switch (c.kind) {
      case Kind::None:  // ignored, as the protocol asks; said, for a person typing
        if (const size_t begin = line.find_first_not_of(" \t\r"); begin != std::string::npos)
          out_.line("info string ignored: no UCI command in '" + line.substr(begin, kEchoed) + "'");
        break;
      case Kind::Uci:
        out_.line("id name amazons-solve");
        out_.line("id author the amazons-solve authors");
        out_.line("option name UCI_Variant type combo default " + startVariant_ + " var amazons var clobber");
        out_.line("option name Threads type spin default " + std::to_string(threads_) + " min 1 max " +
                  std::to_string(kThreadsRange.max));
        out_.line("option name Hash type spin default " + std::to_string(hash_) + " min 1 max " + std::to_string(kHashRange.max));
        out_.line("uciok");
        break;
      case Kind::IsReady:
        out_.line("readyok");
        break;
      case Kind::SetOption:
        setOption(c.name, c.value);
        break;
      case Kind::UciNewGame:
        variant_->setStart();
        break;
      case Kind::Position:
        try {
          variant_->set(c, number);
        } catch (const InputError& e) {
          out_.line("info string " + e.describe() + " (the position is left as it was)");
        }
        break;
      case Kind::Go:
        go(c.go);
        break;
      case Kind::Stop:
        endSearch(true);
        break;
      case Kind::Quit:
        return false;
      case Kind::Debug:
      case Kind::Register:
      case Kind::PonderHit:  // no Ponder option is offered: nothing to do
        break;
    }
    return true;
  }

  void setVariant(const std::string& name) {
    variant_ = makeVariant(name);
    setVariantOptions();
  }

  void setOption(const std::string& rawName, const std::string& value) {
    const std::string name = lowered(rawName);
    const auto number = [&](int64_t min, int64_t max) -> std::optional<int64_t> {
      try {
        size_t used = 0;
        const int64_t n = std::stoll(value, &used);
        if (used == value.size() && n >= min && n <= max) return n;
      } catch (const std::logic_error&) {
      }
      out_.line("info string option " + rawName + " takes a number from " + std::to_string(min) + " to " + std::to_string(max) +
                ", not '" + value + "'");
      return std::nullopt;
    };
    if (name == "uci_variant") {
      const std::string v = lowered(value);
      if (v == "amazons" || v == "clobber") setVariant(v);
      else out_.line("info string UCI_Variant is amazons or clobber, not '" + value + "'");
    } else if (name == "threads") {
      if (const auto n = number(1, kThreadsRange.max)) threads_ = static_cast<unsigned>(*n), setVariantOptions();
    } else if (name == "hash") {
      if (const auto n = number(kHashRange.min, kHashRange.max)) hash_ = static_cast<size_t>(*n), setVariantOptions();
    } else {
      out_.line("info string no such option: " + rawName);
    }
  }

  void setVariantOptions() {
    core::AnalysisOptions options;
    options.hashMegabytes = hash_;
    options.threads = threads_;
    variant_->setOptions(options);
  }

  // Starts a search of the current position; the answering thread prints bestmove.
  // A `go` read while a search with a limit runs waits for its answer, as Stockfish's does (a
  // script may send its commands at once); one that would wait for a `stop` is refused.
  void go(const core::UciGo& goCommand) {
    if (state_ && !state_->answered && !runningEnds_) {
      out_.line("info string ignored: 'go' while a search without a limit runs (stop it first)");
      return;
    }
    endSearch(false);
    const Clock::time_point start = Clock::now();  // the search's time runs from when its go was read
    const SearchLimits limits = limitsOf(goCommand, variant_->whiteToMove());
    runningEnds_ = !limits.infinite && (limits.time || limits.nodes);
    state_ = std::make_shared<SearchState>();
    searcher_ = std::thread([this, job = variant_->job(), limits, state = state_, start] {
      search(job, limits, state, start);
    });
  }

  // Ends the search under way: with `stop`, asks it to answer now; then waits for its answer.
  void endSearch(bool stop) {
    if (state_ && stop) state_->requestStop();
    if (searcher_.joinable()) searcher_.join();
  }

  // The answering thread of one search.
  void search(const std::shared_ptr<Job>& owned, const SearchLimits& limits, const std::shared_ptr<SearchState>& shared,
              Clock::time_point start) {
    Job& job = *owned;
    SearchState& state = *shared;
    const auto elapsedMs = [&] { return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count(); };
    if (!job.hasMove()) {  // lost: Fairy-Stockfish's answer for a side with no move
      out_.line("info depth 0 score mate 0");
      waitForStop(state, limits.infinite);
      answer(state, "bestmove (none)");
      return;
    }
    const Clock::time_point exactBy = limits.time ? start + std::chrono::duration_cast<Clock::duration>(*limits.time * kExactShare)
                                                  : Clock::time_point::max();
    const Clock::time_point answerBy = limits.time ? start + *limits.time : Clock::time_point::max();
    core::Limits exactLimits;
    // (a positive limit even when the time is all but gone: 0 would mean none)
    if (limits.time) exactLimits.seconds = std::max(1e-6, std::chrono::duration<double>(exactBy - Clock::now()).count());
    exactLimits.nodes = limits.nodes;
    exactLimits.stop = &state.stop;
    workers_->add();
    // Under a node limit alone the answer is the same whatever came before (README).
    const bool fresh = limits.nodes > 0 && !limits.time;
    std::thread([job = owned, exactLimits, fresh, shared, workers = workers_]() mutable {
      std::optional<ExactFinding> found;
      try {
        found = job->exact(exactLimits, fresh);
      } catch (const std::exception&) {
        // (out of memory or a value out of range: the fallback answers)
      }
      job.reset();  // the analyser, when the last to hold it, goes before the worker counts itself out
      {
        std::lock_guard lock(shared->mutex);
        shared->exactDone = true;
        shared->exact = found;
        if (found) shared->halt = true;
      }
      shared->changed.notify_all();
      workers->end();
    }).detach();
    const Estimate estimate = job.fallback(exactBy, state.halt, seed_);
    std::optional<ExactFinding> exact;
    bool told = false;  // the exact verdict's info line is out (an infinite search tells it at once)
    {
      std::unique_lock lock(state.mutex);
      for (;;) {
        if (state.exactDone && state.exact && !told && limits.infinite) {
          const ExactFinding found = *state.exact;
          lock.unlock();
          out_.line(infoLine(job, found, estimate, elapsedMs()));
          told = true;
          lock.lock();
          continue;
        }
        if (state.stop || (state.exactDone && !limits.infinite)) break;
        if (!limits.time) state.changed.wait(lock);
        else if (state.changed.wait_until(lock, answerBy) == std::cv_status::timeout) break;
      }
      exact = state.exact;
    }
    state.requestStop();  // the analysis, if still running, ends at its next look at the clock
    if (!told) out_.line(infoLine(job, exact, estimate, elapsedMs()));
    answer(state, "bestmove " + (exact && exact->move ? *exact->move : estimate.move));
  }

  std::string infoLine(const Job& job, const std::optional<ExactFinding>& exact, const Estimate& estimate, int64_t ms) const {
    std::string score;
    int depth = 1;  // the fallback looks one ply ahead
    std::string pv = estimate.move;
    if (exact) {
      // Mate within N of the side's moves: the game cannot last longer (README, "UCI engine").
      const int plies = job.plyBound();
      const int n = exact->win ? (plies + 1) / 2 : std::max(1, plies / 2);
      score = "mate ";
      score += exact->win ? std::to_string(n) : "-" + std::to_string(n);
      depth = plies;
      if (exact->move) pv = *exact->move;
    } else {
      score = "cp " + std::to_string(estimate.centipawns);
    }
    std::string text = "info depth " + std::to_string(depth);
    text += " nodes " + std::to_string(job.nodes());
    text += " time " + std::to_string(ms);
    text += " score " + score;
    text += " pv " + pv;
    return text;
  }

  void waitForStop(SearchState& state, bool infinite) {
    if (!infinite) return;
    std::unique_lock lock(state.mutex);
    state.changed.wait(lock, [&] { return state.stop.load(); });
  }

  void answer(SearchState& state, const std::string& line) {
    out_.line(line);
    state.answered = true;
  }

  Output out_;
  std::string startVariant_;
  std::unique_ptr<Variant> variant_;
  size_t hash_;
  unsigned threads_;
  uint64_t seed_;
  std::shared_ptr<SearchState> state_;
  std::thread searcher_;
  bool runningEnds_ = false;  // the last search has a limit: it ends without a stop
  std::shared_ptr<Workers> workers_ = std::make_shared<Workers>();
};

}  // namespace

int runUciPlay(const std::vector<std::string>& args, const std::string& variant) {
  po::options_description visible(
      "amazons-solve play uci [--game clobber] [options]: a UCI engine for Amazons and Clobber on stdin/stdout, as "
      "Fairy-Stockfish speaks it (UCI_Variant amazons or clobber); the exact answer, a mate score, whenever the solver "
      "settles the position within the go's limits, else the bot's move with a centipawn estimate");
  visible.add_options()("help,h", "show this help");
  addRanged<int64_t>(visible, "hash", 256, kHashRange, "the solver's table memory in MB (the Hash option's default)");
  addRanged<int64_t>(visible, "threads", 1, Range<int64_t>{1, kThreadsRange.max}, "the solver's threads (the Threads option's default)");
  addRanged<uint64_t>(visible, "seed", 0, kNodesRange, "the fallback's order of moves (its choice among equal scores)");
  po::variables_map vm;
  std::string usage;
  if (const auto done = parseOptions("play uci", args, visible, vm, usage)) return *done;
  UciEngine engine(variant, static_cast<size_t>(ranged<int64_t>(vm, "hash")), static_cast<unsigned>(ranged<int64_t>(vm, "threads")),
                   ranged<uint64_t>(vm, "seed"));
  const int status = engine.run();
  if (!engine.workersIdle()) {  // an analysis past its stop (a territory count reads no flag) ends with the process
    std::cout.flush();
    std::_Exit(status);
  }
  return status;
}

}  // namespace amazons::cli
