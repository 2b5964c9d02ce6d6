// What an analysis of a whole position finds (core/analysis.h): each region's value, their sum
// and its mean, and for either side to move the verdict and a winning (or most stubborn) move.
#pragma once
#include <chrono>
#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cgt/cgt.h"
#include "solver/core/game.h"

namespace amazons::core {

enum class Verdict { Win, Loss, Unknown };  // for the side to move

// Whose verdicts an analysis decides: both sides' (the side to move's first), or the side to
// move's alone (a suite line without an outcome class, the position after a move checked).
enum class Sides { Both, ToMoveOnly };

// What an engine's analysis (core/suite_check.h's SuiteEngine) is asked for.
struct Wanted {
  Sides sides = Sides::Both;
  bool fullTotal = false;  // the total's canonical form built in full (within the time limit)
};

template <Game G>
struct SideReport {
  explicit SideReport(cgt::Side side) : mover(side) {}
  cgt::Side mover;
  Verdict verdict = Verdict::Unknown;
  bool hasMove = false;
  std::optional<typename G::Move> winningMove;  // on the board; set with every Win that has a move
  std::vector<typename G::Move> winningMoves;   // winningMove, then with allWinningMoves every other
  // With a Loss, the move that holds out longest: of best mean for the mover when every
  // region's value is known, else the first in the search's order (core/winning_moves.h).
  std::optional<typename G::Move> stubbornMove;
};

// What a game reports of a region beside its value (G::RegionDetail, optional: Amazons' chamber
// class, empty squares and a territory's moves; core/report.h prints it through the game).
template <class G>
struct RegionDetailOf {
  struct type {};
};
template <class G>
  requires requires { typename G::RegionDetail; }
struct RegionDetailOf<G> {
  using type = typename G::RegionDetail;
};

template <Game G>
struct RegionReport {
  Placed<typename G::Region> part;
  // Left's point of view; unset when the limits ran out first, or its form is over
  // AnalysisOptions::formNodes (the verdicts then come from the search with it raw).
  std::optional<cgt::GameId> value;
  [[no_unique_address]] typename RegionDetailOf<G>::type detail{};
};

template <Game G>
struct Analysis {
  std::vector<RegionReport<G>> regions;
  std::optional<cgt::GameId> total;  // canonical sum, within AnalysisOptions::totalSums
  std::optional<cgt::Dyadic> totalMean;  // the mean of that sum, whenever every value is known
  SideReport<G> left{cgt::Side::Left}, right{cgt::Side::Right};
  const SideReport<G>& forSide(cgt::Side s) const { return s == cgt::Side::Left ? left : right; }
  bool limitReached = false;
  uint64_t nodes = 0;  // region expansions, sum positions and G::shortcut's positions searched
  double seconds = 0;
};

inline const char* sideName(cgt::Side s) { return s == cgt::Side::Left ? "Black" : "White"; }

// What a game's regions are called (G::kRegionWord: Amazons' "chamber"), else "region".
template <Game G>
std::string regionWord() {
  if constexpr (requires { { G::kRegionWord } -> std::convertible_to<std::string_view>; }) return std::string(G::kRegionWord);
  else return "region";
}

// The canonical sum of the region values, built within `allowance` new sums and before
// `deadline` (cgt::sumWithin); nullopt when a value is unknown or either runs out.
template <Game G>
std::optional<cgt::GameId> canonicalTotal(const Analysis<G>& a, uint64_t allowance,
                                          std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max()) {
  std::vector<cgt::GameId> values;
  for (const RegionReport<G>& r : a.regions) {
    if (!r.value) return std::nullopt;
    values.push_back(*r.value);
  }
  return cgt::sumWithin(values, allowance, deadline);
}

// The mean is additive: the sum of the values' means, with no sum built.
template <Game G>
std::optional<cgt::Dyadic> totalMean(const Analysis<G>& a) {
  cgt::Dyadic mean;
  for (const RegionReport<G>& r : a.regions) {
    if (!r.value) return std::nullopt;
    mean = mean + cgt::mean(*r.value);
  }
  return mean;
}

}  // namespace amazons::core
