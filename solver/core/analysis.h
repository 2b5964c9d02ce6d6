// Exact analysis of a whole position of any core::Game: the value of every region, their sum,
// who wins with either side to move (cgt::SumSearch on the values, never the sum's canonical
// form), and a winning move, found by deciding the position after each move in turn.
#pragma once
#include <chrono>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <vector>

#include "cgt/cgt.h"
#include "solver/core/game.h"
#include "solver/core/values.h"

namespace amazons::core {

enum class Verdict { Win, Loss, Unknown };  // for the side to move

template <Game G>
struct SideReport {
  explicit SideReport(cgt::Side side) : mover(side) {}
  cgt::Side mover;
  Verdict verdict = Verdict::Unknown;
  bool hasMove = false;
  std::optional<typename G::Move> winningMove;  // on the board; set with every Win that has a move
};

template <Game G>
struct RegionReport {
  Placed<typename G::Region> part;
  std::optional<cgt::GameId> value;  // Left's point of view; unset when the limits ran out first
};

template <Game G>
struct Analysis {
  std::vector<RegionReport<G>> regions;
  std::optional<cgt::GameId> total;  // canonical sum, within AnalysisOptions::totalSums
  SideReport<G> left{cgt::Side::Left}, right{cgt::Side::Right};
  const SideReport<G>& forSide(cgt::Side s) const { return s == cgt::Side::Left ? left : right; }
  bool limitReached = false;
  uint64_t nodes = 0;  // region expansions and sum positions searched
  double seconds = 0;
};

struct AnalysisOptions {
  Limits limits;
  // Sums built anew allowed to the canonical form of the total, as Amazons' totalNodes: the
  // verdicts never need it, and the form of a sum of many values can be huge.
  uint64_t totalSums = 300;
  size_t sumEntries = size_t{1} << 22;  // cgt::SumSearch's table: about 100 bytes an entry
};

// One analyser keeps its tables across positions; analyse() is for one thread at a time.
template <Game G>
class Analyser {
 public:
  explicit Analyser(AnalysisOptions options = {}) : options_(options), sums_(options.sumEntries) {}

  Analysis<G> analyse(const typename G::Region& board) {
    const auto start = std::chrono::steady_clock::now();
    const uint64_t sumNodesBefore = sums_.nodes();
    Budget budget(options_.limits);
    Analysis<G> a;
    for (Placed<typename G::Region>& part : G::split(board)) a.regions.push_back({std::move(part), std::nullopt});
    for (cgt::Side s : {cgt::Side::Left, cgt::Side::Right}) {
      SideReport<G>& side = s == cgt::Side::Left ? a.left : a.right;
      for (const RegionReport<G>& r : a.regions) side.hasMove = side.hasMove || !G::moves(r.part.region, s).empty();
    }
    try {
      for (RegionReport<G>& r : a.regions) r.value = values_.partValue(r.part.region, budget);
      decide(a, a.left, budget);
      decide(a, a.right, budget);
      std::vector<cgt::GameId> values;
      for (const RegionReport<G>& r : a.regions) values.push_back(*r.value);
      a.total = cgt::sumWithin(values, options_.totalSums);
    } catch (const LimitReached&) {
      a.limitReached = true;
      a.left.verdict = a.right.verdict = Verdict::Unknown;
      a.left.winningMove.reset();
      a.right.winningMove.reset();
    }
    a.nodes = budget.nodes() + (sums_.nodes() - sumNodesBefore);
    a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return a;
  }

  size_t tableSize() const { return values_.size(); }

 private:
  // The verdict for one side to move, and the first winning move (by region, then in the
  // order of G::moves): the one after which the opponent, moving first, loses.
  void decide(const Analysis<G>& a, SideReport<G>& side, Budget& budget) {
    cgt::PartSum sum;
    for (const RegionReport<G>& r : a.regions) sum.add(*r.value);
    const bool wins = sums_.moverWins(sum, side.mover);
    budget.checkClock();
    side.verdict = wins ? Verdict::Win : Verdict::Loss;
    if (!wins) return;
    for (size_t i = 0; i < a.regions.size(); ++i) {
      const Placed<typename G::Region>& part = a.regions[i].part;
      for (const typename G::Move& m : G::moves(part.region, side.mover)) {
        cgt::PartSum after;
        for (size_t j = 0; j < a.regions.size(); ++j)
          if (j != i) after.add(*a.regions[j].value);
        after.add(values_.value(G::play(part.region, m), budget));
        if (sums_.moverWins(after, opposite(side.mover))) continue;
        side.winningMove = G::shifted(m, part.file0, part.rank0);
        return;
      }
    }
    // A sum that the mover wins has a move to a sum the opponent loses: finding none is a bug.
    throw std::logic_error("a won position without a winning move");
  }

  AnalysisOptions options_;
  RegionValues<G> values_;
  cgt::SumSearch sums_;
};

}  // namespace amazons::core
