#include "solver/core/thermograph_svg.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "solver/core/svg.h"

namespace amazons {
namespace {

constexpr double kPlotWidth = 420, kPlotHeight = 300;
constexpr double kLeft = 60, kTop = 56, kRight = 40, kBottom = 76;  // room around the plot

double real(cgt::Dyadic d) { return std::ldexp(static_cast<double>(d.num), -d.exp); }

// The corners of a wall from t0 up to the temperature, exactly.
std::vector<std::pair<cgt::Dyadic, cgt::Dyadic>> corners(const cgt::Wall& wall, cgt::Dyadic t0, cgt::Dyadic top) {
  std::vector<std::pair<cgt::Dyadic, cgt::Dyadic>> out{{t0, wall.at(t0)}};
  for (const cgt::Wall::Piece& p : wall.pieces)
    if (t0 < p.t && p.t < top) out.push_back({p.t, p.value});
  if (t0 < top) out.push_back({top, wall.at(top)});
  return out;
}

// Tick spacing: integers, or halves over a range of at most 2.
double tickStep(double range) { return range <= 2 ? 0.5 : range <= 12 ? 1 : std::ceil(range / 12); }

std::string tickLabel(double v) {
  return v == std::floor(v) ? svg::number(v) : cgt::toString(cgt::Dyadic(static_cast<int64_t>(std::lround(v * 2)), 1));
}

}  // namespace

std::string thermographSvg(cgt::GameId game, const std::string& caption) {
  const cgt::Thermograph& th = *cgt::thermograph(game);
  const cgt::Dyadic zero, minusOne(-1);
  const cgt::Dyadic t0 = th.temperature < zero ? minusOne : zero;
  const cgt::Dyadic tau = th.temperature;
  const auto left = corners(th.left, t0, tau), right = corners(th.right, t0, tau);

  // Ranges: t from t0 to one above the temperature (the mast goes on), values over the walls.
  const double tLow = real(t0), tHigh = std::max(real(tau), 0.0) + 1;
  double vLow = real(th.mast), vHigh = real(th.mast);
  for (const auto* wall : {&left, &right})
    for (const auto& [t, v] : *wall) {
      vLow = std::min(vLow, real(v));
      vHigh = std::max(vHigh, real(v));
    }
  const double pad = std::max(0.5, (vHigh - vLow) * 0.1);
  vLow = std::floor(vLow - pad);
  vHigh = std::ceil(vHigh + pad);
  auto x = [&](double v) { return kLeft + (vHigh - v) / (vHigh - vLow) * kPlotWidth; };  // values grow to the left
  auto y = [&](double t) { return kTop + (tHigh - t) / (tHigh - tLow) * kPlotHeight; };

  const std::string meanText = cgt::toString(th.mast), tauText = cgt::toString(tau);
  std::string out = svg::open(kLeft + kPlotWidth + kRight, kTop + kPlotHeight + kBottom, "Thermograph of " + caption);
  out += "<defs><marker id=\"up\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" markerWidth=\"6\" markerHeight=\"6\" orient=\"auto\">"
         "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"#000000\"/></marker></defs>\n";
  out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
  out += svg::text(kLeft + kPlotWidth / 2, 22, "Thermograph of " + caption, "text-anchor=\"middle\" font-size=\"16\"");
  out += svg::text(kLeft + kPlotWidth / 2, 42, "mean " + meanText + ", temperature " + tauText,
                   "text-anchor=\"middle\" font-size=\"13\"");

  // Axes: values along t = t0 (ticks, growing to the left), temperatures up the value-0 line
  // when it is in view, else up the right edge.
  const double axisX = vLow <= 0 && 0 <= vHigh ? x(0) : x(vLow);
  out += "<g stroke=\"#666666\" stroke-width=\"1\">\n";
  out += "<line x1=\"" + svg::number(x(vHigh)) + "\" y1=\"" + svg::number(y(tLow)) + "\" x2=\"" + svg::number(x(vLow)) +
         "\" y2=\"" + svg::number(y(tLow)) + "\"/>\n";
  out += "<line x1=\"" + svg::number(axisX) + "\" y1=\"" + svg::number(y(tLow)) + "\" x2=\"" + svg::number(axisX) +
         "\" y2=\"" + svg::number(y(tHigh)) + "\"/>\n";
  out += "</g>\n";
  const double vStep = tickStep(vHigh - vLow), tStep = tickStep(tHigh - tLow);
  for (double v = std::ceil(vLow / vStep) * vStep; v <= vHigh + 1e-9; v += vStep) {
    out += "<line x1=\"" + svg::number(x(v)) + "\" y1=\"" + svg::number(y(tLow)) + "\" x2=\"" + svg::number(x(v)) + "\" y2=\"" +
           svg::number(y(tLow) + 5) + "\" stroke=\"#666666\"/>\n";
    out += svg::text(x(v), y(tLow) + 18, tickLabel(v), "text-anchor=\"middle\" font-size=\"11\" fill=\"#444444\"");
  }
  for (double t = std::ceil(tLow / tStep) * tStep; t <= tHigh + 1e-9; t += tStep) {
    out += "<line x1=\"" + svg::number(axisX - 5) + "\" y1=\"" + svg::number(y(t)) + "\" x2=\"" + svg::number(axisX) + "\" y2=\"" +
           svg::number(y(t)) + "\" stroke=\"#666666\"/>\n";
    out += svg::text(axisX - 8, y(t) + 4, tickLabel(t), "text-anchor=\"end\" font-size=\"11\" fill=\"#444444\"");
  }
  out += svg::text(kLeft + kPlotWidth / 2, y(tLow) + 40, "value  (Left, Black: larger, to the left; Right, White: to the right)",
                   "text-anchor=\"middle\" font-size=\"12\"");
  out += svg::text(axisX + 6, y(tHigh) + 12, "t", "font-size=\"13\" font-style=\"italic\"");

  // The temperature: a dashed line across at t = temperature.
  out += "<line x1=\"" + svg::number(x(vHigh)) + "\" y1=\"" + svg::number(y(real(tau))) + "\" x2=\"" + svg::number(x(vLow)) +
         "\" y2=\"" + svg::number(y(real(tau))) + "\" stroke=\"#999999\" stroke-dasharray=\"5,4\"><title>temperature " +
         svg::escape(tauText) + "</title></line>\n";
  out += svg::text(x(vHigh) + 4, y(real(tau)) - 5, "temperature " + tauText, "font-size=\"11\" fill=\"#444444\"");

  // The walls, then the mast with its arrowhead, and the mean on the value axis.
  for (const auto& [name, wall] : {std::pair{"left wall", &left}, std::pair{"right wall", &right}}) {
    if (wall->size() < 2) continue;  // an integer: nothing below the mast
    std::string points, exact;
    for (const auto& [t, v] : *wall) {
      if (!points.empty()) {
        points += ' ';
        exact += ", ";
      }
      points += svg::number(x(real(v))) + "," + svg::number(y(real(t)));
      exact += cgt::toString(t) + ": " + cgt::toString(v);
    }
    out += "<polyline points=\"" + points + "\" fill=\"none\" stroke=\"#000000\" stroke-width=\"2.5\" stroke-linejoin=\"round\"><title>" +
           name + " (t: value): " + svg::escape(exact) + "</title></polyline>\n";
  }
  out += "<line x1=\"" + svg::number(x(real(th.mast))) + "\" y1=\"" + svg::number(y(real(tau))) + "\" x2=\"" +
         svg::number(x(real(th.mast))) + "\" y2=\"" + svg::number(y(tHigh)) +
         "\" stroke=\"#000000\" stroke-width=\"2.5\" marker-end=\"url(#up)\"><title>mast at the mean " + svg::escape(meanText) +
         "</title></line>\n";
  out += "<circle cx=\"" + svg::number(x(real(th.mast))) + "\" cy=\"" + svg::number(y(tLow)) + "\" r=\"3.5\" fill=\"#000000\"/>\n";
  out += svg::text(x(real(th.mast)), y(tLow) + 56, "mean " + meanText, "text-anchor=\"middle\" font-size=\"12\" font-weight=\"bold\"");
  return out + svg::close();
}

}  // namespace amazons
