// Run the built amazons-solve as a user would and capture what it says.
#pragma once
#include <string>
#include <vector>

namespace amazons::testing {

struct CliResult {
  int status = -1;  // exit status; -1 when it did not exit normally
  std::string out, err;
  // The processor time it used (support/cpu_time.h), when no other command ran beside it.
  double cpuSeconds = 0;
};

// Run the CLI with these arguments (each one word, quoted for the shell), `input` on standard
// input; standard output and standard error come back apart.
CliResult runCli(const std::vector<std::string>& args, const std::string& input = {});

// A path in the test temporary folder, unique to this process (each test runs in its own).
std::string tempPath(const std::string& name);

// Write `text` to tempPath(name) and return the path.
std::string writeTemp(const std::string& name, const std::string& text);

// The whole file ("" when it cannot be read).
std::string slurp(const std::string& path);

// `s` as one word for the shell.
std::string quoted(const std::string& s);

// The shell command that starts the CLI under Open MPI's mpiexec with `ranks` ranks:
// --oversubscribe, for more ranks than this machine's cores; -q, so that a run that exits
// non-zero leaves stderr to the CLI.
std::string mpiexec(int ranks);

// runCli under mpiexec(ranks), standard input empty.
CliResult runMpi(int ranks, const std::vector<std::string>& args);

inline bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace amazons::testing
