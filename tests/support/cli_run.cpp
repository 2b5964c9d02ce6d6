#include "tests/support/cli_run.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/support/cpu_time.h"
#include "tests/support/paths.h"
#include "tests/support/sanitizers.h"

namespace amazons::testing {

std::string quoted(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

namespace {

// This process's folder of temporary files, removed when the process ends (each test binary
// run by ctest is one process a test, and a run of thousands of them must not fill /tmp).
const std::filesystem::path& tempFolder() {
  struct Folder {
    std::filesystem::path path;
    Folder() : path(std::filesystem::path(::testing::TempDir()) / ("amazons_cli_" + std::to_string(::getpid()))) {
      std::filesystem::create_directories(path);
    }
    ~Folder() {
      std::error_code ignored;
      std::filesystem::remove_all(path, ignored);
    }
  };
  static const Folder folder;
  return folder.path;
}

}  // namespace

std::string tempPath(const std::string& name) { return (tempFolder() / name).string(); }

std::string writeTemp(const std::string& name, const std::string& text) {
  const std::string path = tempPath(name);
  std::ofstream(path) << text;
  return path;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

CliResult runCli(const std::vector<std::string>& args, const std::string& input) {
  const std::string in = writeTemp("stdin", input), out = tempPath("stdout"), err = tempPath("stderr");
  std::string cmd = quoted(cliPath());
  for (const std::string& a : args) cmd.append(" ").append(quoted(a));
  cmd.append(" <").append(quoted(in)).append(" >").append(quoted(out)).append(" 2>").append(quoted(err));
  const double cpuBefore = childCpuSeconds();
  const int rc = std::system(cmd.c_str());
  return {WIFEXITED(rc) ? WEXITSTATUS(rc) : -1, slurp(out), slurp(err), childCpuSeconds() - cpuBefore};
}


// The tests run as root in the container, which Open MPI refuses unless told twice. Under
// AddressSanitizer (scripts/test --sanitize) without leak checks: Open MPI leaves 120 KB in
// 3,350 blocks of its own at MPI_Finalize, allocated by plugins it has unloaded by then, which
// no suppression can name (the one-process tests check the solver's own memory).
std::string mpiexec(int ranks) {
  ::setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 0);
  ::setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 0);
  const std::string env = kSanitized ? "ASAN_OPTIONS=detect_leaks=0 " : "";
  return env + "mpiexec -q --oversubscribe -n " + std::to_string(ranks) + " " + quoted(cliPath());
}

CliResult runMpi(int ranks, const std::vector<std::string>& args) {
  std::string cmd = mpiexec(ranks);
  for (const std::string& a : args) cmd.append(" ").append(quoted(a));
  const std::string out = tempPath("mpi-stdout"), err = tempPath("mpi-stderr");
  cmd.append(" </dev/null >").append(quoted(out)).append(" 2>").append(quoted(err));
  const int rc = std::system(cmd.c_str());
  return {WIFEXITED(rc) ? WEXITSTATUS(rc) : -1, slurp(out), slurp(err)};
}

}  // namespace amazons::testing
