// Mask256 (solver/amazons/mask256.h) against std::bitset<256>: every operator the mask
// templates use, on random masks of sparse, dense and single-word patterns; and the half turn
// of a frame (reversedSquares) at every width against a square-by-square twin.
#include <gtest/gtest.h>

#include <bitset>
#include <random>

#include "solver/amazons/mask256.h"
#include "solver/amazons/small_region.h"

namespace amazons {
namespace {

using Bits = std::bitset<256>;

Bits bitsOf(const Mask256& m) {
  Bits out;
  for (int i = 0; i < 256; ++i) out[i] = (m.word(i / 64) >> (i % 64)) & 1;
  return out;
}

Mask256 maskOf(const Bits& b) {
  Mask256 out;
  for (int i = 0; i < 256; ++i)
    if (b[i]) out |= Mask256(1) << i;
  return out;
}

Bits randomBits(std::mt19937_64& rng) {
  Bits out;
  const int kind = static_cast<int>(rng() % 4);
  const double density = kind == 0 ? 0.02 : kind == 1 ? 0.5 : 0.97;
  std::bernoulli_distribution bit(density);
  for (int i = 0; i < 256; ++i) out[i] = bit(rng);
  if (kind == 3) out &= Bits(~uint64_t{0}) << (64 * (rng() % 4));  // one word, the others zero
  return out;
}

// a - b modulo 2^256, bit by bit with a borrow.
Bits difference(const Bits& a, const Bits& b) {
  Bits out;
  int borrow = 0;
  for (int i = 0; i < 256; ++i) {
    const int d = static_cast<int>(a[i]) - static_cast<int>(b[i]) - borrow;
    out[i] = d & 1;
    borrow = d < 0;
  }
  return out;
}

bool lessAsIntegers(const Bits& a, const Bits& b) {
  for (int i = 255; i >= 0; --i)
    if (a[i] != b[i]) return b[i];
  return false;
}

TEST(Mask256, OperatorsAreThoseOfBitsets) {
  std::mt19937_64 rng(256);
  for (int trial = 0; trial < 2000; ++trial) {
    const Bits a = randomBits(rng), b = trial % 7 == 0 ? a : randomBits(rng);
    const Mask256 x = maskOf(a), y = maskOf(b);
    ASSERT_EQ(bitsOf(x), a);
    EXPECT_EQ(bitsOf(x & y), a & b);
    EXPECT_EQ(bitsOf(x | y), a | b);
    EXPECT_EQ(bitsOf(x ^ y), a ^ b);
    EXPECT_EQ(bitsOf(~x), ~a);
    EXPECT_EQ(bitsOf(x - y), difference(a, b));
    EXPECT_EQ(bitsOf(x - 1), difference(a, Bits(1)));
    EXPECT_EQ(bitsOf(-x), difference(Bits(), a));
    EXPECT_EQ(x == y, a == b);
    EXPECT_EQ(x < y, lessAsIntegers(a, b));
    EXPECT_EQ(static_cast<bool>(x), a.any());
    EXPECT_EQ(static_cast<uint64_t>(x), (a & Bits(~uint64_t{0})).to_ullong());
    EXPECT_EQ(maskPopcount(x), static_cast<int>(a.count()));
    for (int shift : {0, 1, 7, 63, 64, 65, 127, 128, 129, 191, 192, 255, 256, static_cast<int>(rng() % 256)}) {
      EXPECT_EQ(bitsOf(x << shift), a << shift) << shift;
      EXPECT_EQ(bitsOf(x >> shift), a >> shift) << shift;
    }
    if (a.any()) {
      int lowest = 0, highest = 255;
      while (!a[lowest]) ++lowest;
      while (!a[highest]) --highest;
      EXPECT_EQ(maskLowest(x), lowest);
      EXPECT_EQ(maskHighest(x), highest);
      EXPECT_EQ(bitsOf(x & -x), Bits(1) << lowest);  // the lowest bit, as the templates take it
      EXPECT_EQ(bitsOf(x & (x - 1)), a & ~(Bits(1) << lowest));
    }
  }
}

TEST(Mask256, HalfTurnsReverseTheFramesSquares) {
  std::mt19937_64 rng(180);
  for (int trial = 0; trial < 1000; ++trial) {
    const Bits a = randomBits(rng);
    const int n = 1 + static_cast<int>(rng() % 256);
    Bits within = a, expected;
    for (int i = n; i < 256; ++i) within[i] = false;
    for (int i = 0; i < n; ++i) expected[n - 1 - i] = within[i];
    EXPECT_EQ(bitsOf(reversedSquares(maskOf(within), n)), expected) << n;
    if (n <= 128) {
      const WideMask wide = static_cast<WideMask>(maskOf(within).word(1)) << 64 | maskOf(within).word(0);
      const WideMask turned = reversedSquares(wide, n);
      EXPECT_EQ(bitsOf(Mask256(static_cast<uint64_t>(turned)) | Mask256(static_cast<uint64_t>(turned >> 64)) << 64), expected) << n;
    }
    if (n <= 64) {
      EXPECT_EQ(bitsOf(Mask256(reversedSquares(maskOf(within).word(0), n))), expected) << n;
    }
  }
}

}  // namespace
}  // namespace amazons
