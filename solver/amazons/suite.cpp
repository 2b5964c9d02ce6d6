#include "solver/amazons/suite.h"

#include <algorithm>

#include "solver/amazons/formats.h"
#include "solver/amazons/notation.h"
#include "solver/core/errors.h"
#include "solver/core/input.h"

namespace amazons {

namespace {

// An InputError of a part of a field, moved to the field's place on its line.
[[noreturn]] void rethrowAt(const InputError& e, int line, const core::FieldText& field) {
  throw InputError(e.what(), line, field.columnOf(e.column()));
}

Move parseMoveAt(const Board& board, const core::FieldText& field, int line) {
  try {
    return parseLegalMove(board, field.text);
  } catch (const InputError& e) {
    rethrowAt(e, line, field);
  }
}

SuiteEntry typed(const core::SuiteLine& f) {
  if (f.game != "amazons")
    throw InputError("a " + f.game + " line where Amazons lines are read (amazons-solve suite reads every game)", f.line, 1);
  SuiteEntry entry;
  entry.line = f.line;
  const Color mover = f.toMove == cgt::Side::Left ? Color::Black : Color::White;
  try {
    entry.board = parseOneLine(f.position.text, mover);
  } catch (const InputError& e) {
    rethrowAt(e, f.line, f.position);
  }
  if (f.outcome) entry.moverWins = *f.outcome == core::Outcome::Win;  // no draws: the reader refuses them
  entry.outcomeClass = f.outcomeClass;
  if (f.value) {
    entry.value = f.value->text;
    entry.valueColumn = f.value->column;
  }
  entry.moves = f.moves;
  for (const core::FieldText& m : f.best) entry.best.push_back(parseMoveAt(entry.board, m, f.line));
  entry.src = f.src;
  if (f.move) entry.move = parseMoveAt(entry.board, *f.move, f.line);
  if (f.claimedOutcome) entry.claimedWin = *f.claimedOutcome == core::Outcome::Win;
  entry.margin = f.margin;
  entry.knownFailure = f.knownFailure;
  entry.extra = f.extra;
  return entry;
}

}  // namespace

SuiteEntry parseSuiteLine(std::string_view text, int lineNumber) { return typed(core::parseSuiteFields(text, lineNumber)); }

std::vector<SuiteEntry> parseSuite(std::string_view text, const std::string& file) {
  std::vector<SuiteEntry> entries;
  for (const core::SuiteLine& line : core::parseSuiteLines(text, file)) {
    try {
      entries.push_back(typed(line));
    } catch (const InputError& e) {
      throw file.empty() ? e : e.withFile(file);
    }
  }
  return entries;
}

std::vector<SuiteEntry> loadSuite(const std::string& path) {
  const core::InputText input = core::readInput(path);
  return parseSuite(input.text, input.name);
}

std::string writeSuiteLine(const SuiteEntry& e) {
  core::SuiteLine fields;
  if (e.moverWins) fields.outcome = *e.moverWins ? core::Outcome::Win : core::Outcome::Loss;
  fields.outcomeClass = e.outcomeClass;
  if (e.value) fields.value = core::FieldText{*e.value};
  fields.moves = e.moves;
  for (const Move& m : e.best) fields.best.push_back({formatMove(e.board, m, Notation::CS61B)});
  if (e.move) fields.move = core::FieldText{formatMove(e.board, *e.move, Notation::CS61B)};
  if (e.claimedWin) fields.claimedOutcome = *e.claimedWin ? core::Outcome::Win : core::Outcome::Loss;
  fields.margin = e.margin;
  fields.extra = e.extra;
  fields.src = e.src;
  fields.knownFailure = e.knownFailure;
  return toOneLine(e.board) + " ; " + sideLetter(e.board.sideToMove()) + core::suiteFieldsText(fields);
}

}  // namespace amazons
