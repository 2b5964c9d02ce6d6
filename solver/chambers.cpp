#include "solver/chambers.h"

#include <algorithm>
#include <array>
#include <numeric>

namespace amazons {

const char* chamberClassName(ChamberClass c) {
  switch (c) {
    case ChamberClass::Dead: return "dead";
    case ChamberClass::BlackOnly: return "black";
    case ChamberClass::WhiteOnly: return "white";
    case ChamberClass::Contested: return "contested";
    case ChamberClass::Closed: return "closed";
  }
  return "?";
}

char chamberLabel(size_t index) {
  static constexpr char kLabels[] = "ABCDEFGHIJKLMNPQRSTUVWYZabcdefghijklmnpqrstuvwyz0123456789";
  return index < sizeof(kLabels) - 1 ? kLabels[index] : '?';
}

namespace {

int findRoot(std::array<int, kMaxSquares>& parent, int x) {
  while (parent[x] != x) x = parent[x] = parent[parent[x]];
  return x;
}

}  // namespace

std::vector<Chamber> findChambers(const Board& board) {
  std::array<int, kMaxSquares> parent;
  std::iota(parent.begin(), parent.end(), 0);
  const int w = board.width(), h = board.height();
  // Join each empty square with its empty or amazon neighbours; amazons never join each other
  // directly, since an amazon cannot move through another.
  for (int r = 0; r < h; ++r) {
    for (int f = 0; f < w; ++f) {
      const int sq = board.square(f, r);
      if (board.at(sq) != Cell::Empty) continue;
      for (int dr = -1; dr <= 1; ++dr)
        for (int df = -1; df <= 1; ++df) {
          if ((dr == 0 && df == 0) || !board.onBoard(f + df, r + dr)) continue;
          const int n = board.square(f + df, r + dr);
          if (board.at(n) == Cell::Arrow) continue;
          const int a = findRoot(parent, sq), b = findRoot(parent, n);
          if (a != b) parent[std::max(a, b)] = std::min(a, b);
        }
    }
  }
  std::vector<Chamber> chambers;
  std::array<int, kMaxSquares> indexOfRoot;
  indexOfRoot.fill(-1);
  for (int sq = 0; sq < board.squares(); ++sq) {
    const Cell cell = board.at(sq);
    if (cell == Cell::Arrow) continue;
    const int root = findRoot(parent, sq);
    if (indexOfRoot[root] < 0) {
      indexOfRoot[root] = static_cast<int>(chambers.size());
      chambers.emplace_back();
    }
    Chamber& c = chambers[indexOfRoot[root]];
    c.squares.push_back(sq);
    c.empty += cell == Cell::Empty;
    c.blackAmazons += cell == Cell::Black;
    c.whiteAmazons += cell == Cell::White;
  }
  for (Chamber& c : chambers) {
    if (c.empty == 0) c.kind = ChamberClass::Closed;
    else if (c.blackAmazons && c.whiteAmazons) c.kind = ChamberClass::Contested;
    else if (c.blackAmazons) c.kind = ChamberClass::BlackOnly;
    else if (c.whiteAmazons) c.kind = ChamberClass::WhiteOnly;
    else c.kind = ChamberClass::Dead;
  }
  return chambers;
}

namespace {

// Copy of the rectangle [f0, f1] x [r0, r1] of `board`, with only squares for which keep()
// holds copied (the rest arrows).
template <typename Keep>
Board crop(const Board& board, int f0, int f1, int r0, int r1, Keep&& keep) {
  Board out(f1 - f0 + 1, r1 - r0 + 1);
  for (int r = r0; r <= r1; ++r)
    for (int f = f0; f <= f1; ++f) {
      const int sq = board.square(f, r);
      out.set(out.square(f - f0, r - r0), keep(sq) ? board.at(sq) : Cell::Arrow);
    }
  out.setSideToMove(board.sideToMove());
  return out;
}

// Crop away border ranks and files that hold arrows only (an all-arrow region stays 1x1).
Board cropToContent(const Board& board) {
  int f0 = board.width(), f1 = -1, r0 = board.height(), r1 = -1;
  for (int sq = 0; sq < board.squares(); ++sq) {
    if (board.at(sq) == Cell::Arrow) continue;
    f0 = std::min(f0, board.fileOf(sq));
    f1 = std::max(f1, board.fileOf(sq));
    r0 = std::min(r0, board.rankOf(sq));
    r1 = std::max(r1, board.rankOf(sq));
  }
  if (f1 < 0) return crop(board, 0, 0, 0, 0, [](int) { return true; });
  return crop(board, f0, f1, r0, r1, [](int) { return true; });
}

// Symmetry t (0..7) maps (f, r) on a w x h board to a new board: bit 0 mirrors files, bit 1
// mirrors ranks, bit 2 transposes (applied last).
struct Symmetry {
  int t, w, h;
  int outWidth() const { return (t & 4) ? h : w; }
  int outHeight() const { return (t & 4) ? w : h; }
  std::pair<int, int> map(int f, int r) const {
    if (t & 1) f = w - 1 - f;
    if (t & 2) r = h - 1 - r;
    if (t & 4) std::swap(f, r);
    return {f, r};
  }
};

std::string encode(const Board& board, const Symmetry& s) {
  const int ow = s.outWidth(), oh = s.outHeight();
  std::string key(2 + (ow * oh + 3) / 4, '\0');
  key[0] = static_cast<char>(ow);
  key[1] = static_cast<char>(oh);
  for (int r = 0; r < board.height(); ++r)
    for (int f = 0; f < board.width(); ++f) {
      const auto [nf, nr] = s.map(f, r);
      const int index = nr * ow + nf;
      key[2 + index / 4] = static_cast<char>(key[2 + index / 4] | (static_cast<int>(board.at(f, r)) << (2 * (index % 4))));
    }
  return key;
}

int bestSymmetry(const Board& board, std::string* bestKey) {
  int best = 0;
  std::string bestSoFar;
  for (int t = 0; t < 8; ++t) {
    std::string key = encode(board, {t, board.width(), board.height()});
    if (t == 0 || key < bestSoFar) {
      bestSoFar = std::move(key);
      best = t;
    }
  }
  if (bestKey) *bestKey = std::move(bestSoFar);
  return best;
}

}  // namespace

Board extractRegion(const Board& board, const Chamber& chamber) {
  int f0 = board.width(), f1 = -1, r0 = board.height(), r1 = -1;
  for (int sq : chamber.squares) {
    f0 = std::min(f0, board.fileOf(sq));
    f1 = std::max(f1, board.fileOf(sq));
    r0 = std::min(r0, board.rankOf(sq));
    r1 = std::max(r1, board.rankOf(sq));
  }
  std::array<bool, kMaxSquares> member{};
  for (int sq : chamber.squares) member[sq] = true;
  return crop(board, f0, f1, r0, r1, [&](int sq) { return member[sq]; });
}

std::string regionKey(const Board& region) {
  std::string key;
  bestSymmetry(cropToContent(region), &key);
  return key;
}

Board normalisedRegion(const Board& region) {
  const Board content = cropToContent(region);
  const Symmetry s{bestSymmetry(content, nullptr), content.width(), content.height()};
  Board out(s.outWidth(), s.outHeight());
  for (int r = 0; r < content.height(); ++r)
    for (int f = 0; f < content.width(); ++f) {
      const auto [nf, nr] = s.map(f, r);
      out.set(out.square(nf, nr), content.at(f, r));
    }
  out.setSideToMove(region.sideToMove());
  return out;
}

}  // namespace amazons
