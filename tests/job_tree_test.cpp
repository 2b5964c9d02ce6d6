// The job-level proof-number search (solver/dist/): verdicts against one plain analysis, the
// winning move against the first winning move found move by move with plain analyses, the same
// answer at every worker count and job budget, proofs checked and damaged proofs refused,
// checkpoints resumed and damaged ones refused, and the CLI's --job-tree, --proof,
// --checkpoint, --resume and check-proof.
#include <gtest/gtest.h>
#include <signal.h>
#include <xxhash.h>

#include <algorithm>
#include <cstdio>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "solver/amazons/engine.h"
#include "solver/amazons/game.h"
#include "solver/clobber/clobber.h"
#include "solver/core/analysis.h"
#include "solver/dist/check_proof.h"
#include "solver/dist/checkpoint.h"
#include "solver/dist/in_process_runner.h"
#include "solver/dist/job_tree.h"
#include "solver/dist/proof_file.h"
#include "tests/support/cli_run.h"
#include "tests/support/naive.h"
#include "tests/support/paths.h"

namespace amazons {
namespace {

using clobber::Clobber;
using testing::has;
using testing::runCli;

template <class G>
core::AnalysisOptions plainOptions() {
  core::AnalysisOptions o = std::is_same_v<G, Amazons> ? amazonsAnalysisOptions() : core::AnalysisOptions{};
  o.hashMegabytes = 32;
  return o;
}

// One plain analysis, no limits: the verdict of `mover` to move.
template <class G>
core::Verdict plainVerdict(const typename G::Region& r, cgt::Side mover) {
  core::Analyser<G> analyser(plainOptions<G>());
  return analyser.analyse(r, mover, core::Sides::ToMoveOnly).forSide(mover).verdict;
}

// The first move in the search's order (dist::orderedMoves) after which the opponent loses, by
// plain analyses move by move.
template <class G>
std::optional<std::string> firstWinningMove(const typename G::Region& r, cgt::Side mover) {
  for (const auto& [m, after] : dist::orderedMoves<G>(r, mover))
    if (plainVerdict<G>(after, core::opposite(mover)) == core::Verdict::Loss) return G::formatMove(r, m);
  return std::nullopt;
}

dist::JobSettings settingsFor(const std::string& game, bool keepTables = false) {
  dist::JobSettings s;
  s.game = game;
  s.hashMegabytes = 16;
  s.keepTables = keepTables;
  return s;
}

// How the search treats a job that came back unknown: expanded at once, on workers that empty
// their tables before each job; or sent again up to 8 times its first budget, on workers that
// keep their tables (the CLI's default kind).
struct Policy {
  uint64_t expandAtTimesBudget;
  bool keepTables;
};
const Policy kPolicies[] = {{0, false}, {8, true}};

template <class G>
struct Outcome {
  core::Verdict verdict;
  std::optional<std::string> move;
  dist::ProofFile proof;
};

template <class G>
Outcome<G> jobSearch(const typename G::Region& r, cgt::Side mover, unsigned workers, uint64_t jobNodes, Policy policy = kPolicies[0]) {
  dist::JobTree<G> tree(r, mover, {jobNodes, 2, jobNodes * policy.expandAtTimesBudget, {}});
  dist::InProcessRunner runner(settingsFor(std::string(G::kName), policy.keepTables), workers);
  tree.search(runner, [] { return false; }, [] {});
  Outcome<G> o{tree.verdict(), std::nullopt, {}};
  if (const auto m = tree.winningMove()) o.move = G::formatMove(r, *m);
  if (o.verdict != core::Verdict::Unknown) o.proof = {std::string(G::kName), G::printPosition(r), mover, o.verdict, tree.proof(), 0, 0};
  return o;
}

// Every worker count, budget and policy gives the plain verdict, the first winning move, and a
// proof that holds.
template <class G>
void expectAgrees(const typename G::Region& r, cgt::Side mover, const std::vector<uint64_t>& budgets) {
  const core::Verdict expected = plainVerdict<G>(r, mover);
  ASSERT_NE(expected, core::Verdict::Unknown);
  const std::optional<std::string> first = expected == core::Verdict::Win ? firstWinningMove<G>(r, mover) : std::nullopt;
  for (const unsigned workers : {1u, 2u, 3u}) {
    for (const uint64_t budget : budgets) {
      for (const Policy policy : kPolicies) {
        SCOPED_TRACE(G::printPosition(r) + (mover == cgt::Side::Left ? " b" : " w") + ", workers " + std::to_string(workers) +
                     ", job nodes " + std::to_string(budget) + ", expand at x" + std::to_string(policy.expandAtTimesBudget) +
                     (policy.keepTables ? ", tables kept" : ", tables emptied"));
        const Outcome<G> o = jobSearch<G>(r, mover, workers, budget, policy);
        EXPECT_EQ(o.verdict, expected);
        EXPECT_EQ(o.move, first);
        dist::InProcessRunner checker(settingsFor(std::string(G::kName)), 2);
        const std::optional<dist::ProofFault> fault = dist::checkProof<G>(o.proof, checker);
        EXPECT_FALSE(fault) << fault->message;
      }
    }
  }
}

GameRegion amazonsRegion(const std::string& oneLine) { return Amazons::parseOneLine(oneLine); }

TEST(JobTree, FourByFourStartIsASecondPlayerWin) {
  // KNOWN-RESULTS.md (MCGS): 4x4, second player wins (in jobs of 3,000 nodes too, below:
  // fourByFourProof).
  const Outcome<Amazons> o = jobSearch<Amazons>(amazonsRegion(".xx.|x..x|o..o|.oo."), cgt::Side::Left, 3, 100'000);
  EXPECT_EQ(o.verdict, core::Verdict::Loss);
  EXPECT_FALSE(o.move);
}

TEST(JobTree, FiveByFourStartIsAFirstPlayerWin) {
  // KNOWN-RESULTS.md (Song & Mueller 2015): 5x4, first player wins. In jobs of 10,000 nodes:
  // about a hundred jobs, some expanded.
  const GameRegion start = amazonsRegion(".x.x.|x...x|o...o|.o.o.");
  for (const Policy policy : kPolicies) {
    const Outcome<Amazons> o = jobSearch<Amazons>(start, cgt::Side::Left, 3, 10'000, policy);
    EXPECT_EQ(o.verdict, core::Verdict::Win);
    ASSERT_TRUE(o.move);
    // The move wins: White to move after it loses, by one plain analysis.
    const GameRegion after = Amazons::play(start, Amazons::parseMove(start, *o.move));
    EXPECT_EQ(plainVerdict<Amazons>(after, cgt::Side::Right), core::Verdict::Loss);
  }
}

TEST(JobTree, RandomAmazonsPositionsAgreeWithOnePlainSolve) {
  std::mt19937_64 rng(66);
  // 4x3 boards of 6 to 8 empty squares: jobs of one node make trees of thousands of positions.
  for (int i = 0; i < 4; ++i) {
    const Board board = testing::randomBoard(rng, 4, 3, 2, 2, 0.15);
    expectAgrees<Amazons>(GameRegion(board), Amazons::sideOf(board.sideToMove()), {1, 20, 100'000});
  }
}

TEST(JobTree, ClobberPositionsAgreeWithOnePlainSolve) {
  std::mt19937_64 rng(67);
  std::vector<std::string> boards = {"xox|oxo|xox", "xoxo|oxox|xoxo"};
  for (int i = 0; i < 4; ++i) {
    std::string b;
    for (int y = 0; y < 3; ++y) {
      if (y) b += '|';
      for (int x = 0; x < 4; ++x) b += ".xo"[rng() % 3];
    }
    boards.push_back(b);
  }
  for (const std::string& b : boards)
    for (const cgt::Side s : {cgt::Side::Left, cgt::Side::Right})
      if (!Clobber::moves(Clobber::parseOneLine(b), s).empty()) expectAgrees<Clobber>(Clobber::parseOneLine(b), s, {1, 30, 100'000});
}

// ---- Damaged proofs

// A proof of the 4x4 start two plies deep: the root lost with every move, each to a won node
// with one move to a solved leaf.
const dist::ProofFile& fourByFourProof() {
  static const dist::ProofFile proof = jobSearch<Amazons>(amazonsRegion(".xx.|x..x|o..o|.oo."), cgt::Side::Left, 2, 3'000).proof;
  return proof;
}

std::optional<dist::ProofFault> check(const dist::ProofFile& p) {
  dist::InProcessRunner runner(settingsFor("amazons"), 2);
  return dist::checkProof<Amazons>(p, runner);
}

TEST(JobTreeProof, AGoodProofHoldsThroughItsText) {
  const dist::ProofFile parsed = dist::parseProof(dist::proofText(fourByFourProof()), "p");
  EXPECT_EQ(dist::proofText(parsed), dist::proofText(fourByFourProof()));
  EXPECT_FALSE(check(parsed));
}

TEST(JobTreeProof, AFlippedLeafIsRefused) {
  dist::ProofFile p = fourByFourProof();
  size_t leaf = 0;
  while (p.nodes[leaf].kind != dist::ProofKind::SolvedWin && p.nodes[leaf].kind != dist::ProofKind::SolvedLoss) ++leaf;
  const bool won = p.nodes[leaf].kind == dist::ProofKind::SolvedWin;
  p.nodes[leaf].kind = won ? dist::ProofKind::SolvedLoss : dist::ProofKind::SolvedWin;
  // Named as the leaf's fault, though its parent's logic fails too.
  const std::optional<dist::ProofFault> f = check(p);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->message, "node " + std::to_string(leaf) + ": the solver finds that " + core::sideName(p.nodes[leaf].mover) +
                            (won ? " to move wins, the proof says it loses" : " to move loses, the proof says it wins"));
}

TEST(JobTreeProof, ADroppedLoserMoveIsRefused) {
  dist::ProofFile p = fourByFourProof();
  size_t i = 0;
  while (!(p.nodes[i].kind == dist::ProofKind::Loss && p.nodes[i].moves.size() >= 2)) ++i;
  const std::string dropped = p.nodes[i].moves.back().first;
  p.nodes[i].moves.pop_back();
  const std::optional<dist::ProofFault> f = check(p);
  ASSERT_TRUE(f);
  EXPECT_TRUE(has(f->message, "node " + std::to_string(i) + ": ")) << f->message;
  EXPECT_TRUE(has(f->message, "move " + dropped + " is missing")) << f->message;
}

TEST(JobTreeProof, AnIllegalMoveIsRefused) {
  dist::ProofFile p = fourByFourProof();
  const size_t root = p.nodes.size() - 1;
  ASSERT_EQ(p.nodes[root].kind, dist::ProofKind::Loss);
  // A move of White's amazon on b1 where Black is to move.
  p.nodes[root].moves[0].first = "b1b2b3";
  const std::optional<dist::ProofFault> f = check(p);
  ASSERT_TRUE(f);
  EXPECT_TRUE(has(f->message, "node " + std::to_string(root) + ": the move b1b2b3 is not a legal move of Black")) << f->message;
}

TEST(JobTreeProof, AMoveToTheWrongPositionIsRefused) {
  dist::ProofFile p = fourByFourProof();
  size_t i = 0;
  while (!(p.nodes[i].kind == dist::ProofKind::Loss && p.nodes[i].moves.size() >= 2 &&
           p.nodes[i].moves[0].second != p.nodes[i].moves[1].second))
    ++i;
  std::swap(p.nodes[i].moves[0].second, p.nodes[i].moves[1].second);
  const std::optional<dist::ProofFault> f = check(p);
  ASSERT_TRUE(f);
  EXPECT_TRUE(has(f->message, "does not reach node")) << f->message;
}

TEST(JobTreeProof, BadTextIsAnInputErrorWithItsPlace) {
  const std::string good = dist::proofText(fourByFourProof());
  EXPECT_THROW(dist::parseProof("hello\n", "p"), InputError);
  std::string cut = good.substr(0, good.size() / 2);
  try {
    dist::parseProof(cut, "p");
    ADD_FAILURE() << "a cut proof was read";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), "p");
    EXPECT_GT(e.line(), 0);
  }
  // A child numbered after its parent (a cycle would need one).
  std::string forward = "amazons-solve proof 1\ngame amazons\nstart b x.o\nverdict win\nnodes 2\nb win x.o b1-c1 1\nw loss .xo\nend\n";
  EXPECT_THROW(dist::parseProof(forward, "p"), InputError);
}

TEST(JobTreeProof, EveryCutOfAProofIsReadOrRefused) {
  // What the fuzz target checks, on every prefix of a real proof: an InputError, or a proof
  // whose logic is checked without a crash.
  const std::string text = dist::proofText(fourByFourProof());
  size_t read = 0;
  for (size_t n = 0; n <= text.size(); ++n) {
    try {
      const dist::ProofFile p = dist::parseProof(text.substr(0, n), "p");
      dist::checkProofLogic<Amazons>(p);
      ++read;
    } catch (const InputError&) {
    }
  }
  EXPECT_EQ(read, 2u);  // the whole text, and the text without its last newline
}

// ---- Checkpoints

TEST(JobTreeCheckpoint, ResumedSearchGivesTheUninterruptedAnswer) {
  // A random 4x3 position Black wins (seed and draw fixed), in jobs of 20 nodes, each sent
  // again up to 80 nodes before it is expanded.
  std::mt19937_64 rng(68);
  std::optional<GameRegion> found;
  while (!found) {
    const Board b = testing::randomBoard(rng, 4, 3, 2, 2, 0.1);
    if (plainVerdict<Amazons>(GameRegion(b), cgt::Side::Left) == core::Verdict::Win) found.emplace(b);
  }
  const GameRegion start = *found;
  const dist::TreeSettings settings{20, 2, 80, {}};
  const Outcome<Amazons> whole = jobSearch<Amazons>(start, cgt::Side::Left, 2, 20, {4, true});
  ASSERT_EQ(whole.verdict, core::Verdict::Win);
  // Stopped after the first unknown result (its position then to be sent again), written, read
  // back and resumed on another worker count.
  dist::JobTree<Amazons> first(start, cgt::Side::Left, settings);
  {
    dist::InProcessRunner runner(settingsFor("amazons", true), 3);
    first.search(runner, [&] { return first.stats().unknown >= 1; }, [] {});
  }
  ASSERT_EQ(first.verdict(), core::Verdict::Unknown);
  const std::vector<dist::TreeRecord> records = first.records();
  EXPECT_TRUE(std::any_of(records.begin(), records.end(), [](const dist::TreeRecord& r) { return r.kind == dist::RecordKind::Retry; }));
  dist::Checkpoint c{"amazons", Amazons::printPosition(start), cgt::Side::Left, 20, 2, 80, first.stats(), records, 0, 0};
  const dist::Checkpoint read = dist::parseCheckpoint(dist::checkpointText(c), "c");
  EXPECT_EQ(dist::checkpointText(read), dist::checkpointText(c));
  ASSERT_TRUE(read.expandAt);
  dist::JobTree<Amazons> resumed(Amazons::parseOneLine(read.start), read.mover, {read.jobNodes, read.growth, *read.expandAt, {}});
  resumed.restore(read.records, read.stats);
  {
    dist::InProcessRunner runner(settingsFor("amazons", true), 1);
    resumed.search(runner, [] { return false; }, [] {});
  }
  EXPECT_GT(resumed.stats().jobs, first.stats().jobs);
  EXPECT_EQ(resumed.verdict(), whole.verdict);
  ASSERT_TRUE(resumed.winningMove());
  EXPECT_EQ(Amazons::formatMove(start, *resumed.winningMove()), whole.move);
}

TEST(JobTreeCheckpoint, VersionOneCheckpointsAreRead) {
  // The shape an earlier build wrote (positions/proofs/ kept one): no expand-at, which the
  // caller then gives, and no retry records (a retry line is refused in it).
  const auto versionOne = [](const std::string& records) {
    std::string body = "amazons-solve checkpoint 1\ngame amazons\nstart b .xx.|x..x|o..o|.oo.\nsettings 3000 2\nspent 1 2900 1\n" + records;
    char sum[17];
    std::snprintf(sum, sizeof sum, "%016llx", static_cast<unsigned long long>(XXH64(body.data(), body.size(), 0)));
    return body + "xxh64 " + sum + "\n";
  };
  const dist::Checkpoint c = dist::parseCheckpoint(versionOne("w expanded 3000 .x#.|x.xx|o..o|.oo.\n"), "c");
  EXPECT_EQ(c.jobNodes, 3000u);
  EXPECT_EQ(c.growth, 2u);
  EXPECT_FALSE(c.expandAt);
  ASSERT_EQ(c.records.size(), 1u);
  EXPECT_EQ(c.records[0].kind, dist::RecordKind::Expanded);
  // Resumed with expand-at given, and written back as version 2.
  dist::JobTree<Amazons> tree(Amazons::parseOneLine(c.start), c.mover, {c.jobNodes, c.growth, 24'000, {}});
  tree.restore(c.records, c.stats);
  {
    dist::InProcessRunner runner(settingsFor("amazons", true), 2);
    tree.search(runner, [] { return false; }, [] {});
  }
  EXPECT_EQ(tree.verdict(), core::Verdict::Loss);  // KNOWN-RESULTS.md: 4x4, second player wins
  try {
    dist::parseCheckpoint(versionOne("w retry 6000 .x#.|x.xx|o..o|.oo.\n"), "c");
    ADD_FAILURE() << "a retry record was read in a version 1 checkpoint";
  } catch (const InputError& e) {
    EXPECT_TRUE(has(e.what(), "expected win, loss or expanded, not 'retry'")) << e.what();
  }
}

TEST(JobTreeCheckpoint, DamagedCheckpointsAreRefused) {
  const GameRegion start = amazonsRegion(".xx.|x..x|o..o|.oo.");
  dist::JobTree<Amazons> tree(start, cgt::Side::Left, {50, 2, 0, {}});
  {
    dist::InProcessRunner runner(settingsFor("amazons"), 1);
    tree.search(runner, [&] { return tree.stats().jobs >= 10; }, [] {});
  }
  const std::string text =
      dist::checkpointText({"amazons", Amazons::printPosition(start), cgt::Side::Left, 50, 2, 0, tree.stats(), tree.records(), 0, 0});
  std::string changed = text;
  changed[text.find("\nb ") + 1] = 'w';
  for (const std::string& bad : {changed, text.substr(0, text.size() - 10), text.substr(0, text.size() / 2)}) {
    try {
      dist::parseCheckpoint(bad, "c");
      ADD_FAILURE() << "a damaged checkpoint was read";
    } catch (const InputError& e) {
      EXPECT_TRUE(has(e.what(), "damaged")) << e.what();
    }
  }
  // Every cut of it is refused but the whole (and the whole less its last newline).
  size_t read = 0;
  for (size_t n = 0; n <= text.size(); ++n) {
    try {
      dist::parseCheckpoint(text.substr(0, n), "c");
      ++read;
    } catch (const InputError&) {
    }
  }
  EXPECT_EQ(read, 2u);
}

// ---- The CLI

TEST(JobTreeCli, SolveProofAndCheck) {
  const std::string position = testing::writeTemp("4x4.txt", ".xx.|x..x|o..o|.oo.\n");
  const std::string proof = testing::tempPath("4x4.proof.gz");
  const testing::CliResult one = runCli({position, "--to-move", "b", "--job-tree", "--workers", "1", "--job-nodes", "3000", "--hash", "16", "--proof", proof});
  ASSERT_EQ(one.status, 0) << one.err;
  EXPECT_TRUE(has(one.out, "Black to move: White wins (every Black move loses)")) << one.out;
  const testing::CliResult three = runCli({position, "--to-move", "b", "--job-tree", "--workers", "3", "--hash", "16"});
  ASSERT_EQ(three.status, 0) << three.err;
  const auto verdictLine = [](const std::string& out) { return out.substr(out.find("Black to move")); };
  EXPECT_EQ(verdictLine(one.out).substr(0, verdictLine(one.out).find('\n')), verdictLine(three.out).substr(0, verdictLine(three.out).find('\n')));
  const testing::CliResult checked = runCli({"check-proof", proof, "--workers", "2", "--hash", "16"});
  EXPECT_EQ(checked.status, 0) << checked.err;
  EXPECT_TRUE(has(checked.out, "proof holds: Black to move loses")) << checked.out;
  // A fault: one loser move dropped, in the uncompressed text (check-proof reads it too).
  dist::ProofFile p = dist::readProof(proof);
  size_t i = 0;
  while (!(p.nodes[i].kind == dist::ProofKind::Loss && p.nodes[i].moves.size() >= 2)) ++i;
  p.nodes[i].moves.pop_back();
  const std::string damaged = testing::writeTemp("damaged.proof", dist::proofText(p));
  const testing::CliResult refused = runCli({"check-proof", damaged, "--workers", "1", "--hash", "16"});
  EXPECT_EQ(refused.status, 1);
  EXPECT_TRUE(has(refused.out, "proof fault: " + damaged + ":")) << refused.out;
  EXPECT_TRUE(has(refused.out, "is missing")) << refused.out;
  const testing::CliResult garbage = runCli({"check-proof", testing::writeTemp("garbage.proof", "amazons-solve proof 1\ngame go\n")});
  EXPECT_EQ(garbage.status, 2);
  EXPECT_TRUE(has(garbage.err, "garbage.proof:3:1: error: expected the line 'start ...'")) << garbage.err;
  const testing::CliResult go = runCli({"check-proof", testing::writeTemp("go.proof", "amazons-solve proof 1\ngame go\nstart b x.o\nverdict win\nnodes 1\nb solved-win x.o\nend\n")});
  EXPECT_EQ(go.status, 2);
  EXPECT_TRUE(has(go.err, "go.proof:2:6: error: unknown game 'go'")) << go.err;
}

TEST(JobTreeCli, ClobberJobTree) {
  const std::string position = testing::writeTemp("c.txt", "xoxo|oxox|xoxo\n");
  const std::string proof = testing::tempPath("c.proof.gz");
  const testing::CliResult r = runCli({"--game", "clobber", position, "--to-move", "b", "--job-tree", "--workers", "2", "--job-nodes", "20", "--hash", "16", "--proof", proof});
  ASSERT_EQ(r.status, 0) << r.err;
  const core::Verdict plain = plainVerdict<Clobber>(Clobber::parseOneLine("xoxo|oxox|xoxo"), cgt::Side::Left);
  EXPECT_TRUE(has(r.out, plain == core::Verdict::Win ? "Black to move: Black wins with " : "Black to move: White wins")) << r.out;
  const testing::CliResult checked = runCli({"check-proof", proof, "--hash", "16"});
  EXPECT_EQ(checked.status, 0) << checked.out << checked.err;
  EXPECT_TRUE(has(checked.out, "proof holds")) << checked.out;
}

TEST(JobTreeCli, NodeLimitThenResume) {
  const std::string position = testing::writeTemp("4x4.txt", ".xx.|x..x|o..o|.oo.\n");
  const std::string checkpoint = testing::tempPath("4x4.ckpt");
  const testing::CliResult cut = runCli({position, "--to-move", "b", "--job-tree", "--workers", "2", "--job-nodes", "3000", "--hash", "16",
                                         "--node-limit", "300000", "--checkpoint", checkpoint});
  EXPECT_EQ(cut.status, 1) << cut.err;
  EXPECT_TRUE(has(cut.out, "Black to move: unknown")) << cut.out;
  const testing::CliResult resumed = runCli({"--resume", checkpoint, "--workers", "3", "--hash", "16", "--checkpoint", checkpoint});
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  const testing::CliResult whole = runCli({position, "--to-move", "b", "--job-tree", "--workers", "1", "--hash", "16"});
  ASSERT_EQ(whole.status, 0) << whole.err;
  const auto verdict = [](const std::string& out) {
    const size_t at = out.find("Black to move");
    return out.substr(at, out.find('\n', at) - at);
  };
  EXPECT_EQ(verdict(resumed.out), verdict(whole.out));
  // A damaged checkpoint: refused, exit 2.
  std::string text = testing::slurp(checkpoint);
  text[text.size() / 2] = text[text.size() / 2] == '.' ? '#' : '.';
  const std::string damaged = testing::writeTemp("damaged.ckpt", text);
  const testing::CliResult refused = runCli({"--resume", damaged});
  EXPECT_EQ(refused.status, 2);
  EXPECT_TRUE(has(refused.err, damaged)) << refused.err;
  EXPECT_TRUE(has(refused.err, "damaged")) << refused.err;
  // A checkpoint of one game is not resumed as the other's.
  const testing::CliResult other = runCli({"--game", "clobber", "--resume", checkpoint});
  EXPECT_EQ(other.status, 2);
}

TEST(JobTreeCli, SigtermWritesACheckpointToResumeFrom) {
  // The 5x5 start in jobs of 100 nodes: far from done after half a second.
  const std::string position = testing::writeTemp("5x5.txt", ".x.x.|x...x|.....|o...o|.o.o.\n");
  const std::string checkpoint = testing::tempPath("5x5.ckpt");
  const std::string command = "timeout --preserve-status -s TERM 1 " + testing::cliPath() + " " + position +
                              " --to-move b --job-tree --workers 2 --job-nodes 100 --hash 16 --checkpoint " + checkpoint +
                              " --checkpoint-every 1000 >/dev/null 2>&1";
  const int status = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 128 + SIGTERM);
  const dist::Checkpoint c = dist::readCheckpoint(checkpoint);
  EXPECT_EQ(c.start, ".x.x.|x...x|.....|o...o|.o.o.");
  EXPECT_GT(c.stats.jobs, 0u);
  // Resumed under a small node limit: it goes on from there (more jobs), still within it.
  const testing::CliResult more = runCli({"--resume", checkpoint, "--workers", "1", "--hash", "16", "--node-limit", "2000", "--checkpoint", checkpoint});
  EXPECT_EQ(more.status, 1) << more.err;
  EXPECT_GT(dist::readCheckpoint(checkpoint).stats.jobs, c.stats.jobs);
}

TEST(JobTreeCli, SigtermEndsTheJobsUnderWay) {
  // One job of the 5x5 start with no budget to speak of (a plain solve takes minutes): SIGTERM
  // after a second ends it then, rather than when the job is done. `timeout -k` kills the run
  // 60 s after the signal, which the exit status would show.
  const std::string position = testing::writeTemp("5x5-one-job.txt", ".x.x.|x...x|.....|o...o|.o.o.\n");
  const std::string checkpoint = testing::tempPath("5x5-one-job.ckpt");
  const std::string command = "timeout --preserve-status -k 60 -s TERM 1 " + testing::cliPath() + " " + position +
                              " --to-move b --job-tree --workers 2 --job-nodes 1000000000000 --hash 64 --checkpoint " + checkpoint +
                              " >/dev/null 2>&1";
  const int status = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 128 + SIGTERM);
  EXPECT_EQ(dist::readCheckpoint(checkpoint).stats.jobs, 0u);  // none finished: both were ended
}

TEST(JobTreeCli, AKilledRunResumesFromItsLastCheckpointToTheSameVerdict) {
  // Issue 66, Must 5: kill -9 (no handler runs) once a periodic checkpoint with a job done is on disk; the
  // file, renamed into place whole, resumes to the verdict of an uninterrupted run. The 5x4 start
  // in jobs of 10,000 nodes, each expanded at once on fresh tables, takes about a second (94
  // jobs; sent again on kept tables, 0.1 s), checkpoints every 0.2 s.
  const std::string position = testing::writeTemp("5x4.txt", ".x.x.|x...x|o...o|.o.o.\n");
  const std::string checkpoint = testing::tempPath("5x4-killed.ckpt");
  std::filesystem::remove(checkpoint);
  const std::string command = "(" + testing::cliPath() + " " + position + " --to-move b --job-tree --workers 1 --job-nodes 10000 --job-expand-at 0 --job-tables fresh --hash 16 --checkpoint " +
                              checkpoint + " --checkpoint-every 0.2 >/dev/null 2>&1 & pid=$!; while kill -0 $pid && ! grep -qs '^spent [1-9]' " + checkpoint +
                              "; do sleep 0.02; done; kill -9 $pid; wait $pid) 2>/dev/null";
  const int status = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  ASSERT_EQ(WEXITSTATUS(status), 128 + SIGKILL) << "the run ended before the kill";
  const dist::Checkpoint c = dist::readCheckpoint(checkpoint);
  EXPECT_GT(c.stats.jobs, 0u);
  const testing::CliResult resumed = runCli({"--resume", checkpoint, "--workers", "2", "--hash", "16"});
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  const testing::CliResult whole = runCli({position, "--to-move", "b", "--job-tree", "--workers", "1", "--job-nodes", "10000", "--hash", "16"});
  ASSERT_EQ(whole.status, 0) << whole.err;
  const auto verdict = [](const std::string& out) {
    const size_t at = out.find("Black to move:");
    return out.substr(at, out.find('\n', at) - at);
  };
  EXPECT_TRUE(has(verdict(whole.out), "Black to move: Black wins with ")) << whole.out;  // published: first player wins
  EXPECT_EQ(verdict(resumed.out), verdict(whole.out));
}

}  // namespace
}  // namespace amazons
