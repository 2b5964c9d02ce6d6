// The operations on the game table's ids: sums, negatives, comparisons, and the canonical
// form of {L | R} (dominated options removed, reversible ones bypassed), each cached.
#include <array>
#include <limits>
#include <optional>
#include <unordered_map>
#include <utility>

#include "cgt/game_store.h"
#include "cgt/op_caches.h"

namespace cgt {
using namespace detail;

namespace {

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
}  // namespace

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
  // In formLess's order: the loop stops at the first option that fails, and under a count of
  // sums which options were recognised before it must not depend on their ids.
  std::vector<GameId> opts(n.opts);
  std::sort(opts.begin(), opts.end(), formLess);
  for (GameId o : opts) {
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
