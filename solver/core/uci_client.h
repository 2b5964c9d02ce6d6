// A UCI engine (Fairy-Stockfish and the like) asked about one position at a time, for
// `verify --uci` (solver/cli/cli_verify_engine.cpp): the engine command is started once, set up
// (`uci`/`uciok`, the options, `UCI_Variant`, `isready`/`readyok`), and for every position
// sent `ucinewgame`, `isready`, `position fen F` and the go command; its last `info ... score`
// and its `bestmove` are the answer.
//
// Nothing the engine does can stop the run or hang it: every answer is awaited at most the
// timeout; an engine that dies, hangs, prints an `info` score or a `bestmove` that cannot be
// read, or a line longer than any UCI line (64 KiB), gets an answer with `error` set, and is
// killed; the next position starts a fresh one. Lines the protocol does not know (banners,
// `info string`, anything else) are ignored, as UCI asks of a client.
#pragma once
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace amazons {
class ChildProcess;
}

namespace amazons::core {

struct UciSettings {
  // Run by /bin/sh as `exec COMMAND`: a program with its arguments (and redirections), which
  // replaces the shell, so that killing the process kills the engine and leaves nothing behind.
  std::string command;
  std::string variant;  // sent as UCI_Variant after `options`, unless they name UCI_Variant
  std::vector<std::pair<std::string, std::string>> options;  // setoption name N value V, in order
  std::string go = "go nodes 5000";                           // the search command of each position
  std::chrono::milliseconds timeout{30000};                   // for each awaited answer
};

// An engine's score from the side to move's view: centipawns or moves to mate (negative:
// the side to move is mated; Fairy-Stockfish writes "mate 0" for a side with no move).
struct UciScore {
  bool mate = false;
  long value = 0;
};

struct UciAnswer {
  std::optional<UciScore> score;  // the last info line's, when it gave one
  std::string bestMove;           // as the engine wrote it; empty for "(none)" or "0000"
  std::string error;              // set when the engine failed: no score or move then
};

// The score of one `info` line, nullopt when it has none (or is another PV than the first);
// a `score` field that cannot be read throws std::invalid_argument.
std::optional<UciScore> parseInfoScore(std::string_view line);

// "mate 3", "cp -25".
std::string uciScoreText(const UciScore& score);

class UciClient {
 public:
  explicit UciClient(UciSettings settings);
  ~UciClient();
  UciClient(const UciClient&) = delete;
  UciClient& operator=(const UciClient&) = delete;

  // The engine's answer for the position `fen` (starting an engine first when none runs).
  UciAnswer analyse(const std::string& fen);
  // Kills the engine (a caller that found its answer wrong, an illegal move): the next
  // position starts a fresh one.
  void discard();
  int starts() const { return starts_; }  // engines started so far

 private:
  std::string start();  // "" or what went wrong
  // Lines until one that `done` accepts (returned), or "" with `error` set.
  template <class Done>
  std::optional<std::string> awaitLine(Done&& done, const char* what, std::string& error);

  UciSettings settings_;
  std::unique_ptr<ChildProcess> engine_;
  int starts_ = 0;
};

}  // namespace amazons::core
