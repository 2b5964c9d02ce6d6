// Printing an analysis of any core::Game for people (text) and programs (JSON, one object a
// position): the default command's report for every game. What a game adds is optional,
// detected with `requires`:
//   G::kRegionWord                    what its regions are called (Amazons: "chamber"); else
//                                     "region"
//   G::RegionDetail (core/analysis.h) with
//     G::drawRegions(board, details)  the board with each region's label on its squares
//                                     (Amazons' chambers); without it each row of the table
//                                     says where its region lies and shows the region
//     G::detailHeader()               the headings of its columns in the region table
//     G::detailCells(detail)          a row's cells, as wide as the headings
//     G::detailJson(board, detail, format)   its JSON members, each ", \"name\": value"
//     G::detailLines(board, detail, format)  lines to print under the row ("" for none)
#pragma once
#include <cctype>
#include <cstdio>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "cgt/cgt.h"
#include "solver/core/analysis.h"
#include "solver/core/suite.h"
#include "solver/core/text.h"

namespace amazons::core {

// "a1": where a part's bottom-left corner lies.
inline std::string cornerName(int file, int rank) { return static_cast<char>('a' + file) + std::to_string(rank + 1); }

// A value that is neither a number nor a number plus an infinitesimal: its mean and
// temperature are printed beside it.
inline bool isHot(cgt::GameId g) { return !cgt::isNumber(g) && cgt::temperature(g).num > 0; }

// Moves as the user asked for them (Amazons' --notation); the game's own form by default.
template <Game G>
using MoveFormat = std::function<std::string(const typename G::Region&, const typename G::Move&)>;

template <Game G>
MoveFormat<G> gameMoveFormat() {
  return [](const typename G::Region& board, const typename G::Move& m) { return G::formatMove(board, m); };
}

template <Game G>
constexpr bool kDrawsRegions = requires(const typename G::Region& board, const std::vector<typename G::RegionDetail>& details) {
  { G::drawRegions(board, details) } -> std::same_as<std::string>;
};

template <Game G>
constexpr bool kHasDetail = requires(const typename G::Region& board, const typename G::RegionDetail& d, const MoveFormat<G>& f) {
  { G::detailHeader() } -> std::same_as<std::string>;
  { G::detailCells(d) } -> std::same_as<std::string>;
  { G::detailJson(board, d, f) } -> std::same_as<std::string>;
  { G::detailLines(board, d, f) } -> std::same_as<std::string>;
};

// The canonical total; else, every value known, the sum of the nonzero values written out
// (CGSuite reads it); else "unknown".
template <Game G>
std::string totalText(const Analysis<G>& a) {
  if (a.total) return cgt::toString(*a.total);
  std::string sum;
  for (const RegionReport<G>& r : a.regions) {
    if (!r.value) return "unknown";
    if (*r.value == cgt::zero()) continue;
    if (!sum.empty()) sum += " + ";
    sum += cgt::toString(*r.value);
  }
  return sum.empty() ? "0" : sum;
}

// "Black to move: Black wins with e2e3", "... White wins (Black's most stubborn move: ...)" or
// "(every Black move loses)", "... unknown (...)".
template <Game G>
std::string verdictText(const typename G::Region& board, const SideReport<G>& side, const MoveFormat<G>& format = gameMoveFormat<G>()) {
  const std::string mover = sideName(side.mover);
  const std::string head = mover + " to move: ";
  if (side.verdict == Verdict::Unknown) return head + "unknown (not solved within the limits)";
  if (!side.hasMove) return head + mover + " has no move and loses";
  if (side.verdict == Verdict::Win) return head + mover + " wins with " + format(board, *side.winningMove);
  const std::string winner = sideName(opposite(side.mover));
  if (side.stubbornMove) return head + winner + " wins (" + mover + "'s most stubborn move: " + format(board, *side.stubbornMove) + ")";
  return head + winner + " wins (every " + mover + " move loses)";
}

// "5x4" from the one-line form (rows top first, separated by '|').
inline std::pair<size_t, size_t> oneLineSize(const std::string& oneLine) {
  const size_t bar = oneLine.find('|');
  return {bar == std::string::npos ? oneLine.size() : bar, static_cast<size_t>(std::count(oneLine.begin(), oneLine.end(), '|')) + 1};
}

template <Game G>
void printAnalysis(std::ostream& out, const typename G::Region& board, cgt::Side toMove, const Analysis<G>& a,
                   const MoveFormat<G>& format = gameMoveFormat<G>()) {
  std::string game(G::kName);
  game[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(game[0])));
  const std::string oneLine = G::printPosition(board);
  const auto [width, height] = oneLineSize(oneLine);
  out << game << " position " << oneLine << " (" << width << "x" << height << "), " << sideName(toMove) << " to move\n";
  out << "Values are from Black's (Left's) point of view: positive favours Black.\n\n";
  constexpr bool drawn = kDrawsRegions<G>;
  if constexpr (drawn) {
    std::vector<typename G::RegionDetail> details;
    for (const RegionReport<G>& r : a.regions) details.push_back(r.detail);
    out << G::drawRegions(board, details) << '\n';
  }
  const std::string word = regionWord<G>();
  auto padded = [](std::string s, size_t width) { return s.size() < width ? s + std::string(width - s.size(), ' ') : s + ' '; };
  out << word << "  " << (drawn ? "" : "at   ");
  if constexpr (kHasDetail<G>) out << G::detailHeader() << "  ";
  out << "value\n";
  for (size_t i = 0; i < a.regions.size(); ++i) {
    const RegionReport<G>& r = a.regions[i];
    out << padded("   " + std::string(1, regionLabel(i)), word.size() + 2);
    if (!drawn) out << padded(cornerName(r.part.file0, r.part.rank0), 5);
    if constexpr (kHasDetail<G>) out << G::detailCells(r.detail) << "  ";
    out << (r.value ? cgt::toString(*r.value) : std::string("unknown"));
    if (r.value && isHot(*r.value))
      out << "   (mean " << cgt::toString(cgt::mean(*r.value)) << ", temperature " << cgt::toString(cgt::temperature(*r.value)) << ")";
    if (!drawn) out << "  (" << G::printPosition(r.part.region) << ")";
    out << '\n';
    if constexpr (kHasDetail<G>) out << G::detailLines(board, r.detail, format);
  }
  out << "\nTotal: " << totalText(a);
  if (a.left.verdict != Verdict::Unknown && a.right.verdict != Verdict::Unknown) {
    static const char* kOutcome[] = {"Black wins whoever moves first", "White wins whoever moves first",
                                     "the second player wins", "the first player wins"};  // by OutcomeClass
    out << "  (" << kOutcome[static_cast<int>(classOf(a.left.verdict == Verdict::Win, a.right.verdict == Verdict::Win))] << ")";
  }
  if (!a.total && a.totalMean)
    out << "\n       (canonical form " << (a.limitReached ? "not reached within the limits" : "over --total-nodes") << "; mean "
        << cgt::toString(*a.totalMean) << ")";
  out << "\n\n";
  for (cgt::Side s : {toMove, opposite(toMove)}) {
    const SideReport<G>& side = a.forSide(s);
    out << verdictText(board, side, format) << '\n';
    if (side.winningMoves.size() > 1) {
      out << "  winning moves (" << side.winningMoves.size() << "):";
      for (const typename G::Move& m : side.winningMoves) out << ' ' << format(board, m);
      out << '\n';
    }
  }
  char line[96];
  std::snprintf(line, sizeof line, "\nNodes: %llu, time: %.3f s\n", static_cast<unsigned long long>(a.nodes), a.seconds);
  out << line;
}

template <Game G>
void printAnalysisJson(std::ostream& out, const typename G::Region& board, cgt::Side toMove, const Analysis<G>& a,
                       const MoveFormat<G>& format = gameMoveFormat<G>()) {
  auto lower = [](cgt::Side s) { return s == cgt::Side::Left ? std::string("black") : std::string("white"); };
  const std::string oneLine = G::printPosition(board);
  const auto [width, height] = oneLineSize(oneLine);
  out << "{\"game\": \"" << G::kName << "\", \"position\": " << jsonString(oneLine) << ", \"width\": " << width
      << ", \"height\": " << height << ", \"to_move\": \"" << lower(toMove)
      << "\", \"point_of_view\": \"values are from Black's (Left's) point of view\", \"" << regionWord<G>() << "s\": [";
  for (size_t i = 0; i < a.regions.size(); ++i) {
    const RegionReport<G>& r = a.regions[i];
    out << (i ? ", " : "") << "{\"label\": \"" << regionLabel(i) << "\", \"at\": \"" << cornerName(r.part.file0, r.part.rank0)
        << "\", \"region\": " << jsonString(G::printPosition(r.part.region));
    if constexpr (kHasDetail<G>) out << G::detailJson(board, r.detail, format);
    out << ", \"value\": " << (r.value ? jsonString(cgt::toString(*r.value)) : "null");
    if (r.value && isHot(*r.value))
      out << ", \"mean\": " << jsonString(cgt::toString(cgt::mean(*r.value))) << ", \"temperature\": " << jsonString(cgt::toString(cgt::temperature(*r.value)));
    out << "}";
  }
  out << "], \"total\": " << (a.totalMean ? jsonString(totalText(a)) : "null") << ", \"total_canonical\": " << (a.total ? "true" : "false");
  if (a.totalMean) out << ", \"total_mean\": " << jsonString(cgt::toString(*a.totalMean));
  for (cgt::Side s : {cgt::Side::Left, cgt::Side::Right}) {
    const SideReport<G>& side = a.forSide(s);
    out << ", \"" << lower(s) << "_to_move\": {";
    if (side.verdict == Verdict::Unknown) {
      out << "\"winner\": null, \"move\": null";
    } else {
      const std::optional<typename G::Move>& move = side.verdict == Verdict::Win ? side.winningMove : side.stubbornMove;
      out << "\"winner\": \"" << lower(side.verdict == Verdict::Win ? s : opposite(s)) << "\", \"move\": "
          << (move ? jsonString(format(board, *move)) : "null") << ", \"winning_moves\": [";
      for (size_t i = 0; i < side.winningMoves.size(); ++i) out << (i ? ", " : "") << jsonString(format(board, side.winningMoves[i]));
      out << "]";
    }
    out << "}";
  }
  out << ", \"nodes\": " << a.nodes << ", \"seconds\": " << a.seconds << "}\n";
}

}  // namespace amazons::core
