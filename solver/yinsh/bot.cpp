#include "solver/yinsh/bot.h"

#include <time.h>
#include <xxhash.h>

#include <algorithm>
#include <array>
#include <random>
#include <stdexcept>
#include <vector>

#include "solver/yinsh/solver.h"

namespace amazons::yinsh {

namespace {

using Clock = std::chrono::steady_clock;

// The answer is due by 65% of the turn from when its input was read (59 ms of a 90 ms turn),
// less the time the process lately spent off the CPU (see Bot::choose), but never before 25%:
// the search's first iterations take a few milliseconds. The rest (31 ms of 90, and the
// referee's 10 more of its 100) is the margin for printing and a process kept waiting.
constexpr double kAnswerShare = 0.65;
constexpr double kAnswerFloor = 0.25;
// The exact solver gets this part of the time left to the answer, the search the rest. The
// solver looks at its clock every 1024 positions, 1 to 10 ms apart, so it may stop that late.
constexpr double kExactPart = 0.3;

// ---- The evaluation, for the side to move. One ring removed outweighs everything else. The
// weights are set by hand; with them the bot won all of 20 games against a random and 20
// against a greedy player (YINSH-BOT.md).
constexpr int kRing = 10000;
// A row of the mover's colour standing (the opponent made it): it removes it, with a ring, at
// the start of its turn.
constexpr int kStandingRow = 8000;
// Four of a side's markers in a window of five, by what the fifth cell holds: its ring (moving
// it away leaves its marker there), an opponent's marker (a jump flips it), nothing (a ring of
// its must land there and leave). An opponent's ring there blocks the window.
constexpr int kFourAndRing = 1000;
constexpr int kFourAndFlip = 400;
constexpr int kFourAndEmpty = 200;
// Three markers in a window no opponent ring blocks.
constexpr int kThree = 40;
constexpr int kMarker = 20;
constexpr int kMobility = 4;  // each cell a ring may move to

// Scores of the search: a game won `ply` turns from the root is kMate - ply; evaluations stay
// far below kMateBound (five rings and every window counted stay under a million).
constexpr int kMate = 1 << 24;
constexpr int kMateBound = kMate - 1000;
constexpr int kInfinity = kMate + 1;
// Deeper than a turn's search reaches (3 or 4 turns in the middle game, more when few actions
// are left).
constexpr int kMaxDepth = 64;

// A step along a line is index +1, +11 or +12 or their opposites (board.h), and a step off the
// board lands on no cell: a shift by S moves all of a mask's cells one step at once.
template <int S>
Mask shifted(Mask m) {
  if constexpr (S > 0) return m << S;
  else return m >> -S;
}

// `from` and the cells reached from it by steps of S over cells of `through` (a line has at
// most 10 cells: steps of 1, 2, 4 and 8 reach them all).
template <int S>
Mask fill(Mask from, Mask through) {
  from |= through & shifted<S>(from);
  through &= shifted<S>(through);
  from |= through & shifted<2 * S>(from);
  through &= shifted<2 * S>(through);
  from |= through & shifted<4 * S>(from);
  through &= shifted<4 * S>(through);
  return from | (through & shifted<8 * S>(from));
}

// The cells a side's rings may move to along S, counted per ring: two rings' destinations along
// one direction never meet (a ring stops the other), so they are counted for all rings at once:
// the empty cells slid over, then the first empty cell after a run of markers.
template <int S>
int destinations(Mask rings, Mask markers, Mask empty) {
  const Mask slid = fill<S>(rings, empty) & empty;
  const Mask run = fill<S>(shifted<S>(rings | slid) & markers, markers);
  return popcount(slid) + popcount(shifted<S>(run) & empty);
}

int mobility(const Position& p, Mask empty, int side) {
  const Mask rings = p.rings[side], markers = p.markers[0] | p.markers[1];
  return destinations<1>(rings, markers, empty) + destinations<11>(rings, markers, empty) + destinations<12>(rings, markers, empty) +
         destinations<-1>(rings, markers, empty) + destinations<-11>(rings, markers, empty) + destinations<-12>(rings, markers, empty);
}

// The row terms of side s along the row direction of step S: each window of five (by its first
// cell) scored by the markers of s in it, counted for all windows at once by a bit-sliced adder.
template <int S>
int rowTerms(const Position& p, Mask starts, Mask empty, int s) {
  const std::array<Mask, kRowLength> own{p.markers[s] & starts, shifted<-S>(p.markers[s]) & starts, shifted<-2 * S>(p.markers[s]) & starts,
                                        shifted<-3 * S>(p.markers[s]) & starts, shifted<-4 * S>(p.markers[s]) & starts};
  const Mask theirRings = p.rings[1 - s];
  const Mask blocked = theirRings | shifted<-S>(theirRings) | shifted<-2 * S>(theirRings) | shifted<-3 * S>(theirRings) | shifted<-4 * S>(theirRings);
  // The count of own[0..4] in three bits.
  Mask b0 = own[0] ^ own[1], b1 = own[0] & own[1], b2 = 0;
  for (int k = 2; k < kRowLength; ++k) {
    const Mask carry = b0 & own[k];
    b0 ^= own[k];
    b2 |= b1 & carry;
    b1 ^= carry;
  }
  const Mask five = b0 & ~b1 & b2, four = ~b0 & ~b1 & b2, three = b0 & b1 & ~b2;
  // A window of four lacks one cell: what holds it, seen from the window's first cell.
  Mask ring = 0, flip = 0, free = 0;
  Mask rings = p.rings[s], theirMarkers = p.markers[1 - s], open = empty;
  for (int k = 0; k < kRowLength; ++k) {
    const Mask lacking = four & ~own[k];
    ring |= lacking & rings;
    flip |= lacking & theirMarkers;
    free |= lacking & open;
    rings = shifted<-S>(rings);
    theirMarkers = shifted<-S>(theirMarkers);
    open = shifted<-S>(open);
  }
  return kStandingRow * popcount(five) + kThree * popcount(three & ~blocked) + kFourAndRing * popcount(ring) + kFourAndFlip * popcount(flip) +
         kFourAndEmpty * popcount(free);
}

int rows(const Position& p, const std::array<Mask, 3>& starts, Mask empty, int s) {
  return rowTerms<1>(p, starts[0], empty, s) + rowTerms<11>(p, starts[1], empty, s) + rowTerms<12>(p, starts[2], empty, s);
}

// ---- Placement: a ring is worth the free cells along its six lines (where it can move once
// markers come), and a little for being near the centre (f6), where lines are long.
int room(const Position& p, int cell) {
  const Mask rings = p.rings[0] | p.rings[1];
  int n = 0;
  for (int d = 0; d < kDirections; ++d) {
    const Ray& r = ray(cell, d);
    for (int k = 0; k < r.length && !(rings & bit(r.cells[k])); ++k) ++n;
  }
  return n;
}

int hexDistance(int a, int b) {
  const int dl = letterOf(a) - letterOf(b), dn = numberOf(a) - numberOf(b);
  return (dl >= 0) == (dn >= 0) ? std::max(std::abs(dl), std::abs(dn)) : std::abs(dl) + std::abs(dn);
}

int placementScore(const Position& p, int cell) { return room(p, cell) - hexDistance(cell, cellAt(5, 6)); }

// The best cell to place on (ties: the first in `rng`'s shuffle), or STEAL when White's first
// ring stands where Black would rather be than anywhere left.
Turn placement(const Position& p, std::mt19937_64& rng) {
  std::vector<int> cells;
  forEachCell(boardCells() & ~p.occupied(), [&](int c) { cells.push_back(c); });
  std::shuffle(cells.begin(), cells.end(), rng);
  const int best = *std::max_element(cells.begin(), cells.end(),
                                     [&](int a, int b) { return placementScore(p, a) < placementScore(p, b); });
  Turn t;
  if (p.stealOpen()) {
    const int white = lowestCell(p.rings[index(Color::White)]);
    if (placementScore(Position{}, white) >= placementScore(p, best)) {
      t.kind = Turn::Kind::Steal;
      return t;
    }
  }
  t.kind = Turn::Kind::Place;
  t.to = static_cast<uint8_t>(best);
  return t;
}

// A cheap order of the mover's turns: rings removed, then markers, the opponent's less.
int quickOrder(const Position& child, Color me) {
  const Color them = opponent(me);
  return 1000 * (child.removed(me) - child.removed(them)) + popcount(child.markers[index(me)]) - popcount(child.markers[index(them)]);
}

int terminalScore(Result r, int ply) { return r == Result::Win ? kMate - ply : r == Result::Loss ? -(kMate - ply) : 0; }

uint64_t hashOf(const Position& p) {
  std::array<uint64_t, 9> words{};
  for (int i = 0; i < 2; ++i) {
    words[4 * i] = static_cast<uint64_t>(p.rings[i]);
    words[4 * i + 1] = static_cast<uint64_t>(p.rings[i] >> 64);
    words[4 * i + 2] = static_cast<uint64_t>(p.markers[i]);
    words[4 * i + 3] = static_cast<uint64_t>(p.markers[i] >> 64);
  }
  words[8] = static_cast<uint64_t>(index(p.toMove)) | (p.placement ? 2u : 0u);
  return XXH3_64bits(words.data(), sizeof words);
}

// Whether turns[i] leaves the same position as an earlier turn (the same rows taken in
// another order).
bool repeats(const std::vector<TurnAndPosition>& turns, size_t i) {
  const Turn& t = turns[i].turn;
  return t.before + t.after >= 2 &&
         std::any_of(turns.begin(), turns.begin() + static_cast<std::ptrdiff_t>(i), [&](const TurnAndPosition& o) { return o.after == turns[i].after; });
}

Clock::duration cpuTime() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return std::chrono::duration_cast<Clock::duration>(std::chrono::seconds(t.tv_sec) + std::chrono::nanoseconds(t.tv_nsec));
}

}  // namespace

int evaluate(const Position& p) {
  static const Mask board = boardCells();
  static const std::array<Mask, 3> starts{rowStarts(board, 0), rowStarts(board, 1), rowStarts(board, 2)};  // the windows' first cells
  const int me = index(p.toMove), them = 1 - me;
  const Mask empty = board & ~p.occupied();
  return kRing * (p.removed(p.toMove) - p.removed(opponent(p.toMove))) + rows(p, starts, empty, me) - rows(p, starts, empty, them) +
         kMarker * (popcount(p.markers[me]) - popcount(p.markers[them])) + kMobility * (mobility(p, empty, me) - mobility(p, empty, them));
}

const char* answerMessage(const BotAnswer& answer) {
  if (!answer.exact) return "heuristic";
  switch (*answer.exact) {
    case Result::Win: return "exact win";
    case Result::Draw: return "exact draw";
    case Result::Loss: break;
  }
  return "exact loss";
}

// Iterative-deepening alpha-beta (negamax, fail-soft) over full turns, with a table of the
// positions searched (a 64-bit hash each: a collision costs a worse move, never an illegal
// one, as moves are indices checked against the turns generated) kept from turn to turn.
struct Bot::Search {
  struct Stopped {};
  struct Entry {
    uint64_t key = 0;
    int32_t score = 0;
    int8_t depth = -1;
    uint8_t bound = 0;  // kLower, kUpper or both
    uint16_t best = 0;
  };
  static constexpr uint8_t kLower = 1, kUpper = 2;
  // 2^18 entries (4 MB): more than the positions of a turn's search (tens of thousands).
  static constexpr size_t kTableBits = 18;

  explicit Search(const Rules& r) : rules(r), table(size_t{1} << kTableBits), buffers(kMaxDepth + 1), orders(kMaxDepth + 1) {}

  Rules rules;
  std::vector<Entry> table;
  std::vector<std::vector<TurnAndPosition>> buffers;  // the turns of each ply
  std::vector<std::vector<std::pair<int, int>>> orders;  // and their order: (key, index)
  Clock::time_point stopAt;
  uint64_t nodes = 0;

  // A mate score as stored: from the position, not from the root.
  static int toTable(int v, int ply) { return v >= kMateBound ? v + ply : v <= -kMateBound ? v - ply : v; }
  static int fromTable(int v, int ply) { return v >= kMateBound ? v - ply : v <= -kMateBound ? v + ply : v; }

  int alphaBeta(const Position& p, int depth, int alpha, int beta, int ply) {
    ++nodes;
    if (const auto over = gameOver(p, rules)) return terminalScore(*over, ply);
    if (depth == 0) return evaluate(p);
    if (Clock::now() >= stopAt) throw Stopped{};
    const uint64_t h = hashOf(p);
    Entry& e = table[h & (table.size() - 1)];
    int hinted = -1;
    if (e.key == h) {
      hinted = e.best;
      if (e.depth >= depth) {
        const int v = fromTable(e.score, ply);
        if ((e.bound & kLower) && v >= beta) return v;
        if ((e.bound & kUpper) && v <= alpha) return v;
        if (e.bound == (kLower | kUpper)) return v;
      }
    }
    std::vector<TurnAndPosition>& turns = buffers[static_cast<size_t>(ply)];
    generateTurns(p, rules, turns);
    if (turns.empty()) return -(kMate - ply);
    // Children in order: the table's best first; above the last ply, the rest by their
    // evaluation (costs an evaluation each, small beside the subtrees it orders); on the last,
    // by rings and markers (ordering by it there took 44% fewer positions at depth 4).
    std::vector<std::pair<int, int>>& order = orders[static_cast<size_t>(ply)];
    order.clear();
    for (size_t i = 0; i < turns.size(); ++i) {
      if (repeats(turns, i)) continue;
      int key = 0;
      if (static_cast<int>(i) == hinted) key = kInfinity;
      else if (depth >= 2) key = staticValue(turns[i].after, ply + 1);
      else key = quickOrder(turns[i].after, p.toMove);
      order.emplace_back(key, static_cast<int>(i));
    }
    std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    const int alphaIn = alpha;
    int best = -kInfinity, bestIndex = order[0].second;
    for (const auto& [key, i] : order) {
      const int v = -alphaBeta(turns[static_cast<size_t>(i)].after, depth - 1, -beta, -alpha, ply + 1);
      if (v > best) {
        best = v;
        bestIndex = i;
        if (v > alpha) alpha = v;
        if (alpha >= beta) break;
      }
    }
    e = Entry{h, toTable(best, ply), static_cast<int8_t>(depth),
              static_cast<uint8_t>((best > alphaIn ? kLower : 0) | (best < beta ? kUpper : 0)), static_cast<uint16_t>(bestIndex)};
    return best;
  }

  // A child's value for the parent (one ply up) without a search.
  int staticValue(const Position& child, int ply) {
    if (const auto over = gameOver(child, rules)) return -terminalScore(*over, ply);
    return -evaluate(child);
  }

  struct RootMove {
    const TurnAndPosition* turn;
    int score;
  };

  // The best of a position's `turns` found by `stopAt` or at `maxDepth`, and the deepest
  // finished iteration.
  std::pair<Turn, int> run(const std::vector<TurnAndPosition>& turns, int maxDepth, std::mt19937_64& rng) {
    std::vector<RootMove> moves;
    for (size_t i = 0; i < turns.size(); ++i)
      if (!repeats(turns, i)) moves.push_back({&turns[i], 0});
    std::shuffle(moves.begin(), moves.end(), rng);
    // Depth 1: each action's evaluation. It always finishes (a few hundred evaluations).
    for (RootMove& m : moves) m.score = staticValue(m.turn->after, 1);
    std::stable_sort(moves.begin(), moves.end(), [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
    Turn best = moves[0].turn->turn;
    int finished = 1;
    for (int depth = 2; depth <= maxDepth && moves.size() > 1 && std::abs(moves[0].score) < kMateBound; ++depth) {
      int alpha = -kInfinity;
      const RootMove* leader = nullptr;
      try {
        for (RootMove& m : moves) {
          m.score = -alphaBeta(m.turn->after, depth - 1, -kInfinity, -alpha, 1);
          if (m.score > alpha) alpha = m.score, leader = &m;
        }
      } catch (const Stopped&) {
        // The first action searched was the last iteration's best: one that beat it here is better.
        if (leader) best = leader->turn->turn;
        break;
      }
      std::stable_sort(moves.begin(), moves.end(), [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
      best = moves[0].turn->turn;
      finished = depth;
    }
    return {best, finished};
  }
};

Bot::Bot(const BotOptions& options) : options_(options), search_(std::make_unique<Search>(options.rules)) {}
Bot::~Bot() = default;

BotAnswer Bot::decide(const Position& p, uint64_t exactNodes, Clock::time_point exactBy, int depth, Clock::time_point searchBy) {
  std::mt19937_64 rng(options_.seed++);
  if (p.placement) {
    if (finalResult(p, options_.rules)) throw std::invalid_argument("the side to move has no legal action");
    return {placement(p, rng), std::nullopt, 0, 0};
  }
  const std::vector<TurnAndPosition> turns = legalTurns(p, options_.rules);
  if (turns.empty()) throw std::invalid_argument("the side to move has no legal action");
  BotAnswer answer;
  if (Clock::now() < exactBy) {
    SolveOptions o;
    o.rules = options_.rules;
    o.deadline.at = exactBy;
    o.nodeLimit = exactNodes;
    o.hashBytes = options_.hashMegabytes << 20;
    Solver solver(o);
    const Solution s = solver.solve(p);
    answer.nodes = s.nodes;
    if (s.result && s.move) {
      answer.turn = *s.move;
      answer.exact = s.result;
      return answer;
    }
  }
  search_->stopAt = searchBy;
  search_->nodes = 0;
  std::tie(answer.turn, answer.depth) = search_->run(turns, depth, rng);
  answer.nodes += search_->nodes;
  return answer;
}

BotAnswer Bot::choose(const Position& p, Clock::time_point start, std::chrono::milliseconds turn) {
  const auto by = [&](double share) { return start + std::chrono::duration_cast<Clock::duration>(turn * share); };
  const Clock::time_point now = Clock::now();
  const Clock::duration cpu = cpuTime();
  const Clock::time_point answerBy = std::max(by(kAnswerShare) - lag_, by(kAnswerFloor));
  const Clock::time_point exactBy = now + std::chrono::duration_cast<Clock::duration>((answerBy - now) * kExactPart);
  const BotAnswer answer = decide(p, 0, exactBy, kMaxDepth, answerBy);
  // The time this turn spent off the CPU (wall time less the process's CPU time): on a loaded
  // machine the next turns answer that much earlier, the lag halving each turn it is not seen.
  const Clock::duration off = (Clock::now() - now) - (cpuTime() - cpu);
  lag_ = std::max(off, lag_ / 2);
  return answer;
}

BotAnswer Bot::chooseFixed(const Position& p, uint64_t exactNodes, int depth) {
  // (no exact nodes: a time already past skips the solver, whose node limit 0 is none)
  return decide(p, exactNodes, exactNodes ? Clock::time_point::max() : Clock::time_point::min(), std::clamp(depth, 1, kMaxDepth),
                Clock::time_point::max());
}

}  // namespace amazons::yinsh
