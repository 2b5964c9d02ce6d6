#include "solver/yinsh/suite.h"

#include <algorithm>

#include "solver/core/errors.h"
#include "solver/yinsh/formats.h"
#include "solver/yinsh/notation.h"

namespace amazons::yinsh {

namespace {

core::Outcome outcomeOf(Result r) {
  return r == Result::Win ? core::Outcome::Win : r == Result::Draw ? core::Outcome::Draw : core::Outcome::Loss;
}

// "win in 3 plies", "draw", "loss in 1 ply", "unknown".
std::string resultText(const Solution& s) {
  if (!s.result) return "unknown";
  std::string text = resultName(*s.result);
  if (s.plies) text += " in " + std::to_string(*s.plies) + (*s.plies == 1 ? " ply" : " plies");
  return text;
}

// What the mover gets by an action, from the solution of the position after it: the
// opponent's result turned round, one ply further from the end.
Solution throughAction(const Solution& after) {
  Solution s;
  s.result = *after.result == Result::Win ? Result::Loss : *after.result == Result::Loss ? Result::Win : Result::Draw;
  if (after.plies) s.plies = *after.plies + 1;
  return s;
}

bool sameScore(const Solution& a, const Solution& b) { return a.result == b.result && a.plies == b.plies; }

// Whether `action` keeps `exact` (the position's known solution): the position after it
// solved on the same solver. Unknown past a limit.
struct ActionCheck {
  bool known = false, optimal = false;
  Solution gives;  // what the action gives the mover, when known
};
ActionCheck checkAction(Solver& solver, const TurnAndPosition& action, const Solution& exact) {
  const Solution after = solver.solve(action.after);
  if (!after.result) return {};
  const Solution gives = throughAction(after);
  return {true, sameScore(gives, exact), gives};
}

std::string positionText(const SuiteCase& c) { return formatOneLine(c.position) + " ; " + core::sideLetter(c.fields.toMove); }

}  // namespace

SuiteCase suiteCase(const core::SuiteLine& line, const std::string& file, const Rules& rules) {
  auto at = [&](const InputError& e, const core::FieldText& f) { return InputError(e.what(), line.line, f.columnOf(e.column()), file); };
  SuiteCase c{file, line, rules, {}, {}, std::nullopt};
  try {
    c.position = parseOneLine(line.position.text, line.toMove == cgt::Side::Left ? Color::Black : Color::White, rules);
  } catch (const InputError& e) {
    throw at(e, line.position);
  }
  auto action = [&](const core::FieldText& f) {
    try {
      return parseTurn(c.position, rules, f.text);
    } catch (const InputError& e) {
      throw at(e, f);
    }
  };
  for (const core::FieldText& f : line.best) c.best.push_back(action(f));
  if (line.move) c.move = action(*line.move);
  return c;
}

std::string suiteLineText(const SuiteCase& c) {
  core::SuiteLine fields = c.fields;
  fields.best.clear();
  for (const TurnAndPosition& b : c.best) fields.best.push_back({formatTurn(b.turn)});
  if (c.move) fields.move = core::FieldText{formatTurn(c.move->turn)};
  return positionText(c) + core::suiteFieldsText(fields);
}

core::CaseOutcome checkCase(Solver& solver, const SuiteCase& c) {
  const core::SuiteLine& e = c.fields;
  const Solution s = solver.solve(c.position);
  core::CaseOutcome out;
  out.nodes = s.nodes;
  out.seconds = s.seconds;
  std::vector<std::string> problems;
  auto check = [&](const TurnAndPosition& action, const std::string& which) {
    const std::string name = which + " " + formatTurn(action.turn);
    const ActionCheck a = checkAction(solver, action, s);
    if (!a.known) {
      out.unsolved = true;
      problems.push_back(name + " unchecked (time or node limit)");
    } else if (!a.optimal) {
      out.wrongMove = true;
      problems.push_back(name + " gives " + resultText(a.gives) + ", the position " + resultText(s));
    }
  };
  if (!s.result) {
    out.unsolved = true;
    problems.push_back("unsolved (time or node limit)");
  } else {
    if (e.outcome && *e.outcome != outcomeOf(*s.result)) {
      out.wrongOutcome = true;
      problems.push_back(std::string("wrong outcome: expected ") + core::outcomeName(*e.outcome));
    } else if (e.plies && e.plies != s.plies) {
      out.wrongValue = true;
      problems.push_back("wrong plies: expected " + std::to_string(*e.plies));
    }
    if (s.move) {
      const std::vector<TurnAndPosition> turns = legalTurns(c.position, c.rules);
      const auto played = std::find_if(turns.begin(), turns.end(), [&](const TurnAndPosition& t) { return t.turn == *s.move; });
      if (played == turns.end()) {
        out.wrongMove = true;
        problems.push_back("its move " + formatTurn(*s.move) + " is not legal");
      } else {
        check(*played, "its move");
      }
    } else if (!finalResult(c.position, c.rules)) {
      out.wrongMove = true;
      problems.push_back("no move given where the game goes on");
    }
    for (const TurnAndPosition& b : c.best) check(b, "best move");
  }

  std::string line = positionText(c) + " ; " + (s.result ? resultName(*s.result) : "unknown");
  if (s.plies) line += " ; plies=" + std::to_string(*s.plies);
  if (s.move) line += " ; best=" + formatTurn(*s.move);
  line += " ; nodes=" + std::to_string(s.nodes) + " ; us=" + std::to_string(static_cast<long long>(s.seconds * 1e6));
  out.line = line + core::checkedTail(problems, e, c.file);
  return out;
}

core::ClaimOutcome checkClaims(Solver& solver, const SuiteCase& c) {
  const core::SuiteLine& e = c.fields;
  const Solution s = solver.solve(c.position);
  const std::string head = c.file + ":" + std::to_string(e.line) + ": " + positionText(c) + " ; ";
  const std::string exact = resultText(s) + (s.move ? " by " + formatTurn(*s.move) : "");
  core::ClaimOutcome r;
  if (c.move) {
    ++r.moves;
    const std::string claim = "move=" + formatTurn(c.move->turn);
    if (!s.result) {
      ++r.unchecked;
      r.lines.push_back(head + claim + " unchecked: position unsolved");
    } else if (const ActionCheck a = checkAction(solver, *c.move, s); !a.known) {
      ++r.unchecked;
      r.lines.push_back(head + claim + " unchecked: position after it unsolved");
    } else if (!a.optimal) {
      ++r.wrongMoves;
      r.lines.push_back(head + claim + " gives " + resultText(a.gives) + "; exact: " + exact);
    }
  }
  if (e.claimedOutcome) {
    ++r.outcomes;
    const std::string claim = std::string("outcome=") + core::outcomeName(*e.claimedOutcome);
    if (!s.result) {
      ++r.unchecked;
      r.lines.push_back(head + claim + " unchecked: position unsolved");
    } else if (*e.claimedOutcome != outcomeOf(*s.result)) {
      ++r.wrongOutcomes;
      r.lines.push_back(head + claim + " wrong; exact: " + exact);
    }
  }
  return r;
}

}  // namespace amazons::yinsh
