// amazons-solve bench [--game clobber|yinsh] [--hash MB]
//
// Analyse a fixed list of positions of the game on one thread with a fresh engine and a fixed
// table size, and print the total node count ("Nodes searched : N"). N depends only on the
// search, so it is the search's signature: bench/signature.txt (Amazons),
// bench/signature-clobber.txt and bench/signature-yinsh.txt record it and
// tests/bench_signature_test checks it. A change that alters the search must update that file
// in the same commit (`scripts/bench [--game G] --record` writes it).
#include <tbb/global_control.h>

#include <boost/program_options.hpp>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <span>

#include "cgt/cgt.h"
#include "solver/amazons/engine.h"
#include "solver/cli/cli.h"
#include "solver/cli/cli_common.h"
#include "solver/clobber/clobber.h"
#include "solver/core/report.h"
#include "solver/core/suite_check.h"
#include "solver/yinsh/formats.h"
#include "solver/yinsh/notation.h"
#include "solver/yinsh/solver.h"

namespace amazons::cli {
namespace {

namespace po = boost::program_options;
using clobber::Clobber;

// Amazons: small contested and territory endgames, 4x4 to 10x10, and three positions of 10x10 games.
constexpr const char* kAmazonsPositions[] = {
    // KNOWN-RESULTS: contested regions and a defective territory sum (CGSuite).
    "x...|o...",
    "..|x.|.o",
    "x...o",
    ".x##o.|##.###",
    // Generated endgames (positions/amazons/endgames-*.txt), 7x7 to 10x10.
    ".#.x#...|.######.|####.###|#.x#o#.x|.#x##.#.|o##.##o.|#.#.####|#o..###.",
    ".#######|x#####x#|.#o#####|###.#.o#|###..###|#####o##|x#o.##x.|#.#.#...",
    "#.#.##..|..##.o#.|..##x###|..#.#.x#|..#.##o.|..##.###|####o#..|.o#x##x#",
    "..#.###.|#.x.#o##|##o.##x#|.#.##.##|.##..###|x######x|##o#####|.##.##o#",
    ".##..x#.|#o######|.#x###..|..######|######.o|..#####x|..o###o#|#.#x###.",
    "..####..|.##o...#|##x###o#|x##.####|.##.##..|.#####.#|.##o####|..xo.#x#",
    "#..##o.#|.##ox#x#|.#.###..|##.#.###|.######o|#o##.#..|##x#..#.|x###.#.#",
    ".x....#|..#.#x#|.##.##.|##.####|#######|.o##o##|...###.",
    "###o#.x|.#.##..|...##..|.#####.|#x#o##.|#.#####|..#.#..",
    "###x#.#...|##o####.#.|#####.#..#|.#########|###.##.###|x##.#x####|o###.###..|###.x###..|#######.#o|..##o##...",
    // The reach walk's greedy 10x10 games 3 and 4 (scripts/bench-reach), 40 and 46 empty
    // squares: a large contested chamber searched raw, its options looked up before any is
    // searched (core/sum_search.h), 0.2 s together.
    "....####.#|#..##.#.#.|...##.x..#|#o.#..o#..|#..####.#.|####.##.#.|#.#o##.###|####.#xo.#|.#x##.##x#|#....##..#",
    "...##..#..|.##x###...|..##o##.##|..#.#.#x.#|###.#..#.#|..#ox#.#o.|.####.#.#.|#x..#.#.##|#o#.##.#..|.#...##...",
    // Game 2 at 48 empty squares (positions/reach/frontier-10x10.txt): its proof search
    // (core/proof_search.h) expands positions with options left untried, so the signature
    // sees the proof numbers' weights too, which the lines above settle in tries. 0.5 s.
    "...##.....|....##.#.#|..#.##.#x.|...##o#o##|.#..#x..#.|...##.###.|#####..##.|.x#####..#|.#o#..x##.|.#..#.##.o",
};

// Clobber: random boards of bench-clobber's 6x6 and grouped 8x8 sets (seeds 606 and 808), the
// 4x4 checkerboard and a 6x2 strip: 0.5 s in all on one thread.
constexpr const char* kClobberPositions[] = {
    "xoxo.o|.oo.xx|xooxox|.xxxox|.o..oo|x.....", "x..o..|.oooxo|xxx..o|xx.x.x|.oooxo|oo..x.",
    "o.o.x.|xooox.|.oxoo.|oxo.ox|..oxox|.xox..", "xoo..o|...oox|.oxxxx|o.xox.|o.xoo.|ooxxo.",
    "oooxoo|oooox.|xox.xx|.o.x.x|x..x.x|..o.xx", "oo...o|x.xx.x|.....o|xo.oxx|.xo.ox|x.oxxo",
    ".x.o..|xoxxox|o.o.oo|xo.xo.|xxxxxx|xx.xx.", ".x.xo...|x.o..x.x|x.xxoxxx|...o.oxo|o....oo.|o...oxx.|.......o|.xxo.ox.",
    "xoxo|oxox|xoxo|oxox",                       "xoxoxo|oxoxox",
};

// What follows the lines: the signature, the time since `start` and nodes/s.
void printSummary(uint64_t total, std::chrono::steady_clock::time_point start) {
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  char summary[160];
  std::snprintf(summary, sizeof summary, "Nodes searched : %llu\nTime           : %.3f s\nNodes/s        : %.0f\n",
                static_cast<unsigned long long>(total), seconds, seconds > 0 ? static_cast<double>(total) / seconds : 0.0);
  std::cout << "\n" << summary << std::flush;
}

// Yinsh: endgames of random games (turns uniform over legalTurns, std::mt19937 seeded 1 to 40),
// a few plies before their end; wins, losses and draws, two whose best action removes a row; each
// at most 0.2 s on one thread (the draw the longest). Position, side to move, and (seed, plies
// before the end).
struct YinshBench {
  const char* position;
  char toMove;
};
constexpr YinshBench kYinshPositions[] = {
    {"wbbw|B.bbwbb|Ww.bwwwb|.ww.wwww.|.w......Wb|.b.wbbwBB|.ww.ww....|bb.wb....|wwwbw.w.|..w..w.|.W..", 'w'},     // 1, 7
    {"WB.w|.w..w..|ww.w.b..|ww.b.bw..|.ww.www..b|bbbw.w.b.|..wbW.b.w.|bw.bw.bw.|BbWww.b.|ww.wW.B|.bbb", 'b'},     // 12, 6
    {".w.w|..w.bbb|..wBwwBw|w..bWbw.w|.w.wwWwbwb|w.bbw..b.|b..Bw..w.w|Ww.B.wb..|bb.bbb.w|...ww..|b..w", 'b'},     // 2, 7
    {".w.w|..w.bbb|..wBwwbw|w..bWbw.w|.wWbbwwbbb|w.bbw..bB|b..Bw..w.w|Ww.B.wb..|bb.bbb.w|...ww..|b..w", 'b'},     // 2, 5
    {"bb..|.wW...w|wbbb.b.w|.b..Bb..b|b.b..wwb.w|.bwbb.Bb.|..w.wWwwBb|.w.wbb.w.|...bb..b|.w..www|Wwww", 'w'},     // 6, 6
    {".wbw|ww.w.bb|bbWw.b.B|.w.w.Wb.b|.W.b..wbw.|w.w.wwwbb|.w.wbb.bw.|.W.wbbwwb|b..wb...|...bwb.|B..B", 'w'},     // 10, 6
    {"bb..|wb.w.wb|bwbbbwbw|.wWw....b|Bb.w..wb..|..b..bWb.|b.b..w.Bb.|bbbb.wb..|b.ww.bw.|.bBW..b|w.w.", 'w'},     // 16, 4
    {"wbbb|w.Bw.ww|.b.bwbb.|..wbw..wW|W..w..b..b|b.wB.wb.w|.w...wwb.w|.b...bw.w|Wwbbww.w|w.ww.bw|.Bbb", 'b'},     // 38, 4
    {".w.w|..w.bbb|..wBwwbw|w..bWbw.w|.wWbbwwbbb|w.bbw..bB|b..Bw..w.w|Ww.b.wb..|bb.wbb.w|...bw..|b.Bw", 'w'},     // 2, 4
    {"wbbb|w.Bw.ww|.b.bwbbB|B.wbw..wW|Ww.w..b..b|bwwB.wb.w|.ww..wwb.w|.bw..bw.w|.bbwWw.w|w.bw.bw|..bb", 'b'},     // 38, 6
};

// Each Yinsh position solved by a fresh solver of `megabytes` on one thread: a line each
// ("3  POSITION ; SIDE ; RESULT ; plies=P ; best=ACTION ; nodes=N ; T ms"), then the summary.
void benchYinsh(size_t megabytes) {
  const auto start = std::chrono::steady_clock::now();
  uint64_t total = 0;
  int index = 0;
  for (const YinshBench& b : kYinshPositions) {
    yinsh::SolveOptions options;
    options.hashBytes = megabytes << 20;
    yinsh::Solver solver(options);
    const yinsh::Color side = b.toMove == 'w' ? yinsh::Color::White : yinsh::Color::Black;
    const yinsh::Solution s = solver.solve(yinsh::parseOneLine(b.position, side, options.rules));
    total += s.nodes;
    ++index;
    std::cout << index << (index < 10 ? "  " : " ") << b.position << " ; " << b.toMove << " ; " << (s.result ? yinsh::resultName(*s.result) : "unknown");
    if (s.plies) std::cout << " ; plies=" << *s.plies;
    if (s.move) std::cout << " ; best=" << yinsh::formatTurn(*s.move);
    char counts[96];
    std::snprintf(counts, sizeof counts, " ; nodes=%llu ; %.3f ms", static_cast<unsigned long long>(s.nodes), 1e3 * s.seconds);
    std::cout << counts << "\n";
  }
  printSummary(total, start);
}

// Each position analysed for both sides to move, Black first: a line each ("3  POSITION ;
// CLASS ; value=V ; nodes=N ; T ms"), then "Nodes searched : N" (the signature), time, nodes/s.
template <core::SuiteEngine E>
void benchPositions(E& engine, std::span<const char* const> positions) {
  using G = typename E::Game;
  const auto start = std::chrono::steady_clock::now();
  uint64_t total = 0;
  int index = 0;
  for (const char* text : positions) {
    const core::Analysis<G> a = engine.analyse(G::parseOneLine(text), cgt::Side::Left);
    total += a.nodes;
    const bool known = a.left.verdict != core::Verdict::Unknown && a.right.verdict != core::Verdict::Unknown;
    const core::OutcomeClass c = core::classOf(a.left.verdict == core::Verdict::Win, a.right.verdict == core::Verdict::Win);
    std::string value = core::totalText(a);  // some Clobber totals run to a thousand characters
    if (value.size() > 40) {
      char shortened[48];
      std::snprintf(shortened, sizeof shortened, "(%zu characters)", value.size());
      value = shortened;
    }
    char counts[96];
    std::snprintf(counts, sizeof counts, " ; nodes=%llu ; %.3f ms", static_cast<unsigned long long>(a.nodes), 1e3 * a.seconds);
    ++index;
    std::cout << index << (index < 10 ? "  " : " ") << text << " ; " << (known ? core::outcomeClassName(c) : "?") << " ; value=" << value
              << counts << "\n";
  }
  printSummary(total, start);
}

int runBench(const std::vector<std::string>& args, std::string_view game) {
  const std::string signature = game == Clobber::kName ? "bench/signature-clobber.txt"
                                : game == core::kYinsh ? "bench/signature-yinsh.txt"
                                                       : "bench/signature.txt";
  po::options_description visible("usage: amazons-solve bench [--game clobber|yinsh] [options]\n"
                                  "Analyse a fixed list of positions of the game on one thread; the total node count\n"
                                  "(Nodes searched) is the search's signature, recorded in " +
                                  signature + ".\nOptions");
  visible.add_options()
      ("help,h", "show this help");
  addRanged<int64_t>(visible, "hash", 128, kHashRange, "table memory in MB (the signature is for 128)");
  po::variables_map vm;
  std::string usage;
  if (const auto done = parseOptions("bench", args, visible, vm, usage)) return *done;
  tbb::global_control control(tbb::global_control::max_allowed_parallelism, 1);
  const auto megabytes = static_cast<size_t>(ranged<int64_t>(vm, "hash"));
  if (game == core::kYinsh) {
    benchYinsh(megabytes);
  } else if (game == Clobber::kName) {
    core::AnalysisOptions options;
    options.hashMegabytes = megabytes;
    core::AnalyserEngine<Clobber> engine(options);
    benchPositions(engine, kClobberPositions);
  } else {
    AmazonsOptions options;
    options.analysis.hashMegabytes = megabytes;
    AmazonsEngine engine(options, Notation::CS61B);
    benchPositions(engine, kAmazonsPositions);
  }
  return 0;
}

Registrar reg({"bench", "solve a fixed list of endgames on one thread; print the node-count signature",
               [](const std::vector<std::string>& args) { return runBench(args, Amazons::kName); }});
Registrar clobberReg({"clobber:bench", "analyse a fixed list of Clobber boards on one thread; print the node-count signature",
                      [](const std::vector<std::string>& args) { return runBench(args, Clobber::kName); }});
Registrar yinshReg({"yinsh:bench", "solve a fixed list of Yinsh endgames on one thread; print the node-count signature",
                    [](const std::vector<std::string>& args) { return runBench(args, core::kYinsh); }});

}  // namespace
}  // namespace amazons::cli
