// libFuzzer target: Fairy-Stockfish's FEN (solver/core/fen.h), read as an Amazons position
// (Q q *) and as a Clobber one (P p): an InputError, or a position that the FEN writer gives
// back (see fuzz.h).
#include <optional>

#include "solver/clobber/clobber.h"
#include "solver/core/errors.h"
#include "tests/fuzz/fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using amazons::clobber::Clobber;
  const std::string_view input = amazons::fuzz::text(data, size);
  amazons::fuzz::checkPositionReader(input, amazons::Format::Fen);
  // Clobber's reader takes its other formats too: whatever it reads, as a FEN, reads back.
  std::optional<amazons::clobber::Position> read;
  try {
    read = Clobber::parsePosition(input, "");
  } catch (const amazons::InputError&) {
    return 0;
  }
  const cgt::Side side = read->toMove.value_or(cgt::Side::Left);
  const std::string again = Clobber::writeFen(read->board, side);
  try {
    const amazons::clobber::Position back = Clobber::parsePosition(again, "");
    if (!(back.board == read->board) || back.toMove != side) amazons::fuzz::fail("written Clobber FEN reads back different", again);
  } catch (const amazons::InputError& e) {
    amazons::fuzz::fail("written Clobber FEN does not read back", again + e.describe());
  }
  return 0;
}
