#include "solver/amazons/board_svg.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "solver/amazons/formats.h"
#include "solver/amazons/notation.h"
#include "solver/core/report.h"
#include "solver/core/svg.h"

namespace amazons {
namespace {

constexpr double kSquare = 48;   // side of a square
constexpr double kMargin = 28;   // room for the coordinates
constexpr double kLine = 20;     // height of a line of text under the board
constexpr double kCharWidth = 7.3;  // of the 12-pixel monospace text, to size the picture

// Tints with well-separated lightness (luminance), so that a greyscale print tells them apart
// too: arrows 0.17, Black's chambers 0.38, dead and closed 0.56, contested 0.73 with darker
// hatching, White's 0.95.
struct Tint {
  const char* fill;
  const char* letterColor;  // the chamber letter, readable on the fill
};
Tint tintOf(ChamberClass kind) {
  switch (kind) {
    case ChamberClass::BlackOnly: return {"#4f6185", "#ffffff"};
    case ChamberClass::WhiteOnly: return {"#f7f3e6", "#555555"};
    case ChamberClass::Contested: return {"url(#contested)", "#222222"};
    case ChamberClass::Dead:
    case ChamberClass::Closed: break;
  }
  return {"#8f8f8f", "#111111"};
}

const char* kArrowFill = "#2b2b2b";

const char* classText(ChamberClass kind) {
  switch (kind) {
    case ChamberClass::BlackOnly: return "Black's";
    case ChamberClass::WhiteOnly: return "White's";
    case ChamberClass::Contested: return "contested";
    case ChamberClass::Dead: return "dead";
    case ChamberClass::Closed: break;
  }
  return "closed";
}

}  // namespace

std::string boardSvg(const Board& board, const core::Analysis<Amazons>& analysis, const Amazons::MoveFormat& format,
                     const std::vector<std::string>& notes) {
  const int w = board.width(), h = board.height();
  auto x = [&](int sq) { return kMargin + board.fileOf(sq) * kSquare; };
  auto y = [&](int sq) { return kMargin + (h - 1 - board.rankOf(sq)) * kSquare; };

  // The text under the board: the verdicts, then one legend line per chamber.
  std::vector<std::string> verdicts;
  const cgt::Side toMove = Amazons::sideOf(board.sideToMove());
  for (cgt::Side s : {toMove, core::opposite(toMove)}) verdicts.push_back(core::verdictText<Amazons>(GameRegion(board), analysis.forSide(s), format));
  verdicts.insert(verdicts.end(), notes.begin(), notes.end());
  std::vector<std::string> legend;
  for (size_t i = 0; i < analysis.regions.size(); ++i) {
    const core::RegionReport<Amazons>& r = analysis.regions[i];
    std::string line = std::string(1, regionLabel(i)) + "  " + classText(r.detail.chamber.kind) + ", " +
                       std::to_string(r.detail.chamber.empty) + " empty";
    if (r.detail.moves) line += ", " + std::to_string(*r.detail.moves) + " moves";
    line += ": " + (r.value ? cgt::toString(*r.value) : std::string("unknown"));
    if (r.value && core::isHot(*r.value))
      line += "  (mean " + cgt::toString(cgt::mean(*r.value)) + ", temperature " + cgt::toString(cgt::temperature(*r.value)) + ")";
    legend.push_back(line);
  }
  const std::string total = "Total: " + (analysis.totalMean ? (analysis.total ? cgt::toString(*analysis.total) : "sum of the values, mean " + cgt::toString(*analysis.totalMean)) : "unknown");
  size_t longest = total.size();
  for (const auto* lines : {&verdicts, &legend})
    for (const std::string& s : *lines) longest = std::max(longest, s.size() + 4);
  const double width = std::max(2 * kMargin + w * kSquare, kMargin + longest * kCharWidth + kMargin);
  const double textTop = kMargin + h * kSquare + kMargin;
  const double height = textTop + (verdicts.size() + 1 + legend.size() + 1) * kLine;

  std::string out = svg::open(width, height, "Amazons position " + toOneLine(board) + ", " + colorName(board.sideToMove()) + " to move");
  out += "<defs>\n"
         "<pattern id=\"contested\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
         "<rect width=\"8\" height=\"8\" fill=\"#f0b27a\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"8\" stroke=\"#b5651d\" stroke-width=\"3\"/></pattern>\n"
         "<marker id=\"head\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" markerWidth=\"4\" markerHeight=\"4\" orient=\"auto\">"
         "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"#000000\"/></marker>\n"
         "</defs>\n";
  out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";

  // Squares, by chamber.
  std::vector<int> chamberOf(board.squares(), -1);
  for (size_t i = 0; i < analysis.regions.size(); ++i)
    for (int sq : analysis.regions[i].detail.chamber.squares) chamberOf[sq] = static_cast<int>(i);
  out += "<g stroke=\"#808080\" stroke-width=\"1\">\n";
  for (int sq = 0; sq < board.squares(); ++sq) {
    const int c = chamberOf[sq];
    const char* fill = c < 0 ? kArrowFill : tintOf(analysis.regions[c].detail.chamber.kind).fill;
    out += "<rect x=\"" + svg::number(x(sq)) + "\" y=\"" + svg::number(y(sq)) + "\" width=\"" + svg::number(kSquare) +
           "\" height=\"" + svg::number(kSquare) + "\" fill=\"" + fill + "\"/>\n";
  }
  out += "</g>\n";

  // Arrows (a cross on the dark square), amazons, and the chamber letters on empty squares.
  for (int sq = 0; sq < board.squares(); ++sq) {
    const double cx = x(sq) + kSquare / 2, cy = y(sq) + kSquare / 2;
    const Cell cell = board.at(sq);
    if (cell == Cell::Arrow) {
      const double d = kSquare * 0.22;
      out += "<path d=\"M" + svg::number(cx - d) + "," + svg::number(cy - d) + " L" + svg::number(cx + d) + "," +
             svg::number(cy + d) + " M" + svg::number(cx + d) + "," + svg::number(cy - d) + " L" + svg::number(cx - d) +
             "," + svg::number(cy + d) + "\" stroke=\"#9a9a9a\" stroke-width=\"3\"/>\n";
    } else if (cell == Cell::Empty) {
      const ChamberClass kind = analysis.regions[chamberOf[sq]].detail.chamber.kind;
      out += svg::text(cx, cy + 6, std::string(1, regionLabel(chamberOf[sq])),
                       std::string("text-anchor=\"middle\" font-size=\"17\" fill=\"") + tintOf(kind).letterColor + "\"");
    } else {
      const bool black = cell == Cell::Black;
      out += "<circle cx=\"" + svg::number(cx) + "\" cy=\"" + svg::number(cy) + "\" r=\"" + svg::number(kSquare * 0.36) +
             "\" fill=\"" + (black ? "#111111" : "#ffffff") + "\" stroke=\"" + (black ? "#ffffff" : "#111111") +
             "\" stroke-width=\"2.5\"><title>" + (black ? "Black" : "White") + " amazon " + squareName(board, sq) +
             "</title></circle>\n";
    }
  }

  // Coordinates: files under the board, ranks on its left.
  for (int f = 0; f < w; ++f)
    out += svg::text(kMargin + (f + 0.5) * kSquare, kMargin + h * kSquare + 18, std::string(1, static_cast<char>('a' + f)),
                     "text-anchor=\"middle\" font-size=\"14\"");
  for (int r = 0; r < h; ++r)
    out += svg::text(kMargin - 8, kMargin + (h - 1 - r + 0.5) * kSquare + 5, std::to_string(r + 1),
                     "text-anchor=\"end\" font-size=\"14\"");

  // The winning move of the side to move: the queen move solid, the shot dashed, each over a
  // white halo so that it shows on every tint.
  const core::SideReport<Amazons>& mover = analysis.forSide(toMove);
  if (mover.verdict == core::Verdict::Win && mover.winningMove) {
    const Move m = Amazons::onBoard(board, *mover.winningMove);
    // Each arrow leaves its square's amazon (a circle of 0.36 squares) and stops short of the
    // target's centre, so that adjacent squares still show a line and a head.
    auto segment = [&](int from, int to, const char* style) {
      const double x0 = x(from) + kSquare / 2, y0 = y(from) + kSquare / 2, x1 = x(to) + kSquare / 2, y1 = y(to) + kSquare / 2;
      const double length = std::hypot(x1 - x0, y1 - y0), ux = (x1 - x0) / length, uy = (y1 - y0) / length;
      const double start = 0.38 * kSquare, end = 0.18 * kSquare;
      const std::string coords = "x1=\"" + svg::number(x0 + ux * start) + "\" y1=\"" + svg::number(y0 + uy * start) + "\" x2=\"" +
                                 svg::number(x1 - ux * end) + "\" y2=\"" + svg::number(y1 - uy * end) + "\"";
      return "<line " + coords + " stroke=\"#ffffff\" stroke-width=\"8\" stroke-linecap=\"round\"/>\n<line " + coords +
             " stroke=\"#000000\" stroke-width=\"4\" " + style + " marker-end=\"url(#head)\"/>\n";
    };
    out += "<g><title>" + svg::escape(core::sideName(mover.mover) + std::string(" wins with ") + format(GameRegion(board), *mover.winningMove)) + "</title>\n";
    out += segment(m.from, m.to, "");
    out += segment(m.to, m.arrow, "stroke-dasharray=\"7,5\"");
    out += "</g>\n";
  }

  // The verdicts, the total and the legend.
  double ty = textTop;
  for (const std::string& line : verdicts) out += svg::text(kMargin, ty += kLine, line, "font-size=\"13\"") ;
  out += svg::text(kMargin, ty += kLine, total, "font-size=\"13\"");
  ty += kLine / 2;
  for (size_t i = 0; i < legend.size(); ++i) {
    ty += kLine;
    out += "<rect x=\"" + svg::number(kMargin) + "\" y=\"" + svg::number(ty - 12) + "\" width=\"14\" height=\"14\" fill=\"" +
           tintOf(analysis.regions[i].detail.chamber.kind).fill + "\" stroke=\"#808080\"/>\n";
    out += svg::text(kMargin + 22, ty, legend[i], "font-size=\"12\" font-family=\"DejaVu Sans Mono, monospace\"");
  }
  return out + svg::close();
}

}  // namespace amazons
