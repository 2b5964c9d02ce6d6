#include "solver/yinsh/notation.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "solver/core/errors.h"

namespace amazons::yinsh {

namespace {

std::string removalText(const Removal& r) {
  const Window& w = windows()[r.window];
  std::string text = "x";
  for (const std::string& part : {cellName(w.first), std::string("-"), cellName(w.last), std::string("x"), cellName(r.ring)}) text += part;
  return text;
}

// A turn's steps as text, in order.
std::vector<std::string> steps(const Turn& t) {
  switch (t.kind) {
    case Turn::Kind::Place: return {cellName(t.to)};
    case Turn::Kind::Steal: return {"STEAL"};
    case Turn::Kind::Move:
    case Turn::Kind::Removals: break;
  }
  std::vector<std::string> out;
  for (int i = 0; i < t.before; ++i) out.push_back(removalText(t.removals[i]));
  if (t.kind == Turn::Kind::Removals) return out;
  out.push_back(cellName(t.from));
  out.back() += "-";
  out.back() += cellName(t.to);
  for (int i = t.before; i < t.before + t.after; ++i) out.push_back(removalText(t.removals[i]));
  return out;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// "xA-BxR" with the row's ends swapped, "" for any other step.
std::string reversedRow(const std::string& step) {
  if (step.size() < 2 || step[0] != 'x') return "";
  const size_t dash = step.find('-'), x = step.find('x', 1);
  if (dash == std::string::npos || x == std::string::npos || dash > x) return "";
  std::string text = "x";
  for (const std::string& part : {step.substr(dash + 1, x - dash - 1), std::string("-"), step.substr(1, dash - 1), step.substr(x)}) text += part;
  return text;
}

}  // namespace

std::string formatTurn(const Turn& turn) {
  std::string out;
  for (const std::string& s : steps(turn)) out += (out.empty() ? "" : ";") + s;
  return out;
}

TurnAndPosition parseTurn(const Position& p, const Rules& rules, std::string_view text) {
  // The text's steps with their columns.
  struct Step {
    std::string text;
    int column;
  };
  std::vector<Step> given;
  for (size_t start = 0;;) {
    const size_t end = std::min(text.find(';', start), text.size());
    given.push_back({lower(text.substr(start, end - start)), static_cast<int>(start) + 1});
    if (end == text.size()) break;
    start = end + 1;
  }
  std::vector<TurnAndPosition> candidates = legalTurns(p, rules);
  if (candidates.empty()) throw InputError("no legal action here: the game is over", 0, 1);
  std::vector<std::vector<std::string>> candidateSteps;
  for (const TurnAndPosition& c : candidates) {
    candidateSteps.push_back(steps(c.turn));
    for (std::string& s : candidateSteps.back()) s = lower(s);
  }
  std::vector<size_t> alive(candidates.size());
  for (size_t i = 0; i < alive.size(); ++i) alive[i] = i;
  for (size_t k = 0; k < given.size(); ++k) {
    const Step& s = given[k];
    std::vector<size_t> next;
    for (size_t i : alive) {
      const std::vector<std::string>& cs = candidateSteps[i];
      if (k < cs.size() && (cs[k] == s.text || reversedRow(cs[k]) == s.text)) next.push_back(i);
    }
    if (next.empty()) {
      const bool longer = std::any_of(alive.begin(), alive.end(), [&](size_t i) { return candidateSteps[i].size() > k; });
      throw InputError(longer ? "'" + std::string(text.substr(s.column - 1, s.text.size())) + "' is not a legal step here"
                              : "the turn is over before this step",
                       0, s.column);
    }
    alive = std::move(next);
  }
  for (size_t i : alive)
    if (candidateSteps[i].size() == given.size()) return candidates[i];
  throw InputError("the action stops before the turn is over: it must go on with '" + candidateSteps[alive[0]][given.size()] +
                       "' or another step",
                   0, static_cast<int>(text.size()) + 1);
}

}  // namespace amazons::yinsh
