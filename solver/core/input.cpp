#include "solver/core/input.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "solver/core/errors.h"

namespace amazons::core {

InputText readInput(const std::string& path) {
  if (path == "-") return {"<stdin>", std::string(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>())};
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw InputError("cannot read: it is a directory", 0, 0, path);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(std::string("cannot open file: ") + std::strerror(errno), 0, 0, path);
  std::ostringstream buf;
  buf << in.rdbuf();
  if (in.bad()) throw InputError("cannot read file", 0, 0, path);
  return {path, buf.str()};
}

}  // namespace amazons::core
