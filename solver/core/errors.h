// Errors in user input: they carry the place (file, line, column) so the CLI can name it.
#pragma once
#include <stdexcept>
#include <string>

namespace amazons {

class InputError : public std::runtime_error {
 public:
  // line and column count from 1; 0 means "not known".
  InputError(std::string message, int line = 0, int column = 0, std::string file = {})
      : std::runtime_error(std::move(message)), line_(line), column_(column), file_(std::move(file)) {}

  int line() const { return line_; }
  int column() const { return column_; }
  const std::string& file() const { return file_; }
  InputError withFile(const std::string& file) const { return InputError(what(), line_, column_, file); }
  InputError shifted(int lineOffset) const { return InputError(what(), line_ + lineOffset, column_, file_); }

  // "file:line:column: message", leaving out the parts not known.
  std::string describe() const;

 private:
  int line_;
  int column_;
  std::string file_;
};

}  // namespace amazons
