// libFuzzer target: any position text (format detected), and when it is a tiny board (nine
// empty squares, four amazons a side at most), its exact analysis under small allowances,
// checked against the whole-board search (the slow oracle) for both sides to move:
// - the position reader: an InputError, or a board its writer gives back (fuzz_common.cpp);
// - with no time limit no verdict is unknown;
// - a win comes with a legal move after which the oracle finds the opponent lost, which by
//   itself proves the win;
// - a loss is confirmed by the oracle's search of the whole position (it refutes every move).
// The oracle costs as much as the analysis (20 times slower in this instrumented build than in
// a release one): a win needs only the search after its move, not also the one of the position
// before it, which found the same win again.
#include "solver/amazons/minimax.h"
#include "solver/amazons/engine.h"
#include "solver/core/errors.h"
#include "tests/fuzz/fuzz.h"

namespace {

// Tiny boards, as the game has them (four amazons a side at most), so that an input stays well
// inside libFuzzer's 10 s: ten amazons on nine empty squares ("-Bw..BbwBw|....BW...B") took
// 8 s in the search over sums here and an oracle of 200,000 positions more. The oracle stops at
// 50,000 positions (1-2 s in this build at worst; past it the input is not checked): the
// largest search of 1,366 corpus boards took 58,000, the 99th percentile 10,000.
constexpr int kMaxEmpty = 9;
constexpr size_t kMaxAmazons = 4;
constexpr uint64_t kOracleNodes = 50000;

// The CLI's engine (the core's analysis), one for every input.
amazons::AmazonsEngine& engine() {
  amazons::AmazonsOptions options;
  options.analysis.hashMegabytes = 4;
  options.analysis.formNodes = 50;  // small: the fallback searches and allowance rounds are fuzzed too
  options.analysis.totalSums = 20;
  static amazons::AmazonsEngine e(options, amazons::Notation::CodinGame);
  return e;
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
  if (board.emptyCount() > kMaxEmpty || board.amazons(Color::Black).size() > kMaxAmazons ||
      board.amazons(Color::White).size() > kMaxAmazons)
    return 0;
  AmazonsEngine& e = engine();
  const core::Analysis<Amazons> a = e.analyse(GameRegion(board), cgt::Side::Left);
  // Each input alone (a finding must replay from its input): the tables go now rather than at
  // the next input, so that an input leaves no more memory than it found. libFuzzer runs every
  // input that does again, and then scans the heap for leaks.
  e.clear();
  for (const Color side : {Color::Black, Color::White}) {
    Board b = board;
    b.setSideToMove(side);
    const core::SideReport<Amazons>& report = a.forSide(Amazons::sideOf(side));
    if (report.verdict == core::Verdict::Unknown) fuzz::fail("no time limit, yet unknown", toOneLine(board));
    if (report.verdict == core::Verdict::Win) {
      if (!report.winningMove || !b.isLegal(Amazons::onBoard(board, *report.winningMove)))
        fuzz::fail("a win without a legal winning move", toOneLine(board));
      b.play(Amazons::onBoard(board, *report.winningMove));
      const std::optional<bool> reply = WholeBoardSearch(kOracleNodes).moverWins(b);
      if (reply && *reply) fuzz::fail("the winning move loses", toOneLine(board));
    } else {
      const std::optional<bool> oracle = WholeBoardSearch(kOracleNodes).moverWins(b);
      if (oracle && *oracle) fuzz::fail("verdict differs from the whole-board search", toOneLine(board));
    }
  }
  return 0;
}
