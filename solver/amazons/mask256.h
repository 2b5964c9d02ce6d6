// A mask of 256 squares: the frames of 129-256 squares (12x12 to 16x16) on masks, with the
// operators the mask templates of small_region.h use on integers (and, or, shifts, the lowest
// bit by x & -x, the next by x & (x - 1)), so that those templates hold every board.
#pragma once
#include <array>
#include <bit>
#include <cstdint>

namespace amazons {

class Mask256 {
 public:
  constexpr Mask256() = default;
  // Integers convert, as 0 and 1 do into the templates' integer masks.
  constexpr Mask256(uint64_t low) : words_{low, 0, 0, 0} {}  // NOLINT(google-explicit-constructor)
  constexpr uint64_t word(int i) const { return words_[i]; }
  constexpr explicit operator bool() const { return (words_[0] | words_[1] | words_[2] | words_[3]) != 0; }
  constexpr explicit operator uint64_t() const { return words_[0]; }  // the lowest 64 squares

  friend constexpr bool operator==(const Mask256&, const Mask256&) = default;
  friend constexpr bool operator<(const Mask256& a, const Mask256& b) {  // as unsigned integers
    for (int i = 3; i >= 0; --i)
      if (a.words_[i] != b.words_[i]) return a.words_[i] < b.words_[i];
    return false;
  }

  constexpr Mask256& operator&=(const Mask256& b) {
    for (int i = 0; i < 4; ++i) words_[i] &= b.words_[i];
    return *this;
  }
  constexpr Mask256& operator|=(const Mask256& b) {
    for (int i = 0; i < 4; ++i) words_[i] |= b.words_[i];
    return *this;
  }
  constexpr Mask256& operator^=(const Mask256& b) {
    for (int i = 0; i < 4; ++i) words_[i] ^= b.words_[i];
    return *this;
  }
  friend constexpr Mask256 operator&(Mask256 a, const Mask256& b) { return a &= b; }
  friend constexpr Mask256 operator|(Mask256 a, const Mask256& b) { return a |= b; }
  friend constexpr Mask256 operator^(Mask256 a, const Mask256& b) { return a ^= b; }
  constexpr Mask256 operator~() const {
    Mask256 out;
    for (int i = 0; i < 4; ++i) out.words_[i] = ~words_[i];
    return out;
  }
  // Modulo 2^256, borrowing word to word.
  friend constexpr Mask256 operator-(const Mask256& a, const Mask256& b) {
    Mask256 out;
    uint64_t borrow = 0;
    for (int i = 0; i < 4; ++i) {
      const uint64_t difference = a.words_[i] - b.words_[i];
      out.words_[i] = difference - borrow;
      borrow = (a.words_[i] < b.words_[i]) | (difference < borrow);
    }
    return out;
  }
  constexpr Mask256 operator-() const { return Mask256{} - *this; }

  // Shifts by 0..255 squares; by more, nothing is left.
  friend constexpr Mask256 operator<<(const Mask256& a, int shift) {
    Mask256 out;
    const int words = shift / 64, bits = shift % 64;
    for (int i = 3; i >= words; --i) {
      out.words_[i] = a.words_[i - words] << bits;
      if (bits != 0 && i - words > 0) out.words_[i] |= a.words_[i - words - 1] >> (64 - bits);
    }
    return out;
  }
  friend constexpr Mask256 operator>>(const Mask256& a, int shift) {
    Mask256 out;
    const int words = shift / 64, bits = shift % 64;
    for (int i = 0; i + words < 4; ++i) {
      out.words_[i] = a.words_[i + words] >> bits;
      if (bits != 0 && i + words < 3) out.words_[i] |= a.words_[i + words + 1] << (64 - bits);
    }
    return out;
  }

 private:
  std::array<uint64_t, 4> words_{};
};

// The 64 bits of x in reverse order.
constexpr uint64_t bitReversed(uint64_t x) {
  x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
  x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
  x = ((x >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((x & 0x0F0F0F0F0F0F0F0Full) << 4);
  return __builtin_bswap64(x);  // std::byteswap is C++23
}

// Squares 0..n-1 (1 <= n <= 256) of x in reverse order, square i to n - 1 - i: a frame of n
// squares turned half a turn.
inline Mask256 reversedSquares(const Mask256& x, int n) {
  const Mask256 reversed = Mask256(bitReversed(x.word(3))) | Mask256(bitReversed(x.word(2))) << 64 |
                           Mask256(bitReversed(x.word(1))) << 128 | Mask256(bitReversed(x.word(0))) << 192;
  return reversed >> (256 - n);
}

inline int maskPopcount(const Mask256& x) {
  return std::popcount(x.word(0)) + std::popcount(x.word(1)) + std::popcount(x.word(2)) + std::popcount(x.word(3));
}
// The index of the lowest and of the highest square of a nonempty mask.
inline int maskLowest(const Mask256& x) {
  int i = 0;
  while (x.word(i) == 0) ++i;
  return 64 * i + std::countr_zero(x.word(i));
}
inline int maskHighest(const Mask256& x) {
  int i = 3;
  while (x.word(i) == 0) --i;
  return 64 * i + 63 - std::countl_zero(x.word(i));
}

}  // namespace amazons
