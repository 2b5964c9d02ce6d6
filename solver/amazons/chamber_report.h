// The chambers of a report for an analysis on the core (core::Analyser<Amazons>): every
// chamber of the board, dead and closed ones too (Amazons::split leaves them out, having no
// move), in findChambers' order, so that the labels are those of `--chambers` and of the
// drawn board; each with its detail (Amazons::RegionDetail) and the value the analysis found
// for the region at its squares.
#pragma once
#include "solver/amazons/board.h"
#include "solver/amazons/game.h"
#include "solver/amazons/territory.h"
#include "solver/core/analysis.h"
#include "solver/core/deadline.h"

namespace amazons {

// `a`'s regions replaced by the board's chambers: a one-colour chamber's moves are its value's
// size, a dead or closed chamber's 0 (value 0). With `lines`, each territory's optimal filling
// by that solver before `deadline`: a line cut off by it is left out and sets a.limitReached.
void reportChambers(const Board& board, core::Analysis<Amazons>& a, TerritorySolver* lines = nullptr,
                    const Deadline& deadline = {});
// For each part of the board in `parts` (Amazons::split's, placed on the board), the index in
// `chambers` (findChambers') of the chamber at its squares: the report's label of the part.
std::vector<size_t> chamberIndices(const Board& board, const std::vector<Chamber>& chambers,
                                   const std::vector<core::Placed<GameRegion>>& parts);

}  // namespace amazons
