#include "solver/yinsh/rules.h"

namespace amazons::yinsh {

namespace {

// The position after `me` moves the ring at `from` to `to`, jumping the markers `jumped`: a
// marker of its colour where the ring stood, the jumped ones turned over.
Position moveRing(const Position& p, Color me, int from, int to, Mask jumped) {
  Position q = p;
  const int m = index(me);
  q.rings[m] ^= bit(from) | bit(to);
  const Mask white = p.markers[0] & jumped, black = p.markers[1] & jumped;
  q.markers[0] ^= white | black;
  q.markers[1] ^= white | black;
  q.markers[m] |= bit(from);
  return q;
}

// Every turn of p.toMove, each given to sink(turn, position after it) (the referee's recursion:
// rows of the mover's colour must go, one at a time, with a ring each, before and after the move;
// a choice with nothing after it ends the turn).
template <typename Sink>
class TurnGenerator {
 public:
  TurnGenerator(const Rules& rules, Sink& sink) : rules_(rules), sink_(sink) {}

  void run(const Position& p) {
    me_ = p.toMove;
    turn_ = Turn{};
    if (p.placement) {
      place(p);
      return;
    }
    expand(p, false);
  }

 private:
  void place(const Position& p) {
    auto finish = [&](Position q) {
      q.toMove = opponent(q.toMove);
      if (q.ringCount(Color::White) + q.ringCount(Color::Black) == 2 * kRingsEach) q.placement = false;
      sink_(turn_, q);
    };
    if (p.stealOpen()) {
      turn_.kind = Turn::Kind::Steal;
      Position q = p;
      q.rings[index(Color::Black)] = p.rings[index(Color::White)];
      q.rings[index(Color::White)] = 0;
      finish(q);
    }
    turn_.kind = Turn::Kind::Place;
    forEachCell(boardCells() & ~p.occupied(), [&](int c) {
      turn_.to = static_cast<uint8_t>(c);
      Position q = p;
      q.rings[index(me_)] |= bit(c);
      finish(q);
    });
  }

  // `moved`: whether the ring has moved yet this turn.
  void expand(const Position& p, bool moved) {
    if (p.removed(me_) >= rules_.ringsToWin) return emit(p, moved);
    if (removeRows(p, moved)) return;
    if (!moved && p.markerCount() < kMarkers && moveRings(p)) return;
    if (moved || turn_.before > 0) emit(p, moved);
  }

  // Branches on every row of the mover's colour and ring to take with it; false when none stands.
  bool removeRows(const Position& p, bool moved) {
    const int m = index(me_);
    const Mask mine = p.markers[m];
    bool any = false;
    for (int d = 0; d < 3; ++d)
      forEachCell(rowStarts(mine, d), [&](int first) {
        any = true;
        const int w = windowAt(first, d);
        forEachCell(p.rings[m], [&](int ring) {
          Position q = p;
          q.markers[m] &= ~windows()[w].cells;
          q.rings[m] &= ~bit(ring);
          uint8_t& count = moved ? turn_.after : turn_.before;
          turn_.removals[turn_.before + turn_.after] = {static_cast<uint8_t>(w), static_cast<uint8_t>(ring)};
          ++count;
          expand(q, moved);
          --count;
          turn_.removals[turn_.before + turn_.after] = {};
        });
      });
    return any;
  }

  // Branches on every ring move; false when the mover has none.
  bool moveRings(const Position& p) {
    const Mask markers = p.markers[0] | p.markers[1], rings = p.rings[0] | p.rings[1];
    bool any = false;
    forEachCell(p.rings[index(me_)], [&](int from) {
      for (int d = 0; d < kDirections; ++d) {
        const Ray& r = ray(from, d);
        Mask jumped = 0;
        for (int k = 0; k < r.length; ++k) {
          const int c = r.cells[k];
          if (rings & bit(c)) break;
          if (markers & bit(c)) {
            jumped |= bit(c);
            continue;
          }
          any = true;
          turn_.kind = Turn::Kind::Move;
          turn_.from = static_cast<uint8_t>(from);
          turn_.to = static_cast<uint8_t>(c);
          expand(moveRing(p, me_, from, c, jumped), true);
          if (jumped) break;  // the first empty cell after a run of markers is the last stop
        }
      }
    });
    return any;
  }

  void emit(Position q, bool moved) {
    turn_.kind = moved ? Turn::Kind::Move : Turn::Kind::Removals;
    q.toMove = opponent(me_);
    sink_(turn_, q);
  }

  const Rules& rules_;
  Sink& sink_;
  Color me_ = Color::White;
  Turn turn_;
};

template <typename Sink>
void forEachTurn(const Position& p, const Rules& rules, Sink&& sink) {
  if (gameOver(p, rules)) return;
  TurnGenerator<std::remove_reference_t<Sink>> generator(rules, sink);
  generator.run(p);
}

}  // namespace

const char* resultName(Result r) { return r == Result::Win ? "win" : r == Result::Draw ? "draw" : "loss"; }

std::optional<Result> gameOver(const Position& p, const Rules& rules) {
  const Color me = p.toMove, them = opponent(me);
  if (p.removed(them) >= rules.ringsToWin) return Result::Loss;
  if (p.markerCount() >= kMarkers) {
    const int mine = p.removed(me), theirs = p.removed(them);
    return mine > theirs ? Result::Win : mine < theirs ? Result::Loss : Result::Draw;
  }
  return std::nullopt;
}

void generateTurns(const Position& p, const Rules& rules, std::vector<TurnAndPosition>& out) {
  out.clear();
  forEachTurn(p, rules, [&](const Turn& t, const Position& q) { out.push_back({t, q}); });
}

std::vector<TurnAndPosition> legalTurns(const Position& p, const Rules& rules) {
  std::vector<TurnAndPosition> out;
  generateTurns(p, rules, out);
  return out;
}

std::optional<Result> finalResult(const Position& p, const Rules& rules) {
  if (const auto over = gameOver(p, rules)) return over;
  bool any = false;
  forEachTurn(p, rules, [&](const Turn&, const Position&) { any = true; });
  return any ? std::nullopt : std::optional<Result>(Result::Loss);
}

uint64_t perft(const Position& p, const Rules& rules, int depth) {
  if (depth == 0) return 1;
  uint64_t total = 0;
  if (depth == 1) {
    forEachTurn(p, rules, [&](const Turn&, const Position&) { ++total; });
  } else {
    forEachTurn(p, rules, [&](const Turn&, const Position& q) { total += perft(q, rules, depth - 1); });
  }
  return total;
}

}  // namespace amazons::yinsh
