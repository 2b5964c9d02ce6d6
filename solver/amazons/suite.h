// Puzzle suites: one position a line with its known answer (see positions/README.md).
//
//   position ; to-move ; expected... ; key=value ...
//
// - A comment line is "#" alone or "#" followed by a space (a position may itself begin with
//   "#", an arrow in the corner); blank lines are ignored. Fields are separated by ";" (written
//   " ; "); spaces around a field are ignored.
// - position: the CGSuite/MCGS one-line string (x Black, o White, # arrow, . empty, rows top
//   first joined by '|'). to-move: b, black, w or white (any case).
// - Later fields, in any order, each at most once:
//     win | loss        the outcome for the side to move
//     L | R | P | N     the outcome class (L: Black wins whoever starts, R: White does,
//                       P: the second player wins, N: the first player wins)
//     value=G           the value of the whole position (sum of chambers), CGSuite notation,
//                       Black = Left
//     moves=K           the value is an integer of absolute value K (a territory's move count)
//     best=M[,M...]     winning moves for the side to move (CS61B d10-c9(h4) or CodinGame d8d1d7)
//     src=TEXT          where the answer comes from (oracle, CGSuite, Song-Mueller-2015, ...)
//     move=M            verify: an engine's chosen move
//     outcome=win|loss  verify: the engine's claimed outcome for the side to move
//     margin=N          verify: the engine's claimed margin (value for the mover, when a number)
//     game=G            amazons (the default) or clobber: the game of the line; a suite is read
//                       for one game, and a line of another is an error naming the command
//                       that reads it (`amazons-solve suite --game clobber`)
//   Any other key=value field (lowercase key) is kept and ignored. A "*" right after the outcome
//   ("win*", "P *") or a field "*" alone marks a known failure.
// - A win/loss and a class on one line must agree. Every error is an InputError with the line
//   and the column of the offending field.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "solver/amazons/board.h"

namespace amazons {

enum class OutcomeClass { L, R, P, N };
const char* outcomeClassName(OutcomeClass c);  // "L", "R", "P", "N"
// The class from the two verdicts: does the mover win with Black to move, with White to move.
OutcomeClass classOf(bool blackToMoveWins, bool whiteToMoveWins);
// Whether the side to move wins in a game of this class.
bool moverWinsIn(OutcomeClass c, Color mover);

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
  std::string game = "amazons";        // game=
  bool knownFailure = false;            // '*'
  std::vector<std::pair<std::string, std::string>> extra;  // other key=value fields, in order

  // Column (1-based) where each field starts on its line, for messages: 0 when not from a file.
  int valueColumn = 0;
};

// Parse one suite line (not a comment or blank). lineNumber goes into errors.
// Lines for another game than `game` are errors.
SuiteEntry parseSuiteLine(std::string_view text, int lineNumber = 1, std::string_view game = "amazons");

// Whether a line is blank or a comment ("#" alone or "# ...").
bool isSuiteCommentOrBlank(std::string_view text);

// Parse a whole suite text; errors carry the line (and the file name given).
std::vector<SuiteEntry> parseSuite(std::string_view text, const std::string& file = {}, std::string_view game = "amazons");

// Read a suite file ("-" = standard input); a file that cannot be opened is an InputError.
std::vector<SuiteEntry> loadSuite(const std::string& path);

// The line for an entry (no newline); parseSuiteLine gives back an equal entry. Moves are
// written in CS61B notation. Field order: position ; side ; win|loss[*] ; class ; value= ;
// moves= ; best= ; move= ; outcome= ; margin= ; extra... ; game= (unless amazons) ; src=.
std::string writeSuiteLine(const SuiteEntry& entry);

// "b" / "w".
const char* sideLetter(Color c);

}  // namespace amazons
