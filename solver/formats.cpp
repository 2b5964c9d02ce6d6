#include "solver/formats.h"

#include <vector>

#include "solver/errors.h"

namespace amazons {

Board parseOneLine(std::string_view text, Color toMove) {
  std::vector<std::string_view> rows;
  size_t start = 0;
  for (size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == '|') {
      rows.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  }
  const int height = static_cast<int>(rows.size());
  const int width = static_cast<int>(rows[0].size());
  if (width < 1 || width > kMaxSide || height > kMaxSide)
    throw InputError("board must be 1x1 to 16x16, got " + std::to_string(width) + "x" + std::to_string(height), 1, 1);
  Board board(width, height);
  size_t column = 1;
  for (int r = 0; r < height; ++r) {
    if (static_cast<int>(rows[r].size()) != width)
      throw InputError("row " + std::to_string(r + 1) + " has " + std::to_string(rows[r].size()) +
                           " squares, the first row has " + std::to_string(width),
                       1, static_cast<int>(column));
    for (int f = 0; f < width; ++f, ++column) {
      Cell cell;
      switch (rows[r][f]) {
        case '.': cell = Cell::Empty; break;
        case '#': cell = Cell::Arrow; break;
        case 'x': case 'X': cell = Cell::Black; break;
        case 'o': case 'O': cell = Cell::White; break;
        default:
          throw InputError(std::string("unexpected character '") + rows[r][f] + "' (expected . # x o)", 1,
                           static_cast<int>(column));
      }
      board.set(board.square(f, height - 1 - r), cell);
    }
    ++column;  // the '|'
  }
  board.setSideToMove(toMove);
  return board;
}

std::string toOneLine(const Board& board) {
  std::string out;
  for (int r = board.height() - 1; r >= 0; --r) {
    for (int f = 0; f < board.width(); ++f) out += ".#xo"[static_cast<int>(board.at(f, r))];
    if (r > 0) out += '|';
  }
  return out;
}

}  // namespace amazons
