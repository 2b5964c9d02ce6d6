// The words of a line-based file (checkpoints, proof files), each with its column, for
// readers that name the line and column of what they refuse.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "cgt/game.h"

namespace amazons::dist {

struct Word {
  std::string text;
  int column = 0;  // from 1
};
struct WordLine {
  int number = 0;  // from 1
  std::vector<Word> words;  // split at spaces and tabs; empty for a blank line
};

// Every line of `text` ('\n' ends one; a '\r' before it is dropped).
std::vector<WordLine> wordLines(std::string_view text);

// A whole number of at most 20 digits, no sign; InputError at the word's place otherwise.
uint64_t readCount(const Word& word, int line);
// "b" (Black, Left) or "w" (White, Right); InputError otherwise.
cgt::Side readSide(const Word& word, int line);
inline const char* sideWord(cgt::Side s) { return s == cgt::Side::Left ? "b" : "w"; }

// InputError at `line` unless it has `count` words.
void expectWords(const WordLine& line, size_t count, const std::string& what);

}  // namespace amazons::dist
