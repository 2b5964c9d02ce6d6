#include "solver/amazons/suite.h"

#include <cctype>
#include <charconv>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "solver/amazons/formats.h"
#include "solver/amazons/notation.h"
#include "solver/core/errors.h"

namespace amazons {

namespace {

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

struct Field {
  std::string_view text;  // trimmed
  int column;             // 1-based column of text[0] (of the field's place when empty)
};

std::vector<Field> splitFields(std::string_view line) {
  std::vector<Field> fields;
  size_t start = 0;
  while (true) {
    const size_t end = std::min(line.find(';', start), line.size());
    size_t a = start, b = end;
    while (a < b && isBlank(line[a])) ++a;
    while (b > a && isBlank(line[b - 1])) --b;
    fields.push_back({line.substr(a, b - a), static_cast<int>(a) + 1});
    if (end == line.size()) break;
    start = end + 1;
  }
  return fields;
}

[[noreturn]] void fail(const std::string& message, int line, int column) { throw InputError(message, line, column); }

std::optional<OutcomeClass> classFromText(std::string_view t) {
  if (t == "L") return OutcomeClass::L;
  if (t == "R") return OutcomeClass::R;
  if (t == "P") return OutcomeClass::P;
  if (t == "N") return OutcomeClass::N;
  return std::nullopt;
}

std::optional<bool> winFromText(std::string_view t) {
  const std::string l = lower(t);
  if (l == "win") return true;
  if (l == "loss") return false;
  return std::nullopt;
}

bool validKey(std::string_view key) {
  if (key.empty()) return false;
  for (char c : key)
    if (!(std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '_'))
      return false;
  return true;
}

template <class Int>
Int parseInt(std::string_view text, int line, int column, const char* what) {
  Int v{};
  const char* b = text.data();
  const char* e = text.data() + text.size();
  if (!text.empty() && text[0] == '+') ++b;
  const auto [p, ec] = std::from_chars(b, e, v);
  if (text.empty() || ec != std::errc() || p != e) fail(std::string(what) + " must be an integer, got '" + std::string(text) + "'", line, column);
  return v;
}

Move parseMoveAt(const Board& board, std::string_view text, int line, int column) {
  try {
    return parseLegalMove(board, text);
  } catch (const InputError& e) {
    throw InputError(e.what(), line, column + std::max(e.column(), 1) - 1);
  }
}

}  // namespace

const char* outcomeClassName(OutcomeClass c) {
  switch (c) {
    case OutcomeClass::L: return "L";
    case OutcomeClass::R: return "R";
    case OutcomeClass::P: return "P";
    case OutcomeClass::N: return "N";
  }
  return "?";
}

OutcomeClass classOf(bool blackToMoveWins, bool whiteToMoveWins) {
  if (blackToMoveWins && whiteToMoveWins) return OutcomeClass::N;
  if (!blackToMoveWins && !whiteToMoveWins) return OutcomeClass::P;
  return blackToMoveWins ? OutcomeClass::L : OutcomeClass::R;
}

bool moverWinsIn(OutcomeClass c, Color mover) {
  switch (c) {
    case OutcomeClass::L: return mover == Color::Black;
    case OutcomeClass::R: return mover == Color::White;
    case OutcomeClass::P: return false;
    case OutcomeClass::N: return true;
  }
  return false;
}

const char* sideLetter(Color c) { return c == Color::Black ? "b" : "w"; }

bool isSuiteCommentOrBlank(std::string_view text) {
  size_t a = 0, b = text.size();
  while (a < b && (isBlank(text[a]) || text[a] == '\n')) ++a;
  while (b > a && (isBlank(text[b - 1]) || text[b - 1] == '\n')) --b;
  const std::string_view t = text.substr(a, b - a);
  return t.empty() || t == "#" || (t.size() >= 2 && t[0] == '#' && (t[1] == ' ' || t[1] == '\t'));
}

SuiteEntry parseSuiteLine(std::string_view text, int lineNumber, std::string_view game) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.remove_suffix(1);
  const std::vector<Field> fields = splitFields(text);
  SuiteEntry entry;
  entry.line = lineNumber;
  const int ln = lineNumber;
  if (fields.size() < 2 || fields[1].text.empty())
    fail("expected 'position ; to-move ; ...'", ln, fields.size() < 2 ? static_cast<int>(text.size()) + 1 : fields[1].column);

  // to-move first, so the board gets its side.
  const Field& sideField = fields[1];
  const std::string side = lower(sideField.text);
  Color mover;
  if (side == "b" || side == "black")
    mover = Color::Black;
  else if (side == "w" || side == "white")
    mover = Color::White;
  else
    fail("side to move must be b, black, w or white, got '" + std::string(sideField.text) + "'", ln, sideField.column);

  const Field& posField = fields[0];
  if (posField.text.empty()) fail("missing position", ln, posField.column);
  try {
    entry.board = parseOneLine(posField.text, mover);
  } catch (const InputError& e) {
    throw InputError(e.what(), ln, posField.column + std::max(e.column(), 1) - 1);
  }

  bool seen[16] = {};
  auto once = [&](int slot, const Field& f, const char* name) {
    if (seen[slot]) fail(std::string("duplicate ") + name, ln, f.column);
    seen[slot] = true;
  };
  int outcomeColumn = 0;
  for (size_t i = 2; i < fields.size(); ++i) {
    const Field& f = fields[i];
    std::string_view t = f.text;
    if (t.empty()) fail("empty field", ln, f.column);
    if (t == "*") {
      once(0, f, "'*' mark");
      entry.knownFailure = true;
      continue;
    }
    const size_t eq = t.find('=');
    if (eq == std::string_view::npos) {
      // A bare outcome, maybe with a trailing '*'.
      std::string_view word = t;
      bool star = false;
      if (word.back() == '*') {
        star = true;
        word.remove_suffix(1);
        while (!word.empty() && isBlank(word.back())) word.remove_suffix(1);
      }
      if (auto w = winFromText(word)) {
        once(1, f, "win/loss");
        entry.moverWins = *w;
        outcomeColumn = f.column;
      } else if (auto c = classFromText(word)) {
        once(2, f, "outcome class");
        entry.outcomeClass = *c;
        outcomeColumn = f.column;
      } else {
        fail("expected win, loss, L, R, P, N or key=value, got '" + std::string(t) + "'", ln, f.column);
      }
      if (star) {
        once(0, f, "'*' mark");
        entry.knownFailure = true;
      }
      continue;
    }
    std::string_view key = t.substr(0, eq);
    while (!key.empty() && isBlank(key.back())) key.remove_suffix(1);
    std::string_view val = t.substr(eq + 1);
    size_t skipped = 0;
    while (skipped < val.size() && isBlank(val[skipped])) ++skipped;
    val.remove_prefix(skipped);
    const int valColumn = f.column + static_cast<int>(eq + 1 + skipped);
    if (!validKey(key)) fail("bad key '" + std::string(key) + "' (lowercase letters, digits, - and _)", ln, f.column);
    if (val.empty()) fail("empty value for " + std::string(key), ln, valColumn);
    if (key == "value") {
      once(3, f, "value=");
      entry.value = std::string(val);
      entry.valueColumn = valColumn;
    } else if (key == "moves") {
      once(4, f, "moves=");
      const int m = parseInt<int>(val, ln, valColumn, "moves");
      if (m < 0) fail("moves must not be negative", ln, valColumn);
      entry.moves = m;
    } else if (key == "best") {
      once(5, f, "best=");
      size_t start = 0;
      while (true) {
        const size_t end = std::min(val.find(',', start), val.size());
        size_t a = start, b = end;
        while (a < b && isBlank(val[a])) ++a;
        while (b > a && isBlank(val[b - 1])) --b;
        if (a == b) fail("empty move in best=", ln, valColumn + static_cast<int>(a));
        entry.best.push_back(parseMoveAt(entry.board, val.substr(a, b - a), ln, valColumn + static_cast<int>(a)));
        if (end == val.size()) break;
        start = end + 1;
      }
    } else if (key == "src") {
      once(6, f, "src=");
      entry.src = std::string(val);
    } else if (key == "move") {
      once(7, f, "move=");
      entry.move = parseMoveAt(entry.board, val, ln, valColumn);
    } else if (key == "outcome") {
      once(8, f, "outcome=");
      auto w = winFromText(val);
      if (!w) fail("outcome must be win or loss, got '" + std::string(val) + "'", ln, valColumn);
      entry.claimedWin = *w;
    } else if (key == "margin") {
      once(9, f, "margin=");
      entry.margin = parseInt<long>(val, ln, valColumn, "margin");
    } else if (key == "game") {
      once(10, f, "game=");
      if (val != "amazons" && val != "clobber") fail("game must be amazons or clobber, got '" + std::string(val) + "'", ln, valColumn);
      if (val != game)
        fail("a line for " + std::string(val) + ": read it with amazons-solve suite" + (val == "amazons" ? "" : " --game " + std::string(val)), ln,
             f.column);
      entry.game = val;
    } else {
      for (const auto& [k, v] : entry.extra)
        if (k == key) fail("duplicate " + std::string(key) + "=", ln, f.column);
      entry.extra.emplace_back(std::string(key), std::string(val));
    }
  }
  if (entry.moverWins && entry.outcomeClass && *entry.moverWins != moverWinsIn(*entry.outcomeClass, mover))
    fail(std::string("outcome ") + (*entry.moverWins ? "win" : "loss") + " contradicts class " +
             outcomeClassName(*entry.outcomeClass) + " with " + colorName(mover) + " to move",
         ln, outcomeColumn);
  return entry;
}

std::vector<SuiteEntry> parseSuite(std::string_view text, const std::string& file, std::string_view game) {
  std::vector<SuiteEntry> entries;
  int lineNumber = 0;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    ++lineNumber;
    start = end + 1;
    if (isSuiteCommentOrBlank(line)) continue;
    try {
      entries.push_back(parseSuiteLine(line, lineNumber, game));
    } catch (const InputError& e) {
      throw file.empty() ? e : e.withFile(file);
    }
  }
  return entries;
}

std::vector<SuiteEntry> loadSuite(const std::string& path) {
  std::string text;
  if (path == "-") {
    text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  } else {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError("cannot open file", 0, 0, path);
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  return parseSuite(text, path == "-" ? "<stdin>" : path);
}

std::string writeSuiteLine(const SuiteEntry& e) {
  std::string out = toOneLine(e.board);
  out += " ; ";
  out += sideLetter(e.board.sideToMove());
  bool starWritten = false;
  if (e.moverWins) {
    out += *e.moverWins ? " ; win" : " ; loss";
    if (e.knownFailure) out += "*", starWritten = true;
  }
  if (e.outcomeClass) {
    out += " ; ";
    out += outcomeClassName(*e.outcomeClass);
    if (e.knownFailure && !starWritten) out += "*", starWritten = true;
  }
  if (e.knownFailure && !starWritten) out += " ; *";
  if (e.value) out += " ; value=" + *e.value;
  if (e.moves) out += " ; moves=" + std::to_string(*e.moves);
  if (!e.best.empty()) {
    out += " ; best=";
    for (size_t i = 0; i < e.best.size(); ++i) {
      if (i) out += ',';
      out += formatMove(e.board, e.best[i], Notation::CS61B);
    }
  }
  if (e.move) out += " ; move=" + formatMove(e.board, *e.move, Notation::CS61B);
  if (e.claimedWin) out += *e.claimedWin ? " ; outcome=win" : " ; outcome=loss";
  if (e.margin) out += " ; margin=" + std::to_string(*e.margin);
  for (const auto& [k, v] : e.extra) out += " ; " + k + "=" + v;
  if (e.game != "amazons") out += " ; game=" + e.game;
  if (!e.src.empty()) out += " ; src=" + e.src;
  return out;
}

}  // namespace amazons
