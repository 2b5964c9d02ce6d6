#include "solver/amazons/notation.h"

#include <cctype>
#include <cstdlib>

#include "solver/core/errors.h"

namespace amazons {
namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
bool isLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool isDigit(char c) { return c >= '0' && c <= '9'; }

std::string sizeText(const Board& b) { return std::to_string(b.width()) + "x" + std::to_string(b.height()); }

// Reads a letter and all the digits after it from text[pos]; pos moves past them. column0 is
// the column of text[0].
int scanSquare(const Board& board, std::string_view text, size_t& pos, int column0) {
  const int col = column0 + static_cast<int>(pos);
  if (pos >= text.size())
    throw InputError("expected a square such as d4, found the end of the text", 0, col);
  if (!isLetter(text[pos]))
    throw InputError(std::string("expected a square such as d4, found '") + text[pos] + "'", 0, col);
  const int file = std::tolower(static_cast<unsigned char>(text[pos])) - 'a';
  ++pos;
  const size_t digits = pos;
  long rank = 0;
  while (pos < text.size() && isDigit(text[pos])) {
    if (rank < 1000) rank = rank * 10 + (text[pos] - '0');
    ++pos;
  }
  if (pos == digits)
    throw InputError(std::string("expected a rank number after '") + text[digits - 1] + "'", 0, col + 1);
  if (text[digits] == '0')
    throw InputError("rank must be a number from 1, without leading zeros", 0, col + 1);
  if (file >= board.width())
    throw InputError(std::string("file '") + static_cast<char>('a' + file) + "' is off the " + sizeText(board) +
                         " board (files a.." + static_cast<char>('a' + board.width() - 1) + ")",
                     0, col);
  if (rank > board.height())
    throw InputError("rank " + std::string(text.substr(digits, pos - digits)) + " is off the " + sizeText(board) +
                         " board (ranks 1.." + std::to_string(board.height()) + ")",
                     0, col + 1);
  return board.square(file, static_cast<int>(rank) - 1);
}

void skipSpaces(std::string_view text, size_t& pos) {
  while (pos < text.size() && isSpace(text[pos])) ++pos;
}

struct MoveText {
  Move move;
  int column[3];  // where each square starts, 1-based
};

MoveText scanMove(const Board& board, std::string_view text) {
  size_t i = 0;
  skipSpaces(text, i);
  if (i < text.size() && text[i] == '*' && i + 1 < text.size() && isSpace(text[i + 1])) {
    ++i;
    skipSpaces(text, i);
  }
  if (i >= text.size()) throw InputError("empty move (expected e.g. d10-c9(h4), d8d1d7 or d1a1,a1b1)", 0, static_cast<int>(i) + 1);
  MoveText out{};
  int sq[3];
  out.column[0] = static_cast<int>(i) + 1;
  sq[0] = scanSquare(board, text, i, 1);
  skipSpaces(text, i);
  if (i < text.size() && text[i] == '-') {
    ++i;
    skipSpaces(text, i);
  }
  out.column[1] = static_cast<int>(i) + 1;
  sq[1] = scanSquare(board, text, i, 1);
  skipSpaces(text, i);
  bool paren = false;
  if (i < text.size() && text[i] == ',') {
    ++i;
    skipSpaces(text, i);
    const int column = static_cast<int>(i) + 1;
    if (scanSquare(board, text, i, 1) != sq[1])
      throw InputError("after ',' the arrow's flight starts where the amazon landed, " + squareName(board, sq[1]), 0, column);
    skipSpaces(text, i);
  } else if (i < text.size() && text[i] == '(') {
    paren = true;
    ++i;
    skipSpaces(text, i);
  }
  out.column[2] = static_cast<int>(i) + 1;
  sq[2] = scanSquare(board, text, i, 1);
  if (paren) {
    skipSpaces(text, i);
    if (i >= text.size() || text[i] != ')')
      throw InputError("expected ')' after the arrow square", 0, static_cast<int>(i) + 1);
    ++i;
  }
  const size_t end = i;
  skipSpaces(text, i);
  if (i < text.size()) {
    const bool msg = i > end && text.substr(i, 3) == "msg" && (i + 3 == text.size() || isSpace(text[i + 3]));
    if (!msg) throw InputError("unexpected text after the move", 0, static_cast<int>(i) + 1);
  }
  out.move = Move{static_cast<uint8_t>(sq[0]), static_cast<uint8_t>(sq[1]), static_cast<uint8_t>(sq[2])};
  return out;
}

// Why a queen move from a to b is impossible (empty when it is possible); `vacated` counts as
// empty.
std::string rayProblem(const Board& board, int a, int b, int vacated, const char* what) {
  const std::string an = squareName(board, a), bn = squareName(board, b);
  if (a == b) return std::string(what) + " must leave " + an;
  const int df = board.fileOf(b) - board.fileOf(a), dr = board.rankOf(b) - board.rankOf(a);
  if (df != 0 && dr != 0 && std::abs(df) != std::abs(dr))
    return std::string(what) + " " + an + " to " + bn + " is not along a row, column or diagonal";
  const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
  int f = board.fileOf(a), r = board.rankOf(a);
  while (true) {
    f += sf;
    r += sr;
    const int s = board.square(f, r);
    if (board.at(s) != Cell::Empty && s != vacated)
      return s == b ? std::string(what) + " " + an + " to " + bn + ": " + bn + " is occupied"
                    : std::string(what) + " " + an + " to " + bn + " is blocked at " + squareName(board, s);
    if (s == b) return {};
  }
}

}  // namespace

std::string squareName(const Board& board, int sq) {
  return std::string(1, static_cast<char>('a' + board.fileOf(sq))) + std::to_string(board.rankOf(sq) + 1);
}

int parseSquare(const Board& board, std::string_view text, int column) {
  size_t pos = 0;
  const int sq = scanSquare(board, text, pos, column);
  if (pos != text.size())
    throw InputError(std::string("unexpected '") + text[pos] + "' after the square", 0, column + static_cast<int>(pos));
  return sq;
}

std::string formatMove(const Board& board, const Move& move, Notation notation) {
  if (notation == Notation::CodinGame)
    return squareName(board, move.from) + squareName(board, move.to) + squareName(board, move.arrow);
  if (notation == Notation::Uci)
    return squareName(board, move.from) + squareName(board, move.to) + "," + squareName(board, move.to) + squareName(board, move.arrow);
  return squareName(board, move.from) + "-" + squareName(board, move.to) + "(" + squareName(board, move.arrow) + ")";
}

Move parseMove(const Board& board, std::string_view text) { return scanMove(board, text).move; }

Move parseLegalMove(const Board& board, std::string_view text) {
  const MoveText mt = scanMove(board, text);
  const Move& m = mt.move;
  const Color side = board.sideToMove();
  const Cell from = board.at(m.from);
  const std::string fromName = squareName(board, m.from);
  if (from != amazonOf(side)) {
    std::string why;
    if (from == Cell::Empty) why = "there is no amazon on " + fromName;
    else if (from == Cell::Arrow) why = fromName + " holds an arrow, not an amazon";
    else why = "the amazon on " + fromName + " is " + colorName(opposite(side)) + "'s, but " + colorName(side) + " is to move";
    throw InputError("illegal move: " + why, 0, mt.column[0]);
  }
  std::string why = rayProblem(board, m.from, m.to, -1, "the amazon's move");
  if (!why.empty()) throw InputError("illegal move: " + why, 0, mt.column[1]);
  why = rayProblem(board, m.to, m.arrow, m.from, "the arrow");
  if (!why.empty()) throw InputError("illegal move: " + why, 0, mt.column[2]);
  if (!board.isLegal(m)) throw InputError("illegal move", 0, mt.column[0]);
  return m;
}

Notation parseNotationName(std::string_view name) {
  std::string lower;
  for (char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "cs61b") return Notation::CS61B;
  if (lower == "codingame") return Notation::CodinGame;
  if (lower == "uci") return Notation::Uci;
  throw InputError("unknown notation '" + std::string(name) + "' (expected cs61b, codingame or uci)");
}

const char* notationName(Notation notation) {
  switch (notation) {
    case Notation::CS61B: return "cs61b";
    case Notation::CodinGame: return "codingame";
    case Notation::Uci: return "uci";
  }
  return "?";
}

}  // namespace amazons
