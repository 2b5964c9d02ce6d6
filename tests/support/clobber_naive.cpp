#include "tests/support/clobber_naive.h"

#include <map>

namespace amazons::testing {

std::vector<NaiveClobberMove> naiveClobberMoves(const Grid& grid, cgt::Side side) {
  const char me = side == cgt::Side::Left ? 'x' : 'o', them = side == cgt::Side::Left ? 'o' : 'x';
  const int height = static_cast<int>(grid.size());
  std::vector<NaiveClobberMove> out;
  for (int i = 0; i < height; ++i)
    for (int j = 0; j < static_cast<int>(grid[i].size()); ++j) {
      if (grid[i][j] != me) continue;
      const int steps[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
      for (const auto& [di, dj] : steps) {
        const int ti = i + di, tj = j + dj;
        if (ti < 0 || ti >= height || tj < 0 || tj >= static_cast<int>(grid[ti].size()) || grid[ti][tj] != them) continue;
        NaiveClobberMove m;
        auto square = [&](int row, int column) {
          std::string name(1, static_cast<char>('a' + column));
          name += std::to_string(height - row);
          return name;
        };
        m.text = square(i, j);
        m.text += square(ti, tj);
        m.after = grid;
        m.after[i][j] = '.';
        m.after[ti][tj] = me;
        out.push_back(m);
      }
    }
  return out;
}

bool naiveClobberMoverWins(const Grid& grid, cgt::Side mover) {
  static std::map<std::pair<Grid, cgt::Side>, bool> memo;
  const auto key = std::make_pair(grid, mover);
  if (const auto it = memo.find(key); it != memo.end()) return it->second;
  const cgt::Side next = mover == cgt::Side::Left ? cgt::Side::Right : cgt::Side::Left;
  bool wins = false;
  for (const NaiveClobberMove& m : naiveClobberMoves(grid, mover))
    if (!naiveClobberMoverWins(m.after, next)) {
      wins = true;
      break;
    }
  return memo[key] = wins;
}

cgt::GameId naiveClobberValue(const Grid& grid) {
  static std::map<Grid, cgt::GameId> memo;
  if (const auto it = memo.find(grid); it != memo.end()) return it->second;
  std::vector<cgt::GameId> left, right;
  for (const NaiveClobberMove& m : naiveClobberMoves(grid, cgt::Side::Left)) left.push_back(naiveClobberValue(m.after));
  for (const NaiveClobberMove& m : naiveClobberMoves(grid, cgt::Side::Right)) right.push_back(naiveClobberValue(m.after));
  return memo[grid] = cgt::make(left, right);
}

uint64_t naiveClobberPerft(const Grid& grid, cgt::Side mover, int depth) {
  if (depth == 0) return 1;
  uint64_t total = 0;
  for (const NaiveClobberMove& m : naiveClobberMoves(grid, mover))
    total += naiveClobberPerft(m.after, mover == cgt::Side::Left ? cgt::Side::Right : cgt::Side::Left, depth - 1);
  return total;
}

Grid randomClobberGrid(std::mt19937_64& rng, int width, int height, double emptyRate) {
  std::uniform_real_distribution<double> u(0, 1);
  Grid grid(height, std::string(width, '.'));
  for (std::string& row : grid)
    for (char& c : row)
      if (u(rng) >= emptyRate) c = u(rng) < 0.5 ? 'x' : 'o';
  return grid;
}

Grid clobberStart(int width, int height) {
  Grid grid(height, std::string(width, '.'));
  for (int i = 0; i < height; ++i)
    for (int j = 0; j < width; ++j) grid[i][j] = ((height - 1 - i) + j) % 2 == 0 ? 'x' : 'o';
  return grid;
}

std::string oneLine(const Grid& grid) {
  std::string out;
  for (const std::string& row : grid) {
    if (!out.empty()) out += '|';
    out += row;
  }
  return out;
}

}  // namespace amazons::testing
