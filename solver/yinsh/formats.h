// Yinsh positions in text (--game yinsh):
// - the one-line form: 11 groups, letters a..k, each the letter's cells by increasing number
//   (4 7 8 9 10 9 10 9 8 7 4 cells), joined by '|': 'W'/'w' a White ring/marker, 'B'/'b' a
//   Black ring/marker, '.' empty;
// - a position file: the side to move ('w' or 'b', or white/black) on its first line, then the
//   one-line form or its 11 groups one a line;
// - CodinGame's turn input as the bot receives it: myId (1 White, 2 Black: the side to move),
//   "11", 11 lines in the mover's view ('R'/'S' its ring/marker, 'r'/'s' the opponent's), then
//   the action count and the actions when the bot asked for them (each checked legal, the count
//   checked against ours).
// Lines starting with '#' are comments. The phase, the rings each side removed, the pool and
// whether STEAL is open follow from the board (board.h); a board no game reaches in ways cheap
// to see (too many rings or markers, a row left standing for the side that just moved, the
// side to move already past the rings to win) is refused with the place of the fault.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "solver/yinsh/rules.h"

namespace amazons::yinsh {

std::string formatOneLine(const Position& p);
// The 11 groups one a line, in CodinGame's view of `viewer` (R/S/r/s) or, without one, W/w/B/b.
std::string formatLines(const Position& p, std::optional<Color> viewer = std::nullopt);

struct ParsedPosition {
  Position position;
  bool codingame = false;                 // read from CodinGame's turn input
  std::optional<size_t> actionCount;      // CodinGame: the count it declared
};

// A whole position text (a position file or CodinGame's turn input). Throws InputError naming
// line and column.
ParsedPosition parsePosition(std::string_view text, const Rules& rules);
// A one-line form with the side to move given (suite lines), errors at columns of `text`.
Position parseOneLine(std::string_view text, Color toMove, const Rules& rules);

// Why no game reaches p, or nullopt when it may be reached (the checks above).
std::optional<std::string> unreachable(const Position& p, const Rules& rules);

std::optional<Color> colorWord(std::string_view word);  // w, white, b, black (any case)

}  // namespace amazons::yinsh
