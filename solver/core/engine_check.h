// An engine's score and move for a position held to the exact answer (`verify --uci`,
// `verify --games`; solver/cli/cli_verify_engine.cpp): the claim comes from a UCI engine
// (core/uci_client.h) or from a game record's scores and moves (core/game_record.h).
//
// Verdicts, for a position the solver settled (the first that applies):
//   wrong_sign  the score says the side to move wins and it loses, or the other way round: a
//               mate score by its sign ("mate 0": the side to move is mated, a loss), a
//               centipawn score by its sign when beyond --draw-margin
//   missed_win  the side to move wins and the engine's move does not (the position after it is
//               not a loss for the opponent, by a second analysis), or it gave no move
//   no_claim    no score, or a centipawn score within the draw margin
//   right       otherwise (with a winning position's move checked where the second analysis
//               settled it)
// An engine that failed on the position, or answered a move that is not legal there, gets no
// verdict: the failure is reported with the position. Positions the solver could not settle
// within the limits get none either, and are counted apart.
#pragma once
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "solver/core/analysis_report.h"
#include "solver/core/errors.h"
#include "solver/core/suite_check.h"
#include "solver/core/uci_client.h"

namespace amazons::core {

enum class EngineVerdict { Right, WrongSign, MissedWin, NoClaim };
inline const char* engineVerdictName(EngineVerdict v) {
  switch (v) {
    case EngineVerdict::Right: return "right";
    case EngineVerdict::WrongSign: return "wrong_sign";
    case EngineVerdict::MissedWin: return "missed_win";
    case EngineVerdict::NoClaim: return "no_claim";
  }
  return "?";
}

// What an engine (or a record) says of a position.
struct EngineClaim {
  std::optional<UciScore> score;  // from the side to move's view
  std::string move;               // as written; empty when it gave none
  std::string error;              // the engine failed on the position
};

// Whether a score says the side to move wins (true), loses (false), or nothing.
inline std::optional<bool> claimedWin(const std::optional<UciScore>& score, long drawMargin) {
  if (!score) return std::nullopt;
  if (score->mate) return score->value > 0;
  if (score->value > drawMargin) return true;
  if (score->value < -drawMargin) return false;
  return std::nullopt;
}

// One position checked: the exact answer, the claim, and what was found.
struct PositionCheck {
  std::string position;  // the one-line form
  std::string fen;       // Fairy-Stockfish's, as the engine is sent it (set by the caller)
  cgt::Side mover = cgt::Side::Left;
  int size = 0;  // G::size: Amazons' empty squares, Clobber's stones
  Verdict exact = Verdict::Unknown;
  std::vector<std::string> winningMoves;  // as the run writes moves
  EngineClaim claim;
  std::optional<bool> signClaim;  // the score says the side to move wins / loses (claimedWin)
  std::optional<bool> moveWins;   // the engine's move in a won position, when settled
  std::optional<EngineVerdict> verdict;
  std::string problem;  // why there is no verdict in a settled position: the engine's failure, an illegal move
  bool settled() const { return exact != Verdict::Unknown; }
  // Record positions: the game's line and the ply (0: the start).
  int game = 0, ply = -1;
  std::string picture;  // the board picture of a wrong position (verify --svg-wrong), when drawn
};

// The exact answer of `board` with `mover` to move, by `solver` (an unsettled position's
// check has no verdict and asks nothing of the engine).
template <SuiteEngine E>
PositionCheck solvePosition(E& solver, const typename E::Game::Region& board, cgt::Side mover) {
  using G = typename E::Game;
  PositionCheck c;
  c.position = G::printPosition(board);
  c.mover = mover;
  c.size = static_cast<int>(G::size(board));
  const Analysis<G> a = solver.analyse(board, mover, {.sides = Sides::ToMoveOnly});
  const SideReport<G>& side = a.forSide(mover);
  c.exact = side.verdict;
  if (side.verdict == Verdict::Win)
    for (const typename G::Move& m : side.winningMoves.empty() && side.winningMove ? std::vector{*side.winningMove} : side.winningMoves)
      c.winningMoves.push_back(solver.formatMove(board, m));
  return c;
}

// The claim held to a settled position's exact answer (solvePosition's `c`). A move that cannot
// be read or is not legal sets `problem` and no verdict. The move of a won position is tried
// against the winning moves found, else by a second analysis of the position after it.
template <SuiteEngine E>
void judgeClaim(E& solver, const typename E::Game::Region& board, PositionCheck& c, EngineClaim claim, long drawMargin) {
  using G = typename E::Game;
  c.claim = std::move(claim);
  if (!c.claim.error.empty()) {
    c.problem = c.claim.error;
    return;
  }
  std::optional<typename G::Move> move;
  if (!c.claim.move.empty()) {
    const std::vector<typename G::Move> legal = G::moves(board, c.mover);
    try {
      move = G::parseMove(board, c.claim.move);
    } catch (const InputError& e) {
      c.problem = "move '" + c.claim.move + "' is not a move here: " + e.what();
      return;
    }
    if (std::find(legal.begin(), legal.end(), *move) == legal.end()) {
      c.problem = "move '" + c.claim.move + "' is not a move of the side to move";
      return;
    }
  }
  const bool wins = c.exact == Verdict::Win;
  if (wins) {
    if (!move) c.moveWins = false;
    else if (std::find(c.winningMoves.begin(), c.winningMoves.end(), solver.formatMove(board, *move)) != c.winningMoves.end())
      c.moveWins = true;
    else if (const Verdict after = verdictAfter(solver, board, c.mover, *move); after != Verdict::Unknown)
      c.moveWins = after == Verdict::Loss;
  }
  const std::optional<bool> sign = c.signClaim = claimedWin(c.claim.score, drawMargin);
  if (sign && *sign != wins) c.verdict = EngineVerdict::WrongSign;
  else if (c.moveWins == false) c.verdict = EngineVerdict::MissedWin;
  else if (!sign) c.verdict = EngineVerdict::NoClaim;
  else c.verdict = EngineVerdict::Right;
}

}  // namespace amazons::core
