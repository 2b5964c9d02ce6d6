// The job search of one position over the ranks of an MPI job (`mpiexec -n N amazons-solve
// FILE`: rank 0 the search, ranks 1..N-1 its workers; solver/dist/mpi_runner.h), against one
// process: the 4x4 and 5x4 Amazons starts (published results, KNOWN-RESULTS.md) and small
// random Amazons and Clobber positions give, at N = 2, 3 and 4, the verdict and winning move of
// one process's --job-tree and the verdict of a plain analysis; a proof written over ranks holds
// under check-proof with and without MPI (and a damaged one is refused over ranks); a checkpoint
// written over ranks resumes without MPI; errors and a killed worker end the run.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "solver/amazons/engine.h"
#include "solver/amazons/game.h"
#include "solver/clobber/clobber.h"
#include "solver/core/analysis.h"
#include "solver/dist/proof_file.h"
#include "tests/support/cli_run.h"
#include "tests/support/naive.h"
#include "tests/support/paths.h"

namespace amazons {
namespace {

using clobber::Clobber;
using testing::CliResult;
using testing::has;
using testing::runCli;
using testing::runMpi;

// The verdict line of a report ("Black to move: ..."), "" if none.
std::string verdictLine(const std::string& out) {
  for (const char* who : {"Black to move:", "White to move:"}) {
    const size_t at = out.find(who);
    if (at != std::string::npos) return out.substr(at, out.find('\n', at) - at);
  }
  return "";
}

// One plain analysis: the verdict of `mover` to move.
template <class G>
core::Verdict plainVerdict(const typename G::Region& r, cgt::Side mover) {
  core::AnalysisOptions o = std::is_same_v<G, Amazons> ? amazonsAnalysisOptions() : core::AnalysisOptions{};
  o.hashMegabytes = 16;
  core::Analyser<G> analyser(o);
  return analyser.analyse(r, mover, core::Sides::ToMoveOnly).forSide(mover).verdict;
}

// The position in `file` with `side` ("b" or "w") to move, searched by one process (one worker)
// and over `ranks` ranks, with jobs of `jobNodes`: the same verdict line, which says
// `expected`'s verdict.
void expectOverRanks(const std::vector<std::string>& game, const std::string& file, const std::string& side, const std::string& jobNodes,
                     const std::vector<int>& ranks, core::Verdict expected) {
  std::vector<std::string> args = game;
  for (const std::string& a : {file, std::string("--to-move"), side, std::string("--hash"), std::string("16"), std::string("--job-nodes"), jobNodes})
    args.push_back(a);
  std::vector<std::string> alone = args;
  alone.insert(alone.end(), {"--job-tree", "--workers", "1"});
  const CliResult one = runCli(alone);
  ASSERT_EQ(one.status, 0) << one.out << one.err;
  const std::string mover = side == "b" ? "Black" : "White", other = side == "b" ? "White" : "Black";
  if (expected == core::Verdict::Win) EXPECT_TRUE(has(verdictLine(one.out), mover + " wins with ")) << one.out;
  else EXPECT_TRUE(has(verdictLine(one.out), other + " wins")) << one.out;
  for (const int n : ranks) {
    const CliResult many = runMpi(n, args);
    EXPECT_EQ(many.status, 0) << n << " ranks: " << many.out << many.err;
    EXPECT_EQ(verdictLine(many.out), verdictLine(one.out)) << n << " ranks: " << many.out;
    EXPECT_TRUE(has(many.out, "Job tree: " + std::to_string(n - 1) + (n == 2 ? " worker," : " workers,"))) << many.out;
    EXPECT_EQ(many.err, "") << n << " ranks";  // the workers print nothing
  }
}

const std::string kFourByFour = ".xx.|x..x|o..o|.oo.";
const std::string kFiveByFour = ".x.x.|x...x|o...o|.o.o.";

TEST(MpiJobs, FourByFourStartIsASecondPlayerWinAtEveryRankCount) {
  // KNOWN-RESULTS.md (MCGS): 4x4, second player wins.
  expectOverRanks({}, testing::writeTemp("4x4.txt", kFourByFour + "\n"), "b", "3000", {2, 3, 4}, core::Verdict::Loss);
}

TEST(MpiJobs, FiveByFourStartIsAFirstPlayerWinAtEveryRankCount) {
  // KNOWN-RESULTS.md (Song & Mueller 2015): 5x4, first player wins.
  expectOverRanks({}, testing::writeTemp("5x4.txt", kFiveByFour + "\n"), "b", "10000", {2, 3, 4}, core::Verdict::Win);
}

TEST(MpiJobs, RandomAmazonsPositionsAgreeWithOneProcess) {
  std::mt19937_64 rng(6603);
  // 4x3 boards of 6 to 8 empty squares, jobs of 20 nodes: trees of hundreds of positions.
  for (int i = 0; i < 3; ++i) {
    const Board board = testing::randomBoard(rng, 4, 3, 2, 2, 0.15);
    const GameRegion r(board);
    const cgt::Side mover = Amazons::sideOf(board.sideToMove());
    const core::Verdict plain = plainVerdict<Amazons>(r, mover);
    SCOPED_TRACE(Amazons::printPosition(r));
    const std::string file = testing::writeTemp("amazons-" + std::to_string(i) + ".txt", Amazons::printPosition(r) + "\n");
    expectOverRanks({}, file, mover == cgt::Side::Left ? "b" : "w", "20", {2 + i}, plain);
  }
}

TEST(MpiJobs, RandomClobberPositionsAgreeWithOneProcess) {
  std::mt19937_64 rng(6604);
  std::vector<std::string> boards = {"xoxo|oxox|xoxo"};
  while (boards.size() < 4) {
    std::string b;
    for (int y = 0; y < 3; ++y) {
      if (y) b += '|';
      for (int x = 0; x < 4; ++x) b += ".xo"[rng() % 3];
    }
    if (!Clobber::moves(Clobber::parseOneLine(b), cgt::Side::Left).empty()) boards.push_back(b);
  }
  for (size_t i = 0; i < boards.size(); ++i) {
    SCOPED_TRACE(boards[i]);
    const core::Verdict plain = plainVerdict<Clobber>(Clobber::parseOneLine(boards[i]), cgt::Side::Left);
    const std::string file = testing::writeTemp("clobber-" + std::to_string(i) + ".txt", boards[i] + "\n");
    expectOverRanks({"--game", "clobber"}, file, "b", "20", {2 + static_cast<int>(i % 3)}, plain);
  }
}

TEST(MpiJobs, AProofWrittenOverRanksHoldsWithAndWithoutMpi) {
  const std::string position = testing::writeTemp("4x4.txt", kFourByFour + "\n");
  const std::string proof = testing::tempPath("4x4.proof.gz");
  const CliResult written = runMpi(3, {position, "--to-move", "b", "--hash", "16", "--job-nodes", "3000", "--proof", proof});
  ASSERT_EQ(written.status, 0) << written.out << written.err;
  const CliResult alone = runCli({"check-proof", proof, "--workers", "2", "--hash", "16"});
  EXPECT_EQ(alone.status, 0) << alone.out << alone.err;
  EXPECT_TRUE(has(alone.out, "proof holds: Black to move loses")) << alone.out;
  for (const int n : {2, 4}) {
    const CliResult many = runMpi(n, {"check-proof", proof, "--hash", "16"});
    EXPECT_EQ(many.status, 0) << n << " ranks: " << many.out << many.err;
    EXPECT_EQ(many.out, alone.out) << n << " ranks";
  }
  // One loser move dropped: refused over ranks as in one process.
  dist::ProofFile p = dist::readProof(proof);
  size_t i = 0;
  while (!(p.nodes[i].kind == dist::ProofKind::Loss && p.nodes[i].moves.size() >= 2)) ++i;
  p.nodes[i].moves.pop_back();
  const std::string damaged = testing::writeTemp("damaged.proof", dist::proofText(p));
  const CliResult refusedAlone = runCli({"check-proof", damaged, "--workers", "1", "--hash", "16"});
  const CliResult refused = runMpi(3, {"check-proof", damaged, "--hash", "16"});
  EXPECT_EQ(refused.status, 1) << refused.err;
  EXPECT_TRUE(has(refused.out, "is missing")) << refused.out;
  EXPECT_EQ(refused.out, refusedAlone.out);
}

TEST(MpiJobs, AClobberProofWrittenOverRanksHolds) {
  const std::string position = testing::writeTemp("c.txt", "xoxo|oxox|xoxo\n");
  const std::string proof = testing::tempPath("c.proof.gz");
  const CliResult written = runMpi(4, {"--game", "clobber", position, "--to-move", "b", "--hash", "16", "--job-nodes", "20", "--proof", proof});
  ASSERT_EQ(written.status, 0) << written.out << written.err;
  const CliResult checked = runCli({"check-proof", proof, "--hash", "16"});
  EXPECT_EQ(checked.status, 0) << checked.out << checked.err;
  EXPECT_TRUE(has(checked.out, "proof holds")) << checked.out;
}

TEST(MpiJobs, ACheckpointWrittenOverRanksResumesWithoutMpi) {
  const std::string position = testing::writeTemp("4x4.txt", kFourByFour + "\n");
  const std::string checkpoint = testing::tempPath("4x4.ckpt");
  const CliResult cut = runMpi(3, {position, "--to-move", "b", "--hash", "16", "--job-nodes", "3000", "--node-limit", "300000",
                                   "--checkpoint", checkpoint});
  EXPECT_EQ(cut.status, 1) << cut.out << cut.err;
  EXPECT_TRUE(has(cut.out, "Black to move: unknown")) << cut.out;
  const CliResult resumed = runCli({"--resume", checkpoint, "--workers", "2", "--hash", "16"});
  ASSERT_EQ(resumed.status, 0) << resumed.out << resumed.err;
  EXPECT_EQ(verdictLine(resumed.out), "Black to move: White wins (every Black move loses)");
  // And the other way: a checkpoint of one process resumed over ranks.
  const CliResult cutAlone = runCli({position, "--to-move", "b", "--job-tree", "--workers", "1", "--hash", "16", "--job-nodes", "3000",
                                     "--node-limit", "300000", "--checkpoint", checkpoint});
  EXPECT_EQ(cutAlone.status, 1) << cutAlone.err;
  const CliResult resumedOver = runMpi(2, {"--resume", checkpoint, "--hash", "16"});
  EXPECT_EQ(resumedOver.status, 0) << resumedOver.out << resumedOver.err;
  EXPECT_EQ(verdictLine(resumedOver.out), verdictLine(resumed.out));
}

// Errors only rank 0 meets (its files) are said once and end the job: no worker is left waiting.
TEST(MpiJobs, ErrorsAreSaidOnceAndEndTheJob) {
  const std::string bad = testing::writeTemp("bad.txt", ".xx.|x..x|o..o|.oz.\n");
  const CliResult one = runCli({bad, "--job-tree"});
  const CliResult many = runMpi(3, {bad});
  EXPECT_EQ(one.status, 2);
  EXPECT_EQ(many.status, 2);
  EXPECT_EQ(many.err, one.err);
  const CliResult two = runMpi(2, {bad, bad});
  EXPECT_EQ(two.status, 2);
  EXPECT_TRUE(has(two.err, "is of one position")) << two.err;
  const std::string missing = testing::tempPath("no-such.proof");
  const CliResult proofOne = runCli({"check-proof", missing});
  const CliResult proofMany = runMpi(3, {"check-proof", missing});
  EXPECT_EQ(proofMany.status, 2);
  EXPECT_EQ(proofMany.err, proofOne.err);
}

// A worker killed in the middle of the search of the 5x5 start (far from done in seconds):
// mpirun stops the job, and the run ends non-zero within seconds rather than waiting for the
// killed worker's job. (Rank 0 stops its search on mpirun's SIGTERM and writes its checkpoint,
// but mpirun's SIGKILL a second later may come first on a busy machine: not asserted.)
TEST(MpiJobs, AKilledWorkerEndsTheRun) {
  const std::string position = testing::writeTemp("5x5.txt", ".x.x.|x...x|.....|o...o|.o.o.\n");
  const std::string out = testing::tempPath("killed-stdout");
  const std::string script = testing::mpiexec(3) + " " + testing::quoted(position) + " --to-move b --hash 16 --job-nodes 100 >" +
                             testing::quoted(out) +
                             " 2>&1 & m=$!\n"
                             "sleep 1.5\n"
                             "for p in $(pgrep -P $m); do tr '\\0' '\\n' </proc/$p/environ | grep -qx OMPI_COMM_WORLD_RANK=1 && kill -9 $p; done\n"
                             "wait $m\n";
  const auto start = std::chrono::steady_clock::now();
  const int rc = std::system(("bash -c " + testing::quoted(script)).c_str());
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_FALSE(WIFEXITED(rc) && WEXITSTATUS(rc) == 0) << rc << testing::slurp(out);
  EXPECT_LT(seconds, 50) << "the killed worker's job was waited for";
}

}  // namespace
}  // namespace amazons
