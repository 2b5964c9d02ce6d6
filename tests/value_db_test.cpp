// The value database (solver/amazons/value_db.h, solver/amazons/region_enum.h, `amazons-solve
// db`): values read back equal the values computed, a build holds exactly the chambers a
// brute-force enumeration finds, readers and a writer at once, and broken files refused.
#include <gtest/gtest.h>

#include <bit>
#include <lmdb.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include "cgt/cgt.h"
#include "solver/amazons/chambers.h"
#include "solver/amazons/formats.h"
#include "solver/amazons/region_enum.h"
#include "solver/amazons/game.h"
#include "solver/amazons/value_db.h"
#include "solver/core/analysis.h"
#include "solver/core/values.h"
#include "tests/support/cli_run.h"
#include "tests/support/naive.h"

namespace amazons {
namespace {

using testing::has;
using testing::runCli;
using testing::tempPath;

std::string freshPath(const std::string& name) {
  const std::string path = tempPath(name);
  std::filesystem::remove(path);
  std::filesystem::remove(path + "-lock");
  return path;
}

SmallRegion keyOf(const Board& board, const Chamber& chamber) {
  const SmallRegion small = *smallChamber(board, chamber);
  return normalisedChamber(small, small.black | small.white | small.empty);
}

// The value of a region by the core's forms alone, without a database (whose forms the core
// tests hold to the naive canonical forms).
cgt::GameId formValue(const Board& region) {
  core::RegionValues<Amazons> values;
  core::Budget budget{core::Limits{}};
  return values.value(GameRegion(region), budget);
}

// Random chambers of every class from random boards: their values, by forms without a database.
std::vector<ValueDb::Entry> randomEntries(int count, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<ValueDb::Entry> entries;
  while (static_cast<int>(entries.size()) < count) {
    const int blacks = static_cast<int>(rng() % 3), whites = static_cast<int>(rng() % 3);
    const Board board = testing::randomBoard(rng, 3 + static_cast<int>(rng() % 3), 3 + static_cast<int>(rng() % 2), blacks, whites, 0.35);
    for (const Chamber& c : findChambers(board)) {
      // Contested chambers of a few empty squares: their full forms take milliseconds.
      if (c.kind == ChamberClass::Dead || c.kind == ChamberClass::Closed || (c.kind == ChamberClass::Contested && c.empty > 7)) continue;
      entries.push_back({keyOf(board, c), formValue(extractRegion(board, c))});
    }
  }
  return entries;
}

TEST(ValueDb, KeysPackAndUnpackExactly) {
  for (const ValueDb::Entry& e : randomEntries(300, 7)) {
    const std::optional<SmallRegion> back = ValueDb::unpackKey(ValueDb::packKey(e.chamber));
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(*back, e.chamber);
  }
  EXPECT_FALSE(ValueDb::unpackKey("\x02\x02").has_value());  // too short for 2x2
  SmallRegion notNormalised{.black = 1, .white = 0, .empty = 2, .width = 1, .height = 2};  // x over . is least as . over x
  EXPECT_NE(normalisedChamber(notNormalised, 3), notNormalised);
  EXPECT_FALSE(ValueDb::unpackKey(ValueDb::packKey(notNormalised)).has_value());
}

TEST(ValueDb, ValuesReadBackEqualValuesComputed) {
  const std::string path = freshPath("readback.db");
  const std::vector<ValueDb::Entry> entries = randomEntries(400, 11);
  int contested = 0, territories = 0, defective = 0;
  for (const ValueDb::Entry& e : entries) {
    const ChamberClass kind = chamberClassOf(e.chamber, e.chamber.black | e.chamber.white | e.chamber.empty);
    if (kind == ChamberClass::Contested) ++contested;
    else if (++territories; std::abs(cgt::asNumber(e.value)->num) < std::popcount(e.chamber.empty)) ++defective;
  }
  EXPECT_GT(contested, 50);  // every class met
  EXPECT_GT(territories, 50);
  EXPECT_GT(defective, 0);
  {
    ValueDb db(path, ValueDb::Mode::Create);
    db.store(entries);
  }
  const ValueDb db(path, ValueDb::Mode::Read);
  for (const ValueDb::Entry& e : entries) {
    const std::optional<cgt::GameId> v = db.find(e.chamber);
    ASSERT_TRUE(v.has_value());
    EXPECT_EQ(*v, e.value) << cgt::toString(*v) << " vs " << cgt::toString(e.value);
  }
  SmallRegion absent{.black = 1, .white = 2, .empty = 0xFFFC, .width = 4, .height = 4};
  EXPECT_FALSE(db.find(normalisedChamber(absent, 0xFFFF)).has_value());
}

// The analysis takes what the database says (ValueDbStore, core::ValueStore), at the root and
// inside a search: a value planted there (a wrong one, on purpose) is read before any form is
// computed and changes the analysis. With learning the values of a position's chambers are
// stored, as forms without the database give them.
TEST(ValueDb, TheCoreReadsAndLearnsIt) {
  const Board larger = parseOneLine("x.....|....#o", Color::Black);
  Board option = larger;
  option.play({6, 7, 6});
  const SmallRegion planted = keyOf(option, findChambers(option)[0]);
  const std::string path = freshPath("planted-core.db");
  ValueDb db(path, ValueDb::Mode::Create);
  db.store(std::vector<ValueDb::Entry>{{planted, cgt::integer(20)}}, true);
  core::AnalysisOptions options;
  options.formNodes = 0;
  ValueDbStore reading(db, false);
  const core::Analysis<Amazons> a = core::Analyser<Amazons>(options, &reading).analyse(GameRegion(option));
  ASSERT_EQ(a.regions.size(), 1u);
  EXPECT_EQ(a.regions[0].value, cgt::integer(20));
  const core::Analysis<Amazons> l = core::Analyser<Amazons>(options, &reading).analyse(GameRegion(larger));
  ASSERT_EQ(l.regions.size(), 1u);
  ASSERT_TRUE(l.regions[0].value);
  EXPECT_EQ(cgt::leftStop(*l.regions[0].value), cgt::Dyadic(20));
  // Black's option of 20 in the larger chamber: its left stop rises from at most 9 to 20.
  EXPECT_NE(*l.regions[0].value, formValue(larger));

  const Board two = parseOneLine("x..#o...|.o.#..x.|########|.x.#.o..", Color::Black);
  const std::string learnedPath = freshPath("learned-core.db");
  ValueDb learnedDb(learnedPath, ValueDb::Mode::Create);
  ValueDbStore learning(learnedDb, true);
  const core::Analysis<Amazons> t = core::Analyser<Amazons>(options, &learning).analyse(GameRegion(two));
  ASSERT_EQ(t.regions.size(), 4u);  // two contested, a territory of each colour
  for (const Chamber& c : findChambers(two)) {
    if (c.kind == ChamberClass::Dead || c.kind == ChamberClass::Closed) continue;
    EXPECT_EQ(learnedDb.find(keyOf(two, c)), formValue(extractRegion(two, c)));
  }
  EXPECT_EQ(learnedDb.size(), 4u);

  // Learning, the chambers of 8 or more empty squares that its forms computed are stored too
  // (here the options of a 9-empty chamber), each with its form's value.
  const std::string innerPath = freshPath("learned-inner.db");
  ValueDb innerDb(innerPath, ValueDb::Mode::Create);
  ValueDbStore inner(innerDb, true);
  core::AnalysisOptions formsOnly = options;
  formsOnly.probePositions = 0;  // its value by its form, not by a probe
  core::Analyser<Amazons>(formsOnly, &inner).analyse(GameRegion(larger));
  EXPECT_GT(innerDb.size(), 10u);
  innerDb.forEach([&](const SmallRegion& chamber, cgt::GameId value) {
    EXPECT_GE(std::popcount(chamber.empty), kDbLookupEmpty);
    EXPECT_EQ(value, formValue(toBoard(chamber))) << toOneLine(toBoard(chamber));
    return true;
  });
}

// Every region forEachRegion gives is normalised, met once, and the set is the brute force's.
void expectEnumerationMatchesBruteForce(int w, int h, int maxEmpty, int maxAmazons) {
  std::set<std::string> enumerated;
  size_t visits = 0;
  forEachRegion({maxEmpty, maxAmazons, w, h}, [&](const SmallRegion& r) {
    ++visits;
    EXPECT_EQ(normalisedChamber(r, r.black | r.white | r.empty), r);
    enumerated.insert(testing::naiveCanonicalText(toBoard(r)));
  });
  const std::set<std::string> naive = testing::naiveRegions(w, h, maxEmpty, maxAmazons);
  EXPECT_EQ(visits, enumerated.size()) << "a region met twice";
  EXPECT_EQ(enumerated, naive) << w << "x" << h << " N=" << maxEmpty << " A=" << maxAmazons;
}

TEST(RegionEnum, MatchesBruteForceOverSmallBoxes) {
  expectEnumerationMatchesBruteForce(3, 3, 5, 3);
  expectEnumerationMatchesBruteForce(4, 3, 4, 2);
  expectEnumerationMatchesBruteForce(2, 5, 4, 3);
  expectEnumerationMatchesBruteForce(1, 6, 5, 1);
}

TEST(ValueDbCli, BuildHoldsEveryRegionWithItsValueAndResumes) {
  const std::string path = freshPath("build.db");
  const testing::CliResult small = runCli({"db", "build", "--db", path, "--max-empty", "2", "--box", "3x3", "--threads", "2"});
  ASSERT_EQ(small.status, 0) << small.err;
  const testing::CliResult r = runCli({"db", "build", "--db", path, "--max-empty", "3", "--box", "3x3", "--threads", "2"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::set<std::string> smaller = testing::naiveRegions(3, 3, 2, 2), naive = testing::naiveRegions(3, 3, 3, 2);
  // The second run skipped what the first had stored.
  std::string skipped = std::to_string(naive.size() - smaller.size());
  skipped += " stored now, ";
  skipped += std::to_string(smaller.size());
  EXPECT_TRUE(has(r.out, skipped + " there already)")) << r.out;
  const ValueDb db(path, ValueDb::Mode::Read);
  EXPECT_EQ(db.size(), naive.size());
  std::set<std::string> stored;
  db.forEach([&](const SmallRegion& chamber, cgt::GameId value) {
    stored.insert(testing::naiveCanonicalText(toBoard(chamber)));
    const Board board = toBoard(chamber);
    // The value from the definition (no splitting, no symmetry, no tables).
    EXPECT_EQ(value, testing::naiveValue(board)) << toOneLine(board);
    return true;
  });
  EXPECT_EQ(stored, naive);
  EXPECT_EQ(db.builds(), (std::vector<std::string>{"max-empty=2 max-amazons=2 box=3x3", "max-empty=3 max-amazons=2 box=3x3"}));
  const testing::CliResult stats = runCli({"db", "stats", "--db", path});
  EXPECT_EQ(stats.status, 0);
  EXPECT_TRUE(has(stats.out, "all")) << stats.out;
  const testing::CliResult verify = runCli({"db", "verify", "--db", path, "--sample", "0"});
  EXPECT_EQ(verify.status, 0) << verify.out;
  EXPECT_TRUE(has(verify.out, "checked      : " + std::to_string(naive.size()) + " of")) << verify.out;
}

TEST(ValueDbCli, AnalysisWithTheDatabaseAndLearning) {
  const std::string path = freshPath("learn.db");
  ASSERT_EQ(runCli({"db", "build", "--db", path, "--max-empty", "3", "--box", "4x4"}).status, 0);
  const std::string position = testing::writeTemp("pos.txt", "x..#o..|.o.#..x|#######|.x.#.o.|...#...\n");
  const testing::CliResult plain = runCli({position});
  const testing::CliResult read = runCli({position, "--db", path});
  EXPECT_EQ(read.status, plain.status);
  // All but the last line: nodes (fewer with the database) and time.
  const auto withoutTime = [](const std::string& out) { return out.substr(0, out.rfind("Nodes:")); };
  EXPECT_EQ(withoutTime(read.out), withoutTime(plain.out));
  const size_t before = ValueDb(path, ValueDb::Mode::Read).size();
  ASSERT_EQ(runCli({position, "--db", path, "--db-learn"}).status, plain.status);
  EXPECT_GT(ValueDb(path, ValueDb::Mode::Read).size(), before);  // its larger chambers stored
  EXPECT_EQ(withoutTime(runCli({position, "--db", path}).out), withoutTime(plain.out));
  // Suites take it too.
  const std::string suite = testing::writeTemp("suite.txt", "x..o ; w ; win ; N ; value=+-1\n");
  EXPECT_EQ(runCli({"suite", suite, "--db", path}).status, 0);
  EXPECT_EQ(runCli({"verify", suite, "--db", path}).status, 0);
}

// A process building every chamber of 4x4 up to 5 empty squares (57,573; a few seconds) into `path`.
pid_t startBuild(const std::string& path) {
  const pid_t writer = ::fork();
  if (writer == 0) {
    std::freopen("/dev/null", "w", stdout);
    ::execl(AMAZONS_CLI, AMAZONS_CLI, "db", "build", "--db", path.c_str(), "--max-empty", "5", "--box", "4x4", "--threads", "1",
            static_cast<char*>(nullptr));
    ::_exit(127);
  }
  return writer;
}

TEST(ValueDbCli, ReadersRunWhileOneProcessWrites) {
  const std::string path = freshPath("concurrent.db");
  ASSERT_EQ(runCli({"db", "build", "--db", path, "--max-empty", "2", "--box", "4x4"}).status, 0);
  const pid_t writer = startBuild(path);
  // Readers in this process (one handle, several threads) and in others, while it writes.
  const ValueDb db(path, ValueDb::Mode::Read);
  const std::vector<ValueDb::Entry> known = [&] {
    std::vector<ValueDb::Entry> all;
    db.forEach([&](const SmallRegion& c, cgt::GameId v) { return all.push_back({c, v}), true; });
    return all;
  }();
  std::atomic<int> wrong{0};
  std::vector<std::thread> readers;
  for (int t = 0; t < 3; ++t)
    readers.emplace_back([&] {
      for (int round = 0; round < 20; ++round)
        for (const ValueDb::Entry& e : known)
          if (db.find(e.chamber) != e.value) ++wrong;
    });
  int verified = 0, status = 0;
  bool exited = false;
  for (; !(exited = ::waitpid(writer, &status, WNOHANG) == writer) && verified < 20; ++verified) {
    const testing::CliResult r = runCli({"db", "verify", "--db", path, "--sample", "30", "--seed", std::to_string(verified)});
    EXPECT_EQ(r.status, 0) << r.out << r.err;
  }
  for (std::thread& t : readers) t.join();
  EXPECT_EQ(wrong, 0);
  if (!exited) {
    ASSERT_EQ(::waitpid(writer, &status, 0), writer);
  }
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_GT(verified, 0);
  EXPECT_GT(db.size(), known.size());  // the writer's commits are seen
}

// Killed once its first batch of 2,000 is in (of 29; after a fixed 0.7 s, as before, a busy
// machine could leave it none), the build keeps what it committed and a second one completes it.
TEST(ValueDbCli, KilledBuildKeepsItsCommittedBatchesAndResumes) {
  const std::string path = freshPath("killed.db");
  const pid_t writer = startBuild(path);
  bool committed = false;
  for (int wait = 0; wait < 6000 && !committed; ++wait) {
    try {
      committed = ValueDb(path, ValueDb::Mode::Read).size() > 0;
    } catch (const std::exception&) {  // not made yet
    }
    if (!committed) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_TRUE(committed) << "no batch in a minute";
  ::kill(writer, SIGKILL);
  int status = 0;
  ASSERT_EQ(::waitpid(writer, &status, 0), writer);
  const testing::CliResult verify = runCli({"db", "verify", "--db", path, "--sample", "100"});
  EXPECT_EQ(verify.status, 0) << verify.out << verify.err;
  const testing::CliResult resumed = runCli({"db", "build", "--db", path, "--max-empty", "5", "--box", "4x4"});
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  size_t regions = 0;
  forEachRegion({5, 2, 4, 4}, [&](const SmallRegion&) { ++regions; });
  EXPECT_EQ(ValueDb(path, ValueDb::Mode::Read).size(), regions);
  EXPECT_TRUE(has(resumed.out, "regions      : " + std::to_string(regions))) << resumed.out;
}

// Rewrites one record of the file with LMDB itself, as another program (or a bit flip) might.
void overwrite(const std::string& path, const char* dbName, const std::string& key, const std::string& value) {
  MDB_env* env = nullptr;
  ASSERT_EQ(mdb_env_create(&env), 0);
  mdb_env_set_maxdbs(env, 2);
  ASSERT_EQ(mdb_env_open(env, path.c_str(), MDB_NOSUBDIR, 0644), 0);
  MDB_txn* txn = nullptr;
  ASSERT_EQ(mdb_txn_begin(env, nullptr, 0, &txn), 0);
  MDB_dbi dbi;
  ASSERT_EQ(mdb_dbi_open(txn, dbName, 0, &dbi), 0);
  MDB_val k{key.size(), const_cast<char*>(key.data())}, v{value.size(), const_cast<char*>(value.data())};
  ASSERT_EQ(mdb_put(txn, dbi, &k, &v, 0), 0);
  ASSERT_EQ(mdb_txn_commit(txn), 0);
  mdb_env_close(env);
}

void expectRefused(const std::string& path, const std::string& words) {
  const std::string position = testing::writeTemp("refused.txt", "x..o\n");
  const std::string suite = testing::writeTemp("refused-suite.txt", "x..o ; w ; win\n");
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {position, "--db", path}, {"db", "stats", "--db", path}, {"suite", suite, "--db", path}}) {
    const testing::CliResult r = runCli(args);
    EXPECT_EQ(r.status, 2) << args[0] << ": " << r.out << r.err;
    EXPECT_TRUE(has(r.err, path) && has(r.err, words)) << r.err;
    EXPECT_FALSE(has(r.out, "wins")) << "ran without its database: " << r.out;
  }
}

TEST(ValueDbCli, BrokenFilesAreRefused) {
  expectRefused(freshPath("missing.db"), "No such file");
  const std::string text = testing::writeTemp("foreign.db", std::string(20000, 'x'));
  expectRefused(text, "not an LMDB file");
  expectRefused(testing::writeTemp("empty.db", ""), "truncated or empty");

  const std::string good = freshPath("good.db");
  ASSERT_EQ(runCli({"db", "build", "--db", good, "--max-empty", "4", "--box", "4x4"}).status, 0);
  const std::string truncated = freshPath("truncated.db");
  std::filesystem::copy_file(good, truncated);
  std::filesystem::resize_file(truncated, std::filesystem::file_size(good) / 2);
  expectRefused(truncated, "truncated");

  const std::string version = freshPath("version.db");
  std::filesystem::copy_file(good, version);
  overwrite(version, "header", "format", "999");
  expectRefused(version, "format version 999");
  const std::string rules = freshPath("rules.db");
  std::filesystem::copy_file(good, rules);
  overwrite(rules, "header", "rules", "0");
  expectRefused(rules, "rules version 0");

  // A value that does not decode is reported when read, never used.
  const std::string corrupt = freshPath("corrupt.db");
  std::filesystem::copy_file(good, corrupt);
  SmallRegion xo{.black = 1, .white = 4, .empty = 2, .width = 3, .height = 1};  // x.o
  xo = normalisedChamber(xo, 7);
  overwrite(corrupt, "values", ValueDb::packKey(xo), std::string("\x01\x05\x02", 3));
  const testing::CliResult r = runCli({"db", "verify", "--db", corrupt, "--sample", "0"});
  EXPECT_EQ(r.status, 2) << r.out << r.err;
  EXPECT_TRUE(has(r.err, "corrupt database")) << r.err;
  // The analysis reads its own chambers of 8 or more empty squares where the database may hold
  // them (here: it has learned, and may hold any): one such, learned, then corrupt.
  const Board eight = parseOneLine("x....|....o");
  const std::string eightFile = testing::writeTemp("eight.txt", "x....|....o\n");
  ASSERT_EQ(runCli({eightFile, "--db", corrupt, "--db-learn"}).status, 0);
  overwrite(corrupt, "values", ValueDb::packKey(keyOf(eight, findChambers(eight)[0])), std::string("\x01\x01\x07", 3));
  const testing::CliResult analysis = runCli({eightFile, "--db", corrupt});
  EXPECT_EQ(analysis.status, 2) << analysis.out;
  EXPECT_TRUE(has(analysis.err, "corrupt database")) << analysis.err;
}

TEST(ValueDbCli, UsageErrors) {
  EXPECT_EQ(runCli({"db"}).status, 2);
  EXPECT_EQ(runCli({"db", "build", "--db", freshPath("u.db")}).status, 2);  // no --max-empty
  EXPECT_EQ(runCli({"db", "build", "--db", freshPath("u.db"), "--max-empty", "3", "--box", "9x9"}).status, 2);
  EXPECT_EQ(runCli({"db", "build", "--db", freshPath("u.db"), "--max-empty", "0"}).status, 2);
  EXPECT_EQ(runCli({testing::writeTemp("p.txt", "x..o\n"), "--db-learn"}).status, 2);
}

}  // namespace
}  // namespace amazons
