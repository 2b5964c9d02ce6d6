// The commands a UCI GUI sends an engine (the UCI protocol, April 2006, as Stockfish and
// Fairy-Stockfish read it), one line at a time, for `amazons-solve play uci`: the words only;
// what a FEN or a move means is the game's to read.
//
// As the protocol asks, unknown words before a command are skipped ("joho debug on" is
// "debug on"), a line with no command is Kind::None, and unknown words inside `go` are
// ignored. A command whose arguments cannot be read (a `go` number that is no number, a
// `position` with neither `fen` nor `startpos`, a `setoption` without `name`) throws
// InputError with the column of the fault (line 0: the caller knows the line).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace amazons::core {

struct UciGo {
  std::optional<int64_t> wtime, btime, winc, binc, movestogo, depth, nodes, mate, movetime;  // milliseconds, counts
  bool infinite = false, ponder = false;
  std::vector<std::string> searchmoves;
};

struct UciCommand {
  enum class Kind { None, Uci, Debug, IsReady, SetOption, Register, UciNewGame, Position, Go, Stop, PonderHit, Quit };
  Kind kind = Kind::None;
  // SetOption: the name and value as given (inner spaces kept, ends trimmed; no value: empty).
  // Debug: "on" or "off" in `value`.
  std::string name, value;
  // Position: the start (a FEN's fields joined by one space, empty for startpos) and the moves.
  bool startpos = false;
  std::string fen;
  int fenColumn = 0;                // where the FEN's first field starts in the line
  std::vector<std::string> moves;
  std::vector<int> moveColumns;     // where each move starts
  UciGo go;
};

UciCommand parseUciCommand(std::string_view line);

}  // namespace amazons::core
