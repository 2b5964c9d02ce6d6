#include "solver/core/engine_report.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "solver/core/svg.h"
#include "solver/core/text.h"

namespace amazons::core {
namespace {

const char* winnerLetter(const PositionCheck& c) {
  if (!c.settled()) return nullptr;
  return sideLetter(c.exact == Verdict::Win ? c.mover : opposite(c.mover));
}

std::string percent(int part, int whole) {
  if (whole == 0) return "-";
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * part / whole);
  return buf;
}

}  // namespace

std::string checkLine(const PositionCheck& c, const std::string& where) {
  std::string s = where + ": " + c.position + " ; " + sideLetter(c.mover) + " ; ";
  if (!c.settled()) return s + "unsettled within the limits";
  s += c.exact == Verdict::Win ? "win" : "loss";
  if (!c.winningMoves.empty()) {
    s += " by ";
    for (size_t i = 0; i < c.winningMoves.size(); ++i) s.append(i ? "," : "").append(c.winningMoves[i]);
  }
  s += " ; engine ";
  s += c.claim.score ? uciScoreText(*c.claim.score) : std::string("no score");
  s += ", move ";
  s += c.claim.move.empty() ? std::string("none") : c.claim.move;
  if (c.moveWins) s += *c.moveWins ? " (wins)" : " (does not win)";
  if (!c.problem.empty()) return s + " ; ENGINE FAILURE: " + c.problem;
  s += " ; ";
  s += c.verdict ? engineVerdictName(*c.verdict) : "?";
  if (!c.picture.empty()) s += " ; picture " + c.picture;
  return s;
}

std::string checkJson(const PositionCheck& c, const std::string& sizeWord, const std::string& file) {
  std::string s = "{\"file\": " + jsonString(file) + ", ";
  if (c.game > 0) s += "\"game\": " + std::to_string(c.game) + ", \"ply\": " + std::to_string(c.ply) + ", ";
  s += "\"position\": " + jsonString(c.position) + ", \"fen\": " + jsonString(c.fen) + ", \"to_move\": \"" + sideLetter(c.mover) + "\", \"" + sizeWord +
       "\": " + std::to_string(c.size) + ", \"winner\": ";
  const char* winner = winnerLetter(c);
  s += winner ? jsonString(winner) : std::string("null");
  s += ", \"winning_moves\": [";
  for (size_t i = 0; i < c.winningMoves.size(); ++i) s.append(i ? ", " : "").append(jsonString(c.winningMoves[i]));
  s += "], \"engine_score\": ";
  s += c.claim.score ? jsonString(uciScoreText(*c.claim.score)) : std::string("null");
  s += ", \"engine_move\": ";
  s += c.claim.move.empty() ? std::string("null") : jsonString(c.claim.move);
  s += ", \"move_wins\": ";
  s += c.moveWins ? (*c.moveWins ? "true" : "false") : "null";
  s += ", \"verdict\": ";
  s += c.verdict ? jsonString(engineVerdictName(*c.verdict)) : std::string("null");
  if (!c.problem.empty()) s += ", \"error\": " + jsonString(c.problem);
  if (!c.picture.empty()) s += ", \"picture\": " + jsonString(c.picture);
  return s + "}";
}

std::vector<SizeSummary> summarise(const std::vector<PositionCheck>& checks) {
  std::map<int, SizeSummary> bySize;
  SizeSummary all;
  all.size = -1;
  for (const PositionCheck& c : checks) {
    SizeSummary& row = bySize[c.size];
    row.size = c.size;
    for (SizeSummary* r : {&row, &all}) {
      if (!c.settled()) {
        ++r->unsettled;
        continue;
      }
      ++r->settled;
      if (!c.verdict) {
        ++r->failures;
        continue;
      }
      const EngineVerdict v = *c.verdict;
      if (c.signClaim) {
        ++r->signClaims;
        r->signRight += *c.signClaim == (c.exact == Verdict::Win);
      }
      r->right += v == EngineVerdict::Right;
      r->wrongSign += v == EngineVerdict::WrongSign;
      r->missedWin += v == EngineVerdict::MissedWin;
      r->noClaim += v == EngineVerdict::NoClaim;
      if (c.moveWins) {
        ++r->movesChecked;
        r->movesWinning += *c.moveWins;
      }
    }
  }
  std::vector<SizeSummary> rows;
  for (const auto& [size, row] : bySize) rows.push_back(row);
  rows.push_back(all);
  return rows;
}

std::string summaryText(const std::vector<SizeSummary>& rows, const std::string& sizeWord) {
  std::string s = "\nSummary by " + sizeWord + " (sign: scores of the right sign / scores with a sign; best move: moves that\n"
                  "win / won positions whose move was checked)\n";
  char buf[256];
  std::snprintf(buf, sizeof buf, "%7s %8s %10s %8s %9s %10s %10s %9s %16s %16s\n", sizeWord.c_str(), "settled", "unsettled",
                "failed", "right", "wrong_sign", "missed_win", "no_claim", "sign", "best move");
  s += buf;
  for (const SizeSummary& r : rows) {
    const std::string size = r.size < 0 ? "all" : std::to_string(r.size);
    const std::string sign = percent(r.signRight, r.signClaims) + " of " + std::to_string(r.signClaims);
    const std::string best = percent(r.movesWinning, r.movesChecked) + " of " + std::to_string(r.movesChecked);
    std::snprintf(buf, sizeof buf, "%7s %8d %10d %8d %9d %10d %10d %9d %16s %16s\n", size.c_str(), r.settled, r.unsettled, r.failures,
                  r.right, r.wrongSign, r.missedWin, r.noClaim, sign.c_str(), best.c_str());
    s += buf;
  }
  return s;
}

std::string summaryJson(const std::vector<SizeSummary>& rows, const std::string& sizeWord) {
  std::string s = "{\"summary\": [";
  for (size_t i = 0; i < rows.size(); ++i) {
    const SizeSummary& r = rows[i];
    s += i ? ", {" : "{";
    s += r.size < 0 ? std::string("\"all\": true") : "\"" + sizeWord + "\": " + std::to_string(r.size);
    s += ", \"settled\": " + std::to_string(r.settled);
    s += ", \"unsettled\": " + std::to_string(r.unsettled);
    s += ", \"engine_failures\": " + std::to_string(r.failures);
    s += ", \"right\": " + std::to_string(r.right);
    s += ", \"wrong_sign\": " + std::to_string(r.wrongSign);
    s += ", \"missed_win\": " + std::to_string(r.missedWin);
    s += ", \"no_claim\": " + std::to_string(r.noClaim);
    s += ", \"sign_claims\": " + std::to_string(r.signClaims);
    s += ", \"sign_right\": " + std::to_string(r.signRight);
    s += ", \"moves_checked\": " + std::to_string(r.movesChecked);
    s += ", \"moves_winning\": " + std::to_string(r.movesWinning) + "}";
  }
  return s + "]}";
}

std::string summarySvg(const std::vector<SizeSummary>& rows, const std::string& sizeWord, const std::string& title) {
  // The plot's frame: sizes along x, 0-100% up y; a point for each size with a count.
  constexpr double kLeft = 60, kRight = 20, kTop = 40, kBottom = 60, kPlotHeight = 240, kStep = 24;
  std::vector<SizeSummary> sizes(rows.begin(), rows.end());
  if (!sizes.empty() && sizes.back().size < 0) sizes.pop_back();
  const int lo = sizes.empty() ? 0 : sizes.front().size, hi = sizes.empty() ? 1 : std::max(sizes.back().size, lo + 1);
  const double plotWidth = std::max(200.0, kStep * (hi - lo));
  const double width = kLeft + plotWidth + kRight, height = kTop + kPlotHeight + kBottom;
  auto x = [&](int size) { return kLeft + plotWidth * (size - lo) / (hi - lo); };
  auto y = [&](double share) { return kTop + kPlotHeight * (1 - share); };
  std::string s = svg::open(width, height, title);
  s += svg::text(width / 2, 22, title, "text-anchor=\"middle\" font-size=\"14\"");
  for (int p = 0; p <= 100; p += 25) {
    s += "<line x1=\"" + svg::number(kLeft) + "\" y1=\"" + svg::number(y(p / 100.0)) + "\" x2=\"" + svg::number(kLeft + plotWidth) +
         "\" y2=\"" + svg::number(y(p / 100.0)) + "\" stroke=\"#ddd\"/>\n";
    s += svg::text(kLeft - 6, y(p / 100.0) + 4, std::to_string(p) + "%", "text-anchor=\"end\" font-size=\"11\"");
  }
  const int labelEvery = std::max(1, (hi - lo) / 20);
  for (int size = lo; size <= hi; size += labelEvery)
    s += svg::text(x(size), kTop + kPlotHeight + 16, std::to_string(size), "text-anchor=\"middle\" font-size=\"11\"");
  s += svg::text(kLeft + plotWidth / 2, kTop + kPlotHeight + 34, sizeWord + " (count of settled positions above each point)",
                 "text-anchor=\"middle\" font-size=\"12\"");
  struct Series {
    const char* name;
    const char* colour;
    int SizeSummary::*part;
    int SizeSummary::*whole;
  };
  const Series series[] = {{"sign accuracy", "#1f77b4", &SizeSummary::signRight, &SizeSummary::signClaims},
                           {"best-move accuracy", "#d62728", &SizeSummary::movesWinning, &SizeSummary::movesChecked}};
  for (size_t k = 0; k < 2; ++k) {
    const Series& ser = series[k];
    std::string points;
    for (const SizeSummary& r : sizes) {
      if (r.*ser.whole == 0) continue;
      const double share = static_cast<double>(r.*ser.part) / (r.*ser.whole);
      points += svg::number(x(r.size)) + "," + svg::number(y(share)) + " ";
      s += "<circle cx=\"" + svg::number(x(r.size)) + "\" cy=\"" + svg::number(y(share)) + "\" r=\"3\" fill=\"" + ser.colour +
           "\"><title>" + svg::escape(std::string(ser.name) + ", " + sizeWord + " " + std::to_string(r.size) + ": " +
                                       std::to_string(r.*ser.part) + " of " + std::to_string(r.*ser.whole)) +
           "</title></circle>\n";
    }
    if (!points.empty()) s += "<polyline points=\"" + points + "\" fill=\"none\" stroke=\"" + ser.colour + "\"/>\n";
    s += "<rect x=\"" + svg::number(kLeft + 10 + 170 * k) + "\" y=\"" + svg::number(height - 18) + "\" width=\"10\" height=\"10\" fill=\"" +
         ser.colour + "\"/>\n";
    s += svg::text(kLeft + 24 + 170 * k, height - 9, ser.name, "font-size=\"12\"");
  }
  for (const SizeSummary& r : sizes)
    if (r.settled) s += svg::text(x(r.size), kTop - 4, std::to_string(r.settled), "text-anchor=\"middle\" font-size=\"9\" fill=\"#555\"");
  return s + svg::close();
}

}  // namespace amazons::core
