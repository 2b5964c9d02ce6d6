#include "solver/core/fen.h"

#include <algorithm>
#include <vector>

#include "solver/core/errors.h"

namespace amazons::core {
namespace {

bool isBlank(char c) { return c == ' ' || c == '\t'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }

// A character for an error message: printable as is, anything else as \xNN.
std::string shown(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x20 && u < 0x7f) return std::string(1, c);
  static const char* hex = "0123456789abcdef";
  return std::string("\\x") + hex[u >> 4] + hex[u & 15];
}

std::string shown(std::string_view s) {
  std::string out;
  for (char c : s) out += shown(c);
  return out.size() > 40 ? out.substr(0, 37) + "..." : out;
}

struct Word {
  std::string_view text;
  int column;
};

std::vector<Word> words(std::string_view text, int column) {
  std::vector<Word> out;
  for (size_t i = 0; i < text.size();) {
    if (isBlank(text[i])) {
      ++i;
      continue;
    }
    const size_t start = i;
    while (i < text.size() && !isBlank(text[i])) ++i;
    out.push_back({text.substr(start, i - start), column + static_cast<int>(start)});
  }
  return out;
}

bool allDigits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!isDigit(c)) return false;
  return true;
}

// The board field into fen.squares, width and height.
void readBoard(const Word& field, int line, std::string_view pieces, bool walls, int maxSide, Fen& fen) {
  std::string expected = "a piece (";
  for (size_t i = 0; i < pieces.size(); ++i) expected += (i ? ", " : "") + std::string(1, pieces[i]);
  expected += std::string(")") + (walls ? ", '*'" : "") + ", a number of empty squares or '/'";
  const std::string_view t = field.text;
  int rank = 0, file = 0;  // rank from the top; squares so far in it
  auto ranksEnd = [&](size_t i) {
    const int column = field.column + static_cast<int>(i);
    if (file == 0) throw InputError("empty rank " + std::to_string(rank + 1) + " in the FEN's board", line, column);
    if (rank == 0) fen.width = file;
    else if (file < fen.width)
      throw InputError("rank " + std::to_string(rank + 1) + " of the FEN's board has " + std::to_string(file) + " squares, the first " +
                           std::to_string(fen.width),
                       line, column);
  };
  for (size_t i = 0; i <= t.size(); ++i) {
    const int column = field.column + static_cast<int>(i);
    if (i == t.size() || t[i] == '/') {
      ranksEnd(i);
      if (i == t.size()) break;
      if (++rank >= maxSide)
        throw InputError("the FEN's board has more than " + std::to_string(maxSide) + " ranks", line, column + 1);
      file = 0;
      continue;
    }
    int squares = 1;
    char square = t[i];
    if (isDigit(t[i])) {
      if (t[i] == '0') throw InputError("a run of empty squares is a number from 1, without leading zeros", line, column);
      squares = 0;
      const size_t start = i;
      while (i < t.size() && isDigit(t[i]) && squares <= maxSide) squares = squares * 10 + (t[i++] - '0');
      --i;
      if (squares > maxSide)
        throw InputError("a run of " + std::string(t.substr(start, i + 1 - start)) + " empty squares; a board has at most " +
                             std::to_string(maxSide) + " files",
                         line, field.column + static_cast<int>(start));
      square = '.';
    } else if (pieces.find(square) == std::string_view::npos && !(walls && square == '*')) {
      throw InputError("unexpected '" + shown(square) + "' in the FEN's board (expected " + expected + ")", line, column);
    }
    const int limit = rank == 0 ? maxSide : fen.width;
    if (file + squares > limit)
      throw InputError(rank == 0 ? "the FEN's board is more than " + std::to_string(maxSide) + " files wide"
                                 : "rank " + std::to_string(rank + 1) + " of the FEN's board has more squares than the first (" +
                                       std::to_string(fen.width) + ")",
                       line, column);
    file += squares;
    fen.squares.append(static_cast<size_t>(squares), square);
  }
  fen.height = rank + 1;
}

}  // namespace

bool looksLikeFen(std::string_view line) {
  const std::vector<Word> w = words(line, 1);
  if (w.empty() || line.find('|') != std::string_view::npos) return false;
  if (w.size() >= 2 && (w[1].text == "w" || w[1].text == "b")) return true;
  const auto fenCharacter = [](char c) { return isDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '*' || c == '/'; };
  return w[0].text.find('/') != std::string_view::npos && std::all_of(w[0].text.begin(), w[0].text.end(), fenCharacter);
}

Fen parseFen(std::string_view text, int line, int column, std::string_view pieces, bool walls, int maxSide) {
  const std::vector<Word> w = words(text, column);
  if (w.empty()) throw InputError("empty FEN", line, column);
  Fen fen;
  readBoard(w[0], line, pieces, walls, maxSide, fen);
  if (w.size() < 2) return fen;
  if (w[1].text != "w" && w[1].text != "b")
    throw InputError("expected the side to move, w or b, found '" + shown(w[1].text) + "'", line, w[1].column);
  fen.side = w[1].text[0];
  // Then up to two '-' (no castling, no en passant) and up to two numbers (the move counters).
  int dashes = 0, numbers = 0;
  for (size_t i = 2; i < w.size(); ++i) {
    const Word& f = w[i];
    if (f.text == "-" && dashes < 2 && numbers == 0) {
      ++dashes;
    } else if (allDigits(f.text) && f.text.size() <= 9 && numbers < 2) {
      ++numbers;
    } else {
      throw InputError(numbers == 2 ? "unexpected '" + shown(f.text) + "' after the FEN's full-move number"
                                    : "expected '-' (no castling, no en passant) or a move counter, found '" + shown(f.text) + "'",
                       line, f.column);
    }
  }
  return fen;
}

std::string writeFen(const Fen& fen, char side) {
  std::string out;
  for (int r = 0; r < fen.height; ++r) {
    if (r) out += '/';
    int empty = 0;
    for (int f = 0; f < fen.width; ++f) {
      const char c = fen.at(f, r);
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty);
      empty = 0;
      out += c;
    }
    if (empty) out += std::to_string(empty);
  }
  return out + " " + side + " - - 0 1";
}

}  // namespace amazons::core
