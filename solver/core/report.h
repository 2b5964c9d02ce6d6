// Printing an analysis of any core::Game for people (text) and programs (JSON, one object a
// position), in the layout of the Amazons report (solver/amazons/report.h).
#pragma once
#include <ostream>
#include <string>

#include "cgt/cgt.h"
#include "solver/core/analysis.h"
#include "solver/core/text.h"

namespace amazons::core {

inline const char* sideName(cgt::Side s) { return s == cgt::Side::Left ? "Black" : "White"; }

// "a1": where a part's bottom-left corner lies.
inline std::string cornerName(int file, int rank) { return static_cast<char>('a' + file) + std::to_string(rank + 1); }

template <Game G>
std::string totalText(const Analysis<G>& a) {
  if (a.total) return cgt::toString(*a.total);
  std::string sum;
  for (const RegionReport<G>& r : a.regions) {
    if (!r.value) return "unknown";
    if (!sum.empty()) sum += " + ";
    sum += cgt::toString(*r.value);
  }
  return sum.empty() ? "0" : sum;
}

// "Black to move: Black wins with e2e3", "... White wins (every Black move loses)", "unknown".
template <Game G>
std::string verdictText(const typename G::Region& board, const SideReport<G>& side) {
  const std::string mover = sideName(side.mover);
  const std::string head = mover + " to move: ";
  if (side.verdict == Verdict::Unknown) return head + "unknown (not solved within the limits)";
  if (!side.hasMove) return head + mover + " has no move and loses";
  if (side.verdict == Verdict::Win) return head + mover + " wins with " + G::formatMove(board, *side.winningMove);
  return head + sideName(opposite(side.mover)) + " wins (every " + mover + " move loses)";
}

template <Game G>
void printAnalysis(std::ostream& out, const typename G::Region& board, cgt::Side toMove, const Analysis<G>& a) {
  out << G::kName << " position " << G::printPosition(board) << ", " << sideName(toMove) << " to move\n";
  out << "Values are from Black's (Left's) point of view: positive favours Black.\n\n";
  out << "region  at    value  (region)\n";
  for (size_t i = 0; i < a.regions.size(); ++i) {
    const RegionReport<G>& r = a.regions[i];
    out << "   " << regionLabel(i) << "    " << cornerName(r.part.file0, r.part.rank0) << "  "
        << (r.value ? cgt::toString(*r.value) : std::string("unknown")) << "  (" << G::printPosition(r.part.region)
        << ")\n";
  }
  out << "\nTotal: " << totalText(a);
  if (a.left.verdict != Verdict::Unknown && a.right.verdict != Verdict::Unknown) {
    const bool l = a.left.verdict == Verdict::Win, r = a.right.verdict == Verdict::Win;
    out << "  ("
        << (l && r ? "the first player wins" : !l && !r ? "the second player wins" : l ? "Black wins whoever moves first" : "White wins whoever moves first")
        << ")";
  }
  out << "\n\n" << verdictText(board, a.forSide(toMove)) << '\n' << verdictText(board, a.forSide(opposite(toMove))) << '\n';
  char line[96];
  std::snprintf(line, sizeof line, "\nNodes: %llu, time: %.3f s\n", static_cast<unsigned long long>(a.nodes), a.seconds);
  out << line;
}

template <Game G>
void printAnalysisJson(std::ostream& out, const typename G::Region& board, cgt::Side toMove, const Analysis<G>& a) {
  auto quoted = [](const std::string& s) { return '"' + jsonEscape(s) + '"'; };
  auto lower = [](cgt::Side s) { return s == cgt::Side::Left ? std::string("black") : std::string("white"); };
  out << "{\"game\": \"" << G::kName << "\", \"position\": " << quoted(G::printPosition(board)) << ", \"to_move\": \""
      << lower(toMove) << "\", \"point_of_view\": \"values are from Black's (Left's) point of view\", \"regions\": [";
  for (size_t i = 0; i < a.regions.size(); ++i) {
    const RegionReport<G>& r = a.regions[i];
    out << (i ? ", " : "") << "{\"label\": \"" << regionLabel(i) << "\", \"at\": \"" << cornerName(r.part.file0, r.part.rank0)
        << "\", \"region\": " << quoted(G::printPosition(r.part.region))
        << ", \"value\": " << (r.value ? quoted(cgt::toString(*r.value)) : "null") << "}";
  }
  const bool known = a.left.verdict != Verdict::Unknown;
  out << "], \"total\": " << (known ? quoted(totalText(a)) : "null") << ", \"total_canonical\": " << (a.total ? "true" : "false");
  for (cgt::Side s : {cgt::Side::Left, cgt::Side::Right}) {
    const SideReport<G>& side = a.forSide(s);
    out << ", \"" << lower(s) << "_to_move\": {";
    if (side.verdict == Verdict::Unknown) out << "\"winner\": null, \"move\": null";
    else
      out << "\"winner\": \"" << lower(side.verdict == Verdict::Win ? s : opposite(s)) << "\", \"move\": "
          << (side.winningMove ? quoted(G::formatMove(board, *side.winningMove)) : "null");
    out << "}";
  }
  out << ", \"nodes\": " << a.nodes << ", \"seconds\": " << a.seconds << "}\n";
}

}  // namespace amazons::core
