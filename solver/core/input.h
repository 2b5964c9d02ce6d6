// Reading an input file of any game ("-" = standard input).
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace amazons::core {

struct InputText {
  std::string name;  // the path, or "<stdin>": errors name it
  std::string text;
};

// A file that cannot be opened or read is an InputError naming it; so is an MCGS test file
// (`{version ...}` first), with a pointer to scripts/mcgs-to-suite.
InputText readInput(const std::string& path);

// A position named on the command line: a file, as readInput reads it; or, when no file of that
// name exists and the argument is a FEN with its side to move (core::looksLikeFen:
// "3q2q3/10/... w - - 0 1", quoted for the shell), the argument itself, named "<fen>" in errors.
InputText readPositionInput(const std::string& argument);

// A line of a text, trimmed, with where it starts: the 1-based line and column of text[0].
struct TextLine {
  std::string_view text;
  int number, column;
};

// The lines of `text` that hold something other than a comment ('#' first), trimmed of spaces,
// tabs and a Windows line end: what the Clobber and Yinsh position readers read.
std::vector<TextLine> contentLines(std::string_view text);

}  // namespace amazons::core
