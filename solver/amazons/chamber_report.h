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

// The board's chambers (findChambers') and, for each part Amazons::split gives of it, in its
// order (the regions of an analysis), the index of the chamber at the part's squares: the
// part's label in the report. Made once an analysis: the progress line's labels and the
// report both read it.
struct ChamberMap {
  std::vector<Chamber> chambers;
  std::vector<size_t> ofPart;
};
ChamberMap mapChambers(const Board& board);

// `a`'s regions (an analysis of `board`, in Amazons::split's order, as `map` has them) replaced
// by the board's chambers: a one-colour chamber's moves are its value's size, a dead or closed
// chamber's 0 (value 0). With `lines`, each territory's optimal filling by that solver before
// `deadline`: a line cut off by it is left out and sets a.limitReached.
void reportChambers(const Board& board, const ChamberMap& map, core::Analysis<Amazons>& a,
                    TerritorySolver* lines = nullptr, const Deadline& deadline = {});

}  // namespace amazons
