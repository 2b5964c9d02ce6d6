#include "solver/dist/text_words.h"

#include "solver/core/errors.h"

namespace amazons::dist {

std::vector<WordLine> wordLines(std::string_view text) {
  std::vector<WordLine> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    WordLine w;
    w.number = static_cast<int>(lines.size()) + 1;
    for (size_t i = 0; i < line.size();) {
      if (line[i] == ' ' || line[i] == '\t') {
        ++i;
        continue;
      }
      size_t j = i;
      while (j < line.size() && line[j] != ' ' && line[j] != '\t') ++j;
      w.words.push_back({std::string(line.substr(i, j - i)), static_cast<int>(i) + 1});
      i = j;
    }
    lines.push_back(std::move(w));
    start = end + 1;
  }
  return lines;
}

uint64_t readCount(const Word& word, int line) {
  uint64_t value = 0;
  bool ok = !word.text.empty() && word.text.size() <= 20;
  for (char c : word.text) {
    if (c < '0' || c > '9') ok = false;
    if (!ok) break;
    const uint64_t digit = static_cast<uint64_t>(c - '0');
    if (value > (UINT64_MAX - digit) / 10) ok = false;
    else value = value * 10 + digit;
  }
  if (!ok) throw InputError("expected a whole number, not '" + word.text + "'", line, word.column);
  return value;
}

cgt::Side readSide(const Word& word, int line) {
  if (word.text == "b") return cgt::Side::Left;
  if (word.text == "w") return cgt::Side::Right;
  throw InputError("expected the side to move, b or w, not '" + word.text + "'", line, word.column);
}

void expectWords(const WordLine& line, size_t count, const std::string& what) {
  if (line.words.size() == count) return;
  const int column = line.words.size() > count ? line.words[count].column : 1;
  std::string message = "expected ";
  message += what;
  throw InputError(message, line.number, column);
}

}  // namespace amazons::dist
