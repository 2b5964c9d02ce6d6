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
  // Join every non-arrow square with its non-arrow neighbours. Amazons join each other too:
  // an amazon that moves leaves its square empty, next to the other.
  for (int r = 0; r < h; ++r) {
    for (int f = 0; f < w; ++f) {
      const int sq = board.square(f, r);
      if (board.at(sq) == Cell::Arrow) continue;
      // Half the neighbourhood suffices: each pair is met once from its lower square.
      static constexpr int kForward[4][2] = {{1, 0}, {-1, 1}, {0, 1}, {1, 1}};
      for (const auto& d : kForward) {
        if (!board.onBoard(f + d[0], r + d[1])) continue;
        const int n = board.square(f + d[0], r + d[1]);
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
  if (f0 == 0 && r0 == 0 && f1 == board.width() - 1 && r1 == board.height() - 1) return board;  // tight already
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

// Cells packed 2 bits each, rank-major in the symmetry's output frame; compared word by word.
using Packed = std::array<uint64_t, kMaxSquares / 32>;

Packed pack(const Board& board, const Symmetry& s) {
  Packed words{};
  const int ow = s.outWidth();
  for (int r = 0; r < board.height(); ++r)
    for (int f = 0; f < board.width(); ++f) {
      const auto [nf, nr] = s.map(f, r);
      const int index = nr * ow + nf;
      words[index / 32] |= static_cast<uint64_t>(board.at(f, r)) << (2 * (index % 32));
    }
  return words;
}

std::string keyOf(const Symmetry& s, const Packed& words, int squares) {
  std::string key(2 + (squares + 3) / 4, '\0');
  key[0] = static_cast<char>(s.outWidth());
  key[1] = static_cast<char>(s.outHeight());
  for (int i = 0; i < squares; ++i)
    key[2 + i / 4] = static_cast<char>(key[2 + i / 4] | (((words[i / 32] >> (2 * (i % 32))) & 3) << (2 * (i % 4))));
  return key;
}

// The symmetry giving the least (width, height, packed cells); ties keep the lower index.
Symmetry bestSymmetry(const Board& board) {
  Symmetry best{0, board.width(), board.height()};
  Packed bestWords = pack(board, best);
  const int words = (board.squares() + 31) / 32;
  for (int t = 1; t < 8; ++t) {
    const Symmetry s{t, board.width(), board.height()};
    if (s.outWidth() > best.outWidth()) continue;
    const Packed p = pack(board, s);
    bool less = s.outWidth() < best.outWidth();
    for (int i = words - 1; !less && i >= 0; --i) {
      if (p[i] != bestWords[i]) {
        less = p[i] < bestWords[i];
        break;
      }
    }
    if (less) {
      best = s;
      bestWords = p;
    }
  }
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

NormalisedRegion normalise(const Board& region) {
  const Board content = cropToContent(region);
  const Symmetry s = bestSymmetry(content);
  NormalisedRegion out{Board(s.outWidth(), s.outHeight()), keyOf(s, pack(content, s), content.squares())};
  for (int r = 0; r < content.height(); ++r)
    for (int f = 0; f < content.width(); ++f) {
      const auto [nf, nr] = s.map(f, r);
      out.board.set(out.board.square(nf, nr), content.at(f, r));
    }
  out.board.setSideToMove(region.sideToMove());
  return out;
}

std::string regionKey(const Board& region) {
  const Board content = cropToContent(region);
  const Symmetry s = bestSymmetry(content);
  return keyOf(s, pack(content, s), content.squares());
}

Board normalisedRegion(const Board& region) { return normalise(region).board; }

}  // namespace amazons
