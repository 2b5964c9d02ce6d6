#include "solver/core/text.h"

#include <cstdio>

namespace amazons {

char regionLabel(size_t index) {
  static constexpr char kLabels[] = "ABCDEFGHIJKLMNPQRSTUVWYZabcdefghijklmnpqrstuvwyz0123456789";
  return index < sizeof(kLabels) - 1 ? kLabels[index] : '?';
}

std::string jsonString(const std::string& text) {
  std::string out(1, '"');
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
      continue;
    }
    out += c;
  }
  out += '"';
  return out;
}

const char* moveSourceText(MoveSource source) {
  switch (source) {
    case MoveSource::ExactWin: return "exact win";
    case MoveSource::ExactLoss: return "exact loss";
    case MoveSource::Heuristic: break;
  }
  return "heuristic";
}

}  // namespace amazons
