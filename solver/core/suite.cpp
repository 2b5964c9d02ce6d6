#include "solver/core/suite.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "solver/core/errors.h"

namespace amazons::core {

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

// The pieces of `text` between `separator`s, each trimmed, with its column in `text`.
std::vector<Field> splitTrimmed(std::string_view text, char separator) {
  std::vector<Field> pieces;
  size_t start = 0;
  while (true) {
    const size_t end = std::min(text.find(separator, start), text.size());
    size_t a = start, b = end;
    while (a < b && isBlank(text[a])) ++a;
    while (b > a && isBlank(text[b - 1])) --b;
    pieces.push_back({text.substr(a, b - a), static_cast<int>(a) + 1});
    if (end == text.size()) break;
    start = end + 1;
  }
  return pieces;
}

// Whether a field's text starts like a step of a Yinsh action after its first: a cell ("d1")
// or a row removed ("xg2-g6xk7"), with no '=' (no field of any game looks like that).
bool looksLikeActionStep(std::string_view t) {
  auto cellLetter = [](char c) { return (c >= 'a' && c <= 'k') || (c >= 'A' && c <= 'K'); };
  if (t.size() < 2 || t.find('=') != std::string_view::npos) return false;
  return ((t[0] == 'x' || t[0] == 'X') && cellLetter(t[1])) || (cellLetter(t[0]) && t[1] >= '0' && t[1] <= '9');
}

// A Yinsh action separates its steps with ';' as CodinGame writes it ("h7-c7;xh5-h9xi9"), the
// fields' separator: in best= and move=, a ';' with no blank on either side and a step after it
// continues the action instead of starting a field.
std::vector<Field> joinActionSteps(std::string_view text, std::vector<Field> pieces) {
  std::vector<Field> fields;
  for (const Field& piece : pieces) {
    if (!fields.empty()) {
      Field& last = fields.back();
      const bool tight = piece.column == last.column + static_cast<int>(last.text.size()) + 1;
      std::string_view key = last.text.substr(0, last.text.find('='));
      while (!key.empty() && isBlank(key.back())) key.remove_suffix(1);
      const bool action = key.size() < last.text.size() && (key == "best" || key == "move");
      if (tight && action && looksLikeActionStep(piece.text)) {
        last.text = text.substr(last.column - 1, last.text.size() + 1 + piece.text.size());
        continue;
      }
    }
    fields.push_back(piece);
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

std::optional<Outcome> outcomeFromText(std::string_view t) {
  const std::string l = lower(t);
  if (l == "win") return Outcome::Win;
  if (l == "draw") return Outcome::Draw;
  if (l == "loss") return Outcome::Loss;
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

}  // namespace

const char* outcomeName(Outcome o) { return o == Outcome::Win ? "win" : o == Outcome::Draw ? "draw" : "loss"; }

const char* outcomeClassName(OutcomeClass c) {
  switch (c) {
    case OutcomeClass::L: return "L";
    case OutcomeClass::R: return "R";
    case OutcomeClass::P: return "P";
    case OutcomeClass::N: return "N";
  }
  return "?";
}

OutcomeClass classOf(bool leftToMoveWins, bool rightToMoveWins) {
  if (leftToMoveWins && rightToMoveWins) return OutcomeClass::N;
  if (!leftToMoveWins && !rightToMoveWins) return OutcomeClass::P;
  return leftToMoveWins ? OutcomeClass::L : OutcomeClass::R;
}

bool moverWinsIn(OutcomeClass c, cgt::Side mover) {
  switch (c) {
    case OutcomeClass::L: return mover == cgt::Side::Left;
    case OutcomeClass::R: return mover == cgt::Side::Right;
    case OutcomeClass::P: return false;
    case OutcomeClass::N: return true;
  }
  return false;
}

const char* sideLetter(cgt::Side s) { return s == cgt::Side::Left ? "b" : "w"; }

bool isSuiteCommentOrBlank(std::string_view text) {
  size_t a = 0, b = text.size();
  while (a < b && (isBlank(text[a]) || text[a] == '\n')) ++a;
  while (b > a && (isBlank(text[b - 1]) || text[b - 1] == '\n')) --b;
  const std::string_view t = text.substr(a, b - a);
  return t.empty() || t == "#" || (t.size() >= 2 && t[0] == '#' && (t[1] == ' ' || t[1] == '\t'));
}

SuiteLine parseSuiteFields(std::string_view text, int lineNumber, std::string_view defaultGame) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.remove_suffix(1);
  const std::vector<Field> fields = joinActionSteps(text, splitTrimmed(text, ';'));
  SuiteLine entry;
  entry.line = lineNumber;
  entry.game = std::string(defaultGame);
  const int ln = lineNumber;
  if (fields.size() < 2 || fields[1].text.empty())
    fail("expected 'position ; to-move ; ...'", ln, fields.size() < 2 ? static_cast<int>(text.size()) + 1 : fields[1].column);

  const Field& sideField = fields[1];
  const std::string side = lower(sideField.text);
  if (side == "b" || side == "black")
    entry.toMove = cgt::Side::Left;
  else if (side == "w" || side == "white")
    entry.toMove = cgt::Side::Right;
  else
    fail("side to move must be b, black, w or white, got '" + std::string(sideField.text) + "'", ln, sideField.column);

  if (fields[0].text.empty()) fail("missing position", ln, fields[0].column);
  entry.position = {std::string(fields[0].text), fields[0].column};

  bool seen[16] = {};
  auto once = [&](int slot, const Field& f, const char* name) {
    if (seen[slot]) fail(std::string("duplicate ") + name, ln, f.column);
    seen[slot] = true;
  };
  // Where the fields that only some games take start, for the checks once game= is known.
  int outcomeColumn = 0, classColumn = 0, valueColumn = 0, movesColumn = 0, pliesColumn = 0, claimColumn = 0, marginColumn = 0;
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
      if (auto o = outcomeFromText(word)) {
        once(1, f, "win/draw/loss");
        entry.outcome = *o;
        outcomeColumn = f.column;
      } else if (auto c = classFromText(word)) {
        once(2, f, "outcome class");
        entry.outcomeClass = *c;
        classColumn = f.column;
      } else {
        fail("expected win, draw, loss, L, R, P, N or key=value, got '" + std::string(t) + "'", ln, f.column);
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
      entry.value = FieldText{std::string(val), valColumn};
      valueColumn = f.column;
    } else if (key == "moves") {
      once(4, f, "moves=");
      const int m = parseInt<int>(val, ln, valColumn, "moves");
      if (m < 0) fail("moves must not be negative", ln, valColumn);
      entry.moves = m;
      movesColumn = f.column;
    } else if (key == "plies") {
      once(11, f, "plies=");
      const int n = parseInt<int>(val, ln, valColumn, "plies");
      if (n < 0) fail("plies must not be negative", ln, valColumn);
      entry.plies = n;
      pliesColumn = f.column;
    } else if (key == "best") {
      once(5, f, "best=");
      for (const Field& m : splitTrimmed(val, ',')) {
        if (m.text.empty()) fail("empty move in best=", ln, valColumn + m.column - 1);
        entry.best.push_back({std::string(m.text), valColumn + m.column - 1});
      }
    } else if (key == "src") {
      once(6, f, "src=");
      entry.src = std::string(val);
    } else if (key == "move") {
      once(7, f, "move=");
      entry.move = FieldText{std::string(val), valColumn};
    } else if (key == "outcome") {
      once(8, f, "outcome=");
      auto o = outcomeFromText(val);
      if (!o) fail("outcome must be win, draw or loss, got '" + std::string(val) + "'", ln, valColumn);
      entry.claimedOutcome = *o;
      claimColumn = valColumn;
    } else if (key == "margin") {
      once(9, f, "margin=");
      entry.margin = parseInt<long>(val, ln, valColumn, "margin");
      marginColumn = f.column;
    } else if (key == "game") {
      once(10, f, "game=");
      if (std::find(std::begin(kSuiteGames), std::end(kSuiteGames), val) == std::end(kSuiteGames))
        fail("game must be amazons, clobber or yinsh, got '" + std::string(val) + "'", ln, valColumn);
      entry.game = std::string(val);
    } else {
      for (const auto& [k, v] : entry.extra)
        if (k == key) fail("duplicate " + std::string(key) + "=", ln, f.column);
      entry.extra.emplace_back(std::string(key), std::string(val));
    }
  }
  // game= may come last: the fields only some games take are checked once it is known.
  if (entry.game == kYinsh) {
    // A whole board with draws, not a sum of games: no class, no game value, no margin.
    const std::pair<int, const char*> notYinsh[] = {
        {classColumn, "an outcome class"}, {valueColumn, "value="}, {movesColumn, "moves="}, {marginColumn, "margin="}};
    for (const auto& [column, what] : notYinsh)
      if (column) fail(std::string(what) + " is not for yinsh lines (win, draw or loss, and plies=)", ln, column);
    if (entry.plies && entry.outcome != Outcome::Win && entry.outcome != Outcome::Loss)
      fail("plies= goes with win or loss (a draw's length is not fixed)", ln, pliesColumn);
  } else {
    if (entry.outcome == Outcome::Draw) fail(entry.game + " has no draws", ln, outcomeColumn);
    if (entry.claimedOutcome == Outcome::Draw) fail(entry.game + " has no draws", ln, claimColumn);
    if (pliesColumn) fail("plies= is for yinsh lines", ln, pliesColumn);
  }
  if (entry.outcome && entry.outcomeClass && (*entry.outcome == Outcome::Win) != moverWinsIn(*entry.outcomeClass, entry.toMove))
    fail(std::string("outcome ") + outcomeName(*entry.outcome) + " contradicts class " + outcomeClassName(*entry.outcomeClass) +
             " with " + (entry.toMove == cgt::Side::Left ? "Black" : "White") + " to move",
         ln, std::max(outcomeColumn, classColumn));  // the later of the two
  return entry;
}

std::vector<SuiteLine> parseSuiteLines(std::string_view text, const std::string& file, std::string_view defaultGame) {
  std::vector<SuiteLine> lines;
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
      lines.push_back(parseSuiteFields(line, lineNumber, defaultGame));
    } catch (const InputError& e) {
      throw file.empty() ? e : e.withFile(file);
    }
  }
  return lines;
}

std::string suiteFieldsText(const SuiteLine& e) {
  std::string out;
  bool starWritten = false;
  if (e.outcome) {
    out += std::string(" ; ") + outcomeName(*e.outcome);
    if (e.knownFailure) out += "*", starWritten = true;
  }
  if (e.outcomeClass) {
    out += " ; ";
    out += outcomeClassName(*e.outcomeClass);
    if (e.knownFailure && !starWritten) out += "*", starWritten = true;
  }
  if (e.knownFailure && !starWritten) out += " ; *";
  if (e.value) out += " ; value=" + e.value->text;
  if (e.moves) out += " ; moves=" + std::to_string(*e.moves);
  if (e.plies) out += " ; plies=" + std::to_string(*e.plies);
  for (size_t i = 0; i < e.best.size(); ++i) out += (i ? "," : " ; best=") + e.best[i].text;
  if (e.move) out += " ; move=" + e.move->text;
  if (e.claimedOutcome) out += std::string(" ; outcome=") + outcomeName(*e.claimedOutcome);
  if (e.margin) out += " ; margin=" + std::to_string(*e.margin);
  for (const auto& [k, v] : e.extra) out += " ; " + k + "=" + v;
  if (e.game != "amazons") out += " ; game=" + e.game;
  if (!e.src.empty()) out += " ; src=" + e.src;
  return out;
}

}  // namespace amazons::core
