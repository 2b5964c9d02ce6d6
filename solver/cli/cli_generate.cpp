// amazons-solve generate --board WxH --count N --seed S [--max-chamber E] [--max-empty T]
//                        [--greedy] [--amazons K] [--label] [--oracle-nodes N] [--threads N]
#include <tbb/global_control.h>

#include <boost/program_options.hpp>

#include <iostream>
#include <set>

#include "solver/amazons/endgames.h"
#include "solver/amazons/formats.h"
#include "solver/amazons/suite.h"
#include "solver/cli/cli.h"
#include "solver/cli/cli_common.h"
#include "solver/core/parallel.h"

namespace amazons::cli {
namespace {

namespace po = boost::program_options;

bool parseSize(const std::string& text, int& w, int& h) {
  const size_t x = text.find_first_of("xX");
  if (x == std::string::npos) return false;
  try {
    size_t a = 0, b = 0;
    w = std::stoi(text.substr(0, x), &a);
    h = std::stoi(text.substr(x + 1), &b);
    return a == x && b == text.size() - x - 1 && w >= 1 && h >= 1 && w <= kMaxSide && h <= kMaxSide;
  } catch (const std::exception&) {
    return false;
  }
}

int runGenerate(const std::vector<std::string>& args) {
  po::options_description visible(
      "usage: amazons-solve generate --board WxH --count N --seed S [options]\n"
      "Play random (or greedy) games from a start position until every chamber is small and\n"
      "print the positions as suite lines (position ; to-move [; win|loss ; class ; src=oracle]).\n"
      "10x10 starts from the standard position; other boards from a random point-symmetric one.\n"
      "Options");
  visible.add_options()
      ("help,h", "show this help")
      ("board", po::value<std::string>(), "board size WxH, e.g. 8x8")
      ("greedy", "prefer moves keeping the mover's mobility ahead (best of a random sample)")
      ("whole-game", "print every position of each game, first move to last (--count games; no stopping rule)")
      ("label", "label each position with the whole-board oracle; drop those it cannot finish");
  // 10 million: the attempts (50 a position) still count in an int.
  addRanged<int64_t>(visible, "count", 10, {0, 10000000}, "positions to print");
  addRanged<uint64_t>(visible, "seed", 1, kNodesRange, "random seed (the output is a function of all options)");
  addRanged<int64_t>(visible, "max-chamber", 8, kSquaresRange, "stop once every chamber has at most E empty squares");
  addRanged<int64_t>(visible, "max-empty", 0, kSquaresRange, "and the live chambers at most T empty squares in all (0: any)");
  addRanged<int64_t>(visible, "amazons", 0, kSquaresRange, "amazons a side for random starts (0: 4 on 8x8 and up, else 2)");
  addRanged<uint64_t>(visible, "oracle-nodes", 2000000, kNodesRange, "oracle node limit per side to move (0: none)");
  addRanged<int64_t>(visible, "threads", 0, kThreadsRange, "labelling threads (0: all cores)");
  po::variables_map vm;
  std::string usage;
  if (const auto done = parseOptions("generate", args, visible, vm, usage)) return *done;
  int width = 0, height = 0;
  if (!vm.count("board")) return usageError("generate", "missing --board WxH", usage);
  if (!parseSize(vm["board"].as<std::string>(), width, height))
    return usageError("generate", "--board must be WxH with sides 1..16, got '" + vm["board"].as<std::string>() + "'");
  const int64_t count = ranged<int64_t>(vm, "count");
  EndgameOptions options;
  options.maxChamberEmpty = static_cast<int>(ranged<int64_t>(vm, "max-chamber"));
  options.maxTotalEmpty = static_cast<int>(ranged<int64_t>(vm, "max-empty"));
  options.greedy = vm.count("greedy") > 0;
  options.perSide = static_cast<int>(ranged<int64_t>(vm, "amazons"));
  const bool label = vm.count("label") > 0;
  const uint64_t nodeLimit = ranged<uint64_t>(vm, "oracle-nodes");
  tbb::global_control control(tbb::global_control::max_allowed_parallelism, threadCount(vm));

  std::mt19937_64 rng(ranged<uint64_t>(vm, "seed"));
  {
    std::mt19937_64 probe(0);
    try {
      (void)startPosition(probe, width, height, options.perSide);
    } catch (const std::invalid_argument& e) {
      return usageError("generate", e.what());
    }
  }
  if (vm.count("whole-game")) {
    if (label) return usageError("generate", "--whole-game positions are not labelled (drop --label)");
    for (int game = 0; game < count; ++game)
      for (const Board& b : playWholeGame(rng, width, height, options)) {
        SuiteEntry entry;
        entry.board = b;
        std::cout << writeSuiteLine(entry) << "\n";
      }
    std::cout << std::flush;
    return 0;
  }
  std::set<std::string> seen;
  int printed = 0, games = 0, ended = 0, duplicates = 0, unlabelled = 0;
  const int maxGames = static_cast<int>(50 * count + 100);
  while (printed < count && games < maxGames) {
    // A batch of fresh positions, drawn in order, then labelled in parallel.
    std::vector<Board> batch;
    const size_t left = static_cast<size_t>(count - printed);
    const size_t want = label ? left + left / 4 + 4 : left;
    while (batch.size() < want && games < maxGames) {
      ++games;
      std::optional<Board> b = playToEndgame(rng, width, height, options);
      if (!b) {
        ++ended;
        continue;
      }
      std::string key = toOneLine(*b) + sideLetter(b->sideToMove());
      if (!seen.insert(std::move(key)).second) {
        ++duplicates;
        continue;
      }
      batch.push_back(*b);
    }
    std::vector<std::optional<OracleLabel>> labels(batch.size());
    if (label)
      core::forEveryIndexInParallel(0, batch.size(), [&](size_t i) { labels[i] = oracleLabel(batch[i], nodeLimit); });
    for (size_t i = 0; i < batch.size() && printed < count; ++i) {
      SuiteEntry entry;
      if (label) {
        if (!labels[i]) {
          ++unlabelled;
          continue;
        }
        entry = oracleEntry(batch[i], *labels[i]);
      } else {
        entry.board = batch[i];
      }
      std::cout << writeSuiteLine(entry) << "\n";
      ++printed;
    }
  }
  std::cout << std::flush;
  std::cerr << "generate: " << printed << " positions from " << games << " games (" << ended << " ended early, "
            << duplicates << " duplicates" << (label ? ", " + std::to_string(unlabelled) + " beyond the oracle's limit" : "")
            << ")\n";
  return printed == count ? 0 : 1;
}

Registrar reg({"generate", "generate endgame positions (random or greedy games), optionally oracle-labelled", &runGenerate});

}  // namespace
}  // namespace amazons::cli
