// amazons-solve bench [--hash MB]
//
// Solve a fixed list of small endgames on one thread with a fresh Solver and a fixed table
// size, and print the total node count ("Nodes searched : N"). N depends only on the search, so
// it is the search's signature: bench/signature.txt records it and tests/bench_signature_test
// checks it. A change that alters the search must update that file in the same commit.
#include <tbb/global_control.h>

#include <boost/program_options.hpp>

#include <chrono>

#include "cgt/cgt.h"
#include "solver/amazons/formats.h"
#include "solver/amazons/solve.h"
#include "solver/amazons/suite.h"
#include "solver/cli/cli.h"
#include "solver/cli/cli_common.h"

namespace amazons::cli {
namespace {

namespace po = boost::program_options;

// Small contested and territory endgames, 4x4 to 10x10; each analysed for both sides to move.
constexpr const char* kPositions[] = {
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
};

int runBench(const std::vector<std::string>& args) {
  po::options_description visible(
      "usage: amazons-solve bench [options]\n"
      "Solve a fixed list of endgames on one thread; the total node count (Nodes searched) is\n"
      "the search's signature, recorded in bench/signature.txt.\n"
      "Options");
  visible.add_options()
      ("help,h", "show this help");
  addRanged<int64_t>(visible, "hash", 128, kHashRange, "table memory in MB (the signature is for 128)");
  po::variables_map vm;
  std::string usage;
  if (const auto done = parseOptions("bench", args, visible, vm, usage)) return *done;
  tbb::global_control control(tbb::global_control::max_allowed_parallelism, 1);
  SolveOptions options;
  options.hashMegabytes = ranged<int64_t>(vm, "hash");
  Solver solver(options);
  const auto start = std::chrono::steady_clock::now();
  uint64_t total = 0;
  int index = 0;
  for (const char* text : kPositions) {
    const Board board = parseOneLine(text, Color::Black);
    const Analysis a = solver.analyse(board);
    total += a.nodes;
    const OutcomeClass c = classOf(a.blackToMove.verdict == Verdict::Win, a.whiteToMove.verdict == Verdict::Win);
    const bool known = a.blackToMove.verdict != Verdict::Unknown && a.whiteToMove.verdict != Verdict::Unknown;
    printBenchLine(++index, text, known ? outcomeClassName(c) : "?", a.total ? cgt::toString(*a.total) : "?", a.nodes, a.seconds);
  }
  printBenchSummary(total, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  return 0;
}

Registrar reg({"bench", "solve a fixed list of endgames on one thread; print the node-count signature", &runBench});

}  // namespace
}  // namespace amazons::cli
