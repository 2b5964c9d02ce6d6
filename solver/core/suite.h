// Puzzle suites of any game: one position a line with its known answer (positions/README.md).
//
//   position ; to-move ; expected... ; key=value ...
//
// - A comment line is "#" alone or "#" followed by a space (a position may itself begin with
//   "#", an arrow in the corner); blank lines are ignored. Fields are separated by ";" (written
//   " ; "); spaces around a field are ignored.
// - position: the game's one-line string (Amazons, Clobber: rows top first joined by '|', x Black
//   = Left, o White = Right; Yinsh: its 11 groups, solver/yinsh/formats.h). to-move: b, black, w
//   or white (any case).
// - Later fields, in any order, each at most once:
//     win | draw | loss the outcome for the side to move (draw: Yinsh only)
//     L | R | P | N     the outcome class (L: Black wins whoever starts, R: White does,
//                       P: the second player wins, N: the first player wins)
//     value=G           the value of the whole position (sum of its regions), CGSuite notation,
//                       Black = Left
//     moves=K           the value is an integer of absolute value K (a territory's move count)
//     plies=N           Yinsh, with win or loss: the plies to the end under optimal play
//     best=M[,M...]     winning moves for the side to move, in the game's notation (Yinsh:
//                       optimal actions, those that keep the exact result and plies; an
//                       action keeps the ';' between its steps, "h7-c7;xh5-h9xi9": in best=
//                       and move=, a ';' with no blank beside it and a step after it)
//     src=TEXT          where the answer comes from (oracle, CGSuite, Song-Mueller-2015, ...)
//     move=M            verify: an engine's chosen move
//     outcome=win|draw|loss  verify: the engine's claimed outcome for the side to move
//     margin=N          verify: the engine's claimed margin (value for the mover, when a number)
//     game=G            amazons, clobber or yinsh: the game of the line (else the reader's
//                       default, amazons unless `--game` says otherwise); one suite may mix games
//   Any other key=value field (lowercase key) is kept and ignored. A "*" right after the outcome
//   ("win*", "P *") or a field "*" alone marks a known failure.
// - A win/loss and a class on one line must agree. Only Yinsh has draws and plies=; its lines
//   take no class, value=, moves= or margin= (it is no sum of games: it has no game value).
//   Every error is an InputError with the line and the column of the offending field.
//
// This file reads the fields; the game reads the position and the moves (SuiteCase, with
// G::parsePosition and G::parseMove), and solver/core/suite_check.h checks a line's answers.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cgt/game.h"

namespace amazons::core {

enum class OutcomeClass { L, R, P, N };
const char* outcomeClassName(OutcomeClass c);  // "L", "R", "P", "N"
// The class from the two verdicts: does the mover win with Left (Black) to move, with Right.
OutcomeClass classOf(bool leftToMoveWins, bool rightToMoveWins);
// Whether the side to move wins in a game of this class.
bool moverWinsIn(OutcomeClass c, cgt::Side mover);
const char* sideLetter(cgt::Side s);  // "b" / "w"

// A field's text and the 1-based column where it starts on its line (0: not from a file).
struct FieldText {
  std::string text;
  int column = 0;
  // The line's column of the field's column `inner` (1-based; 0, unknown: the field's start),
  // where a reader of the field text placed an error.
  int columnOf(int inner) const { return column + (inner > 0 ? inner : 1) - 1; }
};

// The games a suite line may name (game=); Yinsh's lines are of their own kind (above).
inline constexpr std::string_view kYinsh = "yinsh";
inline constexpr std::string_view kSuiteGames[] = {"amazons", "clobber", kYinsh};

// A game's result for the side to move; Draw only in Yinsh.
enum class Outcome : uint8_t { Win, Draw, Loss };
const char* outcomeName(Outcome o);  // "win", "draw", "loss"

// One line's fields, the position and moves still text.
struct SuiteLine {
  int line = 0;                         // 1-based line in its file
  FieldText position;
  cgt::Side toMove = cgt::Side::Left;
  std::optional<Outcome> outcome;       // win / draw / loss
  std::optional<OutcomeClass> outcomeClass;
  std::optional<FieldText> value;       // CGSuite text
  std::optional<int> moves;
  std::optional<int> plies;             // Yinsh: plies to the end
  std::vector<FieldText> best;
  std::string src;
  std::optional<FieldText> move;        // verify: claimed move
  std::optional<Outcome> claimedOutcome;  // verify: outcome=
  std::optional<long> margin;           // verify: margin=
  std::string game = "amazons";         // game=
  bool knownFailure = false;            // '*'
  std::vector<std::pair<std::string, std::string>> extra;  // other key=value fields, in order
};

// Whether a line is blank or a comment ("#" alone or "# ...").
bool isSuiteCommentOrBlank(std::string_view text);

// The fields of one line (not a comment or blank); errors name lineNumber and the column.
// `defaultGame`: the game of a line without game=.
SuiteLine parseSuiteFields(std::string_view text, int lineNumber = 1, std::string_view defaultGame = "amazons");

// Every line of a suite text but comments and blanks; errors also name `file` when given.
std::vector<SuiteLine> parseSuiteLines(std::string_view text, const std::string& file = {}, std::string_view defaultGame = "amazons");

// The line's fields from the outcome on (" ; win ; L ; value=..."), the moves as given:
// writeSuiteLine's tail, the same for every game. Order: win|draw|loss[*] ; class ; value= ;
// moves= ; plies= ; best= ; move= ; outcome= ; margin= ; extra... ; game= (unless amazons) ;
// src=.
std::string suiteFieldsText(const SuiteLine& line);

}  // namespace amazons::core
