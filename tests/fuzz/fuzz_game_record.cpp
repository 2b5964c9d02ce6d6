// libFuzzer target: game records (solver/core/game_record.h), as `verify --games` reads them:
// every line either a game or an InputError on that line, at a column within it; each game
// replayed by Amazons and by Clobber (core::replayGame, `standard` each game's start), which
// either plays every move or throws an InputError on the game's line. A game read is written
// back (START ; SIDE ; MOVES {score}) and must read back to the same fields.
#include <string>

#include "solver/amazons/endgames.h"
#include "solver/amazons/game.h"
#include "solver/clobber/clobber.h"
#include "solver/core/errors.h"
#include "solver/core/game_record.h"
#include "tests/fuzz/fuzz.h"

namespace {

using namespace amazons;

std::string written(const core::GameRecord& g) {
  std::string s = g.start.text + " ; " + core::sideLetter(g.first) + " ;";
  for (const core::RecordMove& m : g.moves) {
    s += " " + m.text.text;
    if (m.score) s += " {" + core::uciScoreText(*m.score) + "}";
  }
  return s;
}

bool sameFields(const core::GameRecord& a, const core::GameRecord& b) {
  if (a.start.text != b.start.text || a.first != b.first || a.moves.size() != b.moves.size()) return false;
  for (size_t i = 0; i < a.moves.size(); ++i) {
    const auto &x = a.moves[i].score, &y = b.moves[i].score;
    if (a.moves[i].text.text != b.moves[i].text.text || x.has_value() != y.has_value()) return false;
    if (x && (x->mate != y->mate || x->value != y->value)) return false;
  }
  return true;
}

template <core::Game G, class Standard>
void replay(const core::GameRecord& g, Standard&& standard) {
  try {
    const core::ReplayedGame<G> game = core::replayGame<G>(g, "fuzz", standard);
    if (game.positions.size() != g.moves.size() + 1) fuzz::fail("a replayed game lacks positions", written(g));
  } catch (const InputError& e) {
    if (e.line() != g.line || e.column() < 1) fuzz::fail("a game's error is not on its line", written(g) + "\n" + e.describe());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text = fuzz::text(data, size);
  const core::GameRecords records = core::parseGameRecords(text, "fuzz");
  for (const InputError& e : records.errors)
    if (e.line() < 1 || e.column() < 1) fuzz::fail("a record error without its place", e.describe());
  for (const core::GameRecord& g : records.games) {
    const std::string again = written(g);
    try {
      if (!sameFields(core::parseGameRecord(again, g.line, "fuzz"), g)) fuzz::fail("a written game reads back different", again);
    } catch (const InputError& e) {
      fuzz::fail("a written game does not read back", again + "\n" + e.describe());
    }
    replay<Amazons>(g, [] { return GamePosition{GameRegion(standardStart10x10()), std::nullopt}; });
    replay<clobber::Clobber>(g, [] {
      clobber::Position p = clobber::Clobber::parsePosition("PpPpP/pPpPp/PpPpP/pPpPp/PpPpP/pPpPp w - - 0 1", "standard");
      p.toMove.reset();
      return p;
    });
  }
  return 0;
}
