// amazons-solve cgt: evaluate sums and comparisons of game values in CGSuite notation.
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "cgt/cgt.h"
#include "solver/cli/cli.h"
#include "solver/core/errors.h"
#include "solver/core/svg.h"
#include "solver/core/thermograph_svg.h"

namespace {

const char* kUsage =
    "usage: amazons-solve cgt [--outcome] [--mean] [--temperature] EXPRESSION\n"
    "  EXPRESSION   a sum of values in CGSuite notation, e.g. \"^ + ^ + *\" or \"{3||2|0} - 1/2\";\n"
    "               prints its canonical form. With a comparison (<=, >=, <, >, ==, =, <|, |>, ||)\n"
    "               between two sums, prints true or false (<| : less or confused, || : confused).\n"
    "  --outcome    print the outcome class instead: L, R, P (second player wins) or N\n"
    "  --mean       print the mean instead\n"
    "  --temperature  print the temperature instead (numbers: -1/2^k, as CGSuite)\n"
    "  --thermograph FILE.svg  draw its thermograph as an SVG picture ('-': stdout, instead of the form)\n";

struct Comparison {
  size_t pos = std::string::npos;
  std::string op;
};

// The comparison operator outside braces and parentheses, if any.
Comparison findComparison(const std::string& s) {
  Comparison found;
  int depth = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '{' || c == '(') ++depth;
    else if (c == '}' || c == ')') --depth;
    if (depth != 0) continue;
    static const char* twoChar[] = {"<=", ">=", "==", "<|", "|>", "||"};
    std::string op;
    for (const char* t : twoChar)
      if (s.compare(i, 2, t) == 0) op = t;
    if (op.empty() && (c == '<' || c == '>' || c == '=')) op = std::string(1, c);
    if (op.empty()) continue;
    if (found.pos == std::string::npos) found = {i, op};
    else return {i, "?" + op};  // a second operator: reported as an error by the caller
    i += op.size() - 1;
  }
  return found;
}

int runCgt(const std::vector<std::string>& args) {
  bool wantOutcome = false, wantMean = false, wantTemperature = false;
  std::string expression, thermograph;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--thermograph") {
      if (i + 1 == args.size()) {
        std::cerr << "amazons-solve cgt: --thermograph needs a file name\n" << kUsage;
        return 2;
      }
      thermograph = args[++i];
      continue;
    }
    if (a == "--help" || a == "-h") {
      std::cout << kUsage;
      return 0;
    }
    if (a == "--outcome") wantOutcome = true;
    else if (a == "--mean") wantMean = true;
    else if (a == "--temperature") wantTemperature = true;
    else if (a.size() > 2 && a.compare(0, 2, "--") == 0) {
      std::cerr << "amazons-solve cgt: unknown option '" << a << "'\n" << kUsage;
      return 2;
    } else {
      if (!expression.empty()) expression += ' ';
      expression += a;
    }
  }
  if (expression.empty()) {
    std::cerr << kUsage;
    return 2;
  }
  const Comparison cmp = findComparison(expression);
  auto parseAt = [&](const std::string& text, size_t offset) -> std::optional<cgt::GameId> {
    try {
      return cgt::parse(text);
    } catch (const cgt::ParseError& e) {
      std::cerr << "<expression>:1:" << e.column() + static_cast<int>(offset) << ": error: " << e.what() << "\n";
    }
    return std::nullopt;
  };
  if (cmp.pos == std::string::npos) {
    auto g = parseAt(expression, 0);
    if (!g) return 2;
    if (!thermograph.empty()) amazons::svg::write(thermograph, amazons::thermographSvg(*g, cgt::toString(*g)));
    if (thermograph == "-") return 0;
    if (!wantOutcome && !wantMean && !wantTemperature) std::cout << cgt::toString(*g) << "\n";
    if (wantOutcome) {
      static const char* names[] = {"L", "R", "P", "N"};
      std::cout << names[static_cast<int>(cgt::outcome(*g))] << "\n";
    }
    if (wantMean) std::cout << cgt::toString(cgt::mean(*g)) << "\n";
    if (wantTemperature) std::cout << cgt::toString(cgt::temperature(*g)) << "\n";
    return 0;
  }
  if (cmp.op[0] == '?') {
    std::cerr << "<expression>:1:" << cmp.pos + 1 << ": error: more than one comparison\n";
    return 2;
  }
  if (wantOutcome || wantMean || wantTemperature || !thermograph.empty()) {
    std::cerr << "amazons-solve cgt: --outcome, --mean, --temperature and --thermograph take no comparison\n";
    return 2;
  }
  const size_t rhsStart = cmp.pos + cmp.op.size();
  auto a = parseAt(expression.substr(0, cmp.pos), 0);
  if (!a) return 2;
  auto b = parseAt(expression.substr(rhsStart), rhsStart);
  if (!b) return 2;
  const bool le = cgt::leq(*a, *b), ge = cgt::leq(*b, *a);
  bool result = false;
  if (cmp.op == "<=") result = le;
  else if (cmp.op == ">=") result = ge;
  else if (cmp.op == "<") result = le && !ge;
  else if (cmp.op == ">") result = ge && !le;
  else if (cmp.op == "==" || cmp.op == "=") result = le && ge;
  else if (cmp.op == "<|") result = !ge;
  else if (cmp.op == "|>") result = !le;
  else if (cmp.op == "||") result = !le && !ge;
  std::cout << (result ? "true" : "false") << "\n";
  return 0;
}

amazons::cli::Registrar reg({"cgt", "evaluate sums and comparisons of game values in CGSuite notation", &runCgt});

}  // namespace
