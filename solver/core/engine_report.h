// The report of `verify --uci` / `verify --games` (core/engine_check.h's checks): a line or a
// JSON object for each position, and the summary by size (Amazons' empty squares, Clobber's
// stones) as a table, a JSON object and an SVG plot.
#pragma once
#include <string>
#include <vector>

#include "solver/core/engine_check.h"

namespace amazons::core {

// "position=... to_move=b ...": one position in text. `where` names its file and line.
std::string checkLine(const PositionCheck& c, const std::string& where);

// One JSON object (no newline): file, with a game line (c.game > 0) game and ply, position, fen, to_move, empty (or `sizeWord`), winner (null when
// unsettled), winning_moves, engine_score, engine_move, move_wins, verdict (null without one),
// error (when the engine failed or its move was not legal), picture (a wrong position's board
// picture, when drawn). The text line ends with "; picture FILE" likewise.
std::string checkJson(const PositionCheck& c, const std::string& sizeWord, const std::string& file);

// The counts of one size.
struct SizeSummary {
  int size = 0;
  int settled = 0, unsettled = 0, failures = 0;  // failures: settled, but the engine failed or its move was illegal
  int signClaims = 0, signRight = 0;              // positions with a sign claim, and those of the right sign
  int noClaim = 0;
  int movesChecked = 0, movesWinning = 0;         // won positions whose move was settled, and those where it wins
  int right = 0, wrongSign = 0, missedWin = 0;
};
// By size, smallest first, and a last row (size -1) over all.
std::vector<SizeSummary> summarise(const std::vector<PositionCheck>& checks);

// The table, `sizeWord` heading the first column.
std::string summaryText(const std::vector<SizeSummary>& rows, const std::string& sizeWord);
// {"summary": [{"empty": N, ...}, ..., {"all": true, ...}]} (no newline).
std::string summaryJson(const std::vector<SizeSummary>& rows, const std::string& sizeWord);
// Sign and best-move accuracy (per cent) against the size, with each point's count.
std::string summarySvg(const std::vector<SizeSummary>& rows, const std::string& sizeWord, const std::string& title);

}  // namespace amazons::core
