#include "solver/yinsh/solver.h"

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <array>
#include <chrono>
#include <numeric>
#include <vector>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <mutex>

#include "solver/core/exact_table.h"

namespace amazons::yinsh {

namespace {

constexpr int kInfinity = 30000;  // beyond every score

// The whole position, exactly: each mask as two words, then the side to move and the phase.
struct Key {
  std::array<uint64_t, 9> words;
  bool operator==(const Key&) const = default;
};
Key keyOf(const Position& p) {
  Key k{};
  for (int i = 0; i < 2; ++i) {
    k.words[4 * i] = static_cast<uint64_t>(p.rings[i]);
    k.words[4 * i + 1] = static_cast<uint64_t>(p.rings[i] >> 64);
    k.words[4 * i + 2] = static_cast<uint64_t>(p.markers[i]);
    k.words[4 * i + 3] = static_cast<uint64_t>(p.markers[i] >> 64);
  }
  k.words[8] = static_cast<uint64_t>(index(p.toMove)) | (p.placement ? 2u : 0u);
  return k;
}

// Proven bounds on a position's score, the index of its best turn in generation order, and
// the size of the search that proved them (log2 of its positions: what a replacement keeps).
struct Entry {
  int16_t lower, upper;
  uint16_t best;
  uint16_t work;
};

int sign(int v) { return (v > 0) - (v < 0); }
// A child's score seen from its parent, one ply further from the end; and a parent's bound as
// the child's (the inverse map, which is decreasing, so the window's ends swap).
int fromChild(int c) { return -(c - sign(c)); }
int toChild(int v) { return -(v + sign(v)); }

// The order of a turn's position among its siblings, from the mover's view: rings removed
// against the opponent's first; a row left standing for the opponent (it removes it next) last;
// then markers of the mover's colour.
int orderScore(const Position& child, Color me) {
  const Color them = opponent(me);
  return 1000 * (child.removed(me) - child.removed(them)) - (hasRow(child, them) ? 500 : 0) +
         popcount(child.markers[index(me)]) - popcount(child.markers[index(them)]);
}

int log2Of(uint64_t n) { return n ? 63 - std::countl_zero(n) : 0; }

}  // namespace

int scoreOf(Result result, int plies) {
  return result == Result::Win ? kWin - plies : result == Result::Loss ? -(kWin - plies) : 0;
}

// A search stopped because a sibling at the root already settled it (a cutoff found in parallel).
struct Cancelled {};

struct Solver::Impl {
  using Table = ExactTable<Key, Entry, 16, true>;

  explicit Impl(const SolveOptions& o) : options(o), table(2 * o.hashBytes, &tableBytes), arena(static_cast<int>(std::max(1u, o.threads))) {}

  SolveOptions options;
  std::atomic<size_t> tableBytes{0};
  Table table;
  std::atomic<uint64_t> nodes{0};
  std::atomic<bool> cancelled{false};  // the root's parallel searches have a cutoff
  tbb::task_arena arena;

  // What one thread searches with: the turns of each depth, their order and which repeat
  // another (deques: growing one keeps the others in place).
  struct Worker {
    Impl& shared;
    std::deque<std::vector<TurnAndPosition>> buffers;
    std::deque<std::vector<std::pair<int, int>>> orders;
    std::deque<std::vector<std::pair<uint64_t, int>>> repeated;  // turns of several removals by hash
    std::deque<std::vector<bool>> skipped;

    int search(const Position& p, int alpha, int beta, size_t depth, int* bestOut = nullptr);
  };
  tbb::enumerable_thread_specific<Worker> workers{[this] { return Worker{*this, {}, {}, {}, {}}; }};

  void countNode() {
    const uint64_t n = nodes.fetch_add(1, std::memory_order_relaxed) + 1;
    if (options.nodeLimit && n > options.nodeLimit) throw SolveTimeout();
    if ((n & 1023) == 0) options.deadline.check();
    if (cancelled.load(std::memory_order_relaxed)) throw Cancelled{};
  }

  std::optional<Entry> probe(const Key& k, uint64_t h) const { return table.find(k, h); }

  void store(const Key& k, uint64_t h, int lower, int upper, int best, uint64_t work) {
    const Entry e{static_cast<int16_t>(lower), static_cast<int16_t>(upper), static_cast<uint16_t>(best), static_cast<uint16_t>(log2Of(work))};
    const Room room = tableBytes.load(std::memory_order_relaxed) < options.hashBytes ? Room::Grow : Room::Replace;
    table.merge(
        k, e, h,
        [](Entry& stored, const Entry& found) {
          stored.lower = std::max(stored.lower, found.lower);
          stored.upper = std::min(stored.upper, found.upper);
          stored.best = found.best;
          stored.work = std::max(stored.work, found.work);
        },
        room, [](const Key&, const Entry& e) { return static_cast<int>(e.work); });
  }

  // The root's search on the calling thread's worker, its moves after the first split among the
  // threads when there are several.
  int searchRoot(const Position& p, int alpha, int beta, int* bestOut = nullptr) {
    cancelled.store(false, std::memory_order_relaxed);
    return arena.execute([&] { return workers.local().search(p, alpha, beta, 0, bestOut); });
  }
};

namespace {

int maybeBest(int value, int best, int* bestOut) {
  if (bestOut) *bestOut = best;
  return value;
}

}  // namespace

// The score of p for its side to move, fail-soft: at most alpha means at most that, at least
// beta at least that, between them exact. `depth` indexes the turn buffers; `bestOut` gets the
// index of the best turn.
int Solver::Impl::Worker::search(const Position& p, int alpha, int beta, size_t depth, int* bestOut) {
  shared.countNode();
  if (const auto over = gameOver(p, shared.options.rules)) return scoreOf(*over, 0);
  // A game not over takes a ply at least to be won, and none to be lost (a stuck mover): a
  // window beyond either end is answered at once (without it a search for the fastest win
  // proves the whole tree below every move worse than winning at once).
  if (alpha >= kWin - 1) return kWin - 1;
  if (beta <= -kWin) return -kWin;
  const uint64_t startNodes = shared.nodes.load(std::memory_order_relaxed);
  const Key key = keyOf(p);
  const uint64_t h = Table::hash(key);
  int hinted = -1;
  if (const auto e = shared.probe(key, h)) {
    if (e->lower >= beta || e->lower == e->upper) return maybeBest(e->lower, e->best, bestOut);
    if (e->upper <= alpha) return maybeBest(e->upper, e->best, bestOut);
    alpha = std::max<int>(alpha, e->lower);
    beta = std::min<int>(beta, e->upper);
    hinted = e->best;
  }
  if (buffers.size() <= depth) {
    buffers.resize(depth + 1);
    orders.resize(depth + 1);
    repeated.resize(depth + 1);
    skipped.resize(depth + 1);
  }
  std::vector<TurnAndPosition>& turns = buffers[depth];
  generateTurns(p, shared.options.rules, turns);
  if (turns.empty()) {
    shared.store(key, h, -kWin, -kWin, 0, 1);
    return -kWin;
  }
  std::vector<std::pair<int, int>>& order = orders[depth];
  order.clear();
  // At the root, the symmetries that map the position onto itself: a move whose position is an
  // image of an earlier one's under them is worth the same (a placement on the empty board is
  // one of 10 kinds of cell, not 85). Deeper, positions so rarely map onto themselves that the
  // test would cost more than it saves.
  std::vector<int> stabiliser;
  if (depth == 0)
    for (int symmetry = 1; symmetry < kSymmetries; ++symmetry)
      if (imageOf(p, symmetry) == p) stabiliser.push_back(symmetry);
  // Turns that remove the same rows and rings in another order leave the same position: only
  // turns of two removals or more can, and they are many where rows abound (rows x rings each
  // time), so they are sorted by their position's hash and compared only within a hash.
  std::vector<std::pair<uint64_t, int>>& repeats = repeated[depth];
  repeats.clear();
  for (size_t i = 0; i < turns.size(); ++i)
    if (turns[i].turn.before + turns[i].turn.after >= 2)
      repeats.emplace_back(XXH3_64bits(&turns[i].after.rings, sizeof turns[i].after.rings + sizeof turns[i].after.markers), static_cast<int>(i));
  std::sort(repeats.begin(), repeats.end());
  std::vector<bool>& skip = skipped[depth];
  skip.assign(turns.size(), false);
  for (size_t a = 0; a < repeats.size(); ++a)
    for (size_t b = a + 1; b < repeats.size() && repeats[b].first == repeats[a].first; ++b)
      if (!skip[repeats[b].second] && turns[repeats[a].second].after == turns[repeats[b].second].after) skip[repeats[b].second] = true;
  for (size_t i = 0; i < turns.size(); ++i) {
    if (skip[i]) continue;
    if (std::any_of(stabiliser.begin(), stabiliser.end(), [&](int symmetry) {
          const Position image = imageOf(turns[i].after, symmetry);
          return std::any_of(order.begin(), order.end(), [&](const auto& kept) { return turns[kept.second].after == image; });
        }))
      continue;
    order.emplace_back(static_cast<int>(i) == hinted ? kInfinity : orderScore(turns[i].after, p.toMove), static_cast<int>(i));
  }
  std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  const int alphaIn = alpha;
  int best = -kInfinity, bestIndex = order[0].second;
  auto take = [&](int v, int index) {
    if (v <= best) return;
    best = v;
    bestIndex = index;
    alpha = std::max(alpha, v);
  };
  // The first move alone; at the root with several threads the others side by side (Young
  // Brothers Wait: a cutoff mostly comes from the first move, a fail-low needs every move),
  // each with the window as it stands when it starts, the first cutoff stopping the rest.
  take(fromChild(search(turns[order[0].second].after, toChild(beta), toChild(alpha), depth + 1)), order[0].second);
  if (depth == 0 && shared.options.threads > 1 && alpha < beta && order.size() > 1) {
    std::mutex taking;
    const std::vector<TurnAndPosition> children = turns;  // this worker's buffers are reused below
    tbb::parallel_for(size_t{1}, order.size(), [&](size_t k) {
      int a, b;
      {
        const std::lock_guard lock(taking);
        if (alpha >= beta) return;
        a = alpha;
        b = beta;
      }
      try {
        const int v = fromChild(shared.workers.local().search(children[order[k].second].after, toChild(b), toChild(a), 1));
        const std::lock_guard lock(taking);
        take(v, order[k].second);
        if (alpha >= beta) shared.cancelled.store(true, std::memory_order_relaxed);
      } catch (const Cancelled&) {
      }
    });
    shared.cancelled.store(false, std::memory_order_relaxed);
  } else {
    for (size_t k = 1; k < order.size() && alpha < beta; ++k)
      take(fromChild(search(turns[order[k].second].after, toChild(beta), toChild(alpha), depth + 1)), order[k].second);
  }
  const uint64_t work = shared.nodes.load(std::memory_order_relaxed) - startNodes;
  shared.store(key, h, best > alphaIn ? best : -kInfinity, best < beta ? best : kInfinity, bestIndex, work);
  if (bestOut) *bestOut = bestIndex;
  return best;
}

Solver::Solver(const SolveOptions& options) : impl_(std::make_unique<Impl>(options)) {}
Solver::~Solver() = default;
uint64_t Solver::nodes() const { return impl_->nodes.load(std::memory_order_relaxed); }
void Solver::clear() { impl_->table.clear(); }

namespace {

int longestGame(const Position& p, const Rules& rules) {
  // Every ply but the placements leaves a marker; each removal gives five back, and at most one
  // removal past each side's last but one before a side has won.
  const int rings = p.ringCount(Color::White) + p.ringCount(Color::Black);
  const int removals = 2 * rules.ringsToWin - 1 - p.removed(Color::White) - p.removed(Color::Black);
  return (p.placement ? 2 * kRingsEach - rings + 1 : 0) + kMarkers - p.markerCount() + kRowLength * removals;
}

}  // namespace

int Solver::score(const Position& p) {
  Impl& s = *impl_;
  // Iterative deepening on the plies to the end: does the mover win within n plies, does it lose
  // within n, for n = 1, 2, ... Each such search is cut at n plies by the scores alone (a window
  // past what a position can still score is answered at once), and what it stores are bounds on
  // exact scores, valid for every later search. Once n passes the end of the game without a
  // removal (the pool), the result itself is asked with null windows around 0, unbounded: a draw
  // ends the deepening there, a win or a loss leaves only its own side to deepen.
  const int longest = longestGame(p, s.options.rules);
  const int pool = kMarkers - p.markerCount();
  bool mayWin = true, mayLose = true;
  for (int n = 1; n <= longest; ++n) {
    if (mayWin && s.searchRoot(p, kWin - n - 1, kWin - n) >= kWin - n) return kWin - n;
    if (mayLose && s.searchRoot(p, -(kWin - n), -(kWin - n) + 1) <= -(kWin - n)) return -(kWin - n);
    if (n == pool + 1) {
      mayWin = s.searchRoot(p, 0, 1) >= 1;
      mayLose = !mayWin && s.searchRoot(p, -1, 0) < 0;
      if (!mayWin && !mayLose) return 0;
    }
  }
  return 0;
}

Solution Solver::solve(const Position& p) {
  const auto start = std::chrono::steady_clock::now();
  const uint64_t before = nodes();
  Solution out;
  try {
    if (const auto over = finalResult(p, impl_->options.rules)) {
      out.result = over;
      if (*over != Result::Draw) out.plies = 0;
    } else {
      const int v = score(p);
      // The best turn at the root: the search that settled the score left it in the table
      // (for a draw, the null-window search's move that held 0).
      int best = 0;
      impl_->searchRoot(p, v - 1, v + 1, &best);
      out.result = v > 0 ? Result::Win : v < 0 ? Result::Loss : Result::Draw;
      if (v != 0) out.plies = kWin - std::abs(v);
      out.move = legalTurns(p, impl_->options.rules)[static_cast<size_t>(best)].turn;
    }
  } catch (const SolveTimeout&) {
    out = Solution{};
  }
  out.nodes = nodes() - before;
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace amazons::yinsh
