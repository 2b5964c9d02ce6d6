#include "solver/core/input.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "solver/core/errors.h"
#include "solver/core/fen.h"

namespace amazons::core {

namespace {

// MCGS's test files open with a version command (after comments, if any); neither a position
// nor a suite does. Their users are pointed to the converter rather than to an error deep in
// the first line.
void rejectMcgsTestFile(const InputText& input) {
  size_t start = input.text.find_first_not_of(" \t\r\n");
  while (start != std::string::npos && input.text.compare(start, 2, "/*") == 0) {  // MCGS's comments
    const size_t end = input.text.find("*/", start + 2);
    start = end == std::string::npos ? end : input.text.find_first_not_of(" \t\r\n", end + 2);
  }
  if (start == std::string::npos || input.text.compare(start, 8, "{version") != 0) return;
  const int line = 1 + static_cast<int>(std::count(input.text.begin(), input.text.begin() + static_cast<std::ptrdiff_t>(start), '\n'));
  const size_t lineStart = input.text.rfind('\n', start);
  const int column = 1 + static_cast<int>(start - (lineStart == std::string::npos ? 0 : lineStart + 1));
  throw InputError("an MCGS test file, not a position or a suite: convert it with scripts/mcgs-to-suite", line, column, input.name);
}

}  // namespace

InputText readInput(const std::string& path) {
  if (path == "-") {
    InputText input{"<stdin>", std::string(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>())};
    rejectMcgsTestFile(input);
    return input;
  }
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw InputError("cannot read: it is a directory", 0, 0, path);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(std::string("cannot open file: ") + std::strerror(errno), 0, 0, path);
  std::ostringstream buf;
  buf << in.rdbuf();
  if (in.bad()) throw InputError("cannot read file", 0, 0, path);
  InputText input{path, buf.str()};
  rejectMcgsTestFile(input);
  return input;
}

InputText readPositionInput(const std::string& argument) {
  std::error_code ec;
  if (argument.find_first_of(" \t") != std::string::npos && !std::filesystem::exists(argument, ec) && looksLikeFen(argument))
    return {"<fen>", argument};
  return readInput(argument);
}

std::vector<TextLine> contentLines(std::string_view text) {
  std::vector<TextLine> lines;
  int number = 0;
  for (size_t start = 0; start <= text.size();) {
    const size_t end = std::min(text.find('\n', start), text.size());
    ++number;
    size_t a = start, b = end;
    while (a < b && (text[a] == ' ' || text[a] == '\t')) ++a;
    while (b > a && (text[b - 1] == ' ' || text[b - 1] == '\t' || text[b - 1] == '\r')) --b;
    const std::string_view t = text.substr(a, b - a);
    if (!t.empty() && t[0] != '#') lines.push_back({t, number, static_cast<int>(a - start) + 1});
    start = end + 1;
  }
  return lines;
}

}  // namespace amazons::core
