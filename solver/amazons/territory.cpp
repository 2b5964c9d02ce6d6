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
#include "solver/amazons/small_region.h"
#include "solver/amazons/small_territory.h"
#include "solver/core/parallel.h"

namespace amazons {

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

// A chamber's key in the table: the one every Amazons table uses (chamberKey of its normal form).
constexpr auto keyOf = [](const auto& normalised) { return chamberKey(normalised); };

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
    // microseconds at least, so the clock costs nothing measurable). Past the deadline's
    // positions the search stops as past its time.
    void count() const {
      if (turnNodes) ++*turnNodes;
      const uint64_t n = nodes.fetch_add(1, std::memory_order_relaxed);
      if (n >= deadline.positions || ((n & 63) == 0 && deadline.passed())) timedOut.store(true, std::memory_order_relaxed);
    }
    void check() const {
      if (timedOut.load(std::memory_order_relaxed)) throw SolveTimeout();
    }
  };

  // The candidate moves of a normalised region (the owner Black, no White amazon) for reaching
  // `target`, best first; moves whose parts cannot reach target - 1 are left out, the largest
  // 1 + bound among them in *skipped. Each move is played on the masks and split there.
  template <typename Mask>
  void candidates(const MaskRegion<Mask>& region, int target, std::vector<Candidate>& out, int* skipped) {
    out.clear();
    *skipped = 0;
    const MaskFrame<Mask> frame = region.frame();
    auto index = [](Mask bit) { return static_cast<uint8_t>(maskLowest(bit)); };
    std::vector<Mask> parts;   // the parts after the move
    std::vector<int> empties;  // each part's empty squares
    forEachOption(region, Color::Black, [&](const MaskRegion<Mask>& after) {
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
        return;
      }
      // Warnsdorff-like, as the greedy filling: fill the squares with fewest ways in first
      // (the destination's empty neighbours after the move, the arrow's before it is shot).
      const MaskMoveOf<Mask> m = moveBetween(region, after, Color::Black);
      const int toN = maskPopcount(frame.dilate(m.to) & after.empty);
      const int arrowN = maskPopcount(frame.dilate(m.arrow) & after.empty);
      Candidate c{Move{index(m.from), index(m.to), index(m.arrow)}, 0, 0, toN * 16 + arrowN, {}};
      for (size_t i = 0; i < parts.size(); ++i) {
        PartRef p{onNormalisedPart(after, parts[i], keyOf), empties[i], 0, empties[i]};
        Entry e;
        if (table.lookup(p.key, e)) p.lo = e.lo, p.hi = e.hi;
        if (p.hi == 0) continue;
        c.ubSum += p.hi;
        c.lbSum += p.lo;
        c.parts.push_back(std::move(p));
      }
      if (1 + c.ubSum < target) {
        *skipped = std::max(*skipped, 1 + c.ubSum);
        return;
      }
      std::sort(c.parts.begin(), c.parts.end(), [](const PartRef& x, const PartRef& y) { return x.empty < y.empty; });
      out.push_back(std::move(c));
    });
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
    std::vector<Candidate> cands;
    int ub = 0;
    const bool bounded = onChamberKey(key, [&](const auto& region) {
      if (!have && empty >= 6) {
        lo = territoryBounds(region, Color::Black).lo;  // a greedy filling's moves
        if (lo >= target) return true;
      }
      candidates(region, target, cands, &ub);
      return false;
    });
    if (bounded) {
      table.store(key, lo, hi);
      return lo;
    }
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

  // Exact value of the normalised chamber `key`: tests from the upper bound down to the greedy
  // filling's moves.
  int value(const std::string& key, int empty, Ctx ctx) {
    Entry e;
    int lo = 0, hi = empty;
    if (table.lookup(key, e)) {
      lo = e.lo;
      hi = e.hi;
    } else {
      lo = onChamberKey(key, [](const auto& region) { return territoryBounds(region, Color::Black).lo; });
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

  // One optimal filling sequence of a normalised region worth `value`, in its squares.
  template <typename Mask>
  std::vector<Move> line(MaskRegion<Mask> region, int value, Ctx ctx) {
    std::vector<Move> out;
    while (value > 0) {
      if (std::vector<Move> greedy = territoryFilling(region, Color::Black); static_cast<int>(greedy.size()) == value) {
        out.insert(out.end(), greedy.begin(), greedy.end());
        break;
      }
      std::vector<Candidate> cands;
      int skipped = 0;
      candidates(region, value, cands, &skipped);
      auto it = std::find_if(cands.begin(), cands.end(), [&](Candidate& c) { return reachParts(c, value - 1, ctx) >= value - 1; });
      ctx.check();
      if (it == cands.end()) throw std::logic_error("territory: no move keeps an exact value");
      region = afterMove(region, Color::Black, it->move);
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

TerritoryResult TerritorySolver::solve(const Board& region, Color owner, bool wantLine, const Deadline& deadline) {
  return onMasks(region, [&](const auto& masks) { return solve(masks, owner, wantLine, deadline); });
}

template <typename Mask>
TerritoryResult TerritorySolver::solve(const MaskRegion<Mask>& input, Color owner, bool wantLine, const Deadline& deadline) {
  deadline.check();
  // The owner's amazons Black, the other colour's arrows.
  MaskRegion<Mask> b = input;
  b.black = input.amazons(owner);
  b.white = 0;
  const MaskFrame<Mask> frame = b.frame();
  std::vector<Mask> mine;
  forEachOwnerPart(frame, b, [&](Mask part) { mine.push_back(part); });

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
    const Mask part = mine[i];
    const int empty = maskPopcount(part & b.empty);
    const int value = impl_->value(onNormalisedPart(b, part, keyOf), empty, ctx);
    TerritoryPart& out = result.parts[i];
    out = TerritoryPart{{}, empty, value};
    for (Mask bits = part; bits; bits &= bits - 1) out.squares.push_back(maskLowest(bits));
    if (!wantLine || value == 0) return;
    // The line on the part cropped to its box, then its squares put back on the region's.
    const MaskBox box = boxOf(b, part);
    const std::vector<Move> moves = onNarrowestMasks<Mask>(
        box.squares(), [&]<typename Out>() { return impl_->line(croppedChamber<Out>(b, part, box), value, ctx); });
    auto onRegion = [&](uint8_t sq) {
      return static_cast<uint8_t>((box.r0 + sq / box.width) * static_cast<int>(b.width) + box.f0 + sq % box.width);
    };
    for (const Move& m : moves) lines[i].push_back({onRegion(m.from), onRegion(m.to), onRegion(m.arrow)});
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
template TerritoryResult TerritorySolver::solve(const SmallRegion&, Color, bool, const Deadline&);
template TerritoryResult TerritorySolver::solve(const WideRegion&, Color, bool, const Deadline&);
template TerritoryResult TerritorySolver::solve(const LargeRegion&, Color, bool, const Deadline&);

}  // namespace amazons
