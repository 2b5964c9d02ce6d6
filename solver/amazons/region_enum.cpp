#include "solver/amazons/region_enum.h"

#include <algorithm>
#include <array>
#include <bit>
#include <stdexcept>
#include <vector>

namespace amazons {

namespace {

// Redelmeier's enumeration of fixed shapes of at most `maxSize` squares whose box is at most
// `width` x `height`. The first square (lowest rank, then lowest file) is the origin; squares
// before it in that order are never used, so each fixed shape is met once, from its origin.
// Grid: ranks 0..height-1, files -(width-1)..width-1 around the origin.
class ShapeEnumerator {
 public:
  ShapeEnumerator(int width, int height, int maxSize, const std::function<void(const SmallRegion&)>& visitShape)
      : width_(width), height_(height), gridWidth_(2 * width - 1), maxSize_(maxSize), visit_(visitShape),
        marked_(static_cast<size_t>(gridWidth_ * height), false) {}

  void run() {
    const int origin = width_ - 1;  // rank 0, file 0
    marked_[origin] = true;
    std::vector<int> untried{origin};
    grow(untried);
  }

 private:
  int fileOf(int cell) const { return cell % gridWidth_ - (width_ - 1); }
  int rankOf(int cell) const { return cell / gridWidth_; }
  // Squares after the origin: above rank 0, or on it at file 0 or right of it.
  bool allowed(int file, int rank) const {
    return rank >= 0 && rank < height_ && file > -width_ && file < width_ && (rank > 0 || file >= 0);
  }

  void grow(std::vector<int>& untried) {
    while (!untried.empty()) {
      const int cell = untried.back();
      untried.pop_back();
      const int f = fileOf(cell), r = rankOf(cell);
      const int f0 = std::min(f0_, f), f1 = std::max(f1_, f), r1 = std::max(r1_, r);
      if (f1 - f0 >= width_ || r1 >= height_) continue;  // no shape with this square fits
      const std::array<int, 3> saved{f0_, f1_, r1_};
      f0_ = f0, f1_ = f1, r1_ = r1;
      cells_.push_back(cell);
      emit();
      if (static_cast<int>(cells_.size()) < maxSize_) {
        std::vector<int> next = untried;
        const size_t firstNew = next.size();
        for (int df = -1; df <= 1; ++df)
          for (int dr = -1; dr <= 1; ++dr) {
            if (!allowed(f + df, r + dr)) continue;
            const int n = (r + dr) * gridWidth_ + (f + df + width_ - 1);
            if (marked_[n]) continue;
            marked_[n] = true;
            next.push_back(n);
          }
        const std::vector<int> added(next.begin() + static_cast<std::ptrdiff_t>(firstNew), next.end());
        grow(next);
        for (int n : added) marked_[n] = false;
      }
      cells_.pop_back();
      f0_ = saved[0], f1_ = saved[1], r1_ = saved[2];
    }
  }

  void emit() {
    SmallRegion shape;
    shape.width = static_cast<uint32_t>(f1_ - f0_ + 1);
    shape.height = static_cast<uint32_t>(r1_ + 1);
    for (int cell : cells_) shape.empty |= uint64_t{1} << (rankOf(cell) * static_cast<int>(shape.width) + fileOf(cell) - f0_);
    visit_(shape);
  }

  int width_, height_, gridWidth_, maxSize_;
  const std::function<void(const SmallRegion&)>& visit_;
  std::vector<bool> marked_;
  std::vector<int> cells_;
  int f0_ = 0, f1_ = 0, r1_ = 0;  // the box of cells_ (rank 0 is the origin's)
};

// The k-bit subsets of n bits, in increasing order (Gosper's hack).
template <typename Visit>
void forEachSubset(int n, int k, Visit&& visit) {
  if (k == 0) {
    visit(uint64_t{0});
    return;
  }
  const uint64_t end = n == 64 ? 0 : uint64_t{1} << n;
  for (uint64_t s = (uint64_t{1} << k) - 1; s < end || (n == 64 && s != 0);) {
    visit(s);
    const uint64_t low = s & -s, ripple = s + low;
    if (ripple == 0) break;
    s = (((ripple ^ s) >> 2) / low) | ripple;
  }
}

}  // namespace

void forEachRegion(const RegionLimits& limits, const std::function<void(const SmallRegion&)>& visit) {
  if (limits.maxEmpty < 1 || limits.maxAmazons < 1 || limits.boxWidth < 1 || limits.boxHeight < 1 ||
      limits.boxWidth * limits.boxHeight > kSmallSquares)
    throw std::invalid_argument("region limits out of range");
  // normalisedChamber writes a region in its least width: enumerate shapes that way round.
  const int width = std::min(limits.boxWidth, limits.boxHeight), height = std::max(limits.boxWidth, limits.boxHeight);
  std::vector<SmallRegion> placed;
  const std::function<void(const SmallRegion&)> visitShape = [&](const SmallRegion& shape) {
    const int size = std::popcount(shape.empty);
    if (size < 2 || normalisedChamber(shape, shape.empty) != shape) return;
    std::array<int, 64> squares{};  // the shape's squares, by index
    int k = 0;
    for (uint64_t m = shape.empty; m; m &= m - 1) squares[k++] = std::countr_zero(m);
    placed.clear();
    for (int amazons = std::max(1, size - limits.maxEmpty); amazons <= std::min(limits.maxAmazons, size - 1); ++amazons)
      forEachSubset(size, amazons, [&](uint64_t chosen) {
        for (uint64_t colours = 0; colours < (uint64_t{1} << amazons); ++colours) {  // bit i set: the i-th chosen is White
          SmallRegion region = shape;
          int i = 0;
          for (uint64_t c = chosen; c; c &= c - 1, ++i) {
            const uint64_t bit = uint64_t{1} << squares[std::countr_zero(c)];
            region.empty &= ~bit;
            ((colours >> i) & 1 ? region.white : region.black) |= bit;
          }
          placed.push_back(normalisedChamber(region, shape.empty));
        }
      });
    std::sort(placed.begin(), placed.end(), [](const SmallRegion& a, const SmallRegion& b) {
      return std::tie(a.empty, a.black, a.white) < std::tie(b.empty, b.black, b.white);
    });
    placed.erase(std::unique(placed.begin(), placed.end()), placed.end());
    for (const SmallRegion& region : placed) visit(region);
  };
  ShapeEnumerator(width, height, limits.maxEmpty + limits.maxAmazons, visitShape).run();
}

}  // namespace amazons
