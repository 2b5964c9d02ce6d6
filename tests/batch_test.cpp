// Batches as exact as separate runs, and whole output when stopped: a suite gives each line the
// answer a separate process gives it, whatever the order of the lines and the threads; a run
// stopped by a signal leaves no half-written line or JSON object; `suite` interrupted by Ctrl-C
// still prints its summary, with the lines not yet run counted.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/cli_run.h"
#include "tests/support/paths.h"

namespace amazons {
namespace {

using testing::has;
using testing::runCli;
using testing::slurp;
using testing::tempPath;
using testing::writeTemp;

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

// The position lines of a suite file (no comments), every `step`-th.
std::vector<std::string> suiteLines(const std::string& file, size_t step) {
  std::vector<std::string> out;
  size_t i = 0;
  for (const std::string& l : splitLines(slurp(testing::positionsDir() + "/amazons/" + file)))
    if (!l.empty() && l[0] != '#' && i++ % step == 0) out.push_back(l);
  return out;
}

// The fields of a suite output line (position, side, verdict, key=value...).
std::vector<std::string> fields(const std::string& line) {
  std::vector<std::string> out;
  for (size_t from = 0;;) {
    const size_t at = line.find(" ; ", from);
    out.push_back(line.substr(from, at == std::string::npos ? std::string::npos : at - from));
    if (at == std::string::npos) return out;
    from = at + 3;
  }
}

// "field=" up to the next " ; " of a suite output line ("" when absent).
std::string field(const std::string& line, const std::string& key) {
  const size_t at = line.find(" ; " + key + "=");
  if (at == std::string::npos) return "";
  const size_t from = at + key.size() + 4;
  return line.substr(from, line.find(" ; ", from) - from);
}

// A suite output line without its time (us=), the one part that differs from run to run.
std::string withoutTime(const std::string& line) {
  const size_t at = line.find(" ; us=");
  return at == std::string::npos ? line : line.substr(0, at);
}

// Suite output lines (those with nodes=) keyed by their position and side.
std::map<std::string, std::string> resultsByPosition(const std::string& out) {
  std::map<std::string, std::string> byPosition;
  for (const std::string& l : splitLines(out))
    if (has(l, " ; nodes=")) {
      const size_t second = l.find(" ; ", l.find(" ; ") + 3);
      byPosition[l.substr(0, second)] = withoutTime(l);
    }
  return byPosition;
}

// A JSON string field's text ("" when absent or null).
std::string jsonString(const std::string& json, const std::string& key, size_t from = 0) {
  const std::string open = "\"" + key + "\": \"";
  const size_t at = json.find(open, from);
  if (at == std::string::npos) return "";
  const size_t begin = at + open.size();
  return json.substr(begin, json.find('"', begin) - begin);
}

// Lines of the hard and medium endgames (values under the allowance, chambers that share
// followers), shuffled with a fixed seed, solved in one suite with 1 and with 2 threads, and
// each one alone by the solve command in a process of its own: the same verdict, total and move,
// and with one thread the same node count (the analysis saw nothing of the lines before it).
TEST(Batch, SuiteAnswersAsSeparateRunsWhateverOrderAndThreads) {
  std::vector<std::string> lines = suiteLines("endgames-hard.txt", 6);
  for (const std::string& l : suiteLines("endgames-medium.txt", 15)) lines.push_back(l);
  ASSERT_GE(lines.size(), 40u);
  std::vector<std::string> shuffled = lines;
  std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937(15));
  auto suiteText = [](const std::vector<std::string>& ls) {
    std::string text;
    for (const std::string& l : ls) text += l + "\n";
    return text;
  };
  const testing::CliResult inOrder = runCli({"suite", "--threads", "1", writeTemp("in-order.txt", suiteText(lines))});
  const testing::CliResult oneThread = runCli({"suite", "--threads", "1", writeTemp("shuffled.txt", suiteText(shuffled))});
  const testing::CliResult twoThreads = runCli({"suite", "--threads", "2", writeTemp("shuffled2.txt", suiteText(shuffled))});
  for (const auto* r : {&inOrder, &oneThread, &twoThreads}) ASSERT_EQ(r->status, 0) << r->out << r->err;
  const auto first = resultsByPosition(inOrder.out), again = resultsByPosition(oneThread.out),
             parallel = resultsByPosition(twoThreads.out);
  ASSERT_EQ(first.size(), lines.size());
  EXPECT_EQ(first, again);  // nodes included: each line analysed as if alone
  for (const auto& [position, line] : first) {
    ASSERT_TRUE(parallel.count(position)) << position;
    const std::string& other = parallel.at(position);
    for (const char* key : {"value", "best"}) EXPECT_EQ(field(line, key), field(other, key)) << position << " " << key;
    EXPECT_EQ(fields(line)[2], fields(other)[2]) << position;  // the verdict
  }
  // Separate runs of the solve command, one process each.
  for (const auto& [position, line] : first) {
    const std::string board = position.substr(0, position.find(" ; "));
    const bool black = position.substr(position.find(" ; ") + 3) == "b";
    const std::string path = writeTemp("alone.txt", std::string(black ? "black" : "white") + "\n" + board + "\n");
    const testing::CliResult alone = runCli({path, "--format", "json", "--threads", "1"});
    ASSERT_EQ(alone.status, 0) << position << alone.err;
    const std::string& json = alone.out;
    const size_t side = json.find(black ? "\"black_to_move\"" : "\"white_to_move\"");
    ASSERT_NE(side, std::string::npos);
    const bool moverWins = jsonString(json, "winner", side) == (black ? "black" : "white");
    const std::vector<std::string> parts = fields(line);
    ASSERT_GE(parts.size(), 3u);
    const std::string& verdict = parts[2];
    EXPECT_EQ(verdict, moverWins ? "win" : "loss") << position;
    const bool canonical = has(json, "\"total_canonical\": true");
    EXPECT_EQ(field(line, "value"), canonical ? jsonString(json, "total") : "") << position;
    if (moverWins) {
      EXPECT_EQ(field(line, "best"), jsonString(json, "move", side)) << position;
    }
    EXPECT_TRUE(has(json, "\"nodes\": " + field(line, "nodes") + ",")) << position << "\n" << json;
  }
}

// ---- stopped runs

// amazons-solve ARGS with standard output to `outPath` (standard error to /dev/null).
pid_t spawnCli(const std::vector<std::string>& args, const std::string& outPath) {
  std::vector<std::string> all{testing::cliPath()};
  all.insert(all.end(), args.begin(), args.end());
  const pid_t pid = fork();
  if (pid == 0) {
    const int out = open(outPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int null = open("/dev/null", O_WRONLY);
    dup2(out, STDOUT_FILENO);
    dup2(null, STDERR_FILENO);
    std::vector<char*> argv;
    for (std::string& a : all) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  return pid;
}

// Waits until `path` holds at least `lines` newlines (a minute at most).
void awaitLines(const std::string& path, size_t lines) {
  for (int i = 0; i < 6000; ++i) {
    const std::string text = slurp(path);
    if (static_cast<size_t>(std::count(text.begin(), text.end(), '\n')) >= lines) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  FAIL() << "no output in a minute";
}

int exitStatus(pid_t pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// A suite far longer than the test waits: the hard endgames twenty times over, after one line
// that fails (its outcome turned round), so that even --failures prints a line early.
std::string longSuite() {
  const std::vector<std::string> lines = suiteLines("endgames-hard.txt", 1);
  const std::vector<std::string> first = fields(lines[0]);  // position ; side ; win|loss (the class left out)
  std::string text = first[0] + " ; " + first[1] + " ; " + (first[2] == "win" ? "loss" : "win") + "\n";
  for (int copy = 0; copy < 20; ++copy)
    for (const std::string& l : lines) text += l + "\n";
  return writeTemp("long.txt", text);
}

TEST(Batch, SuiteInterruptedPrintsItsSummary) {
  const std::string suite = longSuite();
  for (const bool failuresOnly : {false, true}) {
    const std::string out = tempPath(failuresOnly ? "failures.out" : "all.out");
    std::vector<std::string> args{"suite", suite, "--threads", "2"};
    if (failuresOnly) args.push_back("--failures");
    const pid_t pid = spawnCli(args, out);
    awaitLines(out, failuresOnly ? 1 : 3);
    kill(pid, SIGINT);
    EXPECT_EQ(exitStatus(pid), 130);
    const std::string text = slurp(out);
    EXPECT_TRUE(has(text, "\nSummary\n")) << text;
    EXPECT_TRUE(has(text, "result           : INTERRUPTED\n")) << text;
    const size_t at = text.find("not run          : ");
    ASSERT_NE(at, std::string::npos) << text;
    EXPECT_GT(std::stoul(text.substr(at + 19)), 1000u);  // the Ctrl-C came early in 5,000 lines
    const std::vector<std::string> lines = splitLines(text.substr(0, text.find("\nSummary\n")));
    ASSERT_FALSE(lines.empty());
    EXPECT_TRUE(has(lines[0], "FAIL (wrong outcome")) << lines[0];
    for (const std::string& l : lines) {
      EXPECT_TRUE(has(l, " ; nodes=") && has(l, " ; us=")) << l;  // whole lines
      if (failuresOnly) {
        EXPECT_TRUE(has(l, "FAIL")) << l;
      }
    }
  }
}

// Many positions in JSON, the run stopped by SIGTERM and by SIGINT as they are printed: what
// came out is whole objects, one a line.
TEST(Batch, StoppedJsonRunLeavesOnlyWholeObjects) {
  const std::vector<std::string> lines = suiteLines("endgames-hard.txt", 1);
  std::vector<std::string> args{"--format", "json", "--threads", "1"};
  for (size_t i = 0; i < 200; ++i) {
    const std::string name = std::to_string(i) + ".txt";  // ("p" + to_string: a false -Wrestrict of GCC 12)
    args.push_back(writeTemp(name, fields(lines[i % lines.size()])[0] + "\n"));
  }
  for (const int signal : {SIGTERM, SIGINT}) {
    const std::string out = tempPath(std::to_string(signal) + ".json");  // a file of its own: no old lines to wait on
    const pid_t pid = spawnCli(args, out);
    awaitLines(out, 2);
    kill(pid, signal);
    EXPECT_EQ(exitStatus(pid), 128 + signal);
    const std::string text = slurp(out);
    ASSERT_FALSE(text.empty());
    EXPECT_EQ(text.back(), '\n');
    const std::vector<std::string> objects = splitLines(text);
    EXPECT_LT(objects.size(), 200u);  // stopped before the end
    for (const std::string& o : objects) {
      EXPECT_EQ(o.front(), '{');
      EXPECT_TRUE(o.ends_with("}")) << o;
      EXPECT_TRUE(has(o, "\"seconds\": ")) << o;
    }
  }
}

}  // namespace
}  // namespace amazons
