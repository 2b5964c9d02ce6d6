// The game table: every game a canonical form interned once under an id (so equal games
// have equal ids), and the literal values built from it. The operations on ids are in
// operations.cpp; the store both read is game_store.h.
#include <pthread.h>
#include <xxhash.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <limits>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <unordered_map>

#include "cgt/game_store.h"

namespace cgt {
using namespace detail;

constinit thread_local WorkLimit::State* detail::workLimit = nullptr;

namespace {

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

// ---------------------------------------------------------------------------------------------
// Intern table: 64 shards of open-addressing sets of ids, compared by full option lists.
struct InternShard {
  std::mutex m;
  std::vector<uint64_t> slots;  // (upper 32 bits of the hash << 32) | id; kEmptySlot = empty
  size_t count = 0;
};
constexpr uint64_t kEmptySlot = ~uint64_t{0};

// A slot's first probe, from the hash bits the slot holds (the shard took the top ones):
// growing the table reads no node, a cache miss each, and a node keeps no hash of its own.
size_t homeOf(uint64_t hashOrSlot, size_t mask) { return (hashOrSlot >> 32) * 0x9E3779B97F4A7C15ull >> 32 & mask; }

InternShard* internShards() {
  static InternShard* s = new InternShard[kShards];
  return s;
}

uint64_t hashOptions(const std::vector<GameId>& opts, uint32_t nL) {
  uint64_t seed = nL * 0x9E3779B97F4A7C15ull;
  return XXH3_64bits_withSeed(opts.data(), opts.size() * sizeof(GameId), seed);
}

// Node::shape: the options' shapes, each side sorted (its ids' order is the process's), hashed
// with the count of left options.
uint64_t shapeOf(const std::vector<GameId>& opts, uint32_t nL) {
  thread_local std::vector<uint64_t> shapes;
  shapes.clear();
  for (GameId o : opts) shapes.push_back(node(o).shape);
  std::sort(shapes.begin(), shapes.begin() + nL);
  std::sort(shapes.begin() + nL, shapes.end());
  return XXH3_64bits_withSeed(shapes.data(), shapes.size() * sizeof(uint64_t), nL * 0x9E3779B97F4A7C15ull + 1);
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

// A new node: {L | R} with opts L then R.
GameId newNode(std::vector<GameId>&& opts, uint32_t nL) {
  const GameId id = store().allocate();
  Node& n = node(id);
  n.opts = std::move(opts);
  n.nL = nL;
  n.nR = static_cast<uint32_t>(n.opts.size()) - nL;
  n.shape = shapeOf(n.opts, nL);
  classify(n);
  return id;
}

// opts: left then right options, each part sorted and unique, already canonical as a whole.
GameId internPacked(std::vector<GameId>&& opts, uint32_t nL) {
  // Integers are kept by integer() alone, out of this table: {k|} for an integer k >= 0 and
  // {|k} for k <= 0 go there.
  if (opts.size() == 1) {
    const Node& o = node(opts[0]);
    if (o.isNum && o.num.isInteger() && (nL == 1 ? o.num.num >= 0 : o.num.num <= 0)) return integer(o.num.num + (nL == 1 ? 1 : -1));
  }
  if (workLimit) workLimit->check();  // before the lock: the loops that build literals come here
  const uint64_t h = hashOptions(opts, nL);
  InternShard& shard = internShards()[h >> (64 - kShardBits)];
  std::lock_guard lock(shard.m);
  if (shard.slots.empty()) shard.slots.assign(64, kEmptySlot);
  const uint64_t tag = h & 0xFFFFFFFF00000000ull;
  size_t mask = shard.slots.size() - 1;
  size_t i = homeOf(h, mask);
  for (;; i = (i + 1) & mask) {
    const uint64_t slot = shard.slots[i];
    if (slot == kEmptySlot) break;
    if ((slot & 0xFFFFFFFF00000000ull) != tag) continue;
    const Node& n = node(static_cast<GameId>(slot));
    if (n.nL == nL && n.opts == opts) return static_cast<GameId>(slot);
  }
  const GameId id = newNode(std::move(opts), nL);
  shard.slots[i] = tag | id;
  if (++shard.count * 2 > shard.slots.size()) {
    std::vector<uint64_t> bigger(shard.slots.size() * 2, kEmptySlot);
    mask = bigger.size() - 1;
    for (uint64_t slot : shard.slots) {
      if (slot == kEmptySlot) continue;
      size_t j = homeOf(slot, mask);
      while (bigger[j] != kEmptySlot) j = (j + 1) & mask;
      bigger[j] = slot;
    }
    shard.slots.swap(bigger);
  }
  return id;
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

GameId detail::intern(std::vector<GameId> L, std::vector<GameId> R) {
  const uint32_t nL = static_cast<uint32_t>(L.size());
  L.insert(L.end(), R.begin(), R.end());
  return internPacked(std::move(L), nL);
}

// ---------------------------------------------------------------------------------------------
GameId zero() {
  static const GameId z = intern({}, {});
  return z;
}
GameId star() { return nimber(1); }

namespace {
constexpr int64_t kMaxInteger = int64_t{1} << 22;
[[noreturn]] void integerTooLarge() { throw std::length_error("cgt::integer: magnitude above 2^22"); }
}  // namespace

void checkNumberRange(Dyadic d) {
  if (d.ceil() > kMaxInteger || d.floor() < -kMaxInteger) integerTooLarge();
}

GameId integer(int64_t n) {
  if (n > kMaxInteger || n < -kMaxInteger) integerTooLarge();
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
  // Each a node of its own, with no look-up in the intern table (which sends integers here):
  // a probe there is a cache miss a node, and the table's growth more.
  while (v.size() <= k) {
    if (workLimit) workLimit->check();
    v.push_back(newNode({v.back()}, n > 0 ? 1 : 0));
  }
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
  checkNumberRange(d);  // before its options are built: one end may be in range, the other not
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

namespace {
int compareForms(GameId a, GameId b) {
  if (a == b) return 0;
  const Node& x = node(a);
  const Node& y = node(b);
  if (x.birthday != y.birthday) return x.birthday < y.birthday ? -1 : 1;
  if (x.shape != y.shape) return x.shape < y.shape ? -1 : 1;
  return compareOptions(a, b);
}
}  // namespace

bool formLess(GameId a, GameId b) { return compareForms(a, b) < 0; }
uint64_t formHash(GameId g) { return node(g).shape; }

int compareOptions(GameId a, GameId b) {
  const Node& x = node(a);
  const Node& y = node(b);
  if (x.nL != y.nL) return x.nL < y.nL ? -1 : 1;
  if (x.nR != y.nR) return x.nR < y.nR ? -1 : 1;
  auto sorted = [](std::span<const GameId> side) {
    std::vector<GameId> v(side.begin(), side.end());
    std::sort(v.begin(), v.end(), formLess);
    return v;
  };
  for (const bool left : {true, false}) {
    const std::vector<GameId> p = sorted(left ? lefts(x) : rights(x)), q = sorted(left ? lefts(y) : rights(y));
    for (size_t i = 0; i < p.size(); ++i)
      if (const int c = compareForms(p[i], q[i])) return c;
  }
  return 0;  // the same options: the same form
}

}  // namespace cgt
