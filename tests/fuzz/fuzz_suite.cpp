// libFuzzer target: suite files, as the Amazons reader (parseSuite) and as the suite command
// reads them (core::parseSuiteLines, each line by its game: core::suiteCase, Yinsh's
// yinsh::suiteCase). Each entry read is written back, which must read back to the same line;
// bad input is an InputError, nothing else.
#include "solver/amazons/game.h"
#include "solver/amazons/suite.h"
#include "solver/clobber/clobber.h"
#include "solver/core/errors.h"
#include "solver/core/suite_check.h"
#include "tests/fuzz/fuzz.h"

namespace {

using namespace amazons;

// A line read by game G, written back with its position and moves in G's own form.
template <core::Game G>
std::string written(const core::SuiteCase<G>& c) {
  core::SuiteLine fields = c.fields;
  fields.best.clear();
  for (const typename G::Move& m : c.best) fields.best.push_back({G::formatMove(c.board, m)});
  if (c.move) fields.move = core::FieldText{G::formatMove(c.board, *c.move)};
  return G::printPosition(c.board) + " ; " + core::sideLetter(fields.toMove) + core::suiteFieldsText(fields);
}

// value= is left out: its reading (cgt::parse under a work limit of up to 10 s, as long as
// libFuzzer's timeout) is fuzz_cgt_value's.
template <core::Game G>
void readBack(core::SuiteLine line) {
  line.value.reset();
  std::string text;
  try {
    text = written(core::suiteCase<G>(line, "fuzz"));
  } catch (const InputError&) {
    return;
  }
  try {
    if (written(core::suiteCase<G>(core::parseSuiteFields(text), "fuzz")) != text) fuzz::fail("suite line reads back different", text);
  } catch (const InputError& err) {
    fuzz::fail("written suite line does not read back", text + "\n" + err.describe());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(fuzz::text(data, size));
  try {
    for (const core::SuiteLine& line : core::parseSuiteLines(text, "fuzz")) {
      if (line.game == clobber::Clobber::kName) readBack<clobber::Clobber>(line);
      else if (line.game == core::kYinsh) fuzz::checkYinshSuiteLine(line);
      else readBack<Amazons>(line);
    }
  } catch (const InputError&) {
  }
  std::vector<SuiteEntry> entries;
  try {
    entries = parseSuite(text, "fuzz");
  } catch (const InputError&) {
    return 0;
  }
  for (const SuiteEntry& e : entries) {
    const std::string line = writeSuiteLine(e);
    try {
      if (writeSuiteLine(parseSuiteLine(line)) != line) fuzz::fail("suite line reads back different", line);
    } catch (const InputError& err) {
      fuzz::fail("written suite line does not read back", line + "\n" + err.describe());
    }
  }
  return 0;
}
