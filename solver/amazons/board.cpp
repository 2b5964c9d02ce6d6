#include "solver/amazons/board.h"

#include <bit>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>

#include "solver/core/symmetry.h"

namespace amazons {

const char* colorName(Color c) { return c == Color::Black ? "Black" : "White"; }

namespace {

Geometry buildGeometry(int w, int h) {
  Geometry g{};
  g.width = w;
  g.height = h;
  const int diagonals = w + h - 1;
  const int rowBase = 0, colBase = h, diagBase = h + w, antiBase = h + w + diagonals;
  g.lineCount = antiBase + diagonals;
  for (int r = 0; r < h; ++r) g.lineLength[rowBase + r] = static_cast<uint8_t>(w);
  for (int f = 0; f < w; ++f) g.lineLength[colBase + f] = static_cast<uint8_t>(h);
  for (int r = 0; r < h; ++r) {
    for (int f = 0; f < w; ++f) {
      const int sq = r * w + f;
      const int d = f - r + (h - 1), a = f + r;
      g.rowLine[sq] = rowBase + r;
      g.rowPos[sq] = static_cast<uint8_t>(f);
      g.colLine[sq] = colBase + f;
      g.colPos[sq] = static_cast<uint8_t>(r);
      g.diagLine[sq] = diagBase + d;
      g.diagPos[sq] = static_cast<uint8_t>(std::min(f, r));
      g.antiLine[sq] = antiBase + a;
      g.antiPos[sq] = static_cast<uint8_t>(r - std::max(0, a - (w - 1)));
      ++g.lineLength[diagBase + d];
      ++g.lineLength[antiBase + a];
    }
  }
  return g;
}

// Distances to the first occupied square (or edge) forward and backward along a line mask,
// for the square at bit q = position + 1.
inline int forwardRun(uint32_t mask, int q) { return std::countr_zero(mask >> (q + 1)); }
inline int backwardRun(uint32_t mask, int q) {
  const uint32_t below = mask & ((1u << q) - 1);
  return q - 1 - (31 - std::countl_zero(below));
}

// The four lines through sq with their step on the board; used by every ray walk below.
template <typename Visit>
inline void forEachLine(const Geometry& g, int sq, const uint32_t* lines, Visit&& visit) {
  const int w = g.width;
  visit(lines[g.rowLine[sq]], g.rowPos[sq] + 1, 1);
  visit(lines[g.colLine[sq]], g.colPos[sq] + 1, w);
  visit(lines[g.diagLine[sq]], g.diagPos[sq] + 1, w + 1);
  visit(lines[g.antiLine[sq]], g.antiPos[sq] + 1, w - 1);
}

inline int reachCount(const Geometry& g, int sq, const uint32_t* lines) {
  int n = 0;
  forEachLine(g, sq, lines, [&](uint32_t mask, int q, int) { n += forwardRun(mask, q) + backwardRun(mask, q); });
  return n;
}

template <typename Emit>
inline void forEachTarget(const Geometry& g, int sq, const uint32_t* lines, Emit&& emit) {
  forEachLine(g, sq, lines, [&](uint32_t mask, int q, int step) {
    const int fwd = forwardRun(mask, q), back = backwardRun(mask, q);
    for (int i = 1, t = sq + step; i <= fwd; ++i, t += step) emit(t);
    for (int i = 1, t = sq - step; i <= back; ++i, t -= step) emit(t);
  });
}

inline void toggle(const Geometry& g, uint32_t* lines, int sq) {
  lines[g.rowLine[sq]] ^= 2u << g.rowPos[sq];
  lines[g.colLine[sq]] ^= 2u << g.colPos[sq];
  lines[g.diagLine[sq]] ^= 2u << g.diagPos[sq];
  lines[g.antiLine[sq]] ^= 2u << g.antiPos[sq];
}

}  // namespace

const Geometry& Geometry::of(int width, int height) {
  // Built on first use of each size: all 256 up front cost a fresh process about 5 ms of
  // page faults, more than a small analysis takes.
  struct Slot {
    std::once_flag built;
    std::unique_ptr<Geometry> geometry;
  };
  static std::array<Slot, kMaxSide * kMaxSide> slots;
  Slot& slot = slots[(width - 1) * kMaxSide + (height - 1)];
  std::call_once(slot.built, [&] { slot.geometry = std::make_unique<Geometry>(buildGeometry(width, height)); });
  return *slot.geometry;
}

Board::Board(int width, int height) {
  if (width < 1 || height < 1 || width > kMaxSide || height > kMaxSide)
    throw std::invalid_argument("board size " + std::to_string(width) + "x" + std::to_string(height) +
                                " is outside 1x1 .. 16x16");
  geo_ = &Geometry::of(width, height);
  for (int i = 0; i < geo_->lineCount; ++i) lines_[i] = 1u | (2u << geo_->lineLength[i]);
}

void Board::toggleLines(int sq) { toggle(*geo_, lines_.data(), sq); }

void Board::set(int sq, Cell cell) {
  if ((cells_[sq] == Cell::Empty) != (cell == Cell::Empty)) toggleLines(sq);
  cells_[sq] = cell;
}

std::vector<int> Board::amazons(Color c) const {
  std::vector<int> out;
  const Cell mine = amazonOf(c);
  for (int sq = 0; sq < squares(); ++sq)
    if (cells_[sq] == mine) out.push_back(sq);
  return out;
}

int Board::emptyCount() const {
  int n = 0;
  for (int sq = 0; sq < squares(); ++sq) n += cells_[sq] == Cell::Empty;
  return n;
}

void Board::play(const Move& m) {
  cells_[m.to] = cells_[m.from];
  cells_[m.from] = Cell::Empty;
  cells_[m.arrow] = Cell::Arrow;
  toggleLines(m.from);
  toggleLines(m.to);
  toggleLines(m.arrow);  // the arrow may land on m.from: the two toggles then cancel, as they must
  toMove_ = opposite(toMove_);
}

void Board::undo(const Move& m) {
  toMove_ = opposite(toMove_);
  toggleLines(m.arrow);
  toggleLines(m.to);
  toggleLines(m.from);
  cells_[m.arrow] = Cell::Empty;
  cells_[m.from] = cells_[m.to];
  cells_[m.to] = Cell::Empty;
}

bool Board::isLegal(const Move& m) const {
  const int n = squares();
  if (m.from >= n || m.to >= n || m.arrow >= n) return false;
  if (cells_[m.from] != amazonOf(toMove_)) return false;
  Board after = *this;
  after.set(m.from, Cell::Empty);
  bool toOk = false, arrowOk = false;
  forEachTarget(*geo_, m.from, after.lines_.data(), [&](int t) { toOk |= t == m.to; });
  if (!toOk) return false;
  forEachTarget(*geo_, m.to, after.lines_.data(), [&](int t) { arrowOk |= t == m.arrow; });
  return arrowOk;
}

std::vector<Move> Board::legalMoves(Color c) const {
  std::vector<Move> out;
  uint32_t lines[kMaxLines];
  std::copy(lines_.begin(), lines_.end(), lines);
  const Cell mine = amazonOf(c);
  for (int from = 0; from < squares(); ++from) {
    if (cells_[from] != mine) continue;
    toggle(*geo_, lines, from);
    forEachTarget(*geo_, from, lines, [&](int to) {
      forEachTarget(*geo_, to, lines, [&](int arrow) {
        out.push_back({static_cast<uint8_t>(from), static_cast<uint8_t>(to), static_cast<uint8_t>(arrow)});
      });
    });
    toggle(*geo_, lines, from);
  }
  return out;
}

uint64_t Board::countMoves(Color c) const {
  uint64_t total = 0;
  uint32_t lines[kMaxLines];
  std::copy(lines_.begin(), lines_.end(), lines);
  const Cell mine = amazonOf(c);
  for (int from = 0; from < squares(); ++from) {
    if (cells_[from] != mine) continue;
    toggle(*geo_, lines, from);
    forEachTarget(*geo_, from, lines, [&](int to) { total += reachCount(*geo_, to, lines); });
    toggle(*geo_, lines, from);
  }
  return total;
}

bool Board::hasMove(Color c) const {
  // A move exists iff some amazon has an empty neighbour: it steps there and shoots back.
  const Cell mine = amazonOf(c);
  for (int sq = 0; sq < squares(); ++sq)
    if (cells_[sq] == mine && reachCount(*geo_, sq, lines_.data()) > 0) return true;
  return false;
}

void Board::queenTargets(int sq, std::vector<int>& out) const {
  forEachTarget(*geo_, sq, lines_.data(), [&](int t) { out.push_back(t); });
}

int Board::queenTargetCount(int sq) const { return reachCount(*geo_, sq, lines_.data()); }

bool Board::operator==(const Board& other) const {
  if (geo_ != other.geo_ || toMove_ != other.toMove_) return false;
  for (int sq = 0; sq < squares(); ++sq)
    if (cells_[sq] != other.cells_[sq]) return false;
  return true;
}

namespace {
int mirroredSquare(const Board& board, int t, int sq) {
  const auto [f, r] = core::symmetryImage(t, board.width(), board.height(), board.fileOf(sq), board.rankOf(sq));
  return board.square(f, r);
}
Cell swapped(Cell c) { return c == Cell::Black ? Cell::White : c == Cell::White ? Cell::Black : c; }
}  // namespace

std::optional<int> colourMirror(const Board& board) {
  for (const int t : core::kSelfInverseSymmetries) {
    if (!core::keepsTheBoard(t, board.width(), board.height())) continue;
    bool image = true;
    for (int sq = 0; sq < board.squares() && image; ++sq) image = board.at(mirroredSquare(board, t, sq)) == swapped(board.at(sq));
    if (image) return t;
  }
  return std::nullopt;
}

Move mirroredMove(const Board& board, int t, const Move& m) {
  return {static_cast<uint8_t>(mirroredSquare(board, t, m.from)), static_cast<uint8_t>(mirroredSquare(board, t, m.to)),
          static_cast<uint8_t>(mirroredSquare(board, t, m.arrow))};
}

}  // namespace amazons
