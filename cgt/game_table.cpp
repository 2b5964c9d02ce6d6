#include "cgt/game_table.h"

#include <pthread.h>
#include <xxhash.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <unordered_map>

#include "cgt/op_caches.h"

namespace cgt {

// The WorkLimit of a thread (game_table.h): its count of sums, its deadline and the lowest
// stack address it lets the operations reach.
struct WorkLimit::State {
  bool counting;  // sums counted
  int64_t left;   // sums that may still be computed anew
  uint64_t computed = 0;
  // The sums computed under the count: the process-wide cache is not read then.
  std::unordered_map<uint64_t, GameId> done;
  std::unordered_map<GameId, std::optional<Nus>> nusDone;  // asNus's memo, likewise
  std::chrono::steady_clock::time_point deadline;
  const char* stackFloor;
  uint32_t sinceClock = 0;

  bool clockPassed() { return (++sinceClock & 255) == 0 && std::chrono::steady_clock::now() > deadline; }
  void check() {
    if (static_cast<const char*>(__builtin_frame_address(0)) < stackFloor) throw WorkLimitReached(WorkLimitReached::Reason::Stack);
    if (clockPassed()) throw WorkLimitReached(WorkLimitReached::Reason::Time);
  }
};

namespace {

thread_local WorkLimit::State* workLimit = nullptr;

// The lowest address the operations may reach on this thread's stack: a margin above its end
// for the frames between two checks and for unwinding (sanitizer builds have larger frames).
const char* stackFloor() {
  thread_local const char* floor = [] {
    pthread_attr_t attr;
    void* low = nullptr;
    size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &attr) != 0) return static_cast<const char*>(nullptr);
    pthread_attr_getstack(&attr, &low, &size);
    pthread_attr_destroy(&attr);
    return static_cast<const char*>(low) + std::min<size_t>(size / 4, size_t{1} << 20);
  }();
  return floor;
}

constexpr GameId kNone = 0xFFFFFFFFu;

struct Node {
  std::vector<GameId> opts;  // left options then right options, each sorted by id, unique
  uint32_t nL = 0, nR = 0;
  uint32_t birthday = 0;
  int64_t nim = -1;          // nim value when the game is a nimber
  bool isNum = false;
  uint64_t hash = 0;
  Dyadic num;                // value when isNum
  Dyadic lstop, rstop;
  std::atomic<GameId> neg{kNone};
};

// ---------------------------------------------------------------------------------------------
// Node store: segments of doubling size, never moved.
// Small first segment: a fresh process pays a page fault for every page it touches.
constexpr int kBaseBits = 8;
constexpr int kSegments = 32 - kBaseBits + 1;

class NodeStore {
 public:
  Node& at(GameId id) {
    const uint64_t v = uint64_t{id} + (uint64_t{1} << kBaseBits);
    const int s = std::bit_width(v) - 1 - kBaseBits;
    return segments_[s].load(std::memory_order_acquire)[v - (uint64_t{1} << (s + kBaseBits))];
  }
  // Reserves a new id and returns its (default-constructed) node.
  GameId allocate() {
    const GameId id = next_.fetch_add(1, std::memory_order_relaxed);
    if (id == kNone) throw std::length_error("cgt: game table full");
    const uint64_t v = uint64_t{id} + (uint64_t{1} << kBaseBits);
    const int s = std::bit_width(v) - 1 - kBaseBits;
    if (!segments_[s].load(std::memory_order_acquire)) {
      std::lock_guard lock(allocMutex_);
      if (!segments_[s].load(std::memory_order_relaxed))
        segments_[s].store(new Node[uint64_t{1} << (s + kBaseBits)], std::memory_order_release);
    }
    return id;
  }
  size_t size() const { return next_.load(std::memory_order_relaxed); }

 private:
  std::atomic<Node*> segments_[kSegments] = {};
  std::atomic<GameId> next_{0};
  std::mutex allocMutex_;
};

NodeStore& store() {
  static NodeStore* s = new NodeStore();  // intentionally never destroyed (used until exit)
  return *s;
}
inline Node& node(GameId id) { return store().at(id); }

// ---------------------------------------------------------------------------------------------
// Intern table: 64 shards of open-addressing sets of ids, compared by full option lists.
constexpr int kShardBits = 6;
constexpr int kShards = 1 << kShardBits;

struct InternShard {
  std::mutex m;
  std::vector<uint64_t> slots;  // (upper 32 bits of the hash << 32) | id; kEmptySlot = empty
  size_t count = 0;
};
constexpr uint64_t kEmptySlot = ~uint64_t{0};

InternShard* internShards() {
  static InternShard* s = new InternShard[kShards];
  return s;
}

uint64_t hashOptions(const std::vector<GameId>& opts, uint32_t nL) {
  uint64_t seed = nL * 0x9E3779B97F4A7C15ull;
  return XXH3_64bits_withSeed(opts.data(), opts.size() * sizeof(GameId), seed);
}

void classify(Node& n) {
  const GameId* L = n.opts.data();
  const GameId* R = L + n.nL;
  uint32_t b = 0;
  for (GameId o : n.opts) b = std::max(b, node(o).birthday + 1);
  n.birthday = b;
  // Numbers: 0 = {|}, n+1 = {n|} (n >= 0), n-1 = {|n} (n <= 0), x = {x - 2^-k | x + 2^-k}.
  if (n.nL == 0 && n.nR == 0) {
    n.isNum = true;
    n.num = Dyadic();
  } else if (n.nL == 1 && n.nR == 0 && node(L[0]).isNum && node(L[0]).num.isInteger() && node(L[0]).num.num >= 0) {
    n.isNum = true;
    n.num = node(L[0]).num + Dyadic(1);
  } else if (n.nL == 0 && n.nR == 1 && node(R[0]).isNum && node(R[0]).num.isInteger() && node(R[0]).num.num <= 0) {
    n.isNum = true;
    n.num = node(R[0]).num - Dyadic(1);
  } else if (n.nL == 1 && n.nR == 1 && node(L[0]).isNum && node(R[0]).isNum && node(L[0]).num < node(R[0]).num) {
    const Dyadic a = node(L[0]).num, c = node(R[0]).num;
    const Dyadic x = (a + c).half();
    if (x.exp >= 1 && c - x == Dyadic(1, x.exp)) {
      n.isNum = true;
      n.num = x;
    }
  }
  if (n.isNum) {
    n.lstop = n.rstop = n.num;
    n.nim = n.num == Dyadic() ? 0 : -1;
    return;
  }
  // Nimbers: {*0..*(k-1) | *0..*(k-1)}.
  if (n.nL == n.nR && std::equal(L, L + n.nL, R)) {
    std::vector<bool> seen(n.nL, false);
    bool ok = true;
    for (uint32_t i = 0; i < n.nL && ok; ++i) {
      const int64_t v = node(L[i]).nim;
      if (v < 0 || v >= n.nL || seen[v]) ok = false;
      else seen[v] = true;
    }
    if (ok) n.nim = n.nL;
  }
  n.lstop = node(L[0]).rstop;
  for (uint32_t i = 1; i < n.nL; ++i) n.lstop = std::max(n.lstop, node(L[i]).rstop);
  n.rstop = node(R[0]).lstop;
  for (uint32_t i = 1; i < n.nR; ++i) n.rstop = std::min(n.rstop, node(R[i]).lstop);
}

// opts: left then right options, each part sorted and unique, already canonical as a whole.
GameId internPacked(std::vector<GameId>&& opts, uint32_t nL) {
  if (workLimit) workLimit->check();  // before the lock: the loops that build literals come here
  const uint64_t h = hashOptions(opts, nL);
  InternShard& shard = internShards()[h >> (64 - kShardBits)];
  std::lock_guard lock(shard.m);
  if (shard.slots.empty()) shard.slots.assign(64, kEmptySlot);
  const uint64_t tag = h & 0xFFFFFFFF00000000ull;
  size_t mask = shard.slots.size() - 1;
  size_t i = h & mask;
  for (;; i = (i + 1) & mask) {
    const uint64_t slot = shard.slots[i];
    if (slot == kEmptySlot) break;
    if ((slot & 0xFFFFFFFF00000000ull) != tag) continue;
    const Node& n = node(static_cast<GameId>(slot));
    if (n.hash == h && n.nL == nL && n.opts == opts) return static_cast<GameId>(slot);
  }
  const GameId id = store().allocate();
  Node& n = node(id);
  n.opts = std::move(opts);
  n.nL = nL;
  n.nR = static_cast<uint32_t>(n.opts.size()) - nL;
  n.hash = h;
  classify(n);
  shard.slots[i] = tag | id;
  if (++shard.count * 2 > shard.slots.size()) {
    std::vector<uint64_t> bigger(shard.slots.size() * 2, kEmptySlot);
    mask = bigger.size() - 1;
    for (uint64_t slot : shard.slots) {
      if (slot == kEmptySlot) continue;
      size_t j = node(static_cast<GameId>(slot)).hash & mask;
      while (bigger[j] != kEmptySlot) j = (j + 1) & mask;
      bigger[j] = slot;
    }
    shard.slots.swap(bigger);
  }
  return id;
}

GameId intern(std::vector<GameId> L, std::vector<GameId> R) {
  const uint32_t nL = static_cast<uint32_t>(L.size());
  L.insert(L.end(), R.begin(), R.end());
  return internPacked(std::move(L), nL);
}

// ---------------------------------------------------------------------------------------------
// Operation caches (op_caches.h), one each.
using detail::MadeCache;
using detail::PairCache;

MadeCache& madeCache() {
  static MadeCache* c = new MadeCache();
  return *c;
}

inline uint64_t pairKey(GameId a, GameId b) { return (uint64_t{a} << 32) | b; }

PairCache& addCache() {
  static PairCache* c = new PairCache();
  return *c;
}
PairCache& leqCache() {
  static PairCache* c = new PairCache();
  return *c;
}

void sortUnique(std::vector<GameId>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

std::span<const GameId> lefts(const Node& n) { return {n.opts.data(), n.nL}; }
std::span<const GameId> rights(const Node& n) { return {n.opts.data() + n.nL, n.nR}; }

// Comparisons of one fixed (not interned) game G = {L | R} with interned games, memoised for
// the duration of one canonicalisation (G's value does not change while it is simplified).
class FixedGame {
 public:
  FixedGame(const std::vector<GameId>& L, const std::vector<GameId>& R) : L_(L), R_(R) {}
  // x <= G: no G^R <= x and no x^L >= G.
  bool xLeqG(GameId x) {
    if (const bool* known = xLeqG_.find(x)) return *known;
    if (workLimit) workLimit->check();
    bool result = true;
    for (GameId gr : R_)
      if (leq(gr, x)) {
        result = false;
        break;
      }
    if (result)
      for (GameId xl : lefts(node(x)))
        if (gLeqX(xl)) {
          result = false;
          break;
        }
    xLeqG_.insert(x, result);
    return result;
  }
  // G <= y: no G^L >= y and no y^R <= G.
  bool gLeqX(GameId y) {
    if (const bool* known = gLeqX_.find(y)) return *known;
    if (workLimit) workLimit->check();
    bool result = true;
    for (GameId gl : L_)
      if (leq(y, gl)) {
        result = false;
        break;
      }
    if (result)
      for (GameId yr : rights(node(y)))
        if (xLeqG(yr)) {
          result = false;
          break;
        }
    gLeqX_.insert(y, result);
    return result;
  }

 private:
  // Most canonicalisations ask about few games: a flat list searched linearly spares a node
  // allocation per answer; past kFlat answers a hash map takes over.
  class Memo {
   public:
    const bool* find(GameId x) const {
      if (!map_.empty()) {
        const auto it = map_.find(x);
        return it == map_.end() ? nullptr : &it->second;
      }
      for (size_t i = 0; i < flatSize_; ++i)
        if (flat_[i].first == x) return &flat_[i].second;
      return nullptr;
    }
    void insert(GameId x, bool v) {
      if (map_.empty() && flatSize_ < kFlat) {
        flat_[flatSize_++] = {x, v};
        return;
      }
      if (map_.empty()) map_.insert(flat_.begin(), flat_.begin() + flatSize_);
      map_.emplace(x, v);
    }

   private:
    static constexpr size_t kFlat = 32;
    std::array<std::pair<GameId, bool>, kFlat> flat_;
    size_t flatSize_ = 0;
    std::unordered_map<GameId, bool> map_;
  };
  const std::vector<GameId>& L_;
  const std::vector<GameId>& R_;
  Memo xLeqG_, gLeqX_;
};

// Removes dominated options: for Left, those <= another; for Right, those >= another.
void removeDominated(std::vector<GameId>& v, bool left) {
  if (v.size() < 2) return;
  // The marks in one word when they fit (nearly always): no allocation.
  const bool fits = v.size() <= 64;
  uint64_t deadWord = 0;
  std::vector<bool> deadList(fits ? 0 : v.size(), false);
  auto dead = [&](size_t i) { return fits ? (deadWord >> i & 1) != 0 : static_cast<bool>(deadList[i]); };
  for (size_t i = 0; i < v.size(); ++i) {
    if (dead(i)) continue;
    for (size_t j = 0; j < v.size(); ++j) {
      if (i == j || dead(j)) continue;
      if (left ? leq(v[i], v[j]) : leq(v[j], v[i])) {
        if (fits) deadWord |= uint64_t{1} << i;
        else deadList[i] = true;
        break;
      }
    }
  }
  size_t k = 0;
  for (size_t i = 0; i < v.size(); ++i)
    if (!dead(i)) v[k++] = v[i];
  v.resize(k);
}

// L and R sorted and unique, all canonical.
GameId canonicalize(std::vector<GameId> L, std::vector<GameId> R) {
  // Fast path: all options numbers.
  bool allNumbers = true;
  for (GameId g : L) allNumbers = allNumbers && node(g).isNum;
  for (GameId g : R) allNumbers = allNumbers && node(g).isNum;
  if (allNumbers) {
    std::optional<Dyadic> a, b;
    GameId ga = kNone, gb = kNone;
    for (GameId g : L)
      if (!a || *a < node(g).num) a = node(g).num, ga = g;
    for (GameId g : R)
      if (!b || node(g).num < *b) b = node(g).num, gb = g;
    if (!a || !b || *a < *b) return number(simplestBetween(a, b));
    return intern({ga}, {gb});  // a >= b: {a | b} is canonical
  }
  // Fast path: impartial game of nimbers.
  if (L == R) {
    std::vector<bool> seen(L.size() + 1, false);
    bool ok = true;
    for (GameId g : L) {
      const int64_t v = node(g).nim;
      if (v < 0) {
        ok = false;
        break;
      }
      if (v <= static_cast<int64_t>(L.size())) seen[v] = true;
    }
    if (ok) {
      uint32_t mex = 0;
      while (seen[mex]) ++mex;
      return nimber(mex);
    }
  }
  std::vector<GameId> nl, nr;
  FixedGame g(L, R);  // references L and R: they are only replaced between passes
  for (;;) {
    removeDominated(L, true);
    removeDominated(R, false);
    bool changed = false;
    nl.clear();
    nr.clear();
    for (GameId gl : L) {
      bool bypassed = false;
      for (GameId glr : rights(node(gl))) {
        if (g.xLeqG(glr)) {  // G^L reverses through G^{LR}: replace by G^{LRL}
          auto more = lefts(node(glr));
          nl.insert(nl.end(), more.begin(), more.end());
          bypassed = true;
          break;
        }
      }
      if (!bypassed) nl.push_back(gl);
      changed = changed || bypassed;
    }
    for (GameId gr : R) {
      bool bypassed = false;
      for (GameId grl : lefts(node(gr))) {
        if (g.gLeqX(grl)) {
          auto more = rights(node(grl));
          nr.insert(nr.end(), more.begin(), more.end());
          bypassed = true;
          break;
        }
      }
      if (!bypassed) nr.push_back(gr);
      changed = changed || bypassed;
    }
    if (!changed) break;
    sortUnique(nl);
    sortUnique(nr);
    L.swap(nl);
    R.swap(nr);
  }
  return intern(std::move(L), std::move(R));
}

struct SmallValues {
  std::mutex m;
  std::vector<GameId> pos{}, neg{}, nimbers{}, ups{};
  // The integers of magnitude below kKnownIntegers once made, read without the lock (solvers
  // ask for territory counts and bounds all the time): id + 1, 0 while not made.
  static constexpr int64_t kKnownIntegers = 256;
  std::array<std::atomic<GameId>, 2 * kKnownIntegers> known{};
};
SmallValues& smallValues() {
  static SmallValues* s = new SmallValues();
  return *s;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
GameId zero() {
  static const GameId z = intern({}, {});
  return z;
}
GameId star() { return nimber(1); }

GameId integer(int64_t n) {
  if (n > (int64_t{1} << 22) || n < -(int64_t{1} << 22)) throw std::length_error("cgt::integer: magnitude above 2^22");
  if (n == 0) return zero();
  SmallValues& s = smallValues();
  const bool small = n > -SmallValues::kKnownIntegers && n < SmallValues::kKnownIntegers;
  std::atomic<GameId>* known = small ? &s.known[static_cast<size_t>(n + SmallValues::kKnownIntegers)] : nullptr;
  if (known)
    if (const GameId id = known->load(std::memory_order_acquire)) return id - 1;
  std::lock_guard lock(s.m);
  std::vector<GameId>& v = n > 0 ? s.pos : s.neg;
  const size_t k = static_cast<size_t>(n > 0 ? n : -n);
  if (v.empty()) v.push_back(zero());
  while (v.size() <= k) v.push_back(n > 0 ? intern({v.back()}, {}) : intern({}, {v.back()}));
  if (known) known->store(v[k] + 1, std::memory_order_release);
  return v[k];
}

namespace {
struct NumberShard {
  std::mutex m;
  std::unordered_map<uint64_t, GameId> map;  // key: num * 64 + exp, only for exp < 64 and small num
};
NumberShard* numberShards() {
  static NumberShard* s = new NumberShard[kShards];
  return s;
}
}  // namespace

GameId number(Dyadic d) {
  if (d.isInteger()) return integer(d.num);
  // Memoised: the options d -+ 2^-k share their own options, so unmemoised recursion is exponential.
  const bool cacheable = d.exp < 64 && d.num > -(int64_t{1} << 56) && d.num < (int64_t{1} << 56);
  const uint64_t key = (static_cast<uint64_t>(d.num) << 6) | static_cast<uint64_t>(d.exp);
  NumberShard& shard = numberShards()[(key * 0x9E3779B97F4A7C15ull) >> (64 - kShardBits)];
  if (cacheable) {
    std::lock_guard lock(shard.m);
    auto it = shard.map.find(key);
    if (it != shard.map.end()) return it->second;
  }
  const Dyadic step(1, d.exp);
  const GameId g = intern({number(d - step)}, {number(d + step)});
  if (cacheable) {
    std::lock_guard lock(shard.m);
    shard.map.emplace(key, g);
  }
  return g;
}

GameId nimber(uint32_t n) {
  SmallValues& s = smallValues();
  std::lock_guard lock(s.m);
  if (s.nimbers.empty()) s.nimbers.push_back(zero());
  while (s.nimbers.size() <= n) {
    std::vector<GameId> opts(s.nimbers);
    s.nimbers.push_back(intern(opts, opts));
  }
  return s.nimbers[n];
}

GameId up(int n) {
  if (n == 0) return zero();
  if (n < 0) return negate(up(-n));
  static const GameId u = intern({zero()}, {star()});
  // A loop, the same sums as ^n = ^(n-1) + ^ recursed: that went n calls deep (^1000000
  // overflowed the stack before the first sum).
  GameId g = u;
  for (int k = 1; k < n; ++k) g = add(g, u);
  return g;
}

GameId make(std::span<const GameId> left, std::span<const GameId> right) {
  return make(std::vector<GameId>(left.begin(), left.end()), std::vector<GameId>(right.begin(), right.end()));
}
GameId make(std::vector<GameId>&& left, std::vector<GameId>&& right) {
  sortUnique(left);
  sortUnique(right);
  const uint64_t h = MadeCache::hash(left, right);
  if (const std::optional<GameId> made = madeCache().find(left, right, h)) return *made;
  const GameId form = canonicalize(left, right);  // copies: the lists are the cache's key
  madeCache().insert(left, right, h, form);
  return form;
}
GameId make(std::initializer_list<GameId> left, std::initializer_list<GameId> right) {
  return make(std::span<const GameId>(left.begin(), left.size()), std::span<const GameId>(right.begin(), right.size()));
}

GameId negate(GameId g) {
  Node& n = node(g);
  GameId cached = n.neg.load(std::memory_order_acquire);
  if (cached != kNone) return cached;
  // A number's negative is built by number(), without recursion: negating an integer option by
  // option went as deep as its size and overflowed the stack at -83848 (found by fuzz_cgt_value).
  if (n.isNum) {
    const GameId result = number(-n.num);
    n.neg.store(result, std::memory_order_release);
    node(result).neg.store(g, std::memory_order_release);
    return result;
  }
  if (workLimit) workLimit->check();
  std::vector<GameId> L, R;
  L.reserve(n.nR);
  R.reserve(n.nL);
  for (GameId r : rights(n)) L.push_back(negate(r));
  for (GameId l : lefts(n)) R.push_back(negate(l));
  sortUnique(L);
  sortUnique(R);
  const GameId result = intern(std::move(L), std::move(R));
  n.neg.store(result, std::memory_order_release);
  node(result).neg.store(g, std::memory_order_release);
  return result;
}

WorkLimitReached::WorkLimitReached(Reason reason)
    : std::runtime_error(reason == Reason::Sums   ? "cgt: sum allowance used up"
                         : reason == Reason::Time ? "cgt: time limit reached"
                                                  : "cgt: value too deep for the stack"),
      reason_(reason) {}

WorkLimit::WorkLimit(uint64_t sums, std::chrono::steady_clock::time_point deadline)
    : state_(new State{sums != kUncounted, static_cast<int64_t>(std::min<uint64_t>(sums, std::numeric_limits<int64_t>::max())), 0,
                       {}, {}, deadline, stackFloor()}),
      outer_(workLimit) {
  workLimit = state_.get();
}
WorkLimit::~WorkLimit() { workLimit = outer_; }
uint64_t WorkLimit::sumsComputed() const { return state_->computed; }

void checkWork() {
  if (workLimit) workLimit->check();
}

// Under a count of sums the process-wide cache is not read: what fits must not depend on the
// sums earlier work happened to cache (the totals of a batch's lines would depend on the lines
// before them), so every pair the sum needs is computed and counted. Thrown out of add() only
// where no lock is held; every cached result is complete.
GameId add(GameId a, GameId b) {
  if (a == zero()) return b;
  if (b == zero()) return a;
  if (a > b) std::swap(a, b);
  const Node& na = node(a);
  const Node& nb = node(b);
  if (na.isNum && nb.isNum) return number(na.num + nb.num);
  const uint64_t key = pairKey(a, b);
  uint32_t cached;
  if (workLimit && workLimit->counting) {
    if (const auto it = workLimit->done.find(key); it != workLimit->done.end()) return it->second;
    if (workLimit->left-- <= 0) throw WorkLimitReached(WorkLimitReached::Reason::Sums);
    ++workLimit->computed;
    workLimit->check();
  } else if (addCache().find(key, cached)) {
    return cached;
  } else if (workLimit) {
    workLimit->check();
  }
  std::vector<GameId> L, R;
  if (na.isNum || nb.isNum) {  // number translation: x + G = {x + G^L | x + G^R}
    const GameId x = na.isNum ? a : b;
    const Node& gn = na.isNum ? nb : na;
    for (GameId gl : lefts(gn)) L.push_back(add(x, gl));
    for (GameId gr : rights(gn)) R.push_back(add(x, gr));
  } else {
    L.reserve(na.nL + nb.nL);
    R.reserve(na.nR + nb.nR);
    for (GameId al : lefts(na)) L.push_back(add(al, b));
    for (GameId bl : lefts(nb)) L.push_back(add(a, bl));
    for (GameId ar : rights(na)) R.push_back(add(ar, b));
    for (GameId br : rights(nb)) R.push_back(add(a, br));
  }
  sortUnique(L);
  sortUnique(R);
  const GameId result = canonicalize(std::move(L), std::move(R));
  addCache().insert(key, result);
  if (workLimit && workLimit->counting) workLimit->done.emplace(key, result);
  return result;
}

GameId subtract(GameId a, GameId b) { return add(a, negate(b)); }

std::optional<GameId> sumWithin(std::span<const GameId> values, uint64_t allowance,
                                std::chrono::steady_clock::time_point deadline) {
  GameId sum = zero();
  const bool counting = allowance < static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
  if (!counting && deadline == std::chrono::steady_clock::time_point::max()) {  // no limit: nothing to count
    for (GameId v : values) sum = add(sum, v);
    return sum;
  }
  WorkLimit limit(counting ? allowance : WorkLimit::kUncounted, deadline);
  try {
    for (GameId v : values) sum = add(sum, v);
  } catch (const WorkLimitReached&) {
    return std::nullopt;
  }
  return sum;
}

bool leq(GameId a, GameId b) {
  if (a == b) return true;
  const Node& na = node(a);
  const Node& nb = node(b);
  if (na.isNum && nb.isNum) return na.num <= nb.num;
  if (na.lstop < nb.rstop) return true;  // R(b) > L(a) implies b > a
  if (nb.lstop < na.lstop || nb.rstop < na.rstop) return false;  // a <= b needs both stops <=
  if (workLimit) workLimit->check();
  const uint64_t key = pairKey(a, b);
  uint32_t cached;
  if (leqCache().find(key, cached)) return cached != 0;
  bool result = true;
  if (nb.isNum) {  // G <= x iff no G^L >= x (number avoidance)
    for (GameId al : lefts(na))
      if (leq(b, al)) {
        result = false;
        break;
      }
  } else if (na.isNum) {  // x <= G iff no G^R <= x
    for (GameId br : rights(nb))
      if (leq(br, a)) {
        result = false;
        break;
      }
  } else {
    for (GameId br : rights(nb))
      if (leq(br, a)) {
        result = false;
        break;
      }
    if (result)
      for (GameId al : lefts(na))
        if (leq(b, al)) {
          result = false;
          break;
        }
  }
  leqCache().insert(key, result ? 1 : 0);
  return result;
}

Cmp compare(GameId a, GameId b) {
  if (a == b) return Cmp::Equal;
  const bool le = leq(a, b), ge = leq(b, a);
  if (le && ge) return Cmp::Equal;  // cannot happen for distinct canonical ids
  if (le) return Cmp::Less;
  if (ge) return Cmp::Greater;
  return Cmp::Confused;
}

Outcome outcome(GameId g) {
  const bool ge0 = leq(zero(), g), le0 = leq(g, zero());
  if (ge0 && le0) return Outcome::P;
  if (ge0) return Outcome::L;
  if (le0) return Outcome::R;
  return Outcome::N;
}

bool isNumber(GameId g) { return node(g).isNum; }
std::optional<Dyadic> asNumber(GameId g) {
  const Node& n = node(g);
  if (!n.isNum) return std::nullopt;
  return n.num;
}
bool isNimber(GameId g) { return node(g).nim >= 0; }
std::optional<uint32_t> asNimber(GameId g) {
  const int64_t v = node(g).nim;
  if (v < 0) return std::nullopt;
  return static_cast<uint32_t>(v);
}
Dyadic leftStop(GameId g) { return node(g).lstop; }
Dyadic rightStop(GameId g) { return node(g).rstop; }
bool isInfinitesimal(GameId g) { return node(g).lstop == Dyadic() && node(g).rstop == Dyadic(); }

std::span<const GameId> leftOptions(GameId g) { return lefts(node(g)); }
std::span<const GameId> rightOptions(GameId g) { return rights(node(g)); }
size_t birthday(GameId g) { return node(g).birthday; }
size_t tableSize() { return store().size(); }

// ---------------------------------------------------------------------------------------------
// Number-up-star recognition.
namespace {
struct NusShard {
  std::mutex m;
  std::unordered_map<GameId, std::optional<Nus>> map;
};
NusShard* nusShards() {
  static NusShard* s = new NusShard[kShards];
  return s;
}
}  // namespace

GameId nus(Dyadic x, int64_t ups, uint32_t nim) {
  if (ups > (int64_t{1} << 20) || ups < -(int64_t{1} << 20)) throw std::length_error("cgt::nus: up multiple too large");
  return add(number(x), add(up(static_cast<int>(ups)), nimber(nim)));
}

std::optional<Nus> asNus(GameId g) {
  const Node& n = node(g);
  if (n.isNum) return Nus{n.num, 0, 0};
  if (n.nim >= 0) return Nus{Dyadic(), 0, static_cast<uint32_t>(n.nim)};
  // x + n.^ + *m has both stops x: a game with two stops is none, known without the memo's lock
  // (PartSum::add asks of every part: Amazons' hot ones too).
  if (!(n.lstop == n.rstop)) return std::nullopt;
  // Recognising a value tries sums (nus below): under a count of sums the process-wide memo is
  // not read, as add's cache is not, and the limit's own memo stands in for it.
  const bool counting = workLimit && workLimit->counting;
  NusShard& shard = nusShards()[g % kShards];
  if (counting) {
    if (const auto it = workLimit->nusDone.find(g); it != workLimit->nusDone.end()) return it->second;
  } else {
    std::lock_guard lock(shard.m);
    auto it = shard.map.find(g);
    if (it != shard.map.end()) return it->second;
  }
  if (workLimit) workLimit->check();
  std::optional<Nus> result;
  // All options must be NUS with one common number part, and the game infinitesimally close to it.
  bool ok = true;
  std::optional<Dyadic> x;
  int64_t umin = 0, umax = 0;
  uint32_t mmax = 0;
  for (GameId o : n.opts) {
    if (!ok) break;
    auto v = asNus(o);
    if (!v || (x && !(*x == v->number))) {
      ok = false;
      break;
    }
    x = v->number;
    umin = std::min(umin, v->ups);
    umax = std::max(umax, v->ups);
    mmax = std::max(mmax, v->nim);
  }
  if (ok && x && *x == n.lstop && umax - umin < 64) {
    const uint32_t mlimit = std::bit_ceil(mmax + 1) * 2;
    for (int64_t u = umin - 1; u <= umax + 1 && !result; ++u) {
      if (u == 0) continue;  // u == 0 would be a number plus a nimber, which is caught above only for x = 0
      for (uint32_t m = 0; m < mlimit && !result; ++m)
        if (nus(*x, u, m) == g) result = Nus{*x, u, m};
    }
    if (!result)
      for (uint32_t m = 1; m < mlimit && !result; ++m)
        if (nus(*x, 0, m) == g) result = Nus{*x, 0, m};
  }
  if (counting) workLimit->nusDone.emplace(g, result);
  std::lock_guard lock(shard.m);
  shard.map.emplace(g, result);
  return result;
}

}  // namespace cgt
