#include "solver/core/game_record.h"

#include <charconv>

namespace amazons::core {
namespace {

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// A field of the line: its text trimmed and the column where it starts.
FieldText trimmed(std::string_view line, size_t from, size_t to) {
  while (from < to && isBlank(line[from])) ++from;
  while (to > from && isBlank(line[to - 1])) --to;
  return FieldText{std::string(line.substr(from, to - from)), static_cast<int>(from) + 1};
}

// "{cp N}" or "{mate N}" at text[at] == '{'; moves `at` past the '}'.
UciScore readScore(std::string_view text, size_t& at, int column0, int lineNumber, const std::string& file) {
  const size_t open = at;
  const size_t close = text.find('}', open);
  if (close == std::string_view::npos) throw InputError("'{' without its '}'", lineNumber, column0 + static_cast<int>(open), file);
  at = close + 1;
  std::string_view inside = text.substr(open + 1, close - open - 1);
  auto bad = [&] {
    return InputError("a score is {cp N} or {mate N}, N a whole number", lineNumber, column0 + static_cast<int>(open), file);
  };
  while (!inside.empty() && isBlank(inside.front())) inside.remove_prefix(1);
  while (!inside.empty() && isBlank(inside.back())) inside.remove_suffix(1);
  const size_t space = inside.find_first_of(" \t");
  if (space == std::string_view::npos) throw bad();
  const std::string_view kind = inside.substr(0, space);
  std::string_view number = inside.substr(space);
  while (!number.empty() && isBlank(number.front())) number.remove_prefix(1);
  if (kind != "cp" && kind != "mate") throw bad();
  long value = 0;
  const char* end = number.data() + number.size();
  const char* first = number.data() + (!number.empty() && number.front() == '+');
  const auto [p, ec] = std::from_chars(first, end, value);
  if (number.empty() || ec != std::errc() || p != end) throw bad();
  return UciScore{kind == "mate", value};
}

}  // namespace

GameRecord parseGameRecord(std::string_view text, int lineNumber, const std::string& file) {
  const size_t first = text.find(';');
  const size_t second = first == std::string_view::npos ? first : text.find(';', first + 1);
  if (second == std::string_view::npos)
    throw InputError("a game is START ; SIDE ; MOVES", lineNumber, first == std::string_view::npos ? 1 : static_cast<int>(first) + 1, file);
  GameRecord record;
  record.line = lineNumber;
  record.start = trimmed(text, 0, first);
  if (record.start.text.empty()) throw InputError("START is empty", lineNumber, record.start.column, file);
  const FieldText side = trimmed(text, first + 1, second);
  if (side.text == "b" || side.text == "B") record.first = cgt::Side::Left;
  else if (side.text == "w" || side.text == "W") record.first = cgt::Side::Right;
  else throw InputError("SIDE is b or w, not '" + side.text + "'", lineNumber, side.column, file);
  const std::string_view moves = text.substr(second + 1);
  const int column0 = static_cast<int>(second) + 2;  // the column of moves[0]
  size_t at = 0;
  while (at < moves.size()) {
    if (isBlank(moves[at])) {
      ++at;
      continue;
    }
    if (moves[at] == '{') {
      if (record.moves.empty() || record.moves.back().score)
        throw InputError("a score follows a move of its own", lineNumber, column0 + static_cast<int>(at), file);
      record.moves.back().score = readScore(moves, at, column0, lineNumber, file);
      continue;
    }
    const size_t start = at;
    while (at < moves.size() && !isBlank(moves[at]) && moves[at] != '{') {
      if (moves[at] == '}' || moves[at] == ';')
        throw InputError(std::string("unexpected '") + moves[at] + "'", lineNumber, column0 + static_cast<int>(at), file);
      ++at;
    }
    record.moves.push_back({FieldText{std::string(moves.substr(start, at - start)), column0 + static_cast<int>(start)}, std::nullopt});
  }
  return record;
}

GameRecords parseGameRecords(std::string_view text, const std::string& file) {
  GameRecords out;
  int lineNumber = 0;
  for (size_t at = 0; at <= text.size();) {
    const size_t end = std::min(text.find('\n', at), text.size());
    const std::string_view line = text.substr(at, end - at);
    ++lineNumber;
    at = end + 1;
    if (isSuiteCommentOrBlank(line)) {
      if (end == text.size()) break;
      continue;
    }
    try {
      out.games.push_back(parseGameRecord(line, lineNumber, file));
    } catch (const InputError& e) {
      out.errors.push_back(e);
    }
    if (end == text.size()) break;
  }
  return out;
}

}  // namespace amazons::core
