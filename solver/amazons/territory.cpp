#include "solver/amazons/territory.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <mutex>
#include <stdexcept>
#include <unordered_map>

#include <oneapi/tbb/task_arena.h>
#include <oneapi/tbb/task_group.h>

#include "cgt/hash.h"
#include "solver/amazons/chambers.h"  // regionKey
#include "solver/amazons/small_region.h"
#include "solver/amazons/small_territory.h"
#include "solver/amazons/territory_board.h"
#include "solver/core/parallel.h"

namespace amazons {

using namespace territory;

namespace {

struct Entry {
  int16_t lo, hi;
};

// Transposition table: exact key -> bounds, sharded under mutexes. Bounded in memory (the
// analyser's share of --hash): each shard keeps two generations, and once the newer holds
// half the shard's bytes it becomes the older and the older is dropped, so the chambers met or
// tightened last stay. Forgetting a chamber costs time, never exactness. (Storing nothing new
// once full, as first written, left the territory suite's 8x7 line 28 unknown at 10 s with
// --hash 1, which takes 0.1 s with room.)
class Table {
 public:
  explicit Table(size_t bytes) : shardLimit_(bytes / kShards) {}

  bool lookup(const std::string& key, Entry& out) const {
    const Shard& s = shardOf(key);
    std::lock_guard lock(s.m);
    for (const Generation* g : {&s.newer, &s.older}) {
      auto it = g->map.find(key);
      if (it == g->map.end()) continue;
      out = it->second;
      return true;
    }
    return false;
  }

  void store(const std::string& key, int lo, int hi) {
    Shard& s = shardOf(key);
    std::lock_guard lock(s.m);
    auto it = s.newer.map.find(key);
    if (it != s.newer.map.end()) {
      it->second.lo = static_cast<int16_t>(std::max<int>(it->second.lo, lo));
      it->second.hi = static_cast<int16_t>(std::min<int>(it->second.hi, hi));
      return;
    }
    // A chamber of the older generation is tightened into the newer.
    if (auto old = s.older.map.find(key); old != s.older.map.end()) {
      lo = std::max<int>(old->second.lo, lo);
      hi = std::min<int>(old->second.hi, hi);
      s.older.map.erase(old);
    }
    insert(s, key, Entry{static_cast<int16_t>(lo), static_cast<int16_t>(hi)});
  }

  size_t size() const {
    size_t n = 0;
    for (const Shard& s : shards_) {
      std::lock_guard lock(s.m);
      n += s.newer.map.size() + s.older.map.size();
    }
    return n;
  }

  void clear() {
    for (Shard& s : shards_) {
      std::lock_guard lock(s.m);
      s.newer = {};
      s.older = {};
    }
  }

 private:
  static constexpr int kShards = 64;
  struct Generation {
    std::unordered_map<std::string, Entry, cgt::KeyHash> map;
    size_t bytes = 0;
  };
  struct Shard {
    mutable std::mutex m;
    Generation newer, older;
  };
  // Into the newer generation, which first becomes the older once it holds half the shard.
  void insert(Shard& s, const std::string& key, Entry e) {
    const size_t cost = 80 + (key.size() > 15 ? key.size() + 17 : 0);
    if (2 * cost > shardLimit_) return;  // a table too small for one entry a generation
    if (s.newer.bytes + cost > shardLimit_ / 2) {
      std::swap(s.older, s.newer);
      s.newer.map.clear();
      s.newer.bytes = 0;
    }
    s.newer.bytes += cost;
    s.newer.map.emplace(key, e);
  }
  const Shard& shardOf(const std::string& key) const { return shards_[cgt::KeyHash{}(key) >> 58]; }
  Shard& shardOf(const std::string& key) { return shards_[cgt::KeyHash{}(key) >> 58]; }
  std::array<Shard, kShards> shards_;
  size_t shardLimit_;
};

// A chamber after a move: its normalised key, empty squares and current bounds.
struct PartRef {
  std::string key;
  int empty, lo, hi;
};

struct Candidate {
  Move move;
  int ubSum;  // sum of the parts' upper bounds: 1 + ubSum bounds this move
  int lbSum;  // sum of their known lower bounds
  int hint;   // move-ordering tie-break (smaller first)
  std::vector<PartRef> parts;  // smallest first
};

constexpr int kParallelRootMin = 14;  // root moves searched in parallel from this many empty
constexpr uint64_t kFirstTurn = 256;  // a root move's first node allowance

}  // namespace

// The search answers threshold questions ("does this chamber reach T moves?") rather than
// computing values: a test at T = the upper bound prunes every move that strands a square,
// and defects are small, so the exact value comes from a few tests counting down from the
// upper bound. Each test leaves a bound in the table whatever its answer.
struct TerritorySolver::Impl {
  explicit Impl(size_t bytes) : table(bytes) {}

  Table table;
  std::atomic<uint64_t> nodes{0};

  // One search: its node counter, its deadline with the flag that records it passed, and
  // below a parallel root the flag that cancels it. A cancelled search returns at once and
  // stores nothing it has not proved.
  struct Ctx {
    std::atomic<uint64_t>& nodes;
    const Deadline& deadline;
    std::atomic<bool>& timedOut;
    const std::atomic<bool>* stop = nullptr;
    // Below a root move's turn (reach): the turn's nodes so far, on the one thread that runs
    // it, and its allowance.
    uint64_t* turnNodes = nullptr;
    uint64_t turnAllowance = 0;
    bool stopped() const {
      return timedOut.load(std::memory_order_relaxed) || (stop && stop->load(std::memory_order_relaxed)) ||
             (turnNodes && *turnNodes >= turnAllowance);
    }
    // Counts a node; every 64th reads the clock (a node builds every move's parts and keys,
    // microseconds at least, so the clock costs nothing measurable).
    void count() const {
      if (turnNodes) ++*turnNodes;
      if ((nodes.fetch_add(1, std::memory_order_relaxed) & 63) == 0 && deadline.passed())
        timedOut.store(true, std::memory_order_relaxed);
    }
    void check() const {
      if (timedOut.load(std::memory_order_relaxed)) throw SolveTimeout();
    }
  };

  // The candidate moves of a normalised board for reaching `target`, best first; moves whose
  // parts cannot reach target - 1 are left out, the largest 1 + bound among them in *skipped.
  // Each move's parts (ownerComponents) and their keys come from masks, the narrowest that hold
  // the board: the same parts, in the same order, with the same keys as from the board after
  // the move (a 44-empty 10x10 position whose time went to counting territories searched
  // 1.34 M -> 1.89 M positions in 20 s).
  void candidates(const Board& b, int target, std::vector<Candidate>& out, int* skipped) {
    onMasks(b, [&](const auto& region) { candidatesOnMasks(b, region, target, out, skipped); });
  }
  template <typename Mask>
  void candidatesOnMasks(const Board& b, const MaskRegion<Mask>& region, int target, std::vector<Candidate>& out, int* skipped) {
    out.clear();
    *skipped = 0;
    std::array<int, kMaxSquares> emptyNbrs;
    for (int sq = 0; sq < b.squares(); ++sq) {
      int n = 0;
      forEachNeighbour(b, sq, [&](int x) { n += b.at(x) == Cell::Empty; });
      emptyNbrs[sq] = n;
    }
    const MaskFrame<Mask> frame = region.frame();
    std::vector<Mask> parts;   // the parts after the move
    std::vector<int> empties;  // each part's empty squares
    for (const Move& m : b.legalMoves(Color::Black)) {
      const MaskRegion<Mask> after = afterMove(region, Color::Black, m);
      parts.clear();
      empties.clear();
      forEachOwnerPart(frame, after, [&](Mask part) {
        parts.push_back(part);
        empties.push_back(maskPopcount(part & after.empty));
      });
      int ub = 0;
      for (const int e : empties) ub += e;
      if (1 + ub < target) {
        *skipped = std::max(*skipped, 1 + ub);
        continue;
      }
      // Warnsdorff-like, as in greedyFill: fill the squares with fewest ways in first.
      const int toN = emptyNbrs[m.to] + adjacent(b, m.from, m.to) - adjacent(b, m.arrow, m.to);
      const int arrowN = emptyNbrs[m.arrow] + adjacent(b, m.from, m.arrow) - adjacent(b, m.to, m.arrow);
      Candidate c{m, 0, 0, toN * 16 + arrowN, {}};
      for (size_t i = 0; i < parts.size(); ++i) {
        PartRef p{regionKey(after, parts[i]), empties[i], 0, empties[i]};
        Entry e;
        if (table.lookup(p.key, e)) p.lo = e.lo, p.hi = e.hi;
        if (p.hi == 0) continue;
        c.ubSum += p.hi;
        c.lbSum += p.lo;
        c.parts.push_back(std::move(p));
      }
      if (1 + c.ubSum < target) {
        *skipped = std::max(*skipped, 1 + c.ubSum);
        continue;
      }
      std::sort(c.parts.begin(), c.parts.end(), [](const PartRef& x, const PartRef& y) { return x.empty < y.empty; });
      out.push_back(std::move(c));
    }
    // Moves already known to reach the target first, then those keeping the most, then hint.
    std::sort(out.begin(), out.end(), [&](const Candidate& x, const Candidate& y) {
      const bool xk = 1 + x.lbSum >= target, yk = 1 + y.lbSum >= target;
      if (xk != yk) return xk;
      return x.ubSum != y.ubSum ? x.ubSum > y.ubSum : x.hint < y.hint;
    });
  }

  // Whether the parts of a move together reach `need`: each part's value is settled by tests
  // from its upper bound down, only as far as the others' bounds leave room. Returns a sum
  // >= need when they do, else an upper bound < need on the sum.
  int reachParts(Candidate& c, int need, Ctx ctx) {
    int ubTotal = c.ubSum;
    for (PartRef& p : c.parts) {
      while (p.lo < p.hi) {
        if (ubTotal < need) return ubTotal;
        const int r = reach(p.key, p.empty, p.hi, ctx);
        if (ctx.stopped()) return need - 1;
        if (r >= p.hi) {
          p.lo = p.hi;
        } else {
          ubTotal -= p.hi - r;
          p.hi = r;
        }
      }
    }
    return ubTotal;
  }

  // Whether the chamber `key` (normalised, `empty` empty squares) reaches `target` moves:
  // returns a proved lower bound >= target when it does, else a proved upper bound < target.
  // At a root (`parallel`), the moves take turns of growing node allowances, shared among the
  // threads, and the first proof cancels the others.
  int reach(const std::string& key, int empty, int target, Ctx ctx, bool parallel = false) {
    if (target <= 0) return 0;
    ctx.count();
    if (ctx.stopped()) return target - 1;
    Entry e;
    const bool have = table.lookup(key, e);
    int lo = have ? e.lo : 0, hi = have ? e.hi : empty;
    if (lo >= target) return lo;
    if (hi < target) return hi;
    const Board b = decodeKey(key);
    if (!have && empty >= 6) {
      lo = territoryBounds(b, Color::Black).lo;  // a greedy filling's moves
      if (lo >= target) {
        table.store(key, lo, hi);
        return lo;
      }
    }
    std::vector<Candidate> cands;
    int ub = 0;
    candidates(b, target, cands, &ub);
    std::atomic<bool> found{false};
    std::atomic<int> best{ub};  // fail-soft: the largest bound over the moves tried
    auto tryMove = [&](Candidate& c, Ctx inner) {
      const int r = reachParts(c, target - 1, inner);
      if (inner.stopped()) return;
      if (r >= target - 1) {
        found = true;
        return;
      }
      for (int cur = best.load(); 1 + r > cur && !best.compare_exchange_weak(cur, 1 + r);) {
      }
    };
    if (!parallel) {
      for (Candidate& c : cands) {
        tryMove(c, ctx);
        if (ctx.stopped()) return target - 1;
        if (found) break;
      }
    } else {
      // A root: the moves take turns, each turn a node allowance that doubles every round (a
      // restart strategy), the turns of a round shared among the threads; the first proof
      // stops the others. A move whose failure takes a long search no longer holds up the rest
      // on a thread of its own (a 50-square territory of positions/territory/suite.txt took
      // over 10 minutes on one thread with the moves in turn to the end, 0.2 s with turns).
      // What a turn proves stays in the table for the move's next turn; a turn cut short
      // stores nothing it has not proved and counts for nothing.
      const int workers = std::min<int>(core::usableThreads(), static_cast<int>(cands.size()));
      std::vector<size_t> unsettled(cands.size());
      for (size_t i = 0; i < cands.size(); ++i) unsettled[i] = i;
      std::vector<char> settled(cands.size(), 0);
      std::atomic<bool> stop{false};
      for (uint64_t allowance = kFirstTurn; !unsettled.empty() && !found; allowance *= 2) {
        auto turn = [&](size_t k) {
          uint64_t turnNodes = 0;
          Ctx inner{ctx.nodes, ctx.deadline, ctx.timedOut, &stop, &turnNodes, allowance};
          tryMove(cands[unsettled[k]], inner);
          if (!inner.stopped()) settled[unsettled[k]] = 1;
          if (found) stop = true;
        };
        if (workers <= 1) {
          for (size_t k = 0; k < unsettled.size() && !found && !ctx.stopped(); ++k) turn(k);
        } else {
          // Isolated: a cancelled enclosing task (a caller's sibling failed) must not skip
          // turns here, or `best` would be stored as a bound it is not. The loop stops early
          // only once `found` (stop), which is read below.
          tbb::task_group_context isolated(tbb::task_group_context::isolated);
          (void)core::forEachIndexInParallel(isolated, 0, unsettled.size(), turn, [&] { return stop.load(); });
        }
        if (ctx.stopped()) break;
        std::erase_if(unsettled, [&](size_t i) { return settled[i] != 0; });
      }
    }
    if (!found && ctx.stopped()) return target - 1;  // out of time: nothing proven
    if (found) {
      table.store(key, target, hi);
      return target;
    }
    table.store(key, lo, best);
    return best;
  }

  // Exact value of a normalised chamber: tests from the upper bound down to the greedy fill.
  int value(const Board& region, const std::string& key, int empty, Ctx ctx) {
    Entry e;
    int lo = 0, hi = empty;
    if (table.lookup(key, e)) {
      lo = e.lo;
      hi = e.hi;
    } else {
      lo = territoryBounds(region, Color::Black).lo;
      for (uint64_t seed = 1; seed <= 64 && lo < hi && empty >= kParallelRootMin; ++seed) {
        ctx.deadline.check();
        lo = std::max(lo, greedyFill(region, nullptr, seed));
      }
      table.store(key, lo, hi);
    }
    while (lo < hi) {
      const int r = reach(key, empty, hi, ctx, empty >= kParallelRootMin);
      ctx.check();
      if (r >= hi) lo = hi;
      else hi = r;
    }
    return lo;
  }

  // One optimal filling sequence of a normalised region worth `value`, in its coordinates.
  std::vector<Move> line(Board b, int value, Ctx ctx) {
    std::vector<Move> out;
    while (value > 0) {
      std::vector<Move> greedy;
      if (greedyFill(b, &greedy, 0) == value) {
        out.insert(out.end(), greedy.begin(), greedy.end());
        break;
      }
      std::vector<Candidate> cands;
      int skipped = 0;
      candidates(b, value, cands, &skipped);
      auto it = std::find_if(cands.begin(), cands.end(), [&](Candidate& c) { return reachParts(c, value - 1, ctx) >= value - 1; });
      ctx.check();
      if (it == cands.end()) throw std::logic_error("territory: no move keeps an exact value");
      b.play(it->move);
      b.setSideToMove(Color::Black);
      out.push_back(it->move);
      --value;
    }
    return out;
  }
};

TerritorySolver::TerritorySolver(size_t tableBytes) : impl_(std::make_unique<Impl>(tableBytes)) {}
TerritorySolver::~TerritorySolver() = default;

uint64_t TerritorySolver::nodes() const { return impl_->nodes.load(); }
size_t TerritorySolver::tableEntries() const { return impl_->table.size(); }
void TerritorySolver::clear() {
  impl_->table.clear();
  impl_->nodes = 0;
}

TerritoryResult TerritorySolver::solve(const Board& input, Color owner, bool wantLine, const Deadline& deadline) {
  deadline.check();
  const Board b = normaliseOwner(input, owner);
  const std::vector<Component> mine = ownerComponents(b);

  std::atomic<uint64_t> nodes{0};
  struct Counted {  // this call's nodes go to the solver's count, a call cut by the clock's too
    std::atomic<uint64_t>& call;
    std::atomic<uint64_t>& total;
    ~Counted() { total.fetch_add(call.load()); }
  } counted{nodes, impl_->nodes};
  std::atomic<bool> timedOut{false};
  const Impl::Ctx ctx{nodes, deadline, timedOut};
  TerritoryResult result;
  result.parts.resize(mine.size());
  std::vector<std::vector<Move>> lines(mine.size());
  auto solvePart = [&](size_t i) {
    const Component& ch = mine[i];
    int f0 = 0, r0 = 0;
    const Board region = extractComponent(b, ch, &f0, &r0);
    const int value = impl_->value(region, regionKey(region), ch.empty, ctx);
    result.parts[i] = TerritoryPart{ch.squares, ch.empty, value};
    if (!wantLine || value == 0) return;
    auto toBoard = [&](int sq) { return static_cast<uint8_t>(b.square(region.fileOf(sq) + f0, region.rankOf(sq) + r0)); };
    for (const Move& m : impl_->line(region, value, ctx))
      lines[i].push_back({toBoard(m.from), toBoard(m.to), toBoard(m.arrow)});
  };
  if (mine.size() == 1 || core::usableThreads() == 1) {
    for (size_t i = 0; i < mine.size(); ++i) solvePart(i);
  } else {
    // Isolated: were an enclosing loop cancelled (a sibling gave up), a bound loop would skip
    // parts quietly and return too few moves.
    core::forEveryIndexInParallel(0, mine.size(), solvePart);
  }
  for (size_t i = 0; i < mine.size(); ++i) {
    result.moves += result.parts[i].moves;
    result.empty += result.parts[i].empty;
    result.line.insert(result.line.end(), lines[i].begin(), lines[i].end());
  }
  result.nodes = nodes.load();
  return result;
}

int greedyTerritoryFill(const Board& region, Color owner, std::vector<Move>* line) {
  return greedyFill(normaliseOwner(region, owner), line, 0);
}

}  // namespace amazons
