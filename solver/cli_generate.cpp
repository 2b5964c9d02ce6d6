// amazons-solve generate --board WxH --count N --seed S [--max-chamber E] [--max-empty T]
//                        [--greedy] [--amazons K] [--label] [--oracle-nodes N] [--threads N]
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include <boost/program_options.hpp>

#include <iostream>
#include <set>

#include "solver/cli.h"
#include "solver/cli_common.h"
#include "solver/endgames.h"
#include "solver/formats.h"
#include "solver/suite.h"

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
      ("count", po::value<int>()->default_value(10), "positions to print")
      ("seed", po::value<uint64_t>()->default_value(1), "random seed (the output is a function of all options)")
      ("max-chamber", po::value<int>()->default_value(8), "stop once every chamber has at most E empty squares")
      ("max-empty", po::value<int>()->default_value(0), "and the live chambers at most T empty squares in all (0: any)")
      ("greedy", "prefer moves keeping the mover's mobility ahead (best of a random sample)")
      ("amazons", po::value<int>()->default_value(0), "amazons a side for random starts (0: 4 on 8x8 and up, else 2)")
      ("whole-game", "print every position of each game, first move to last (--count games; no stopping rule)")
      ("label", "label each position with the whole-board oracle; drop those it cannot finish")
      ("oracle-nodes", po::value<uint64_t>()->default_value(2000000), "oracle node limit per side to move")
      ("threads", po::value<int>()->default_value(0), "labelling threads (0: all cores)");
  po::variables_map vm;
  std::string usage;
  if (const auto done = parseOptions("generate", args, visible, vm, usage)) return *done;
  int width = 0, height = 0;
  if (!vm.count("board")) return usageError("generate", "missing --board WxH", usage);
  if (!parseSize(vm["board"].as<std::string>(), width, height))
    return usageError("generate", "--board must be WxH with sides 1..16, got '" + vm["board"].as<std::string>() + "'");
  const int count = vm["count"].as<int>();
  if (count < 0) return usageError("generate", "--count must not be negative");
  EndgameOptions options;
  options.maxChamberEmpty = vm["max-chamber"].as<int>();
  options.maxTotalEmpty = vm["max-empty"].as<int>();
  options.greedy = vm.count("greedy") > 0;
  options.perSide = vm["amazons"].as<int>();
  const bool label = vm.count("label") > 0;
  const uint64_t nodeLimit = vm["oracle-nodes"].as<uint64_t>();
  const int threads = vm["threads"].as<int>();
  std::optional<tbb::global_control> control;
  if (threads > 0) control.emplace(tbb::global_control::max_allowed_parallelism, threads);

  std::mt19937_64 rng(vm["seed"].as<uint64_t>());
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
  const int maxGames = 50 * count + 100;
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
      tbb::parallel_for(size_t{0}, batch.size(), [&](size_t i) { labels[i] = oracleLabel(batch[i], nodeLimit); },
                        tbb::simple_partitioner());
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
