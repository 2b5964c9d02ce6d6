#include <cctype>
#include <charconv>

#include "solver/clobber/clobber.h"
#include "solver/core/errors.h"
#include "solver/core/fen.h"
#include "solver/core/input.h"

namespace amazons::clobber {

namespace {

using Line = core::TextLine;
using core::contentLines;

std::optional<cgt::Side> sideWord(std::string_view t) {
  std::string l(t);
  for (char& c : l) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (l == "b" || l == "black") return cgt::Side::Left;
  if (l == "w" || l == "white") return cgt::Side::Right;
  return std::nullopt;
}

std::optional<int> integer(std::string_view t) {
  int v = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (t.empty() || ec != std::errc() || end != t.data() + t.size()) return std::nullopt;
  return v;
}

// Rows top first into a region; `black`/`white` are the letters of each colour (any case).
Region readRows(const std::vector<Line>& rows, char black, char white) {
  Region region;
  const int height = static_cast<int>(rows.size()), width = static_cast<int>(rows[0].text.size());
  if (height > kMaxSide) throw InputError("a board has at most 16 ranks, this one " + std::to_string(height), rows[kMaxSide].number, rows[kMaxSide].column);
  if (width > kMaxSide) throw InputError("a board has at most 16 files, this one " + std::to_string(width), rows[0].number, rows[0].column + kMaxSide);
  region.width = static_cast<uint8_t>(width);
  region.height = static_cast<uint8_t>(height);
  for (int i = 0; i < height; ++i) {
    const Line& row = rows[i];
    if (static_cast<int>(row.text.size()) != width)
      throw InputError("every rank must have " + std::to_string(width) + " squares, this one has " + std::to_string(row.text.size()),
                       row.number, row.column + std::min<int>(width, static_cast<int>(row.text.size())));
    const int rank = height - 1 - i;
    for (int f = 0; f < width; ++f) {
      const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(row.text[f])));
      if (c == black) region.black[rank] |= static_cast<uint16_t>(1u << f);
      else if (c == white) region.white[rank] |= static_cast<uint16_t>(1u << f);
      else if (c != '.')
        throw InputError(std::string("unexpected '") + row.text[f] + "' on the board: expected '.', '" + black + "' (Black) or '" + white + "' (White)",
                         row.number, row.column + f);
    }
  }
  return region;
}

struct Square {
  int file, rank;
};

// "e2" at text[pos...]: a file letter and a rank number; advances pos.
std::optional<Square> readSquare(std::string_view text, size_t& pos) {
  if (pos >= text.size() || text[pos] < 'a' || text[pos] > 'z') return std::nullopt;
  const int file = text[pos++] - 'a';
  int rank = 0;
  const size_t digits = pos;
  while (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos])) && pos - digits < 2) rank = rank * 10 + (text[pos++] - '0');
  if (pos == digits || rank == 0) return std::nullopt;
  return Square{file, rank - 1};
}

// A move's syntax and squares on the board; column (1-based, in `text`) in errors.
Move readMove(const Region& board, std::string_view text) {
  size_t pos = 0;
  const std::optional<Square> from = readSquare(text, pos);
  const size_t toColumn = pos + 1;
  const std::optional<Square> to = from ? readSquare(text, pos) : std::nullopt;
  if (!from || !to || pos != text.size())
    throw InputError("a move is two squares such as e2e3, not '" + std::string(text) + "'", 0, static_cast<int>(from ? toColumn : 1));
  for (const auto& [sq, column] : {std::pair{*from, size_t{1}}, std::pair{*to, toColumn}})
    if (sq.file >= board.width || sq.rank >= board.height)
      throw InputError("square off the " + std::to_string(board.width) + "x" + std::to_string(board.height) + " board in '" + std::string(text) + "'", 0,
                       static_cast<int>(column));
  return {static_cast<uint8_t>(from->file), static_cast<uint8_t>(from->rank), static_cast<uint8_t>(to->file), static_cast<uint8_t>(to->rank)};
}

// The one-line form: rows joined by '|'.
Region readOneLine(const Line& line) {
  std::vector<Line> rows;
  for (size_t start = 0;;) {
    const size_t bar = std::min(line.text.find('|', start), line.text.size());
    rows.push_back({line.text.substr(start, bar - start), line.number, line.column + static_cast<int>(start)});
    if (bar == line.text.size()) break;
    start = bar + 1;
  }
  if (rows[0].text.empty()) throw InputError("a rank must have at least one square", rows[0].number, rows[0].column);
  return readRows(rows, 'x', 'o');
}

// Fairy-Stockfish's letters: P White, p Black.
Position readFen(const Line& line) {
  const core::Fen fen = core::parseFen(line.text, line.number, line.column, "Pp", false, kMaxSide);
  Position pos;
  pos.board.width = static_cast<uint8_t>(fen.width);
  pos.board.height = static_cast<uint8_t>(fen.height);
  for (int r = 0; r < fen.height; ++r)
    for (int f = 0; f < fen.width; ++f) {
      const int rank = fen.height - 1 - r;
      if (fen.at(f, r) == 'p') pos.board.black[rank] |= static_cast<uint16_t>(1u << f);
      if (fen.at(f, r) == 'P') pos.board.white[rank] |= static_cast<uint16_t>(1u << f);
    }
  if (fen.side) pos.toMove = *fen.side == 'b' ? cgt::Side::Left : cgt::Side::Right;
  return pos;
}

Position parseLines(const std::vector<Line>& lines) {
  if (lines.empty()) throw InputError("no position: the text is empty", 1, 1);
  if (lines.size() == 1 && core::looksLikeFen(lines[0].text)) return readFen(lines[0]);
  Position pos;
  size_t i = 0;
  if (const std::optional<int> size = integer(lines[0].text)) {  // CodinGame
    const Line& sizeLine = lines[0];
    if (*size < 1 || *size > kMaxSide) throw InputError("the board size must be 1 to 16, not " + std::to_string(*size), sizeLine.number, sizeLine.column);
    if (lines.size() < 2 || !sideWord(lines[1].text))
      throw InputError("expected the colour line (w or b) after the size line", lines.size() < 2 ? sizeLine.number + 1 : lines[1].number,
                       lines.size() < 2 ? 1 : lines[1].column);
    pos.toMove = sideWord(lines[1].text);
    if (lines.size() < 2 + static_cast<size_t>(*size))
      throw InputError("expected " + std::to_string(*size) + " board rows after the colour line", lines.back().number + 1, 1);
    const std::vector<Line> rows(lines.begin() + 2, lines.begin() + 2 + *size);
    pos.board = readRows(rows, 'b', 'w');
    if (pos.board.width != *size) throw InputError("the rows must have " + std::to_string(*size) + " squares (the size line)", rows[0].number, rows[0].column);
    i = 2 + *size;
    if (i < lines.size()) {
      const Line& last = lines[i++];
      if (last.text != "null") try {
          readMove(pos.board, last.text);
        } catch (const InputError& e) {
          throw InputError("last action: " + std::string(e.what()), last.number, last.column + e.column() - 1);
        }
    }
    if (i < lines.size()) {
      const Line& count = lines[i++];
      const std::optional<int> n = integer(count.text);
      if (!n) throw InputError("expected the action count, found '" + std::string(count.text) + "'", count.number, count.column);
      const size_t ours = Clobber::moves(pos.board, *pos.toMove).size();
      if (static_cast<size_t>(*n) != ours)
        throw InputError("the action count says " + std::to_string(*n) + " but " + (*pos.toMove == cgt::Side::Left ? "Black" : "White") +
                             " has " + std::to_string(ours) + " legal actions here",
                         count.number, count.column);
    }
  } else {
    if (lines.size() > 1 && sideWord(lines[0].text)) pos.toMove = sideWord(lines[i++].text);
    if (lines.size() - i == 1) {
      pos.board = readOneLine(lines[i++]);
    } else {
      const std::vector<Line> rows(lines.begin() + i, lines.end());
      i = lines.size();
      pos.board = readRows(rows, 'x', 'o');
    }
  }
  if (i < lines.size()) throw InputError("unexpected text after the position", lines[i].number, lines[i].column);
  return pos;
}

}  // namespace

Position Clobber::parsePosition(std::string_view text, const std::string& file) {
  try {
    return parseLines(contentLines(text));
  } catch (const InputError& e) {
    throw e.withFile(file);
  }
}

Region Clobber::parseOneLine(std::string_view text) { return readOneLine({text, 1, 1}); }

std::string Clobber::printPosition(const Region& region) {
  std::string out;
  for (int r = region.height - 1; r >= 0; --r) {
    for (int f = 0; f < region.width; ++f)
      out += (region.black[r] >> f) & 1 ? 'x' : (region.white[r] >> f) & 1 ? 'o' : '.';
    if (r) out += '|';
  }
  return out;
}

std::string Clobber::writeFen(const Region& region, cgt::Side toMove) {
  core::Fen fen{region.width, region.height, {}, {}};
  for (int r = region.height - 1; r >= 0; --r)
    for (int f = 0; f < region.width; ++f) fen.squares += (region.black[r] >> f) & 1 ? 'p' : (region.white[r] >> f) & 1 ? 'P' : '.';
  return core::writeFen(fen, toMove == cgt::Side::Left ? 'b' : 'w');
}

std::string Clobber::formatMove(const Region&, const Move& m) {
  auto square = [](int file, int rank) { return static_cast<char>('a' + file) + std::to_string(rank + 1); };
  return square(m.fromFile, m.fromRank) + square(m.toFile, m.toRank);
}

Move Clobber::parseMove(const Region& board, std::string_view text) {
  const Move m = readMove(board, text);
  for (cgt::Side side : {cgt::Side::Left, cgt::Side::Right})
    for (const Move& legal : moves(board, side))
      if (legal == m) return m;
  throw InputError("'" + std::string(text) + "' is not a legal move: a stone must take an orthogonally adjacent stone of the other colour", 0, 1);
}

}  // namespace amazons::clobber
