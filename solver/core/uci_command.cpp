#include "solver/core/uci_command.h"

#include <algorithm>
#include <charconv>
#include <map>

#include "solver/core/errors.h"

namespace amazons::core {
namespace {

struct Word {
  std::string_view text;
  int column;  // from 1
};

std::vector<Word> words(std::string_view line) {
  std::vector<Word> out;
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  for (size_t i = 0; i < line.size();) {
    if (blank(line[i])) {
      ++i;
      continue;
    }
    const size_t start = i;
    while (i < line.size() && !blank(line[i])) ++i;
    out.push_back({line.substr(start, i - start), static_cast<int>(start) + 1});
  }
  return out;
}

// The words from `begin` to `end` as they stand in the line, inner blanks kept.
std::string span(std::string_view line, const std::vector<Word>& w, size_t begin, size_t end) {
  if (begin >= end) return {};
  const size_t from = static_cast<size_t>(w[begin].column - 1);
  const size_t to = static_cast<size_t>(w[end - 1].column - 1) + w[end - 1].text.size();
  return std::string(line.substr(from, to - from));
}

int64_t number(const std::vector<Word>& w, size_t i, std::string_view key) {
  std::string missing = "'";
  missing += key;
  missing += "' takes a number";
  if (i >= w.size()) throw InputError(missing, 0, w[i - 1].column + static_cast<int>(w[i - 1].text.size()) + 1);
  int64_t n = 0;
  const std::string_view t = w[i].text;
  const char* first = t.data() + (t.size() > 1 && t[0] == '+' ? 1 : 0);
  const auto [end, error] = std::from_chars(first, t.data() + t.size(), n);
  if (error != std::errc() || end != t.data() + t.size()) {
    std::string message = missing;
    message += ", not '";
    message += t;
    message += "'";
    throw InputError(message, 0, w[i].column);
  }
  return n;
}

void readPosition(std::string_view line, const std::vector<Word>& w, size_t i, UciCommand& c) {
  if (i >= w.size() || (w[i].text != "startpos" && w[i].text != "fen"))
    throw InputError("'position' takes 'startpos' or 'fen FEN', then optionally 'moves' and the moves", 0,
                     i < w.size() ? w[i].column : static_cast<int>(line.size()) + 1);
  c.startpos = w[i].text == "startpos";
  size_t movesAt = i + 1;
  if (!c.startpos) {
    while (movesAt < w.size() && w[movesAt].text != "moves") ++movesAt;
    if (movesAt == i + 1) throw InputError("'fen' takes a FEN", 0, w[i].column + 4);
    c.fen = span(line, w, i + 1, movesAt);
    c.fenColumn = w[i + 1].column;
  }
  if (movesAt < w.size()) {
    if (w[movesAt].text != "moves") throw InputError("expected 'moves' after 'startpos'", 0, w[movesAt].column);
    for (size_t m = movesAt + 1; m < w.size(); ++m) {
      c.moves.emplace_back(w[m].text);
      c.moveColumns.push_back(w[m].column);
    }
  }
}

void readGo(const std::vector<Word>& w, size_t i, UciGo& go) {
  const std::map<std::string_view, std::optional<int64_t> UciGo::*> numbers = {
      {"wtime", &UciGo::wtime},         {"btime", &UciGo::btime}, {"winc", &UciGo::winc},
      {"binc", &UciGo::binc},           {"movestogo", &UciGo::movestogo}, {"depth", &UciGo::depth},
      {"nodes", &UciGo::nodes},         {"mate", &UciGo::mate},   {"movetime", &UciGo::movetime}};
  for (; i < w.size(); ++i) {
    const std::string_view t = w[i].text;
    if (const auto found = numbers.find(t); found != numbers.end()) {
      go.*(found->second) = number(w, i + 1, t);
      ++i;
    } else if (t == "infinite") {
      go.infinite = true;
    } else if (t == "ponder") {
      go.ponder = true;
    } else if (t == "searchmoves") {
      // the moves run to the next keyword
      while (i + 1 < w.size() && !numbers.count(w[i + 1].text) && w[i + 1].text != "infinite" && w[i + 1].text != "ponder")
        go.searchmoves.emplace_back(w[++i].text);
    }  // anything else: ignored, as the protocol asks
  }
}

void readSetOption(std::string_view line, const std::vector<Word>& w, size_t i, UciCommand& c) {
  if (i >= w.size() || w[i].text != "name")
    throw InputError("'setoption' takes 'name NAME', then optionally 'value VALUE'", 0,
                     i < w.size() ? w[i].column : static_cast<int>(line.size()) + 1);
  size_t valueAt = i + 1;
  while (valueAt < w.size() && w[valueAt].text != "value") ++valueAt;
  if (valueAt == i + 1) throw InputError("'name' takes an option's name", 0, w[i].column + 5);
  c.name = span(line, w, i + 1, valueAt);
  if (valueAt < w.size()) c.value = span(line, w, valueAt + 1, w.size());
}

}  // namespace

UciCommand parseUciCommand(std::string_view line) {
  using Kind = UciCommand::Kind;
  static const std::map<std::string_view, Kind> kinds = {
      {"uci", Kind::Uci},           {"debug", Kind::Debug},           {"isready", Kind::IsReady},
      {"setoption", Kind::SetOption}, {"register", Kind::Register},   {"ucinewgame", Kind::UciNewGame},
      {"position", Kind::Position}, {"go", Kind::Go},                 {"stop", Kind::Stop},
      {"ponderhit", Kind::PonderHit}, {"quit", Kind::Quit}};
  const std::vector<Word> w = words(line);
  UciCommand c;
  size_t i = 0;
  while (i < w.size() && !kinds.count(w[i].text)) ++i;  // unknown words before a command
  if (i == w.size()) return c;
  c.kind = kinds.at(w[i].text);
  ++i;
  switch (c.kind) {
    case Kind::Debug:
      if (i < w.size()) c.value = std::string(w[i].text);
      break;
    case Kind::SetOption:
      readSetOption(line, w, i, c);
      break;
    case Kind::Position:
      readPosition(line, w, i, c);
      break;
    case Kind::Go:
      readGo(w, i, c.go);
      break;
    default:
      break;
  }
  return c;
}

}  // namespace amazons::core
