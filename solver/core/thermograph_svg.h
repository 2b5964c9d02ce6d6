// The picture of a thermograph (cgt/thermograph.h) as in the textbooks: temperature t up,
// value across with Left's (Black's) side on the left, so values increase to the left; the
// left and right walls from t = 0 (from t = -1 for numbers, whose walls meet below 0) up to
// the temperature, the mast at the mean above it, the mean and temperature marked.
#pragma once
#include <string>

#include "cgt/cgt.h"

namespace amazons {

// A whole SVG document (svg.h). `caption` names the game (an expression, a chamber). Each
// wall's exact corners are in its <title>: "left wall (t: value): 0: 2, 3/2: 1/2".
std::string thermographSvg(cgt::GameId game, const std::string& caption);

}  // namespace amazons
