// libFuzzer target: any position text (format detected), and when it is a tiny board, its
// exact analysis under small allowances, checked against the whole-board search (the slow
// oracle) for both sides to move.
#include "solver/amazons/minimax.h"
#include "solver/amazons/solve.h"
#include "solver/core/errors.h"
#include "tests/fuzz/fuzz.h"

namespace {

// Tiny enough for the oracle to decide within its node limit in a few milliseconds.
constexpr int kMaxEmpty = 9;
constexpr uint64_t kOracleNodes = 200000;

amazons::Solver& solver() {
  amazons::SolveOptions options;
  options.hashMegabytes = 4;
  options.canonicalNodes = 50;  // small: the fallback searches and allowance rounds are fuzzed too
  options.totalNodes = 20;
  static amazons::Solver s(options);
  return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace amazons;
  fuzz::checkPositionReader(fuzz::text(data, size), Format::Auto);
  Board board(1, 1);
  try {
    board = parsePosition(fuzz::text(data, size)).board;
  } catch (const InputError&) {
    return 0;
  }
  if (board.emptyCount() > kMaxEmpty) return 0;
  Solver& s = solver();
  s.clear();  // each input alone: a finding must replay from its input
  const Analysis a = s.analyse(board);
  for (const Color side : {Color::Black, Color::White}) {
    Board b = board;
    b.setSideToMove(side);
    const std::optional<bool> oracle = WholeBoardSearch(kOracleNodes).moverWins(b);
    const Verdict v = a.forSide(side).verdict;
    if (v == Verdict::Unknown) fuzz::fail("no time limit, yet unknown", toOneLine(board));
    if (oracle && *oracle != (v == Verdict::Win)) fuzz::fail("verdict differs from the whole-board search", toOneLine(board));
    if (v == Verdict::Win) {
      const std::optional<Move> m = a.forSide(side).bestMove;
      if (!m || !b.isLegal(*m)) fuzz::fail("a win without a legal winning move", toOneLine(board));
      b.play(*m);
      const std::optional<bool> reply = WholeBoardSearch(kOracleNodes).moverWins(b);
      if (reply && *reply) fuzz::fail("the winning move loses", toOneLine(board));
    }
  }
  return 0;
}
