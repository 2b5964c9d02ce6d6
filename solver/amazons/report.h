// Printing analyses for people (text) and programs (JSON, one object per position).
#pragma once
#include <ostream>
#include <string>
#include <vector>

#include "solver/amazons/chambers.h"
#include "solver/amazons/notation.h"
#include "solver/amazons/solve.h"
#include "solver/core/text.h"

namespace amazons {

// The board, top rank first, with rank numbers and file letters; empty squares show their
// chamber's label, amazons x (Black) and o (White), arrows #.
std::string drawChambers(const Board& board, const std::vector<Chamber>& chambers);

// `--chambers`: the lettered board and a table: chamber, class, squares, empty, amazons.
void printChamberTable(std::ostream& out, const Board& board, const std::vector<Chamber>& chambers);
void printChambersJson(std::ostream& out, const Board& board, const std::vector<Chamber>& chambers);

struct ReportOptions {
  Notation notation = Notation::CS61B;
  bool fillingLines = false;
};

void printAnalysis(std::ostream& out, const Board& board, const Analysis& analysis, const ReportOptions& options);
void printAnalysisJson(std::ostream& out, const Board& board, const Analysis& analysis, const ReportOptions& options);

// "Black wins with d1-d6(g9)", "White loses (most stubborn: ...)", "unknown".
std::string verdictText(const Board& board, const SideReport& side, Notation notation);

// A value that is neither a number nor a number plus an infinitesimal: its mean and
// temperature are printed beside it.
bool isHot(cgt::GameId g);

}  // namespace amazons
