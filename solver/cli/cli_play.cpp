// amazons-solve play: the player for the programs people already play against.
//   play codingame   a CodinGame Amazons bot on stdin/stdout
//   play cs61b       the text commands of the CS61B Amazons project
//   play uci         a UCI engine for Amazons and Clobber (cli_play_uci.cpp)
// and with --game clobber or --game yinsh (play codingame) a CodinGame bot of that game.
#include <tbb/global_control.h>
#include <unistd.h>

#include <boost/program_options.hpp>
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>

#include "solver/amazons/bot.h"
#include "solver/amazons/endgames.h"
#include "solver/amazons/formats.h"
#include "solver/amazons/notation.h"
#include "solver/cli/cli.h"
#include "solver/cli/cli_common.h"
#include "solver/cli/cli_play_uci.h"
#include "solver/clobber/bot.h"
#include "solver/core/errors.h"
#include "solver/yinsh/bot.h"
#include "solver/yinsh/formats.h"
#include "solver/yinsh/notation.h"

namespace amazons::cli {
namespace {

namespace po = boost::program_options;
using clobber::Clobber;
using Clock = std::chrono::steady_clock;

const char* kStdin = "<stdin>";

// Standard input line by line, counting lines for error messages.
class LineReader {
 public:
  bool next(std::string& line) {
    if (!std::getline(std::cin, line)) return false;
    ++number_;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return true;
  }
  int number() const { return number_; }

 private:
  int number_ = 0;
};

std::string trimmed(const std::string& s) {
  const size_t begin = s.find_first_not_of(" \t");
  if (begin == std::string::npos) return {};
  return s.substr(begin, s.find_last_not_of(" \t") - begin + 1);
}

// The board size line of the CodinGame protocols (1 to 16).
int readSize(LineReader& in) {
  std::string line;
  if (!in.next(line)) throw InputError("no board size line", 1, 1, kStdin);
  int size = 0;
  std::istringstream sizeText(line);
  if (!(sizeText >> size) || !(sizeText >> std::ws).eof() || size < 1 || size > kMaxSide)
    throw InputError("the first line must be the board size (1 to 16), not '" + line + "'", 1, 1, kStdin);
  return size;
}

// One turn of `lines` lines, each ended by a newline; nullopt when the referee has closed the
// game before it. `start`: when its first line came, the start of the turn's time.
std::optional<std::string> readTurn(LineReader& in, int lines, Clock::time_point& start) {
  std::string text, line;
  for (int i = 0; i < lines; ++i) {
    if (!in.next(line)) {
      if (i == 0) return std::nullopt;
      throw InputError("the turn ends early (expected " + std::to_string(lines) + " lines: rows, the last action and the action count)",
                       in.number() + 1, 1, kStdin);
    }
    if (i == 0) start = Clock::now();
    text += line + "\n";
  }
  return text;
}

// Parses a turn's text; its line 1 is line `firstLine` of the input.
template <class Parse>
auto parseTurn(Parse parse, int firstLine) {
  try {
    return parse();
  } catch (const InputError& e) {
    throw e.shifted(firstLine - 1).withFile(kStdin);
  }
}

// The CodinGame Amazons protocol: the board size on the first line, then per turn the colour,
// the rows (top rank first), the opponent's last action and the number of legal actions; the
// answer is one line, "d8d1d7 msg exact win".
int playCodinGame(const po::variables_map& vm, Bot& bot) {
  const std::chrono::milliseconds turn(ranged<int64_t>(vm, "turn-ms")), firstTurn(ranged<int64_t>(vm, "first-turn-ms"));
  LineReader in;
  const int size = readSize(in);
  for (bool first = true;; first = false) {
    const int firstLine = in.number();  // the size line of the text below
    Clock::time_point start;
    const std::optional<std::string> turnText = readTurn(in, size + 3, start);
    if (!turnText) return 0;
    const ParsedPosition parsed = parseTurn([&] { return parsePosition(std::to_string(size) + "\n" + *turnText, Format::CodinGame); }, firstLine);
    const BotMove answer = bot.choose(parsed.board, start, first ? firstTurn : turn);
    std::cout << formatMove(parsed.board, answer.move, Notation::CodinGame) << " msg " << moveSourceText(answer.source)
              << std::endl;
    bot.answered(Clock::now());
  }
}

// The CodinGame Clobber protocol: the board size and our colour (w or b) once, then per turn
// the rows (top first, w/b/.), the opponent's last action and the number of legal actions; the
// answer is one line, "e2e3 exact win".
int playClobber(const po::variables_map& vm) {
  const std::chrono::milliseconds turn(ranged<int64_t>(vm, "turn-ms")), firstTurn(ranged<int64_t>(vm, "first-turn-ms"));
  clobber::Bot bot(ranged<uint64_t>(vm, "seed"), static_cast<size_t>(ranged<int64_t>(vm, "hash")));
  LineReader in;
  const int size = readSize(in);
  std::string colour;
  if (!in.next(colour)) throw InputError("no colour line (w or b)", 2, 1, kStdin);
  for (bool first = true;; first = false) {
    const int firstLine = in.number() - 1;  // the size line of the text below
    Clock::time_point start;
    const std::optional<std::string> turnText = readTurn(in, size + 2, start);
    if (!turnText) return 0;
    const clobber::Position pos = parseTurn([&] { return Clobber::parsePosition(std::to_string(size) + "\n" + colour + "\n" + *turnText, kStdin); }, firstLine);
    const clobber::BotMove answer = bot.choose(pos.board, *pos.toMove, start, first ? firstTurn : turn);
    std::cout << Clobber::formatMove(pos.board, answer.move) << " " << moveSourceText(answer.source) << std::endl;
    bot.answered(Clock::now());
  }
}

// One Yinsh turn as CodinGame sends it: "11", the 11 board lines, the action count and the
// actions; nullopt when the referee has closed the game before it. `start`: when its first
// line came.
std::optional<std::string> readYinshTurn(LineReader& in, Clock::time_point& start) {
  std::string line, text;
  if (!in.next(line)) return std::nullopt;
  start = Clock::now();
  if (trimmed(line) != "11") throw InputError("expected the row count 11, not '" + line + "'", in.number(), 1, kStdin);
  text = line + "\n";
  const auto nextLine = [&](const char* what) {
    if (!in.next(line)) throw InputError(std::string("the turn ends early: expected ") + what, in.number() + 1, 1, kStdin);
    text += line + "\n";
  };
  for (int i = 0; i < yinsh::kLetters; ++i) nextLine("the 11 board lines");
  nextLine("the action count");
  const std::string count = trimmed(line);
  // (at most 9 digits: a count that large only ends the input early)
  if (count.empty() || count.size() > 9 || count.find_first_not_of("0123456789") != std::string::npos)
    throw InputError("expected the action count (a number), not '" + line + "'", in.number(), 1, kStdin);
  for (int i = std::stoi(count); i > 0; --i) nextLine("an action line for each of the action count");
  return text;
}

// The CodinGame Yinsh protocol: myId (1 White, 2 Black) once, answered "yes" (send the legal
// actions); then per turn "11", the board's 11 lines in our view (R/S ours, r/s the opponent's),
// the action count and the actions; the answer is one line, "h3-h5;xe4-i4xh5 MSG exact win".
int playYinsh(const po::variables_map& vm) {
  const std::chrono::milliseconds turn(ranged<int64_t>(vm, "turn-ms"));
  const yinsh::Rules rules;
  yinsh::BotOptions options;
  options.rules = rules;
  options.seed = ranged<uint64_t>(vm, "seed");
  options.hashMegabytes = static_cast<size_t>(ranged<int64_t>(vm, "hash"));
  yinsh::Bot bot(options);
  const bool verbose = vm.count("verbose") > 0;
  LineReader in;
  std::string id;
  if (!in.next(id)) throw InputError("no myId line (1 or 2)", 1, 1, kStdin);
  id = trimmed(id);
  if (id != "1" && id != "2") throw InputError("the first line must be myId, 1 or 2, not '" + id + "'", 1, 1, kStdin);
  std::cout << "yes" << std::endl;
  for (int number = 1;; ++number) {
    const int firstLine = in.number() + 1;
    Clock::time_point start;
    const std::optional<std::string> turnText = readYinshTurn(in, start);
    if (!turnText) return 0;
    // myId is line 1 of the text parsed, the turn's first line its line 2.
    const yinsh::ParsedPosition parsed = parseTurn([&] { return yinsh::parsePosition(id + "\n" + *turnText, rules); }, firstLine - 1);
    const yinsh::BotAnswer answer = bot.choose(parsed.position, start, turn);
    std::cout << yinsh::formatTurn(answer.turn) << " MSG " << yinsh::answerMessage(answer) << std::endl;
    if (verbose)
      std::cerr << "turn " << number << ": " << yinsh::answerMessage(answer) << ", depth " << answer.depth << ", " << answer.nodes
                << " positions, " << std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count() << " ms\n";
  }
}

// The CS61B game loop: `new`, `auto C`, `manual C`, `seed N`, `dump`, `quit` and moves such as
// d10-c9(h4) for a manual player. An automatic player's move is printed as "* d10-c9(h4)",
// the end of a game as "* White wins." or "* Black wins.". A bad command or an illegal move
// is reported on stderr (file:line:column) and the game goes on, as the course's scripts
// expect.
class Cs61bGame {
 public:
  Cs61bGame(Bot& bot, std::chrono::milliseconds moveTime) : bot_(bot), moveTime_(moveTime) { reset(); }

  int run() {
    const bool prompt = ::isatty(STDIN_FILENO) == 1;
    std::string line;
    for (;;) {
      if (!over_) {
        const Color mover = board_.sideToMove();
        if (!board_.hasMove(mover)) {
          std::cout << "* " << colorName(opposite(mover)) << " wins." << std::endl;
          over_ = true;
          continue;
        }
        if (automatic_[static_cast<int>(mover)]) {
          const Move m = bot_.choose(board_, Clock::now(), moveTime_).move;
          std::cout << "* " << formatMove(board_, m, Notation::CS61B) << std::endl;
          board_.play(m);
          continue;
        }
      }
      if (prompt) std::cout << (over_ ? "" : colorName(board_.sideToMove())) << "> " << std::flush;
      if (!in_.next(line)) return 0;
      try {
        if (command(line)) return 0;
      } catch (const InputError& e) {
        std::cerr << InputError(e.what(), in_.number(), e.column() + static_cast<int>(line.find_first_not_of(" \t")), kStdin).describe() << "\n";
      }
    }
  }

 private:
  void reset() {
    board_ = standardStart10x10();
    automatic_[static_cast<int>(Color::White)] = false;  // as CS61B: White manual, Black automatic
    automatic_[static_cast<int>(Color::Black)] = true;
    over_ = false;
  }

  // One command line; true for quit. Columns in errors count from the first word.
  bool command(const std::string& raw) {
    const std::string line = trimmed(raw);
    std::istringstream words(line);
    std::string word, argument, extra;
    words >> word >> argument >> extra;
    auto noArgument = [&] {
      if (!argument.empty()) throw InputError("'" + word + "' takes no argument", 0, static_cast<int>(word.size()) + 2);
    };
    if (word.empty()) return false;
    if (word == "quit") {
      noArgument();
      return true;
    }
    if (word == "new") {
      noArgument();
      reset();
    } else if (word == "dump") {
      noArgument();
      Board shown = board_;
      shown.setSideToMove(Color::White);  // CS61B's dump has no side line
      std::cout << writePosition(shown, Format::Dump) << std::flush;
    } else if (word == "auto" || word == "manual") {
      if ((argument != "white" && argument != "black") || !extra.empty())
        throw InputError("'" + word + "' takes white or black", 0, static_cast<int>(word.size()) + 2);
      automatic_[argument == "white" ? static_cast<int>(Color::White) : static_cast<int>(Color::Black)] = word == "auto";
    } else if (word == "seed") {
      try {
        size_t used = 0;
        bot_.setSeed(std::stoull(argument, &used));
        if (used != argument.size() || !extra.empty()) throw std::invalid_argument(argument);
      } catch (const std::logic_error&) {
        throw InputError("'seed' takes a number", 0, static_cast<int>(word.size()) + 2);
      }
    } else {
      try {
        parseMove(board_, line);
      } catch (const InputError& e) {
        throw InputError("neither a command (new, auto C, manual C, seed N, dump, quit) nor a move: " + std::string(e.what()),
                         0, e.column());
      }
      if (over_) throw InputError("the game is over (new starts another)", 0, 1);
      board_.play(parseLegalMove(board_, line));
    }
    return false;
  }

  Bot& bot_;
  std::chrono::milliseconds moveTime_;
  LineReader in_;
  Board board_{1, 1};
  bool automatic_[2] = {};
  bool over_ = false;
};

// Milliseconds: at least 1, at most a day.
constexpr Range<int64_t> kMilliseconds{1, 86400000};

void addCodinGameOptions(po::options_description& visible, int64_t turnMs, int64_t allowedTurnMs) {
  addRanged<int64_t>(visible, "turn-ms", turnMs, kMilliseconds,
                     ("codingame: milliseconds a turn (the referee allows " + std::to_string(allowedTurnMs) + ")"));
  addRanged<int64_t>(visible, "first-turn-ms", 900, kMilliseconds, "codingame: milliseconds for the first turn (the referee allows 1000)");
}

// The options and the mode (one of `modes`): 0 or 2 to return (help printed, or a usage
// error), nullopt to go on.
std::optional<int> parseMode(const std::vector<std::string>& args, po::options_description& visible, const std::vector<std::string>& modes,
                             po::variables_map& vm, std::string& mode) {
  po::options_description hidden;
  hidden.add_options()("mode", po::value<std::string>());
  po::positional_options_description positional;
  positional.add("mode", 1);
  std::string usage;
  if (const auto done = parseOptions("play", args, visible, vm, usage, hidden, positional)) return done;
  mode = vm.count("mode") ? vm["mode"].as<std::string>() : "";
  if (std::find(modes.begin(), modes.end(), mode) != modes.end()) return std::nullopt;
  std::string which = "say which: play " + modes.front();
  for (size_t i = 1; i < modes.size(); ++i) which += " or play " + modes[i];
  return usageError("play", which, usage);
}

// Ends the play: on an error its message on stderr, and the exit status.
template <class Play>
int guarded(Play play) {
  try {
    return play();
  } catch (const InputError& e) {  // here, not in main: the process may have to end below
    std::cerr << e.describe() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "amazons-solve play: error: " << e.what() << "\n";
    return 1;
  }
}

// `play uci` takes options of its own: its arguments go to it whole, less the word uci.
bool isUci(const std::vector<std::string>& args) { return !args.empty() && args.front() == "uci"; }
int playUci(std::vector<std::string> args, const std::string& variant) {
  args.erase(std::find(args.begin(), args.end(), "uci"));
  return runUciPlay(args, variant);
}

int runPlay(const std::vector<std::string>& args) {
  if (isUci(args)) return playUci(args, "amazons");
  po::options_description visible(
      "amazons-solve play codingame|cs61b|uci [options]: play on stdin/stdout, the exact move whenever the solver "
      "settles the position in time, else a heuristic's (play uci --help: the UCI engine's options)");
  visible.add_options()("help,h", "show this help");
  addCodinGameOptions(visible, 90, 100);
  addRanged<int64_t>(visible, "move-ms", 1000, kMilliseconds, "cs61b: milliseconds for each automatic move");
  addRanged<uint64_t>(visible, "seed", 0, kNodesRange, "the heuristic's order of moves (its choice among equal scores)");
  addRanged<int64_t>(visible, "hash", 256, kHashRange, "the solver's table memory in MB");
  addRanged<int64_t>(visible, "threads", 1, kThreadsRange, "the solver's worker threads (0: all cores)");
  po::variables_map vm;
  std::string mode;
  if (const auto done = parseMode(args, visible, {"codingame", "cs61b", "uci"}, vm, mode)) return *done;
  if (mode == "uci") return playUci(args, "amazons");  // after options the engine takes too
  tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism, threadCount(vm));
  Bot bot(static_cast<size_t>(ranged<int64_t>(vm, "hash")), ranged<uint64_t>(vm, "seed"));
  const int status = guarded([&] {
    return mode == "codingame" ? playCodinGame(vm, bot) : Cs61bGame(bot, std::chrono::milliseconds(ranged<int64_t>(vm, "move-ms"))).run();
  });
  if (!bot.idle()) {
    std::cout.flush();
    std::_Exit(status);
  }
  return status;
}

// The CodinGame Clobber turn is 150 ms: of 135 the bot's analysis has 60% (81 ms) and the
// answer goes by 75% (101 ms), both less the margin the bot keeps on a loaded machine; the
// first turn as for Amazons.
int runClobberPlay(const std::vector<std::string>& args) {
  if (isUci(args)) return playUci(args, "clobber");
  po::options_description visible(
      "amazons-solve play codingame|uci --game clobber [options]: a CodinGame Clobber bot on stdin/stdout (play uci: the UCI engine), the exact move "
      "whenever the analysis settles the position in time, else the move leaving the opponent fewest moves");
  visible.add_options()("help,h", "show this help");
  addCodinGameOptions(visible, 135, 150);
  addRanged<uint64_t>(visible, "seed", 0, kNodesRange, "the fallback's order of moves (its choice among equal counts)");
  addRanged<int64_t>(visible, "hash", 256, kHashRange, "the analyser's table memory in MB, kept from turn to turn");
  po::variables_map vm;
  std::string mode;
  if (const auto done = parseMode(args, visible, {"codingame", "uci"}, vm, mode)) return *done;
  if (mode == "uci") return playUci(args, "clobber");
  return guarded([&] { return playClobber(vm); });
}

// CodinGame's Yinsh turn is 100 ms; the bot answers by 65% of --turn-ms (59 ms of 90), earlier
// when the process lost time off the CPU on the turns before. The solver's table is made anew
// each turn; a turn's solver visits tens of thousands of positions (a few MB), so 64 MB is room.
int runYinshPlay(const std::vector<std::string>& args) {
  po::options_description visible(
      "amazons-solve play codingame --game yinsh [options]: a CodinGame Yinsh bot on stdin/stdout, the exact solver's action "
      "whenever it settles the position in time, else an alpha-beta search's");
  visible.add_options()("help,h", "show this help")("verbose", "each turn's source, search depth, positions and milliseconds on stderr");
  addRanged<int64_t>(visible, "turn-ms", 90, kMilliseconds, "milliseconds a turn (the referee allows 100)");
  addRanged<uint64_t>(visible, "seed", 0, kNodesRange, "the order of equal actions (the choice among equal scores)");
  addRanged<int64_t>(visible, "hash", 64, kHashRange, "the exact solver's table memory in MB");
  po::variables_map vm;
  std::string mode;
  if (const auto done = parseMode(args, visible, {"codingame"}, vm, mode)) return *done;
  return guarded([&] { return playYinsh(vm); });
}

const Registrar registrar({"play", "play on stdin/stdout: a CodinGame bot or the CS61B game loop", &runPlay});
const Registrar clobberRegistrar({"clobber:play", "play Clobber on stdin/stdout: a CodinGame bot", &runClobberPlay});
const Registrar yinshRegistrar({"yinsh:play", "play Yinsh on stdin/stdout: a CodinGame bot", &runYinshPlay});

}  // namespace
}  // namespace amazons::cli
