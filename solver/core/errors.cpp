#include "solver/core/errors.h"

#include <sstream>

namespace amazons {

std::string InputError::describe() const {
  std::ostringstream out;
  out << (file_.empty() ? "<input>" : file_);
  if (line_ > 0) {
    out << ':' << line_;
    if (column_ > 0) out << ':' << column_;
  }
  out << ": error: " << what();
  return out.str();
}

}  // namespace amazons
