// Yinsh suite lines (game=yinsh; the fields: solver/core/suite.h, positions/README.md):
//
//   ONE-LINE ; w|b ; win|draw|loss ; plies=N ; best=ACTION[,ACTION] ; src=...
//
// read into a position and its actions, and checked by the exact solver. Yinsh is no sum of
// games (no core::Game): its lines have a case and checks of their own, with the answers of
// the other games' (core::CaseOutcome, core::ClaimOutcome) so that suite and verify count
// them alike. An action is optimal when it keeps the position's exact score: the result and,
// for a win or a loss, the plies to the end (a win as fast, a loss as slow as can be).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "solver/core/suite.h"
#include "solver/core/suite_check.h"
#include "solver/yinsh/solver.h"

namespace amazons::yinsh {

struct SuiteCase {
  std::string file;
  core::SuiteLine fields;
  Rules rules;
  Position position;
  std::vector<TurnAndPosition> best;
  std::optional<TurnAndPosition> move;  // verify: move=
};

// A game=yinsh line read under `rules`: errors name the file, the line and the column within
// the line (the position's fault, a step of an action that is not legal).
SuiteCase suiteCase(const core::SuiteLine& line, const std::string& file, const Rules& rules = {});

// The line written back: the position, side and fields with its actions as formatTurn writes them.
std::string suiteLineText(const SuiteCase& c);

// The checks of `suite`, on a solver of the line's own (its table shared by the position's
// solve and those of the positions after the actions checked; its limits bound them all):
//   unsolved       a solve hit the time or node limit
//   wrong outcome  win/draw/loss differs
//   wrong value    plies= differs (the plies are Yinsh's value: the score is +-(kWin - plies))
//   wrong move     the solver's action, or one in best=, is not optimal (a second solve of the
//                  position after it), or the solver gives none where the game goes on
// Output: ONE-LINE ; w|b ; win|draw|loss|unknown [; plies=N] [; best=ACTION] ; nodes=N ; us=T
//         [; FAIL (...) at FILE:LINE | ; known failure (...) | ; UNEXPECTED PASS at FILE:LINE]
core::CaseOutcome checkCase(Solver& solver, const SuiteCase& c);

// The checks of `verify`: move= is wrong when it is not optimal, outcome= when it is not the
// exact result; a claim the limits leave undecided is unchecked.
core::ClaimOutcome checkClaims(Solver& solver, const SuiteCase& c);

}  // namespace amazons::yinsh
