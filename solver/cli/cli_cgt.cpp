// amazons-solve cgt: evaluate sums and comparisons of game values in CGSuite notation.
#include <pthread.h>

#include <boost/program_options.hpp>

#include <chrono>
#include <functional>
#include <iostream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "cgt/cgt.h"
#include "solver/cli/cli.h"
#include "solver/cli/cli_common.h"
#include "solver/core/errors.h"
#include "solver/core/svg.h"
#include "solver/core/thermograph_svg.h"

namespace {

namespace po = boost::program_options;
using namespace amazons::cli;

// What the command may spend by default: short texts can ask for minutes and gigabytes
// ("^*2000", a sum of forty switches). A million new sums take some seconds and a few hundred
// MB; the clock stops what the sums do not (one sum of options by the thousand).
constexpr double kDefaultSeconds = 10;
constexpr uint64_t kDefaultSums = 1000000;
// The evaluation runs on a thread of its own with this stack: a game n levels deep (^n) is
// parsed, compared and printed by recursions n calls deep; 8 MB reach ^20000, this ^500000.
constexpr size_t kStackBytes = size_t{1} << 30;

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

// Runs `work` on a thread with a stack of kStackBytes (reserved, touched only as deep as it
// goes) and waits for it; an exception it throws is thrown here.
void runWithLargeStack(const std::function<void()>& work) {
  struct Call {
    const std::function<void()>* work;
    std::exception_ptr error;
  } call{&work, nullptr};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, kStackBytes);
  pthread_t thread;
  auto body = [](void* arg) -> void* {
    Call& c = *static_cast<Call*>(arg);
    try {
      (*c.work)();
    } catch (...) {
      c.error = std::current_exception();
    }
    return nullptr;
  };
  const int created = pthread_create(&thread, &attr, body, &call);
  pthread_attr_destroy(&attr);
  if (created != 0) work();  // no thread to be had: the bound on the stack still holds (a smaller one)
  else pthread_join(thread, nullptr);
  if (call.error) std::rethrow_exception(call.error);
}

// The comparison `op` between a and b.
bool compareWith(const std::string& op, cgt::GameId a, cgt::GameId b) {
  const bool le = cgt::leq(a, b), ge = cgt::leq(b, a);
  if (op == "<=") return le;
  if (op == ">=") return ge;
  if (op == "<") return le && !ge;
  if (op == ">") return ge && !le;
  if (op == "==" || op == "=") return le && ge;
  if (op == "<|") return !ge;
  if (op == "|>") return !le;
  return !le && !ge;  // "||"
}

int runCgt(const std::vector<std::string>& argsIn) {
  po::options_description visible(
      "usage: amazons-solve cgt [options] EXPRESSION\n"
      "  EXPRESSION   a sum of values in CGSuite notation, e.g. \"^ + ^ + *\" or \"{3||2|0} - 1/2\";\n"
      "               prints its canonical form. With a comparison (<=, >=, <, >, ==, =, <|, |>, ||)\n"
      "               between two sums, prints true or false (<| : less or confused, || : confused).\n"
      "               Past --time-limit or --node-limit it prints unknown (exit status 1).\n"
      "Options");
  visible.add_options()
      ("help,h", "show this help")
      ("outcome", "print the outcome class instead: L, R, P (second player wins) or N")
      ("mean", "print the mean instead")
      ("temperature", "print the temperature instead (numbers: -1/2^k, as CGSuite)")
      ("thermograph", po::value<std::string>()->value_name("FILE"), "draw its thermograph as an SVG picture ('-': stdout, instead of the form)");
  addRanged<double>(visible, "time-limit", kDefaultSeconds, kSecondsRange, "seconds for the whole evaluation; 0 = none (then 'unknown', never a guess)");
  addRanged<uint64_t>(visible, "node-limit", kDefaultSums, kNodesRange,
                      "sums of games computed anew (as --total-nodes counts them); 0 = none (then 'unknown')");
  po::options_description hidden;
  hidden.add_options()("expression", po::value<std::vector<std::string>>());
  po::positional_options_description positional;
  positional.add("expression", -1);
  // No short options: "-1/2" and "-^" are expressions. "-h" still asks for help.
  std::vector<std::string> args = argsIn;
  for (std::string& a : args)
    if (a == "-h") a = "--help";
  po::variables_map vm;
  std::string usage;
  const int style = po::command_line_style::unix_style & ~po::command_line_style::allow_short;
  if (const auto done = parseOptions("cgt", args, visible, vm, usage, hidden, positional, style)) return *done;
  const bool wantOutcome = vm.count("outcome") > 0, wantMean = vm.count("mean") > 0, wantTemperature = vm.count("temperature") > 0;
  const std::string thermograph = vm.count("thermograph") ? vm["thermograph"].as<std::string>() : "";
  std::string expression;
  if (vm.count("expression"))
    for (const std::string& word : vm["expression"].as<std::vector<std::string>>()) expression += (expression.empty() ? "" : " ") + word;
  if (expression.empty()) return usageError("cgt", "no expression given", usage);
  const Comparison cmp = findComparison(expression);
  if (cmp.pos != std::string::npos && cmp.op[0] == '?') {
    std::cerr << "<expression>:1:" << cmp.pos + 1 << ": error: more than one comparison\n";
    return 2;
  }
  if (cmp.pos != std::string::npos && (wantOutcome || wantMean || wantTemperature || !thermograph.empty()))
    return usageError("cgt", "--outcome, --mean, --temperature and --thermograph take no comparison");

  const double seconds = ranged<double>(vm, "time-limit");
  const uint64_t sums = ranged<uint64_t>(vm, "node-limit");
  const auto deadline = seconds > 0 ? std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                                         std::chrono::duration<double>(seconds))
                                    : std::chrono::steady_clock::time_point::max();
  // Everything that touches the games (parsing, sums, comparisons, printing, the picture)
  // runs under the limit; what is printed is made first, so that a stopped run prints none of it.
  std::string out, svg;
  int status = 0;
  runWithLargeStack([&] {
    cgt::WorkLimit limit(sums > 0 ? sums : cgt::WorkLimit::kUncounted, deadline);
    auto parseAt = [&](const std::string& text, size_t offset) -> std::optional<cgt::GameId> {
      try {
        return cgt::parse(text);
      } catch (const cgt::ParseError& e) {
        std::cerr << "<expression>:1:" << e.column() + static_cast<int>(offset) << ": error: " << e.what() << "\n";
      }
      return std::nullopt;
    };
    try {
      if (cmp.pos == std::string::npos) {
        const auto g = parseAt(expression, 0);
        if (!g) {
          status = 2;
          return;
        }
        if (!thermograph.empty()) svg = amazons::thermographSvg(*g, cgt::toString(*g));
        if (thermograph == "-") return;
        if (!wantOutcome && !wantMean && !wantTemperature) out += cgt::toString(*g) + "\n";
        if (wantOutcome) {
          static const char* names[] = {"L", "R", "P", "N"};
          out += std::string(names[static_cast<int>(cgt::outcome(*g))]) + "\n";
        }
        if (wantMean) out += cgt::toString(cgt::mean(*g)) + "\n";
        if (wantTemperature) out += cgt::toString(cgt::temperature(*g)) + "\n";
        return;
      }
      const size_t rhsStart = cmp.pos + cmp.op.size();
      const auto a = parseAt(expression.substr(0, cmp.pos), 0);
      const auto b = a ? parseAt(expression.substr(rhsStart), rhsStart) : std::nullopt;
      if (!b) {
        status = 2;
        return;
      }
      out = compareWith(cmp.op, *a, *b) ? "true\n" : "false\n";
    } catch (const cgt::WorkLimitReached& e) {
      using Reason = cgt::WorkLimitReached::Reason;
      std::ostringstream why;
      if (e.reason() == Reason::Sums) why << "more than " << sums << " new sums needed (--node-limit; 0: no limit)";
      else if (e.reason() == Reason::Time) why << "time limit of " << seconds << " s reached (--time-limit; 0: no limit)";
      else why << "the value is too deep to evaluate on the stack";
      std::cerr << "amazons-solve cgt: " << why.str() << ": unknown\n";
      out = "unknown\n";
      svg.clear();
      status = 1;
    } catch (const std::length_error& e) {  // a value past the table's bounds: an input error
      std::cerr << "<expression>: error: " << e.what() << "\n";
      status = 2;
    } catch (const std::overflow_error& e) {  // a number past 64 bits
      std::cerr << "<expression>: error: " << e.what() << "\n";
      status = 2;
    }
  });
  if (status == 2) return 2;
  if (!svg.empty()) amazons::svg::write(thermograph, svg);
  writeWhole(out);
  return status;
}

amazons::cli::Registrar reg({"cgt", "evaluate sums and comparisons of game values in CGSuite notation", &runCgt});

}  // namespace
