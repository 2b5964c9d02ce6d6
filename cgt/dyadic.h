// Exact dyadic rationals num / 2^exp, always normalised (num odd or exp == 0, exp >= 0).
// Every operation checks for overflow and throws std::overflow_error instead of wrapping.
#pragma once
#include <compare>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>

namespace cgt {

struct Dyadic {
  int64_t num = 0;
  int32_t exp = 0;

  constexpr Dyadic() = default;
  // Normalises; throws std::overflow_error if exp < 0 would need shifting out of range.
  Dyadic(int64_t n, int32_t e = 0);
  static Dyadic integer(int64_t n) { return Dyadic(n, 0); }

  bool isInteger() const { return exp == 0; }
  // Floor and ceiling as integers.
  int64_t floor() const;
  int64_t ceil() const;
  // this / 2 (exact).
  Dyadic half() const;

  friend bool operator==(const Dyadic& a, const Dyadic& b) { return a.num == b.num && a.exp == b.exp; }
  // Inline for equal exponents (integers, most stops), which need no shift.
  friend std::strong_ordering operator<=>(const Dyadic& a, const Dyadic& b) {
    return a.exp == b.exp ? a.num <=> b.num : compareUnaligned(a, b);
  }

 private:
  static std::strong_ordering compareUnaligned(const Dyadic& a, const Dyadic& b);
};

Dyadic operator+(const Dyadic& a, const Dyadic& b);
Dyadic operator-(const Dyadic& a, const Dyadic& b);
Dyadic operator-(const Dyadic& a);
Dyadic operator*(const Dyadic& a, int64_t k);
Dyadic operator*(int64_t k, const Dyadic& a);
inline Dyadic& operator+=(Dyadic& a, const Dyadic& b) { return a = a + b; }
inline Dyadic& operator-=(Dyadic& a, const Dyadic& b) { return a = a - b; }

// The simplest dyadic strictly between lo and hi (absent bound = infinite); lo < hi required.
Dyadic simplestBetween(const std::optional<Dyadic>& lo, const std::optional<Dyadic>& hi);

// "3/4", "-2", "0".
std::string toString(Dyadic d);
std::ostream& operator<<(std::ostream& os, const Dyadic& d);

}  // namespace cgt
