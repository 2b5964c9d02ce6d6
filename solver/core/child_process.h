// A program run as a child process with its standard input and output on pipes, for the
// referee (cli_referee.cpp) and its tests: lines go in, lines come out within a time limit.
#pragma once
#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace amazons {

class ChildProcess {
 public:
  // Runs argv[0] (a path) with these arguments; its standard error stays ours. Throws
  // std::runtime_error when the pipes or the process cannot be made.
  explicit ChildProcess(std::vector<std::string> argv);
  ~ChildProcess();  // kills it when it has not been waited for
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // False when it no longer reads its input.
  bool send(const std::string& text);

  // The next line it prints (without the newline), or nullopt when none comes within
  // `timeout` or it closes its output. Past `longest` characters without a newline, those
  // characters come back as a line (longer than `longest`: the caller can tell), so that a
  // process that never ends its line cannot fill the memory.
  std::optional<std::string> readLine(std::chrono::milliseconds timeout, size_t longest = SIZE_MAX);
  // Whether it has closed its output (readLine then returns nullopt at once, not on a timeout).
  bool closedOutput() const { return closed_; }

  // Closes its input and waits for it: its exit status (-1 when killed by a signal).
  int finish();

  pid_t pid() const { return pid_; }

 private:
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1;
  bool reaped_ = false;
  bool closed_ = false;
  std::string buffer_;
};

}  // namespace amazons
