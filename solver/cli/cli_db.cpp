// amazons-solve db: the persistent database of chamber values (solver/amazons/value_db.h).
//
// amazons-solve db build --db FILE --max-empty N [--max-amazons A] [--box WxH] [--threads T]
//   Every chamber of at most N empty squares and A amazons fitting the box
//   (solver/amazons/region_enum.h), valued and stored in batches, each one transaction: a
//   build stopped (or killed) loses at most its last batch, and run again skips what is stored.
// amazons-solve db stats --db FILE
//   Entries by empty squares and class, the finished builds, file size and open time.
// amazons-solve db verify --db FILE [--sample K] [--seed S]
//   K entries drawn at random, valued again without the database, compared.
#include <sys/stat.h>
#include <tbb/global_control.h>

#include <boost/program_options.hpp>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <limits>
#include <map>
#include <random>
#include <thread>

#include "cgt/notation.h"
#include "solver/amazons/formats.h"
#include "solver/amazons/region_enum.h"
#include "solver/amazons/game.h"
#include "solver/amazons/value_db.h"
#include "solver/cli/cli.h"
#include "solver/cli/cli_common.h"
#include "solver/core/errors.h"
#include "solver/core/parallel.h"
#include "solver/core/values.h"

namespace amazons::cli {
namespace {

namespace po = boost::program_options;
using Clock = std::chrono::steady_clock;

// Regions valued between two commits. A batch of 8-empty chambers takes about a second on one
// core; a commit costs one fsync.
constexpr size_t kBatch = 2000;

double secondsSince(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

long long fileBytes(const std::string& path) {
  struct stat file {};
  return ::stat(path.c_str(), &file) == 0 ? static_cast<long long>(file.st_size) : -1;
}

// Chambers valued by the core's forms (core::RegionValues) with no allowance, their table in
// `hashMegabytes`, reading `store` when given. Thread-safe: a batch is valued on every thread.
struct Valuer {
  Valuer(size_t hashMegabytes, const core::ValueStore<Amazons>* store) : values(hashMegabytes << 20, store) {}
  cgt::GameId value(const SmallRegion& chamber) { return values.value(GameRegion(chamber), budget); }
  core::RegionValues<Amazons> values;
  core::Budget budget{core::Limits{}};
};

bool oneColour(ChamberClass kind) { return kind == ChamberClass::BlackOnly || kind == ChamberClass::WhiteOnly; }
ChamberClass classOf(const SmallRegion& chamber) { return chamberClassOf(chamber, chamber.black | chamber.white | chamber.empty); }

// The common options: --db, --threads, --hash; `more` after them.
struct DbCommand {
  po::variables_map vm;
  std::string path;
  std::optional<tbb::global_control> threads;
  std::optional<int> parse(const std::string& name, const std::string& about, const std::vector<std::string>& args,
                           const po::options_description& more) {
    po::options_description visible("usage: amazons-solve db " + name + " --db FILE [options]\n" + about + "Options");
    visible.add_options()
        ("help,h", "show this help")
        ("db", po::value<std::string>(), "the database file");
    addRanged<int64_t>(visible, "threads", 0, kThreadsRange, "worker threads (0: all cores)");
    addRanged<int64_t>(visible, "hash", 1024, kHashRange, "table memory in MB");
    for (const auto& option : more.options()) visible.add(option);
    std::string usage;
    if (const auto done = parseOptions("db " + name, args, visible, vm, usage)) return *done;
    if (!vm.count("db")) return usageError("db " + name, "--db FILE is required", usage);
    path = vm["db"].as<std::string>();
    threads.emplace(tbb::global_control::max_allowed_parallelism, threadCount(vm));
    return std::nullopt;
  }
};

int runBuild(const std::vector<std::string>& args) {
  po::options_description more;
  // A chamber of the box has at most 64 squares, amazons included.
  addRanged<int64_t>(more, "max-empty", 0, {0, 63}, "empty squares of the largest chambers stored (required: 1 or more)");
  addRanged<int64_t>(more, "max-amazons", 2, {1, 63}, "amazons of both colours together, at most");
  more.add_options()
      ("box", po::value<std::string>()->default_value("8x8"), "the chambers fit this box (WxH, at most 64 squares), turned or not")
      ("progress", po::value<std::string>()->default_value("auto"), "a status line on stderr: auto (a terminal), on, off");
  DbCommand c;
  if (const auto done = c.parse("build",
                                "Value and store every chamber up to a size, contested and one-colour (defective\n"
                                "ones included). Resumable: a second run skips what is stored.\n",
                                args, more))
    return *done;
  RegionLimits limits;
  limits.maxEmpty = static_cast<int>(ranged<int64_t>(c.vm, "max-empty"));
  if (limits.maxEmpty == 0) return usageError("db build", "--max-empty N is required");
  limits.maxAmazons = static_cast<int>(ranged<int64_t>(c.vm, "max-amazons"));
  const std::string box = c.vm["box"].as<std::string>();
  if (std::sscanf(box.c_str(), "%dx%d", &limits.boxWidth, &limits.boxHeight) != 2 || limits.boxWidth < 1 ||
      limits.boxHeight < 1 || limits.boxWidth * limits.boxHeight > kSmallSquares || box != std::to_string(limits.boxWidth) + "x" + std::to_string(limits.boxHeight))
    return usageError("db build", "--box must be WxH with at most 64 squares, not '" + box + "'");
  if (limits.maxEmpty < 1 || limits.maxEmpty > kSmallSquares - 1) return usageError("db build", "--max-empty must be 1 to 63");
  if (limits.maxAmazons < 1 || limits.maxAmazons > kSmallSquares - 1) return usageError("db build", "--max-amazons must be 1 to 63");
  const bool progress = progressWanted(c.vm["progress"].as<std::string>());

  const auto start = Clock::now();
  ValueDb db(c.path, ValueDb::Mode::Create);
  db.beginBuild(limits);
  const ValueDbStore store(db, false);  // a resumed build reads the followers it stored
  Valuer valuer(static_cast<size_t>(ranged<int64_t>(c.vm, "hash")), &store);
  std::atomic<uint64_t> regions{0}, stored{0}, present{0};
  uint64_t contested = 0, territories = 0, defective = 0;
  std::vector<SmallRegion> batch;
  auto commit = [&] {
    std::vector<ValueDb::Entry> entries(batch.size());
    core::forEveryIndexInParallel(0, batch.size(), [&](size_t i) { entries[i] = {batch[i], valuer.value(batch[i])}; });
    for (const ValueDb::Entry& e : entries) {
      const ChamberClass kind = classOf(e.chamber);
      if (!oneColour(kind)) ++contested;
      else if (++territories; cgt::asNumber(e.value)->num * (kind == ChamberClass::BlackOnly ? 1 : -1) < std::popcount(e.chamber.empty)) ++defective;
    }
    stored += db.store(entries);
    batch.clear();
  };
  {
    const ProgressLine line(progress, [&] {
      const double seconds = secondsSince(start);
      char text[160];
      std::snprintf(text, sizeof text, "%.0f s: %llu regions, %llu stored, %llu there already, %.0f stored/s", seconds,
                    static_cast<unsigned long long>(regions.load()), static_cast<unsigned long long>(stored.load()),
                    static_cast<unsigned long long>(present.load()), static_cast<double>(stored.load()) / std::max(seconds, 1e-9));
      return std::string(text);
    });
    forEachRegion(limits, [&](const SmallRegion& region) {
      ++regions;
      if (db.contains(region)) {
        ++present;
        return;
      }
      batch.push_back(region);
      if (batch.size() == kBatch) commit();
    });
    commit();
  }
  db.finishBuild(limits);
  std::cout << "build        : " << ValueDb::describe(limits) << "\n"
            << "regions      : " << regions << " (" << stored << " stored now, " << present << " there already)\n"
            << "stored now   : " << contested << " contested, " << territories << " one-colour (" << defective << " defective)\n"
            << "entries      : " << db.size() << "\n"
            << "file         : " << c.path << ", " << fileBytes(c.path) << " bytes\n"
            << "time         : " << secondsSince(start) << " s\n";
  return 0;
}

int runStats(const std::vector<std::string>& args) {
  DbCommand c;
  if (const auto done = c.parse("stats", "Entries by empty squares and class, builds, size.\n", args, {})) return *done;
  const auto start = Clock::now();
  const ValueDb db(c.path, ValueDb::Mode::Read);
  const double openSeconds = secondsSince(start);
  struct Row {
    uint64_t contested = 0, black = 0, white = 0, defective = 0;
  };
  std::map<int, Row> rows;
  db.forEach([&](const SmallRegion& chamber, cgt::GameId value) {
    const int empty = std::popcount(chamber.empty);
    Row& row = rows[empty];
    const ChamberClass kind = classOf(chamber);
    if (kind == ChamberClass::Contested) ++row.contested;
    else ++(kind == ChamberClass::BlackOnly ? row.black : row.white);
    if (oneColour(kind) && std::abs(cgt::asNumber(value)->num) < empty) ++row.defective;
    return true;
  });
  std::printf("file      : %s, %lld bytes, opened in %.2f ms\n", c.path.c_str(), fileBytes(c.path), openSeconds * 1e3);
  std::printf("versions  : format %d, rules %d\n", kValueDbFormat, kValueDbRules);
  for (const std::string& build : db.builds()) std::printf("build     : %s\n", build.c_str());
  std::printf("\n%6s %12s %12s %12s %12s %12s\n", "empty", "contested", "black-only", "white-only", "(defective)", "total");
  Row all;
  for (const auto& [empty, row] : rows) {
    std::printf("%6d %12llu %12llu %12llu %12llu %12llu\n", empty, static_cast<unsigned long long>(row.contested),
                static_cast<unsigned long long>(row.black), static_cast<unsigned long long>(row.white),
                static_cast<unsigned long long>(row.defective),
                static_cast<unsigned long long>(row.contested + row.black + row.white));
    all.contested += row.contested, all.black += row.black, all.white += row.white, all.defective += row.defective;
  }
  std::printf("%6s %12llu %12llu %12llu %12llu %12llu\n", "all", static_cast<unsigned long long>(all.contested),
              static_cast<unsigned long long>(all.black), static_cast<unsigned long long>(all.white),
              static_cast<unsigned long long>(all.defective), static_cast<unsigned long long>(all.contested + all.black + all.white));
  return 0;
}

int runVerify(const std::vector<std::string>& args) {
  po::options_description more;
  addRanged<uint64_t>(more, "sample", 1000, kNodesRange, "entries to check (0: all)");
  addRanged<uint64_t>(more, "seed", 1, kNodesRange, "seed of the random draw");
  DbCommand c;
  if (const auto done = c.parse("verify", "Value entries drawn at random again, without the database, and compare.\n", args, more))
    return *done;
  const auto start = Clock::now();
  const ValueDb db(c.path, ValueDb::Mode::Read);
  const uint64_t size = db.size(), wanted = ranged<uint64_t>(c.vm, "sample");
  // The indices drawn (all when the sample is as large), then the entries at them in one pass.
  std::vector<uint64_t> indices;
  if (wanted == 0 || wanted >= size) {
    indices.resize(size);
    for (uint64_t i = 0; i < size; ++i) indices[i] = i;
  } else {
    std::mt19937_64 rng(ranged<uint64_t>(c.vm, "seed"));
    std::uniform_int_distribution<uint64_t> draw(0, size - 1);
    while (indices.size() < wanted) {
      indices.push_back(draw(rng));
      if (indices.size() == wanted) {
        std::sort(indices.begin(), indices.end());
        indices.erase(std::unique(indices.begin(), indices.end()), indices.end());
      }
    }
  }
  std::vector<ValueDb::Entry> sample;
  uint64_t at = 0;
  db.forEach([&](const SmallRegion& chamber, cgt::GameId value) {
    if (sample.size() < indices.size() && indices[sample.size()] == at) sample.push_back({chamber, value});
    ++at;
    return sample.size() < indices.size();
  });
  Valuer fresh(static_cast<size_t>(ranged<int64_t>(c.vm, "hash")), nullptr);
  std::vector<cgt::GameId> computed(sample.size());
  core::forEveryIndexInParallel(0, sample.size(), [&](size_t i) { computed[i] = fresh.value(sample[i].chamber); });
  uint64_t wrong = 0;
  for (size_t i = 0; i < sample.size(); ++i) {
    if (computed[i] == sample[i].value) continue;
    ++wrong;
    std::cout << "WRONG " << toOneLine(toBoard(sample[i].chamber)) << " : stored " << cgt::toString(sample[i].value)
              << ", computed " << cgt::toString(computed[i]) << "\n";
  }
  std::cout << "checked      : " << sample.size() << " of " << size << " entries\n"
            << "wrong        : " << wrong << "\n"
            << "time         : " << secondsSince(start) << " s\n"
            << "result       : " << (wrong ? "FAIL" : "OK") << "\n";
  return wrong ? 1 : 0;
}

int runDb(const std::vector<std::string>& args) {
  const std::string usage =
      "usage: amazons-solve db build --db FILE --max-empty N [--max-amazons A] [--box WxH] [--threads T]\n"
      "       amazons-solve db stats --db FILE\n"
      "       amazons-solve db verify --db FILE [--sample K] [--seed S]\n"
      "(amazons-solve db SUBCOMMAND --help for its options)\n";
  if (args.empty()) return usageError("db", "missing subcommand", usage);
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (args[0] == "build") return runBuild(rest);
  if (args[0] == "stats") return runStats(rest);
  if (args[0] == "verify") return runVerify(rest);
  if (args[0] == "--help" || args[0] == "-h") {
    std::cout << usage;
    return 0;
  }
  return usageError("db", "unknown subcommand '" + args[0] + "'", usage);
}

const Registrar registrar({"db", "a persistent database of chamber values: build, stats, verify", &runDb});

}  // namespace
}  // namespace amazons::cli
