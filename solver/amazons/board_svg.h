// The picture of an analysed position: the board with coordinates, amazons and arrows, each
// chamber tinted by class and lettered as in the text report, the side to move's winning move
// drawn as two arrows (the queen move, then the shot), and under the board the verdicts and a
// legend of the chambers with their values.
#pragma once
#include <string>
#include <vector>

#include "solver/amazons/game.h"
#include "solver/core/analysis.h"

namespace amazons {

// A whole SVG document (svg.h).
// The analysis as the report has it (AmazonsEngine's), moves written by `format`; `notes`, lines
// printed under the verdicts (verify's engine claim on a wrong position).
std::string boardSvg(const Board& board, const core::Analysis<Amazons>& analysis, const Amazons::MoveFormat& format,
                     const std::vector<std::string>& notes = {});

}  // namespace amazons
