// Listing chambers (--chambers), and the Amazons parts of the analysis report (core/report.h).
#pragma once
#include <ostream>
#include <string>
#include <vector>

#include "solver/amazons/chambers.h"

namespace amazons {

// The board, top rank first, with rank numbers and file letters; empty squares show their
// chamber's label, amazons x (Black) and o (White), arrows #.
std::string drawChambers(const Board& board, const std::vector<Chamber>& chambers);

// `--chambers`: the lettered board and a table: chamber, class, squares, empty, amazons.
void printChamberTable(std::ostream& out, const Board& board, const std::vector<Chamber>& chambers);
void printChambersJson(std::ostream& out, const Board& board, const std::vector<Chamber>& chambers);

// The default command's report is core/report.h's, with the Amazons parts game.h declares
// beside Amazons::RegionDetail (report.cpp); the chambers it reports come from
// chamber_report.h.

}  // namespace amazons
