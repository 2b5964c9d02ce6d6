// The messages between ranks (solver/dist/bytes.h, suite_messages.h, job_messages.h): what is
// written reads back field for field, and bytes cut short, run on or out of range are refused
// with MessageError; and a world without mpirun is one rank that calls no MPI function.
#include <gtest/gtest.h>

#include <cstdlib>
#include <limits>
#include <string>

#include "solver/dist/bytes.h"
#include "solver/dist/job_messages.h"
#include "solver/dist/suite_messages.h"
#include "solver/dist/world.h"

namespace amazons::dist {
namespace {

TEST(DistMessages, NumbersAndTextsReadBack) {
  const std::string text("a\0b;\n", 5);  // any byte, a NUL among them
  const std::string bytes = ByteWriter().u64(0).u64(std::numeric_limits<uint64_t>::max()).f64(-0.125).flag(true).text(text).text("").take();
  ASSERT_EQ(bytes.size(), 8u * 6 + text.size());  // six numbers (two of them lengths), then the text
  ByteReader in(bytes);
  EXPECT_EQ(in.u64(), 0u);
  EXPECT_EQ(in.u64(), std::numeric_limits<uint64_t>::max());
  EXPECT_EQ(in.f64(), -0.125);
  EXPECT_TRUE(in.flag());
  EXPECT_EQ(in.text(), text);
  EXPECT_EQ(in.text(), "");
  EXPECT_NO_THROW(in.end());
}

// Little-endian whatever the machine: 258 is the bytes 2, 1, then six zeros.
TEST(DistMessages, NumbersAreLittleEndian) {
  EXPECT_EQ(ByteWriter().u64(258).take(), std::string("\x02\x01\0\0\0\0\0\0", 8));
}

TEST(DistMessages, SuiteJobReadsBack) {
  const SuiteJob job{"positions/x.txt", 17, "xo|ox ; b ; win ; game=clobber", "amazons"};
  const SuiteJob back = decodeSuiteJob(encode(job));
  EXPECT_EQ(back.file, job.file);
  EXPECT_EQ(back.line, job.line);
  EXPECT_EQ(back.text, job.text);
  EXPECT_EQ(back.defaultGame, job.defaultGame);
}

TEST(DistMessages, JobMessagesReadBack) {
  for (const bool keep : {false, true}) {
    const JobSettings settings{"clobber", 3, 512, keep};
    const JobSettings settingsBack = decodeJobSettings(encode(settings));
    EXPECT_EQ(settingsBack.game, "clobber");
    EXPECT_EQ(settingsBack.threads, 3u);
    EXPECT_EQ(settingsBack.hashMegabytes, 512u);
    EXPECT_EQ(settingsBack.keepTables, keep);
  }
  const Job job{41, ".xx.|x..x|o..o|.oo.", cgt::Side::Right, 3000, 2.5e-3};
  const Job jobBack = decodeJob(encode(job));
  EXPECT_EQ(jobBack.id, 41u);
  EXPECT_EQ(jobBack.position, job.position);
  EXPECT_EQ(jobBack.mover, cgt::Side::Right);
  EXPECT_EQ(jobBack.nodes, 3000u);
  EXPECT_EQ(jobBack.seconds, 2.5e-3);
  for (const core::Verdict v : {core::Verdict::Win, core::Verdict::Loss, core::Verdict::Unknown}) {
    const JobResult back = decodeJobResult(encode(JobResult{7, v, 123}));
    EXPECT_EQ(back.id, 7u);
    EXPECT_EQ(back.verdict, v);
    EXPECT_EQ(back.nodes, 123u);
  }
}

TEST(DistMessages, BadJobMessagesAreRefused) {
  const std::string result = encode(JobResult{7, core::Verdict::Loss, 123});
  EXPECT_THROW(decodeJobResult(result.substr(0, result.size() - 1)), MessageError);
  EXPECT_THROW(decodeJobResult(result + "x"), MessageError);
  EXPECT_THROW(decodeJobResult(ByteWriter().u64(7).u64(3).u64(123).take()), MessageError);  // no fourth verdict
  EXPECT_THROW(decodeJob(ByteWriter().u64(1).text("x.o").u64(2).u64(5).f64(0).take()), MessageError);  // a mover flag of 2
  EXPECT_THROW(decodeJobSettings(encode(JobSettings{"go", 1, 64})), MessageError);
  EXPECT_THROW(decodeJobSettings(ByteWriter().text("amazons").u64(uint64_t{1} << 32).u64(64).flag(true).take()), MessageError);
  EXPECT_THROW(decodeJobSettings(ByteWriter().text("amazons").u64(1).u64(64).take()), MessageError);  // no keep-tables flag
}

TEST(DistMessages, SuiteLineResultReadsBack) {
  SuiteLineResult r;
  r.check.line = "x..o ; w ; win ; value=+-1 ; nodes=2 ; us=31";
  r.check.wrongValue = true;
  r.check.nodes = 2;
  r.check.seconds = 3.1e-5;
  r.allNodes = 5;
  SuiteLineResult back = decodeSuiteLineResult(encode(r));
  EXPECT_EQ(back.check.line, r.check.line);
  EXPECT_FALSE(back.check.unsolved || back.check.wrongOutcome || back.check.wrongMove);
  EXPECT_TRUE(back.check.wrongValue);
  EXPECT_EQ(back.check.nodes, 2u);
  EXPECT_EQ(back.check.seconds, 3.1e-5);
  EXPECT_EQ(back.allNodes, 5u);
  EXPECT_FALSE(back.error.has_value());
  r.error = "std::bad_alloc";
  back = decodeSuiteLineResult(encode(r));
  ASSERT_TRUE(back.error.has_value());
  EXPECT_EQ(*back.error, "std::bad_alloc");
}

TEST(DistMessages, ClaimOutcomeReadsBack) {
  core::ClaimOutcome r;
  r.lines = {"c.txt:1: x ; b ; move=a1 loses", "c.txt:1: x ; b ; outcome=win wrong"};
  r.moves = 1, r.outcomes = 2, r.margins = 3, r.wrongMoves = 4, r.wrongOutcomes = 5, r.wrongMargins = 6;
  r.marginsNotApplicable = 7, r.unchecked = 8;
  const core::ClaimOutcome back = decodeClaimOutcome(encode(r));
  EXPECT_EQ(back.lines, r.lines);
  EXPECT_EQ(std::vector<int>({back.moves, back.outcomes, back.margins, back.wrongMoves, back.wrongOutcomes, back.wrongMargins,
                              back.marginsNotApplicable, back.unchecked}),
            std::vector<int>({1, 2, 3, 4, 5, 6, 7, 8}));
}

// Every message cut anywhere, or with a byte more, is refused; so are a flag that is not 0 or 1,
// a line number past int, a count of lines that the bytes cannot hold, and an error text on a
// line without an error. (tests/fuzz/fuzz_dist_messages tries any bytes.)
TEST(DistMessages, DamagedMessagesAreRefused) {
  SuiteLineResult result;
  result.check.line = "xo ; b ; win";
  core::ClaimOutcome claims;
  claims.lines = {"one", "two"};
  const std::string messages[] = {encode(SuiteJob{"f.txt", 3, "x ; b ; loss", "clobber"}), encode(result), encode(claims)};
  auto decode = [](int kind, const std::string& bytes) {
    if (kind == 0) decodeSuiteJob(bytes);
    else if (kind == 1) decodeSuiteLineResult(bytes);
    else decodeClaimOutcome(bytes);
  };
  for (int kind = 0; kind < 3; ++kind) {
    const std::string& whole = messages[kind];
    EXPECT_NO_THROW(decode(kind, whole));
    for (size_t cut = 0; cut < whole.size(); ++cut) EXPECT_THROW(decode(kind, whole.substr(0, cut)), MessageError) << kind << " cut at " << cut;
    EXPECT_THROW(decode(kind, whole + "x"), MessageError) << kind;
  }
  std::string badFlag = messages[1];
  badFlag[8 + result.check.line.size()] = 2;  // the first flag, after the line's length and text
  EXPECT_THROW(decodeSuiteLineResult(badFlag), MessageError);
  EXPECT_THROW(decodeSuiteJob(ByteWriter().text("f").u64(uint64_t{1} << 31).text("x").text("amazons").take()), MessageError);
  EXPECT_THROW(decodeClaimOutcome(ByteWriter().u64(uint64_t{1} << 60).take()), MessageError);
  // An error text without the flag that says the line failed: two readings of one result.
  std::string textWithoutFlag = encode(result);
  textWithoutFlag.resize(textWithoutFlag.size() - 8);
  EXPECT_THROW(decodeSuiteLineResult(textWithoutFlag + ByteWriter().text("oops").take()), MessageError);
}

// This test runs without mpirun: one rank, rank 0, and nothing to receive.
TEST(DistWorld, WithoutMpirunAWorldOfOneRank) {
  ASSERT_EQ(std::getenv("OMPI_COMM_WORLD_SIZE"), nullptr) << "run without mpirun";
  int argc = 1;
  char name[] = "dist_messages_test";
  char* args[] = {name, nullptr};
  char** argv = args;
  World world(argc, argv);
  EXPECT_FALSE(World::launchedByMpirun());
  EXPECT_EQ(world.rank(), 0);
  EXPECT_EQ(world.size(), 1);
  EXPECT_FALSE(world.poll().has_value());
  EXPECT_THROW(world.send(0, 1, "x"), std::logic_error);
}

}  // namespace
}  // namespace amazons::dist
