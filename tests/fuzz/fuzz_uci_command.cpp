// libFuzzer target: one line of a UCI GUI's commands (solver/core/uci_command.h), as `play uci`
// reads them: an InputError, or a command whose parts stand in the line where it says (the
// FEN, each move) and whose error columns lie within the line (see fuzz.h).
#include "solver/core/errors.h"
#include "solver/core/uci_command.h"
#include "tests/fuzz/fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using amazons::core::UciCommand;
  const std::string_view line = amazons::fuzz::text(data, size);
  UciCommand c;
  try {
    c = amazons::core::parseUciCommand(line);
  } catch (const amazons::InputError& e) {
    if (e.column() < 1 || static_cast<size_t>(e.column()) > line.size() + 2) amazons::fuzz::fail("error column outside the line", e.what());
    return 0;
  }
  const auto standsAt = [&](const std::string& part, int column) {
    return column >= 1 && static_cast<size_t>(column) - 1 + part.size() <= line.size() && line.substr(static_cast<size_t>(column) - 1, part.size()) == part;
  };
  if (c.kind == UciCommand::Kind::Position) {
    if (c.startpos == !c.fen.empty()) amazons::fuzz::fail("a position is neither or both of startpos and a FEN", line);
    if (!c.startpos && !standsAt(c.fen, c.fenColumn)) amazons::fuzz::fail("the FEN is not where its column says", line);
    if (c.moves.size() != c.moveColumns.size()) amazons::fuzz::fail("a move without its column", line);
    for (size_t i = 0; i < c.moves.size(); ++i)
      if (c.moves[i].empty() || !standsAt(c.moves[i], c.moveColumns[i])) amazons::fuzz::fail("a move is not where its column says", line);
  }
  if (c.kind == UciCommand::Kind::SetOption && c.name.empty()) amazons::fuzz::fail("setoption without a name", line);
  return 0;
}
