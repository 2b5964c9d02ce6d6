// Amazons suite lines (the format: solver/core/suite.h) read into Amazons boards and moves:
// for the tests, `generate` and the oracle's labels, which build and write Amazons lines.
// Moves are read in either notation and written in CS61B's.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "solver/amazons/board.h"
#include "solver/core/suite.h"

namespace amazons {

using core::classOf;
using core::isSuiteCommentOrBlank;
using core::OutcomeClass;
using core::outcomeClassName;
inline bool moverWinsIn(OutcomeClass c, Color mover) { return core::moverWinsIn(c, mover == Color::Black ? cgt::Side::Left : cgt::Side::Right); }
inline const char* sideLetter(Color c) { return c == Color::Black ? "b" : "w"; }

struct SuiteEntry {
  int line = 0;                         // 1-based line in its file (0: not from a file)
  Board board{1, 1};                    // the position, with its side to move
  std::optional<bool> moverWins;        // win / loss
  std::optional<OutcomeClass> outcomeClass;
  std::optional<std::string> value;     // CGSuite text, parsed by the caller
  std::optional<int> moves;
  std::vector<Move> best;
  std::string src;
  std::optional<Move> move;             // verify: claimed move
  std::optional<bool> claimedWin;       // verify: outcome=
  std::optional<long> margin;           // verify: margin=
  bool knownFailure = false;            // '*'
  std::vector<std::pair<std::string, std::string>> extra;  // other key=value fields, in order

  // Column (1-based) where each field starts on its line, for messages: 0 when not from a file.
  int valueColumn = 0;
};

// Parse one suite line (not a comment or blank). lineNumber goes into errors; a line of
// another game (game=) is one.
SuiteEntry parseSuiteLine(std::string_view text, int lineNumber = 1);

// Parse a whole suite text; errors carry the line (and the file name given).
std::vector<SuiteEntry> parseSuite(std::string_view text, const std::string& file = {});

// Read a suite file ("-" = standard input); a file that cannot be opened is an InputError.
std::vector<SuiteEntry> loadSuite(const std::string& path);

// The line for an entry (no newline); parseSuiteLine gives back an equal entry. Moves are
// written in CS61B notation; the fields in core::suiteFieldsText's order.
std::string writeSuiteLine(const SuiteEntry& entry);

}  // namespace amazons
