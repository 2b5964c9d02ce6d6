#include "solver/yinsh/formats.h"

#include <algorithm>
#include <cctype>

#include "solver/core/errors.h"
#include "solver/core/input.h"
#include "solver/yinsh/notation.h"

namespace amazons::yinsh {

namespace {

using Line = core::TextLine;
using core::contentLines;

std::string shown(std::string_view t) { return std::string(t.substr(0, 40)) + (t.size() > 40 ? "..." : ""); }

// What a board character stands for, in the reader's terms.
struct Symbols {
  char ring[2], marker[2];  // [White, Black]
};
constexpr Symbols kWhiteBlack{{'W', 'B'}, {'w', 'b'}};
// CodinGame's view of `viewer`: R/S its own ring/marker, r/s the opponent's.
Symbols viewOf(Color viewer) {
  Symbols s{};
  s.ring[index(viewer)] = 'R';
  s.marker[index(viewer)] = 'S';
  s.ring[index(opponent(viewer))] = 'r';
  s.marker[index(opponent(viewer))] = 's';
  return s;
}

// The 11 groups (each a..k in order) into p's masks.
void readGroups(const std::vector<Line>& groups, const Symbols& s, Position& p) {
  for (int l = 0; l < kLetters; ++l) {
    const Line& g = groups[l];
    const Letter& letter = letters()[l];
    if (static_cast<int>(g.text.size()) != letter.count) {
      std::string message = "letter ";
      for (const std::string& part : {std::string(1, static_cast<char>('a' + l)), std::string(" has "), std::to_string(letter.count),
                                      std::string(" cells ("), cellName(letter.start), std::string("-"), cellName(letter.start + letter.count - 1),
                                      std::string("), this group "), std::to_string(g.text.size())})
        message += part;
      throw InputError(message, g.number, g.column + std::min<int>(letter.count, static_cast<int>(g.text.size())));
    }
    for (int i = 0; i < letter.count; ++i) {
      const char c = g.text[i];
      const Mask cell = bit(letter.start + i);
      bool known = c == '.';
      for (int side = 0; side < 2; ++side) {
        if (c == s.ring[side]) p.rings[side] |= cell, known = true;
        if (c == s.marker[side]) p.markers[side] |= cell, known = true;
      }
      if (!known)
        throw InputError(std::string("unexpected '") + c + "' at " + cellName(letter.start + i) + ": expected '.', '" + s.ring[0] + "', '" +
                             s.marker[0] + "', '" + s.ring[1] + "' or '" + s.marker[1] + "'",
                         g.number, g.column + i);
    }
  }
}

// A one-line form's groups, split at '|'.
std::vector<Line> splitGroups(const Line& line) {
  std::vector<Line> groups;
  for (size_t start = 0;;) {
    const size_t end = std::min(line.text.find('|', start), line.text.size());
    groups.push_back({line.text.substr(start, end - start), line.number, line.column + static_cast<int>(start)});
    if (end == line.text.size()) break;
    start = end + 1;
  }
  if (groups.size() != kLetters)
    throw InputError("the one-line form has 11 groups (a..k) joined by '|', this one " + std::to_string(groups.size()), line.number,
                     line.column);
  return groups;
}

// The position from its board and side, checked.
Position finish(Position p, Color toMove, const Rules& rules, int line, int column) {
  p.toMove = toMove;
  p.placement = placementPhase(p);
  if (const auto why = unreachable(p, rules)) throw InputError(*why, line, column);
  return p;
}

ParsedPosition readPositionFile(const std::vector<Line>& lines, Color toMove, const Rules& rules) {
  if (lines.size() < 2) throw InputError("expected the board after the side to move", lines[0].number + 1, 1);
  Position p;
  if (lines[1].text.find('|') != std::string_view::npos) {
    readGroups(splitGroups(lines[1]), kWhiteBlack, p);
    if (lines.size() > 2) throw InputError("unexpected line after the board", lines[2].number, lines[2].column);
  } else {
    if (lines.size() < 1 + kLetters)
      throw InputError("expected 11 lines of the board (letters a..k), found " + std::to_string(lines.size() - 1),
                       lines.back().number + 1, 1);
    readGroups(std::vector<Line>(lines.begin() + 1, lines.begin() + 1 + kLetters), kWhiteBlack, p);
    if (lines.size() > 1 + kLetters) throw InputError("unexpected line after the board", lines[1 + kLetters].number, lines[1 + kLetters].column);
  }
  return {finish(p, toMove, rules, lines[1].number, lines[1].column), false, std::nullopt};
}

bool allDigits(std::string_view t) {
  return !t.empty() && t.size() < 10 && std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; });
}

ParsedPosition readCodinGame(const std::vector<Line>& lines, Color me, const Rules& rules) {
  size_t idx = 1;
  if (idx >= lines.size() || lines[idx].text != "11")
    throw InputError("expected the row count 11 after myId", idx < lines.size() ? lines[idx].number : lines.back().number + 1,
                     idx < lines.size() ? lines[idx].column : 1);
  ++idx;
  if (lines.size() < idx + kLetters)
    throw InputError("expected 11 board lines (letters a..k), found " + std::to_string(lines.size() - idx), lines.back().number + 1, 1);
  Position p;
  readGroups(std::vector<Line>(lines.begin() + idx, lines.begin() + idx + kLetters), viewOf(me), p);
  ParsedPosition out{finish(p, me, rules, lines[idx].number, lines[idx].column), true, std::nullopt};
  idx += kLetters;
  if (idx == lines.size()) return out;
  const Line& countLine = lines[idx++];
  if (!allDigits(countLine.text))
    throw InputError("expected the action count (a number), found '" + shown(countLine.text) + "'", countLine.number, countLine.column);
  const size_t declared = std::stoul(std::string(countLine.text));
  out.actionCount = declared;
  if (declared > 0) {
    const size_t actual = legalTurns(out.position, rules).size();
    if (declared != actual)
      throw InputError("action count " + std::to_string(declared) + " does not match the " + std::to_string(actual) + " legal actions of " +
                           colorName(me) + " in this position",
                       countLine.number, countLine.column);
    for (size_t k = 0; k < declared; ++k, ++idx) {
      if (idx >= lines.size())
        throw InputError("expected " + std::to_string(declared) + " actions, found " + std::to_string(k), lines.back().number + 1, 1);
      try {
        (void)parseTurn(out.position, rules, lines[idx].text);
      } catch (const InputError& e) {
        throw InputError(std::string("not a legal action: ") + e.what(), lines[idx].number, lines[idx].column - 1 + std::max(e.column(), 1));
      }
    }
  }
  if (idx < lines.size()) throw InputError("unexpected line after the actions", lines[idx].number, lines[idx].column);
  return out;
}

char symbolAt(const Position& p, int cell, const Symbols& s) {
  for (int side = 0; side < 2; ++side) {
    if (p.rings[side] & bit(cell)) return s.ring[side];
    if (p.markers[side] & bit(cell)) return s.marker[side];
  }
  return '.';
}

std::string group(const Position& p, int l, const Symbols& s) {
  std::string out;
  for (int i = 0; i < letters()[l].count; ++i) out += symbolAt(p, letters()[l].start + i, s);
  return out;
}

}  // namespace

std::optional<Color> colorWord(std::string_view word) {
  std::string l(word);
  for (char& c : l) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (l == "w" || l == "white") return Color::White;
  if (l == "b" || l == "black") return Color::Black;
  return std::nullopt;
}

std::string formatOneLine(const Position& p) {
  std::string out;
  for (int l = 0; l < kLetters; ++l) {
    if (l) out += '|';
    out += group(p, l, kWhiteBlack);
  }
  return out;
}

std::string formatLines(const Position& p, std::optional<Color> viewer) {
  std::string out;
  for (int l = 0; l < kLetters; ++l) out += group(p, l, viewer ? viewOf(*viewer) : kWhiteBlack) + "\n";
  return out;
}

std::optional<std::string> unreachable(const Position& p, const Rules& rules) {
  if ((p.rings[0] | p.markers[0]) & (p.rings[1] | p.markers[1]) || (p.rings[0] | p.rings[1]) & (p.markers[0] | p.markers[1]))
    return "two pieces on one cell";  // not from text; a guard for positions built otherwise
  for (Color c : {Color::White, Color::Black})
    if (p.ringCount(c) > kRingsEach)
      return std::string(colorName(c)) + " has " + std::to_string(p.ringCount(c)) + " rings on the board; each side has 5";
  if (p.markerCount() > kMarkers)
    return std::to_string(p.markerCount()) + " markers on the board; the pool has 51 and the game ends when it is empty";
  const Color me = p.toMove, them = opponent(me);
  if (p.placement) {
    const int mine = p.ringCount(me), theirs = p.ringCount(them);
    if (theirs > mine + 1) return std::string(colorName(them)) + " is two rings ahead while placing; the sides place in turn";
    if (mine == 0 && theirs == 0 && me == Color::Black) return "White places the first ring";
    return std::nullopt;
  }
  if (p.removed(me) >= rules.ringsToWin)
    return std::string(colorName(me)) + " (to move) has already removed " + std::to_string(p.removed(me)) + " rings: the game ended before";
  if (p.removed(them) > rules.ringsToWin)
    return std::string(colorName(them)) + " has removed " + std::to_string(p.removed(them)) + " rings; the game ends at " +
           std::to_string(rules.ringsToWin);
  if (p.removed(them) < rules.ringsToWin && hasRow(p, them))
    return std::string("a row of five ") + colorName(them) + " markers stands, but " + colorName(them) +
           " moved last and must have removed it";
  return std::nullopt;
}

ParsedPosition parsePosition(std::string_view text, const Rules& rules) {
  const std::vector<Line> lines = contentLines(text);
  if (lines.empty()) throw InputError("empty input: expected a side to move (w or b) and a board, or CodinGame's turn input", 1, 1);
  const Line& first = lines[0];
  if (const auto side = colorWord(first.text)) return readPositionFile(lines, *side, rules);
  if (first.text == "1" || first.text == "2") return readCodinGame(lines, first.text == "1" ? Color::White : Color::Black, rules);
  throw InputError("expected the side to move (w or b) or CodinGame's myId (1 or 2), found '" + shown(first.text) + "'", first.number,
                   first.column);
}

Position parseOneLine(std::string_view text, Color toMove, const Rules& rules) {
  const Line line{text, 0, 1};
  Position p;
  readGroups(splitGroups(line), kWhiteBlack, p);
  return finish(p, toMove, rules, 0, 1);
}

}  // namespace amazons::yinsh
