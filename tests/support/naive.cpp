#include "tests/support/naive.h"

#include "solver/amazons/formats.h"
#include "solver/amazons/minimax.h"
#include "solver/core/symmetry.h"

#include <algorithm>
#include <map>
#include <string>
#include <tuple>

namespace amazons::testing {

bool winsByTheOracle(Board board, Color mover, const Move& move) {
  board.setSideToMove(mover);
  if (!board.isLegal(move)) return false;
  board.play(move);
  return !*WholeBoardSearch().moverWins(board);
}

namespace {
constexpr int kDirections[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// Squares a queen at (f, r) reaches on `cells`, walking each ray until a non-empty square.
std::vector<int> rayTargets(const Board& b, const std::vector<Cell>& cells, int f, int r) {
  std::vector<int> out;
  for (const auto& d : kDirections) {
    for (int ff = f + d[0], rr = r + d[1]; b.onBoard(ff, rr); ff += d[0], rr += d[1]) {
      if (cells[b.square(ff, rr)] != Cell::Empty) break;
      out.push_back(b.square(ff, rr));
    }
  }
  return out;
}
}  // namespace

std::vector<Move> naiveMoves(const Board& board, Color c) {
  std::vector<Move> out;
  std::vector<Cell> cells(board.squares());
  for (int sq = 0; sq < board.squares(); ++sq) cells[sq] = board.at(sq);
  for (int from = 0; from < board.squares(); ++from) {
    if (cells[from] != amazonOf(c)) continue;
    cells[from] = Cell::Empty;
    for (int to : rayTargets(board, cells, board.fileOf(from), board.rankOf(from))) {
      cells[to] = amazonOf(c);
      for (int arrow : rayTargets(board, cells, board.fileOf(to), board.rankOf(to)))
        out.push_back({static_cast<uint8_t>(from), static_cast<uint8_t>(to), static_cast<uint8_t>(arrow)});
      cells[to] = Cell::Empty;
    }
    cells[from] = amazonOf(c);
  }
  std::sort(out.begin(), out.end(), [](const Move& a, const Move& b) {
    return std::tie(a.from, a.to, a.arrow) < std::tie(b.from, b.to, b.arrow);
  });
  return out;
}

std::vector<Board> symmetricImages(const Board& b) {
  std::vector<Board> out;
  for (int t = 0; t < 8; ++t) {
    const bool transpose = t & 4;
    Board img(transpose ? b.height() : b.width(), transpose ? b.width() : b.height());
    for (int r = 0; r < b.height(); ++r)
      for (int f = 0; f < b.width(); ++f) {
        int nf = (t & 1) ? b.width() - 1 - f : f, nr = (t & 2) ? b.height() - 1 - r : r;
        if (transpose) std::swap(nf, nr);
        img.set(img.square(nf, nr), b.at(f, r));
      }
    out.push_back(img);
  }
  return out;
}

namespace {
cgt::GameId naiveValue(const Board& region, std::map<std::string, cgt::GameId>& memo) {
  std::string key = std::to_string(region.width()) + "x" + std::to_string(region.height()) + ":";
  for (int sq = 0; sq < region.squares(); ++sq) key += static_cast<char>('0' + static_cast<int>(region.at(sq)));
  if (const auto it = memo.find(key); it != memo.end()) return it->second;
  std::vector<cgt::GameId> options[2];
  for (Color c : {Color::Black, Color::White})
    for (const Move& m : naiveMoves(region, c)) {
      Board next = region;
      next.set(m.from, Cell::Empty);
      next.set(m.to, amazonOf(c));
      next.set(m.arrow, Cell::Arrow);
      options[static_cast<int>(c)].push_back(naiveValue(next, memo));
    }
  const cgt::GameId value = cgt::make(options[0], options[1]);
  memo.emplace(key, value);
  return value;
}
}  // namespace

cgt::GameId naiveValue(const Board& region) {
  std::map<std::string, cgt::GameId> memo;
  return naiveValue(region, memo);
}

uint64_t naivePerft(Board& board, int depth) {
  if (depth == 0) return 1;
  uint64_t total = 0;
  for (const Move& m : naiveMoves(board, board.sideToMove())) {
    Board next = board;
    next.set(m.from, Cell::Empty);
    next.set(m.to, amazonOf(board.sideToMove()));
    next.set(m.arrow, Cell::Arrow);
    next.setSideToMove(opposite(board.sideToMove()));
    total += naivePerft(next, depth - 1);
  }
  return total;
}

Board pocketBoard(std::mt19937_64& rng, bool whitesPocket) {
  const char* pockets[] = {".##|#x.|.##", ".#.|#x#|#.#", "x#.|#.#|#.#", ".x#|##.|..#", ".#.|x#.|#.#", ".x#|##.|##."};
  const Board pocket = parseOneLine(pockets[rng() % std::size(pockets)]);
  const int right = std::uniform_int_distribution<int>(3, 4)(rng);
  Board board(4 + right, 3);
  for (int r = 0; r < 3; ++r) {
    for (int f = 0; f < 3; ++f) board.set(board.square(f, r), pocket.at(pocket.square(f, r)));
    board.set(board.square(3, r), Cell::Arrow);
  }
  board.set(board.square(3, static_cast<int>(rng() % 3)), Cell::Empty);  // the link
  std::vector<int> cells;
  for (int r = 0; r < 3; ++r)
    for (int f = 4; f < 4 + right; ++f) cells.push_back(board.square(f, r));
  std::shuffle(cells.begin(), cells.end(), rng);
  const int whites = 1 + static_cast<int>(rng() % 2), empty = std::uniform_int_distribution<int>(5, 7)(rng);
  for (size_t i = 0; i < cells.size(); ++i)
    board.set(cells[i], i < size_t(whites) ? Cell::White : i < size_t(whites + empty) ? Cell::Empty : Cell::Arrow);
  if (whitesPocket)
    for (int sq = 0; sq < board.squares(); ++sq)
      if (board.at(sq) == Cell::Black || board.at(sq) == Cell::White)
        board.set(sq, board.at(sq) == Cell::Black ? Cell::White : Cell::Black);
  return board;
}

Board randomBoard(std::mt19937_64& rng, int width, int height, int blacks, int whites, double arrowRate) {
  Board b(width, height);
  std::bernoulli_distribution arrow(arrowRate);
  std::vector<int> empties;
  for (int sq = 0; sq < b.squares(); ++sq) {
    if (arrow(rng)) b.set(sq, Cell::Arrow);
    else empties.push_back(sq);
  }
  std::shuffle(empties.begin(), empties.end(), rng);
  size_t next = 0;
  for (int i = 0; i < blacks && next < empties.size(); ++i) b.set(empties[next++], Cell::Black);
  for (int i = 0; i < whites && next < empties.size(); ++i) b.set(empties[next++], Cell::White);
  b.setSideToMove(std::bernoulli_distribution(0.5)(rng) ? Color::Black : Color::White);
  return b;
}

Board standardStart() {
  return parseOneLine(
      "...x..x...|..........|..........|x........x|..........|..........|o........o|..........|"
      "..........|...o..o...",
      Color::White);
}

std::vector<std::vector<int>> naiveParts(const Board& b) {
  std::vector<std::vector<int>> parts;
  std::vector<bool> seen(b.squares(), false);
  for (int start = 0; start < b.squares(); ++start) {
    if (seen[start] || b.at(start) == Cell::Arrow) continue;
    std::vector<int> part{start}, queue{start};
    seen[start] = true;
    while (!queue.empty()) {
      const int sq = queue.back();
      queue.pop_back();
      for (int df = -1; df <= 1; ++df)
        for (int dr = -1; dr <= 1; ++dr) {
          const int f = b.fileOf(sq) + df, r = b.rankOf(sq) + dr;
          if (!b.onBoard(f, r)) continue;
          const int n = b.square(f, r);
          if (seen[n] || b.at(n) == Cell::Arrow) continue;
          seen[n] = true;
          part.push_back(n);
          queue.push_back(n);
        }
    }
    std::sort(part.begin(), part.end());
    parts.push_back(part);
  }
  return parts;
}

std::string naiveCanonicalText(const Board& region) {
  int f0 = region.width(), f1 = -1, r0 = region.height(), r1 = -1;
  for (int r = 0; r < region.height(); ++r)
    for (int f = 0; f < region.width(); ++f)
      if (region.at(f, r) != Cell::Arrow) f0 = std::min(f0, f), f1 = std::max(f1, f), r0 = std::min(r0, r), r1 = std::max(r1, r);
  Board cropped(f1 - f0 + 1, r1 - r0 + 1);
  for (int r = r0; r <= r1; ++r)
    for (int f = f0; f <= f1; ++f) cropped.set(cropped.square(f - f0, r - r0), region.at(f, r));
  std::string best;
  for (const Board& image : symmetricImages(cropped)) {
    std::string text = std::to_string(image.width()) + "x" + std::to_string(image.height()) + ":";
    for (int sq = 0; sq < image.squares(); ++sq) text += static_cast<char>('0' + static_cast<int>(image.at(sq)));
    if (best.empty() || text < best) best = text;
  }
  return best;
}

std::set<std::string> naiveRegions(int boxWidth, int boxHeight, int maxEmpty, int maxAmazons) {
  std::set<std::string> out;
  const int n = boxWidth * boxHeight;
  Board box(boxWidth, boxHeight);
  for (uint32_t subset = 1; subset < (uint32_t{1} << n); ++subset) {
    std::vector<int> squares;
    for (int sq = 0; sq < n; ++sq)
      if (subset >> sq & 1) squares.push_back(sq);
    if (static_cast<int>(squares.size()) > maxEmpty + maxAmazons) continue;
    // 8-connected: a flood fill from the first square reaches all.
    std::vector<bool> seen(n, false);
    std::vector<int> todo{squares[0]};
    seen[squares[0]] = true;
    size_t reached = 0;
    while (!todo.empty()) {
      const int sq = todo.back();
      todo.pop_back();
      ++reached;
      for (const auto& d : kDirections) {
        const int f = box.fileOf(sq) + d[0], r = box.rankOf(sq) + d[1];
        if (!box.onBoard(f, r) || !(subset >> box.square(f, r) & 1) || seen[box.square(f, r)]) continue;
        seen[box.square(f, r)] = true;
        todo.push_back(box.square(f, r));
      }
    }
    if (reached != squares.size()) continue;
    // Each square empty, Black or White (base 3).
    uint64_t colourings = 1;
    for (size_t i = 0; i < squares.size(); ++i) colourings *= 3;
    for (uint64_t code = 0; code < colourings; ++code) {
      Board region(boxWidth, boxHeight);
      for (int sq = 0; sq < n; ++sq) region.set(sq, Cell::Arrow);
      int amazons = 0;
      uint64_t digits = code;
      for (int sq : squares) {
        const uint64_t digit = digits % 3;
        digits /= 3;
        region.set(sq, digit == 0 ? Cell::Empty : digit == 1 ? Cell::Black : Cell::White);
        amazons += digit != 0;
      }
      const int empty = static_cast<int>(squares.size()) - amazons;
      if (amazons >= 1 && amazons <= maxAmazons && empty >= 1 && empty <= maxEmpty) out.insert(naiveCanonicalText(region));
    }
  }
  return out;
}

Board colourMirroredBoard(std::mt19937_64& rng, int w, int h, int t) {
  const Board random = randomBoard(rng, w, h, 2, 2, 0.45);
  Board board(w, h);
  auto image = [&](int sq) {
    const auto [f, r] = core::symmetryImage(t, w, h, board.fileOf(sq), board.rankOf(sq));
    return board.square(f, r);
  };
  auto swapped = [](Cell c) { return c == Cell::Black ? Cell::White : c == Cell::White ? Cell::Black : c; };
  for (int sq = 0; sq < board.squares(); ++sq) {
    const int other = image(sq);
    if (other < sq) continue;
    const Cell c = random.at(sq);
    if (other == sq) {
      board.set(sq, c == Cell::Arrow ? Cell::Arrow : Cell::Empty);  // a square its own image holds no amazon
    } else {
      board.set(sq, c);
      board.set(other, swapped(c));
    }
  }
  return board;
}

}  // namespace amazons::testing
