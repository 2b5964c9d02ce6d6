// Text every game's reports share: region labels on printed boards, JSON strings, and where a
// move of a bot came from.
#pragma once
#include <cstddef>
#include <string>

namespace amazons {

// The label of region i on a printed board: A..Z then a..z without x and o, which mark
// amazons and stones, then digits; '?' beyond.
char regionLabel(size_t index);

// `text` as a JSON string: in quotes, with quotes, backslashes and control characters escaped.
std::string jsonString(const std::string& text);

// How a bot chose its move: a proven win, the most stubborn move of a proven loss, or its
// heuristic when the solver did not finish in time.
enum class MoveSource { ExactWin, ExactLoss, Heuristic };
const char* moveSourceText(MoveSource source);  // "exact win", "exact loss", "heuristic"

}  // namespace amazons
