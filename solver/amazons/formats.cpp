#include "solver/amazons/formats.h"

#include <cctype>
#include <iostream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <utility>
#include <vector>

#include "solver/amazons/notation.h"
#include "solver/core/errors.h"
#include "solver/core/fen.h"
#include "solver/core/input.h"

namespace amazons {
namespace {

// One line of input with surrounding whitespace removed; column is where text[0] was (1-based).
struct Line {
  int number;
  std::string_view text;
  int column;
};

// One board row: each square's symbol and column, and the column just after the last square.
struct Row {
  int line;
  std::vector<std::pair<char, int>> squares;
  int endColumn;
};

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }

std::string lower(std::string_view s) {
  std::string out;
  for (char c : s) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

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
  if (out.size() > 40) out = out.substr(0, 37) + "...";
  return out;
}

bool allDigits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!isDigit(c)) return false;
  return true;
}

bool hasDigit(std::string_view s) {
  for (char c : s)
    if (isDigit(c)) return true;
  return false;
}

std::optional<Color> sideWord(std::string_view s) {
  const std::string l = lower(s);
  if (l == "w" || l == "white") return Color::White;
  if (l == "b" || l == "black") return Color::Black;
  return std::nullopt;
}

bool isComment(std::string_view trimmed) {
  return trimmed == "#" || (trimmed.size() >= 2 && trimmed[0] == '#' && isSpace(trimmed[1]));
}

// The lines of the position: leading blank and comment lines skipped, trailing blank lines
// dropped; a blank line in between is an error. Never empty (an empty text is an error).
std::vector<Line> contentLines(std::string_view text) {
  std::vector<Line> all;
  int number = 0;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view raw = text.substr(start, end - start);
    ++number;
    size_t a = 0, b = raw.size();
    while (a < b && isSpace(raw[a])) ++a;
    while (b > a && isSpace(raw[b - 1])) --b;
    all.push_back({number, raw.substr(a, b - a), static_cast<int>(a) + 1});
    start = end + 1;
  }
  size_t first = 0;
  while (first < all.size() && (all[first].text.empty() || isComment(all[first].text))) ++first;
  size_t last = all.size();
  while (last > first && all[last - 1].text.empty()) --last;
  if (first == last) throw InputError("no position found (the input is empty)", number + 1, 1);
  for (size_t i = first; i < last; ++i)
    if (all[i].text.empty()) throw InputError("blank line inside the position", all[i].number, 1);
  return {all.begin() + static_cast<std::ptrdiff_t>(first), all.begin() + static_cast<std::ptrdiff_t>(last)};
}

// Where an error after the last line goes.
int lineAfter(const std::vector<Line>& lines) { return lines.back().number + 1; }

Row charRow(const Line& line) {
  Row row{line.number, {}, line.column + static_cast<int>(line.text.size())};
  for (size_t i = 0; i < line.text.size(); ++i) row.squares.emplace_back(line.text[i], line.column + static_cast<int>(i));
  return row;
}

using CellOf = std::optional<Cell> (*)(char);

std::optional<Cell> gridCell(char c) {
  switch (c) {
    case '.': return Cell::Empty;
    case 'w': case 'W': return Cell::White;
    case 'b': case 'B': return Cell::Black;
    case '-': case '#': return Cell::Arrow;
    default: return std::nullopt;
  }
}
std::optional<Cell> dumpCell(char c) {
  switch (c) {
    case '-': return Cell::Empty;
    case 'w': case 'W': return Cell::White;
    case 'b': case 'B': return Cell::Black;
    case 's': case 'S': return Cell::Arrow;
    default: return std::nullopt;
  }
}
std::optional<Cell> oneLineCell(char c) {
  switch (c) {
    case '.': return Cell::Empty;
    case 'o': case 'O': return Cell::White;
    case 'x': case 'X': return Cell::Black;
    case '#': return Cell::Arrow;
    default: return std::nullopt;
  }
}

bool onlyGridChars(std::string_view s) {
  for (char c : s)
    if (!gridCell(c)) return false;
  return !s.empty();
}

// The board from its rows, top rank first. expectedWidth (CodinGame size line) or the first
// row's width fixes the width.
Board buildBoard(const std::vector<Row>& rows, CellOf cellOf, const char* symbols, int expectedWidth = 0) {
  const int width = expectedWidth > 0 ? expectedWidth : static_cast<int>(rows[0].squares.size());
  const std::string widthWhy = expectedWidth > 0 ? "the size line says " + std::to_string(expectedWidth)
                                                 : "the first row has " + std::to_string(width);
  if (width == 0) throw InputError("empty board row", rows[0].line, rows[0].endColumn);
  if (width > kMaxSide)
    throw InputError("board is " + std::to_string(width) + " squares wide; at most " + std::to_string(kMaxSide) +
                         " are supported",
                     rows[0].line, rows[0].squares[kMaxSide].second);
  if (rows.size() > static_cast<size_t>(kMaxSide)) {
    const Row& r = rows[kMaxSide];
    throw InputError("board has more than " + std::to_string(kMaxSide) + " rows",
                     r.line, r.squares.empty() ? r.endColumn : r.squares[0].second);
  }
  const int height = static_cast<int>(rows.size());
  Board board(width, height);
  for (int r = 0; r < height; ++r) {
    const Row& row = rows[r];
    for (size_t f = 0; f < row.squares.size(); ++f) {
      const auto [c, col] = row.squares[f];
      if (static_cast<int>(f) >= width)
        throw InputError("row has " + std::to_string(row.squares.size()) + " squares, but " + widthWhy, row.line, col);
      const std::optional<Cell> cell = cellOf(c);
      if (!cell)
        throw InputError("unexpected character '" + shown(c) + "' (expected " + symbols + ")", row.line, col);
      board.set(board.square(static_cast<int>(f), height - 1 - r), *cell);
    }
    if (static_cast<int>(row.squares.size()) < width)
      throw InputError((row.squares.empty() ? std::string("empty row") : "row has only " + std::to_string(row.squares.size()) + " squares") +
                           ", but " + widthWhy,
                       row.line, row.endColumn);
  }
  return board;
}

const char* const kGridSymbols = ". w b - #";
const char* const kDumpSymbols = "- W B S";
const char* const kOneLineSymbols = ". x o # |";

Board oneLineAt(const Line& line) {
  std::vector<Row> rows;
  Row row{line.number, {}, line.column};
  for (size_t i = 0; i <= line.text.size(); ++i) {
    const int col = line.column + static_cast<int>(i);
    if (i == line.text.size() || line.text[i] == '|') {
      row.endColumn = col;
      if (row.squares.empty())
        throw InputError(i == line.text.size() && rows.empty() ? "empty board" : "empty row", line.number, col);
      rows.push_back(std::move(row));
      row = Row{line.number, {}, col + 1};
    } else {
      row.squares.emplace_back(line.text[i], col);
    }
  }
  return buildBoard(rows, oneLineCell, kOneLineSymbols);
}

// ---- the readers ----

ParsedPosition readGrid(const std::vector<Line>& lines) {
  size_t idx = 0;
  Color side = Color::White;
  bool sideGiven = false;
  if (auto c = sideWord(lines[0].text)) {
    if (lines.size() >= 2) {
      side = *c;
      sideGiven = true;
      idx = 1;
    } else if (lines[0].text.size() > 1) {
      throw InputError("no board rows after the side line", lineAfter(lines), 1);
    }
  }
  std::vector<Row> rows;
  for (size_t i = idx; i < lines.size(); ++i) rows.push_back(charRow(lines[i]));
  Board board = buildBoard(rows, gridCell, kGridSymbols);
  board.setSideToMove(side);
  return ParsedPosition{std::move(board), Format::Grid, sideGiven, std::nullopt, std::nullopt};
}

ParsedPosition readCodinGame(const std::vector<Line>& lines) {
  size_t idx = 0;
  int size = 0;
  if (allDigits(lines[0].text)) {
    const std::string_view t = lines[0].text;
    size = t.size() > 3 ? 1000 : std::stoi(std::string(t));
    if (size < 1 || size > kMaxSide)
      throw InputError("board size must be 1 to " + std::to_string(kMaxSide) + ", got " + shown(t), lines[0].number,
                       lines[0].column);
    idx = 1;
  }
  if (idx >= lines.size()) throw InputError("expected the colour line (w or b) after the size line", lineAfter(lines), 1);
  const Line& colourLine = lines[idx];
  const std::optional<Color> side = sideWord(colourLine.text);
  if (!side)
    throw InputError("expected the colour line: w or b (or white/black), found '" + shown(colourLine.text) + "'",
                     colourLine.number, colourLine.column);
  ++idx;
  std::vector<Row> rows;
  auto isRowLine = [](const Line& l) { return !hasDigit(l.text) && lower(l.text) != "null"; };
  while (idx < lines.size() && isRowLine(lines[idx]) && (size == 0 || static_cast<int>(rows.size()) < size))
    rows.push_back(charRow(lines[idx++]));
  if (size > 0 && static_cast<int>(rows.size()) < size) {
    const int line = idx < lines.size() ? lines[idx].number : lineAfter(lines);
    throw InputError("expected " + std::to_string(size) + " board rows (the size line says " + std::to_string(size) +
                         "), found " + std::to_string(rows.size()),
                     line, 1);
  }
  if (rows.empty())
    throw InputError("expected the board rows after the colour line", idx < lines.size() ? lines[idx].number : lineAfter(lines), 1);
  if (size > 0 && idx < lines.size() && onlyGridChars(lines[idx].text) && lower(lines[idx].text) != "null")
    throw InputError("more than " + std::to_string(size) + " board rows (the size line says " + std::to_string(size) + ")",
                     lines[idx].number, lines[idx].column);
  Board board = buildBoard(rows, gridCell, kGridSymbols, size);
  board.setSideToMove(*side);
  ParsedPosition out{std::move(board), Format::CodinGame, true, std::nullopt, std::nullopt};
  if (idx < lines.size() && !allDigits(lines[idx].text)) {
    const Line& l = lines[idx++];
    if (lower(l.text) != "null") {
      try {
        (void)parseMove(out.board, l.text);
      } catch (const InputError& e) {
        throw InputError(std::string("bad last action: ") + e.what(), l.number, l.column - 1 + e.column());
      }
    }
    out.lastAction = std::string(l.text);
  }
  if (idx < lines.size()) {
    const Line& l = lines[idx++];
    if (!allDigits(l.text))
      throw InputError("expected the action count (a number), found '" + shown(l.text) + "'", l.number, l.column);
    if (l.text.size() > 19) throw InputError("action count too large", l.number, l.column);
    const uint64_t declared = std::stoull(std::string(l.text));
    const uint64_t actual = out.board.countMoves();
    if (declared != actual)
      throw InputError("action count " + std::to_string(declared) + " does not match the " + std::to_string(actual) +
                           " legal actions of " + colorName(*side) + " in this position",
                       l.number, l.column);
    out.actionCount = declared;
  }
  if (idx < lines.size())
    throw InputError("unexpected line after the action count", lines[idx].number, lines[idx].column);
  return out;
}

ParsedPosition readDump(const std::vector<Line>& lines) {
  size_t idx = 0;
  Color side = Color::White;
  bool sideGiven = false;
  if (auto c = sideWord(lines[0].text); c && lines.size() >= 2) {
    side = *c;
    sideGiven = true;
    idx = 1;
  }
  if (lines[idx].text != "===")
    throw InputError("expected '===' to open the CS61B board, found '" + shown(lines[idx].text) + "'", lines[idx].number,
                     lines[idx].column);
  ++idx;
  std::vector<Row> rows;
  while (idx < lines.size() && lines[idx].text != "===") {
    const Line& l = lines[idx++];
    Row row{l.number, {}, l.column + static_cast<int>(l.text.size())};
    for (size_t i = 0; i < l.text.size();) {
      if (isSpace(l.text[i])) {
        ++i;
        continue;
      }
      if (i + 1 < l.text.size() && !isSpace(l.text[i + 1]))
        throw InputError("expected one symbol per square, separated by spaces", l.number,
                         l.column + static_cast<int>(i) + 1);
      row.squares.emplace_back(l.text[i], l.column + static_cast<int>(i));
      ++i;
    }
    rows.push_back(std::move(row));
  }
  if (idx >= lines.size()) throw InputError("missing the closing '===' of the CS61B board", lineAfter(lines), 1);
  if (rows.empty()) throw InputError("no board rows between the '===' lines", lines[idx].number, lines[idx].column);
  ++idx;
  if (idx < lines.size())
    throw InputError("unexpected text after the closing '==='", lines[idx].number, lines[idx].column);
  Board board = buildBoard(rows, dumpCell, kDumpSymbols);
  board.setSideToMove(side);
  return ParsedPosition{std::move(board), Format::Dump, sideGiven, std::nullopt, std::nullopt};
}

ParsedPosition readOneLine(const std::vector<Line>& lines) {
  size_t idx = 0;
  Color side = Color::White;
  bool sideGiven = false;
  if (auto c = sideWord(lines[0].text); c && lines.size() >= 2) {
    side = *c;
    sideGiven = true;
    idx = 1;
  }
  if (lines.size() - idx > 1)
    throw InputError("the one-line format is a single line; unexpected further line", lines[idx + 1].number,
                     lines[idx + 1].column);
  Board board = oneLineAt(lines[idx]);
  board.setSideToMove(side);
  return ParsedPosition{std::move(board), Format::OneLine, sideGiven, std::nullopt, std::nullopt};
}

// Fairy-Stockfish's letters: Q White, q Black; '*' an arrow.
ParsedPosition readFen(const std::vector<Line>& lines) {
  if (lines.size() > 1)
    throw InputError("a FEN is a single line; unexpected further line", lines[1].number, lines[1].column);
  const core::Fen fen = core::parseFen(lines[0].text, lines[0].number, lines[0].column, "Qq", true, kMaxSide);
  Board board(fen.width, fen.height);
  for (int r = 0; r < fen.height; ++r)
    for (int f = 0; f < fen.width; ++f) {
      const char c = fen.at(f, r);
      board.set(board.square(f, fen.height - 1 - r), c == 'Q' ? Cell::White : c == 'q' ? Cell::Black : c == '*' ? Cell::Arrow : Cell::Empty);
    }
  board.setSideToMove(fen.side == 'b' ? Color::Black : Color::White);
  return ParsedPosition{std::move(board), Format::Fen, fen.side.has_value(), std::nullopt, std::nullopt};
}

Format detect(const std::vector<Line>& lines) {
  if (lines.size() == 1 && core::looksLikeFen(lines[0].text)) return Format::Fen;
  const bool firstIsSide = sideWord(lines[0].text).has_value() && lines.size() >= 2;
  if (lines[0].text == "===" || (firstIsSide && lines[1].text == "===")) return Format::Dump;
  const size_t rest = lines.size() - (firstIsSide ? 1 : 0);
  if (rest == 1) {
    const std::string_view t = lines.back().text;
    bool oneLineChars = true;
    for (char c : t) oneLineChars &= oneLineCell(c).has_value();
    if (t.find('|') != std::string_view::npos || oneLineChars) return Format::OneLine;
  }
  if (allDigits(lines[0].text)) return Format::CodinGame;
  if (firstIsSide) {
    const std::string_view last = lines.back().text;
    if (hasDigit(last) || lower(last) == "null") return Format::CodinGame;
  }
  return Format::Grid;
}

}  // namespace

ParsedPosition parsePosition(std::string_view text, Format format) {
  const std::vector<Line> lines = contentLines(text);
  if (format == Format::Auto) format = detect(lines);
  switch (format) {
    case Format::Grid: return readGrid(lines);
    case Format::CodinGame: return readCodinGame(lines);
    case Format::Dump: return readDump(lines);
    case Format::OneLine: return readOneLine(lines);
    case Format::Fen: return readFen(lines);
    case Format::Auto: break;
  }
  throw std::logic_error("parsePosition: no format");
}

ParsedPosition loadPosition(const std::string& path, Format format) {
  const core::InputText input = core::readPositionInput(path);
  try {
    return parsePosition(input.text, format);
  } catch (const InputError& e) {
    throw e.withFile(input.name);
  }
}

std::string writePosition(const Board& board, Format format) {
  const bool black = board.sideToMove() == Color::Black;
  auto gridRows = [&] {
    std::string out;
    for (int r = board.height() - 1; r >= 0; --r) {
      for (int f = 0; f < board.width(); ++f) out += ".-bw"[static_cast<int>(board.at(f, r))];
      out += '\n';
    }
    return out;
  };
  switch (format) {
    case Format::Grid:
      return std::string(black ? "black\n" : "white\n") + gridRows();
    case Format::CodinGame: {
      std::string out;
      if (board.width() == board.height()) out += std::to_string(board.width()) + "\n";
      out += black ? "b\n" : "w\n";
      out += gridRows();
      out += "null\n" + std::to_string(board.countMoves()) + "\n";
      return out;
    }
    case Format::Dump: {
      std::string out = black ? "black\n===\n" : "===\n";
      for (int r = board.height() - 1; r >= 0; --r) {
        out += "  ";
        for (int f = 0; f < board.width(); ++f) {
          out += ' ';
          out += "-SBW"[static_cast<int>(board.at(f, r))];
        }
        out += '\n';
      }
      return out + "===\n";
    }
    case Format::OneLine: {
      // A 1x1 board of one arrow is the string "#", a comment line unless a side line comes
      // first (found by fuzz_analyse: "white\n#" was written back as "#", which read nothing).
      const std::string line = toOneLine(board);
      return std::string(black ? "black\n" : line == "#" ? "white\n" : "") + line + "\n";
    }
    case Format::Fen: {
      core::Fen fen{board.width(), board.height(), {}, {}};
      for (int r = board.height() - 1; r >= 0; --r)
        for (int f = 0; f < board.width(); ++f) fen.squares += ".*qQ"[static_cast<int>(board.at(f, r))];
      return core::writeFen(fen, black ? 'b' : 'w') + "\n";
    }
    case Format::Auto: break;
  }
  throw std::invalid_argument("writePosition: choose a format");
}

Format parseFormatName(std::string_view name) {
  const std::string l = lower(name);
  if (l == "auto") return Format::Auto;
  if (l == "grid") return Format::Grid;
  if (l == "codingame") return Format::CodinGame;
  if (l == "dump" || l == "cs61b") return Format::Dump;
  if (l == "oneline" || l == "cgsuite" || l == "mcgs") return Format::OneLine;
  if (l == "fen") return Format::Fen;
  throw InputError("unknown format '" + shown(name) + "' (expected auto, grid, codingame, dump, oneline, fen)");
}

const char* formatName(Format format) {
  switch (format) {
    case Format::Auto: return "auto";
    case Format::Grid: return "grid";
    case Format::CodinGame: return "codingame";
    case Format::Dump: return "dump";
    case Format::OneLine: return "oneline";
    case Format::Fen: return "fen";
  }
  return "?";
}

Board parseOneLine(std::string_view text, Color toMove) {
  size_t a = 0, b = text.size();
  while (a < b && (isSpace(text[a]) || text[a] == '\n')) ++a;
  while (b > a && (isSpace(text[b - 1]) || text[b - 1] == '\n')) --b;
  Board board = oneLineAt(Line{1, text.substr(a, b - a), static_cast<int>(a) + 1});
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
