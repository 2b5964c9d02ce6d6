// A suite line of any game checked against an engine: its expected answers (`suite`) and an
// engine's claims (`verify`); the format is in suite.h. The engine is what the game analyses
// with (Amazons: its solver, solver/amazons/engine.h; another game: core::Analyser, through
// AnalyserEngine below), seen through one narrow interface, SuiteEngine.
#pragma once
#include <algorithm>
#include <chrono>
#include <concepts>
#include <optional>
#include <string>
#include <vector>

#include "cgt/cgt.h"
#include "solver/core/analysis.h"
#include "solver/core/deadline.h"
#include "solver/core/errors.h"
#include "solver/core/game.h"
#include "solver/core/suite.h"

namespace amazons::core {

// An engine for game E::Game, one thread at a time:
//   analyse(board, mover, wanted)     the verdicts wanted.sides asks for, `mover`'s first, and
//                                     winning moves; wanted.fullTotal: the total's canonical form
//                                     built in full (within the time limit), for checks that need it
//   formatMove(board, move)           a move as this run writes moves (Amazons: --notation)
//   nodes()                           positions searched so far, for the suite's count
template <class E>
concept SuiteEngine = Game<typename E::Game> &&
                      requires(E& e, const typename E::Game::Region& r, const typename E::Game::Move& m, cgt::Side s, Wanted w) {
                        { e.analyse(r, s, w) } -> std::same_as<Analysis<typename E::Game>>;
                        { e.formatMove(r, m) } -> std::convertible_to<std::string>;
                        { e.nodes() } -> std::convertible_to<uint64_t>;
                      };

// A line read for its game: the position and moves parsed by G.
template <Game G>
struct SuiteCase {
  std::string file;
  SuiteLine fields;
  typename G::Region board;
  std::vector<typename G::Move> best;
  std::optional<typename G::Move> move;
  std::optional<cgt::GameId> value;  // value=, parsed
};

// The value= text read as a game value under a cgt::WorkLimit (a million new sums, 10 s): a
// canonical form written out takes a few sums and milliseconds, and the limit turns a text
// that asks for minutes ("^*2000") or overflows the stack (a deep nest) into an error.
// Throws cgt::ParseError, or another std::exception (the limit's, a literal too large).
inline cgt::GameId parseSuiteValue(const std::string& text) {
  const cgt::WorkLimit bound(1000000, std::chrono::steady_clock::now() + std::chrono::seconds(10));
  return cgt::parse(text);
}

// A line read by game G: errors name the file, the line and the column within the line.
template <Game G>
SuiteCase<G> suiteCase(const SuiteLine& line, const std::string& file) {
  auto at = [&](const InputError& e, const FieldText& f) {
    return InputError(e.what(), line.line, f.columnOf(e.column()), file);
  };
  SuiteCase<G> c{file, line, [&] {
                    try {
                      return G::parseOneLine(line.position.text);
                    } catch (const InputError& e) {
                      throw at(e, line.position);
                    }
                  }(),
                  {}, std::nullopt, std::nullopt};
  std::vector<typename G::Move> legal;  // when a line names moves
  if (!line.best.empty() || line.move) legal = G::moves(c.board, line.toMove);
  auto move = [&](const FieldText& f) {
    typename G::Move m;
    try {
      m = G::parseMove(c.board, f.text);
    } catch (const InputError& e) {
      throw at(e, f);
    }
    if (std::find(legal.begin(), legal.end(), m) == legal.end())
      throw InputError("'" + f.text + "' is not a move of the side to move", line.line, f.column, file);
    return m;
  };
  for (const FieldText& f : line.best) c.best.push_back(move(f));
  if (line.move) c.move = move(*line.move);
  if (line.value) {
    try {
      c.value = parseSuiteValue(line.value->text);
    } catch (const cgt::ParseError& e) {
      throw InputError(std::string("bad value: ") + e.what(), line.line, line.value->columnOf(e.column()), file);
    } catch (const std::exception& e) {
      throw InputError(std::string("bad value: ") + e.what(), line.line, line.value->column, file);
    }
  }
  return c;
}

// What checking one line found, and its output line.
struct CaseOutcome {
  std::string line;
  bool unsolved = false, wrongOutcome = false, wrongValue = false, wrongMove = false;
  bool failed() const { return unsolved || wrongOutcome || wrongValue || wrongMove; }
  uint64_t nodes = 0;  // the analysis of the position
  double seconds = 0;
};

// The end of a checked line: its problems (" ; FAIL (...) at FILE:LINE", or " ; known failure
// (...)" on a '*' line), " ; UNEXPECTED PASS at FILE:LINE" for a '*' line without any, else "".
inline std::string checkedTail(const std::vector<std::string>& problems, const SuiteLine& e, const std::string& file) {
  const std::string where = file + ":" + std::to_string(e.line);
  if (problems.empty()) return e.knownFailure ? " ; UNEXPECTED PASS at " + where : "";
  std::string tail = e.knownFailure ? " ; known failure (" : " ; FAIL (";
  for (size_t i = 0; i < problems.size(); ++i) tail += (i ? "; " : "") + problems[i];
  return tail + ") at " + where;
}

inline const char* verdictWord(Verdict v) { return v == Verdict::Win ? "win" : v == Verdict::Loss ? "loss" : "unknown"; }

// The opponent's verdict after the mover plays m (a second analysis).
template <SuiteEngine E>
Verdict verdictAfter(E& engine, const typename E::Game::Region& board, cgt::Side mover, const typename E::Game::Move& m) {
  return engine.analyse(E::Game::play(board, m), opposite(mover), {.sides = Sides::ToMoveOnly}).forSide(opposite(mover)).verdict;
}

// Checks, for the side to move given on the line:
//   wrong outcome  win/loss differs, or the class (both sides to move) differs; unsolved when
//                  the engine could not decide (time or node limit)
//   wrong value    value= is not the engine's total (equal canonical forms), or moves=K and the
//                  total is not an integer of absolute value K (an unknown total is unsolved)
//   wrong move     the engine's move for a position it rates won does not win (the position
//                  after it is not a loss for the opponent, by a second analysis), or it rates
//                  the position won but gives no move, or a move listed in best= leaves a
//                  position the engine rates as a win for the opponent
// Output: position ; to-move ; win|loss|unknown ; value=G ; best=M ; nodes=N ; us=T
//         [; FAIL (...) at FILE:LINE | ; known failure (...) | ; UNEXPECTED PASS at FILE:LINE]
template <SuiteEngine E>
CaseOutcome checkCase(E& engine, const SuiteCase<typename E::Game>& c) {
  using G = typename E::Game;
  const SuiteLine& e = c.fields;
  const cgt::Side mover = e.toMove;
  // The other side's verdict only for a class: a batch of win/loss lines solves each position once.
  const Analysis<G> a = engine.analyse(c.board, mover, {.sides = e.outcomeClass ? Sides::Both : Sides::ToMoveOnly, .fullTotal = e.value || e.moves});
  const SideReport<G>& side = a.forSide(mover);
  CaseOutcome out;
  out.nodes = a.nodes;
  out.seconds = a.seconds;
  std::vector<std::string> problems;
  auto moveText = [&](const typename G::Move& m) { return std::string(engine.formatMove(c.board, m)); };

  if (side.verdict == Verdict::Unknown || (e.outcomeClass && a.forSide(opposite(mover)).verdict == Verdict::Unknown)) {
    out.unsolved = true;
    problems.push_back("unsolved (time or node limit)");
  } else {
    if (e.outcome && (*e.outcome == Outcome::Win) != (side.verdict == Verdict::Win)) {
      out.wrongOutcome = true;
      problems.push_back(std::string("wrong outcome: expected ") + outcomeName(*e.outcome));
    }
    if (e.outcomeClass) {
      const OutcomeClass got = classOf(a.left.verdict == Verdict::Win, a.right.verdict == Verdict::Win);
      if (got != *e.outcomeClass) {
        out.wrongOutcome = true;
        problems.push_back(std::string("wrong class: expected ") + outcomeClassName(*e.outcomeClass) + ", got " + outcomeClassName(got));
      }
    }
  }
  if (e.value || e.moves) {
    if (!a.total) {
      out.unsolved = true;
      problems.push_back("value unknown");
    } else {
      if (c.value && *c.value != *a.total) {
        out.wrongValue = true;
        problems.push_back("wrong value: expected " + e.value->text);
      }
      if (e.moves) {
        const auto n = cgt::asNumber(*a.total);
        if (!n || !n->isInteger() || (n->num < 0 ? -n->num : n->num) != *e.moves) {
          out.wrongValue = true;
          problems.push_back("wrong moves: expected a value of +-" + std::to_string(*e.moves));
        }
      }
    }
  }
  if (side.verdict == Verdict::Win) {
    if (!side.winningMove) {
      out.wrongMove = true;
      problems.push_back("rated a win but no winning move given");
    } else if (const Verdict v = verdictAfter(engine, c.board, mover, *side.winningMove); v == Verdict::Unknown) {
      out.unsolved = true;
      problems.push_back("its move " + moveText(*side.winningMove) + " unchecked (time or node limit)");
    } else if (v != Verdict::Loss) {
      out.wrongMove = true;
      problems.push_back("its move " + moveText(*side.winningMove) + " does not win");
    }
  }
  for (const typename G::Move& m : c.best) {
    const Verdict v = verdictAfter(engine, c.board, mover, m);
    if (v == Verdict::Unknown) {
      out.unsolved = true;
      problems.push_back("best move " + moveText(m) + " unchecked (time or node limit)");
    } else if (v == Verdict::Win) {
      out.wrongMove = true;
      problems.push_back("rates best move " + moveText(m) + " as losing");
    }
  }

  std::string line = G::printPosition(c.board) + " ; " + sideLetter(mover) + " ; " + verdictWord(side.verdict);
  if (a.total) line += " ; value=" + cgt::toString(*a.total);
  if (side.winningMove && side.verdict == Verdict::Win) line += " ; best=" + moveText(*side.winningMove);
  line += " ; nodes=" + std::to_string(a.nodes) + " ; us=" + std::to_string(static_cast<long long>(a.seconds * 1e6));
  out.line = line + checkedTail(problems, e, c.file);
  return out;
}

// What checking an engine's claims on one line found: a line for each wrong or unchecked claim.
struct ClaimOutcome {
  std::vector<std::string> lines;
  int moves = 0, outcomes = 0, margins = 0;
  int wrongMoves = 0, wrongOutcomes = 0, wrongMargins = 0, marginsNotApplicable = 0, unchecked = 0;
  ClaimOutcome& operator+=(const ClaimOutcome& r) {
    lines.insert(lines.end(), r.lines.begin(), r.lines.end());
    moves += r.moves, outcomes += r.outcomes, margins += r.margins;
    wrongMoves += r.wrongMoves, wrongOutcomes += r.wrongOutcomes, wrongMargins += r.wrongMargins;
    marginsNotApplicable += r.marginsNotApplicable, unchecked += r.unchecked;
    return *this;
  }
};

// A claim is wrong when
//   move=     the move loses although the position is won (some move wins): the position after
//             it is a win for the opponent; in a lost position every move is accepted
//   outcome=  the side to move's exact result differs
//   margin=   the total value is a number and, from the mover's point of view (Black: the value,
//             White: its negative), differs from N; when the total is not a number the margin is
//             not applicable and only counted
template <SuiteEngine E>
ClaimOutcome checkClaims(E& engine, const SuiteCase<typename E::Game>& c) {
  using G = typename E::Game;
  const SuiteLine& e = c.fields;
  const cgt::Side mover = e.toMove;
  const Analysis<G> a = engine.analyse(c.board, mover, {.sides = Sides::ToMoveOnly, .fullTotal = e.margin.has_value()});
  const SideReport<G>& side = a.forSide(mover);
  const std::string head = c.file + ":" + std::to_string(e.line) + ": " + G::printPosition(c.board) + " ; " + sideLetter(mover) + " ; ";
  std::string exact = verdictWord(side.verdict);
  if (side.verdict == Verdict::Win && side.winningMove) exact += " by " + std::string(engine.formatMove(c.board, *side.winningMove));
  if (side.verdict == Verdict::Loss && !side.hasMove) exact += " (no move)";
  ClaimOutcome r;
  if (c.move) {
    ++r.moves;
    const std::string claim = "move=" + std::string(engine.formatMove(c.board, *c.move));
    if (side.verdict == Verdict::Unknown) {
      ++r.unchecked;
      r.lines.push_back(head + claim + " unchecked: position unsolved");
    } else if (side.verdict == Verdict::Win) {
      const Verdict reply = verdictAfter(engine, c.board, mover, *c.move);
      if (reply == Verdict::Unknown) {
        ++r.unchecked;
        r.lines.push_back(head + claim + " unchecked: position after it unsolved");
      } else if (reply == Verdict::Win) {
        ++r.wrongMoves;
        r.lines.push_back(head + claim + " loses; exact: " + exact);
      }
    }
  }
  if (e.claimedOutcome) {
    ++r.outcomes;
    const std::string claim = std::string("outcome=") + outcomeName(*e.claimedOutcome);
    if (side.verdict == Verdict::Unknown) {
      ++r.unchecked;
      r.lines.push_back(head + claim + " unchecked: position unsolved");
    } else if ((side.verdict == Verdict::Win) != (*e.claimedOutcome == Outcome::Win)) {
      ++r.wrongOutcomes;
      r.lines.push_back(head + claim + " wrong; exact: " + exact);
    }
  }
  if (e.margin) {
    ++r.margins;
    const std::string claim = "margin=" + std::to_string(*e.margin);
    if (!a.total) {
      ++r.unchecked;
      r.lines.push_back(head + claim + " unchecked: value unknown");
    } else if (const auto n = cgt::asNumber(*a.total); !n) {
      ++r.marginsNotApplicable;
    } else {
      const cgt::Dyadic forMover = mover == cgt::Side::Left ? *n : -*n;
      if (!(forMover == cgt::Dyadic::integer(*e.margin))) {
        ++r.wrongMargins;
        r.lines.push_back(head + claim + " wrong; exact: margin=" + cgt::toString(forMover) + " (value " + cgt::toString(*a.total) + ")");
      }
    }
  }
  return r;
}

// Any game on core::Analyser as a suite's engine. The tables are emptied before each line
// (clear), so that a line's answers are those of a separate run.
template <Game G>
class AnalyserEngine {
 public:
  using Game = G;
  explicit AnalyserEngine(const AnalysisOptions& options) : analyser_(options), limits_(options.limits) {}
  // The total, when asked, built in full within the position's time limit (counted from the
  // analysis' start, as AmazonsEngine counts it).
  Analysis<G> analyse(const typename G::Region& board, cgt::Side mover, Wanted wanted = {}) {
    const Deadline deadline = Deadline::after(limits_.seconds);
    Analysis<G> a = analyser_.analyse(board, mover, wanted.sides);
    if (wanted.fullTotal && !a.total) a.total = canonicalTotal(a, ~uint64_t{0}, deadline.at);
    return a;
  }
  std::string formatMove(const typename G::Region& board, const typename G::Move& m) const { return G::formatMove(board, m); }
  uint64_t nodes() const { return analyser_.nodes(); }
  void clear() { analyser_.clear(); }

 private:
  Analyser<G> analyser_;
  Limits limits_;
};

}  // namespace amazons::core
