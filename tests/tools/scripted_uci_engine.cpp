// A UCI engine for the tests of `verify --uci` (tests/verify_engine_test.cpp): it answers what
// a script says, so that every verdict and every way an engine fails can be staged.
//
//   scripted_uci_engine SCRIPT [LOG]
//
// SCRIPT, one rule a line ('#' comments and blank lines skipped):
//   FEN => ACTION ; ACTION ...   for `position fen FEN` (exactly as sent), what `go` does
//   @uci => ACTION ; ...         what `uci` does before `uciok` (a crash or hang at start)
//   @other => ACTION ; ...       `go` in a position no rule names (default: bestmove (none))
// ACTIONs, in order:
//   info TEXT    prints "info TEXT"            say TEXT   prints TEXT as it is
//   best MOVE    prints "bestmove MOVE"        crash      exits at once, status 3
//   hang         stops answering (alive, reading nothing)
// LOG, when given: every line received is appended to it, and "started" at each start (the
// tests count the engines started and check the options sent).
#include <unistd.h>

#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <vector>

namespace {

std::string trim(const std::string& s) {
  const size_t a = s.find_first_not_of(" \t\r");
  if (a == std::string::npos) return "";
  return s.substr(a, s.find_last_not_of(" \t\r") - a + 1);
}

std::vector<std::string> actionsOf(const std::string& text) {
  std::vector<std::string> out;
  size_t at = 0;
  for (;;) {
    const size_t end = text.find(';', at);
    out.push_back(trim(text.substr(at, end == std::string::npos ? std::string::npos : end - at)));
    if (end == std::string::npos) return out;
    at = end + 1;
  }
}

// Carries out a rule's actions; false after "hang" (the caller then never answers again).
void perform(const std::vector<std::string>& actions) {
  for (const std::string& a : actions) {
    if (a == "crash") {
      std::cout << std::flush;
      ::_exit(3);
    }
    if (a == "hang") {
      std::cout << std::flush;
      for (;;) ::pause();
    }
    if (a.rfind("info ", 0) == 0) std::cout << a << "\n";
    else if (a.rfind("say ", 0) == 0) std::cout << a.substr(4) << "\n";
    else if (a.rfind("best ", 0) == 0) std::cout << "bestmove " << a.substr(5) << "\n";
  }
  std::cout << std::flush;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: scripted_uci_engine SCRIPT [LOG]\n";
    return 2;
  }
  std::map<std::string, std::vector<std::string>> rules;
  std::ifstream script(argv[1]);
  for (std::string line; std::getline(script, line);) {
    line = trim(line);
    if (line.empty() || line[0] == '#') continue;
    const size_t arrow = line.find("=>");
    if (arrow == std::string::npos) {
      std::cerr << "scripted_uci_engine: a rule without '=>': " << line << "\n";
      return 2;
    }
    rules[trim(line.substr(0, arrow))] = actionsOf(line.substr(arrow + 2));
  }
  std::ofstream log;
  if (argc > 2) log.open(argv[2], std::ios::app);
  if (log) log << "started" << std::endl;
  std::cout << "Scripted UCI engine for the tests" << std::endl;  // a banner, as engines print
  std::string fen;
  for (std::string line; std::getline(std::cin, line);) {
    line = trim(line);
    if (log) log << line << std::endl;
    if (line == "uci") {
      if (rules.count("@uci")) perform(rules["@uci"]);
      std::cout << "id name scripted\noption name UCI_Variant type combo default chess var amazons var clobber\nuciok" << std::endl;
    } else if (line == "isready") {
      std::cout << "readyok" << std::endl;
    } else if (line.rfind("position fen ", 0) == 0) {
      fen = line.substr(13);
    } else if (line.rfind("go", 0) == 0) {
      const auto rule = rules.find(fen);
      if (rule != rules.end()) perform(rule->second);
      else if (rules.count("@other")) perform(rules["@other"]);
      else std::cout << "bestmove (none)" << std::endl;
    } else if (line == "quit") {
      return 0;
    }
  }
  return 0;
}
