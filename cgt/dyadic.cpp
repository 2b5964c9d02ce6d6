#include "cgt/dyadic.h"

#include <limits>
#include <ostream>
#include <stdexcept>

namespace cgt {
namespace {

[[noreturn]] void overflow(const char* what) { throw std::overflow_error(std::string("cgt::Dyadic overflow in ") + what); }

Dyadic normalise(__int128 n, int64_t e, const char* what) {
  if (n == 0) return Dyadic();
  while (e > 0 && (n & 1) == 0) {
    n >>= 1;
    --e;
  }
  while (e < 0) {  // only from callers that never produce it; kept for safety
    n *= 2;
    ++e;
    if (n > std::numeric_limits<int64_t>::max() || n < std::numeric_limits<int64_t>::min()) overflow(what);
  }
  if (n > std::numeric_limits<int64_t>::max() || n < std::numeric_limits<int64_t>::min() ||
      e > std::numeric_limits<int32_t>::max())
    overflow(what);
  Dyadic d;
  d.num = static_cast<int64_t>(n);
  d.exp = static_cast<int32_t>(e);
  return d;
}

}  // namespace

Dyadic::Dyadic(int64_t n, int32_t e) {
  if (e < 0) {
    __int128 v = n;
    for (int32_t i = e; i < 0; ++i) {
      v *= 2;
      if (v > std::numeric_limits<int64_t>::max() || v < std::numeric_limits<int64_t>::min()) overflow("constructor");
    }
    *this = normalise(v, 0, "constructor");
  } else {
    *this = normalise(n, e, "constructor");
  }
}

int64_t Dyadic::floor() const {
  if (exp == 0) return num;
  if (exp >= 64) return num < 0 ? -1 : 0;
  return num >> exp;  // arithmetic shift floors
}

int64_t Dyadic::ceil() const {
  if (exp == 0) return num;
  return floor() + 1;  // non-integer
}

Dyadic Dyadic::half() const {
  if (num == 0) return *this;
  if (exp == std::numeric_limits<int32_t>::max()) overflow("half");
  Dyadic d;
  d.num = num;
  d.exp = exp + 1;
  if (exp == 0 && (num & 1) == 0) return Dyadic(num / 2, 0);
  return d;
}

std::strong_ordering Dyadic::compareUnaligned(const Dyadic& a, const Dyadic& b) {
  const int sa = (a.num > 0) - (a.num < 0), sb = (b.num > 0) - (b.num < 0);
  if (sa != sb) return sa <=> sb;
  // Same sign, both non-zero. Shift the one with the smaller exponent up.
  const int64_t d = static_cast<int64_t>(a.exp) - b.exp;
  if (d > 0) {
    if (d >= 63) return sb > 0 ? std::strong_ordering::less : std::strong_ordering::greater;  // |a| < |b|
    return static_cast<__int128>(a.num) <=> (static_cast<__int128>(b.num) << d);
  }
  if (-d >= 63) return sa > 0 ? std::strong_ordering::greater : std::strong_ordering::less;  // |b| < |a|
  return (static_cast<__int128>(a.num) << -d) <=> static_cast<__int128>(b.num);
}

Dyadic operator+(const Dyadic& a, const Dyadic& b) {
  if (a.num == 0) return b;
  if (b.num == 0) return a;
  const int32_t e = std::max(a.exp, b.exp);
  const int64_t da = e - a.exp, db = e - b.exp;
  if (da >= 64 || db >= 64) overflow("+");
  const __int128 x = static_cast<__int128>(a.num) * (static_cast<__int128>(1) << da);
  const __int128 y = static_cast<__int128>(b.num) * (static_cast<__int128>(1) << db);
  // |x|, |y| < 2^127 is not guaranteed for da = 63 and |num| near 2^63: check.
  auto fits = [](__int128 v, int64_t shift, int64_t n) { return shift < 63 || n == 0 || (v >> shift) == n; };
  if (!fits(x, da, a.num) || !fits(y, db, b.num)) overflow("+");
  __int128 s;
  if (__builtin_add_overflow(x, y, &s)) overflow("+");
  return normalise(s, e, "+");
}

Dyadic operator-(const Dyadic& a) {
  if (a.num == std::numeric_limits<int64_t>::min()) overflow("negation");
  Dyadic d = a;
  d.num = -a.num;
  return d;
}

Dyadic operator-(const Dyadic& a, const Dyadic& b) { return a + (-b); }

Dyadic operator*(const Dyadic& a, int64_t k) {
  __int128 p = static_cast<__int128>(a.num) * k;  // |p| < 2^126: never overflows __int128
  return normalise(p, a.exp, "*");
}
Dyadic operator*(int64_t k, const Dyadic& a) { return a * k; }

Dyadic simplestBetween(const std::optional<Dyadic>& lo, const std::optional<Dyadic>& hi) {
  if (lo && hi && !(*lo < *hi)) throw std::invalid_argument("simplestBetween: empty interval");
  const Dyadic zero;
  if ((!lo || *lo < zero) && (!hi || zero < *hi)) return zero;
  if (hi && *hi <= zero) {  // both at or below zero: mirror
    std::optional<Dyadic> nlo = -*hi, nhi;
    if (lo) nhi = -*lo;
    return -simplestBetween(nlo, nhi);
  }
  // 0 <= lo < hi (hi may be infinite).
  const Dyadic& a = *lo;
  Dyadic n = Dyadic(a.floor()) + Dyadic(1);
  if (!hi || n < *hi) return n;
  // No integer strictly between: the dyadic of least denominator.
  for (int32_t k = 1;; ++k) {
    // candidate = (floor(a * 2^k) + 1) / 2^k
    Dyadic scaled = a;  // a * 2^k computed by exponent arithmetic
    int64_t f;
    if (scaled.exp >= k) {
      Dyadic t;
      t.num = scaled.num;
      t.exp = scaled.exp - k;
      f = t.exp == 0 ? t.num : t.floor();
    } else {
      const int sh = k - scaled.exp;  // a has exp < k: a*2^k is an integer
      if (sh >= 63 || __builtin_mul_overflow(scaled.num, int64_t{1} << sh, &f)) overflow("simplestBetween");
    }
    if (f == std::numeric_limits<int64_t>::max()) overflow("simplestBetween");
    Dyadic c(f + 1, k);
    if (a < c && c < *hi) return c;
    if (k > 62) overflow("simplestBetween");
  }
}

std::string toString(Dyadic d) {
  if (d.exp == 0) return std::to_string(d.num);
  if (d.exp >= 63) return std::to_string(d.num) + "/2^" + std::to_string(d.exp);
  return std::to_string(d.num) + "/" + std::to_string(int64_t{1} << d.exp);
}

}  // namespace cgt

namespace cgt {
std::ostream& operator<<(std::ostream& os, const Dyadic& d) { return os << toString(d); }
}  // namespace cgt
