#include "solver/core/uci_client.h"

#include <charconv>
#include <stdexcept>

#include "solver/core/child_process.h"

namespace amazons::core {
namespace {

std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

std::optional<long> wholeNumber(std::string_view text) {
  long value = 0;
  const char* end = text.data() + text.size();
  const auto [at, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || at != end) return std::nullopt;
  return value;
}

// A line longer than this is no UCI line (Fairy-Stockfish's longest, an `option` line listing
// every variant, is under 2 KiB): the engine's fault.
constexpr size_t kLongestLine = 1 << 16;

}  // namespace

std::optional<UciScore> parseInfoScore(std::string_view line) {
  const std::vector<std::string_view> w = words(line);
  if (w.empty() || w[0] != "info") return std::nullopt;
  std::optional<UciScore> score;
  for (size_t i = 1; i < w.size(); ++i) {
    if (w[i] == "string") break;  // free text to the end of the line
    if (w[i] == "multipv" && i + 1 < w.size() && w[i + 1] != "1") return std::nullopt;
    if (w[i] != "score") continue;
    if (i + 2 >= w.size() || (w[i + 1] != "cp" && w[i + 1] != "mate"))
      throw std::invalid_argument("a score that is neither 'cp N' nor 'mate N'");
    const std::optional<long> n = wholeNumber(w[i + 2]);
    if (!n) throw std::invalid_argument("a score that is not a whole number");
    score = UciScore{w[i + 1] == "mate", *n};
    i += 2;
  }
  return score;
}

std::string uciScoreText(const UciScore& score) {
  std::string text = score.mate ? "mate " : "cp ";
  text += std::to_string(score.value);
  return text;
}

UciClient::UciClient(UciSettings settings) : settings_(std::move(settings)) {}
UciClient::~UciClient() = default;

void UciClient::discard() { engine_.reset(); }

template <class Done>
std::optional<std::string> UciClient::awaitLine(Done&& done, const char* what, std::string& error) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point deadline = Clock::now() + settings_.timeout;
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    std::optional<std::string> line = left.count() > 0 ? engine_->readLine(left, kLongestLine) : std::nullopt;
    if (!line && engine_->closedOutput()) {
      error = std::string("the engine ended (its output closed) before ") + what;
      engine_.reset();
      return std::nullopt;
    }
    if (!line && left.count() <= 0) {
      error = std::string("no ") + what + " within the engine timeout";
      engine_.reset();
      return std::nullopt;
    }
    if (!line) continue;  // poll's wait ends up to a millisecond before the deadline
    if (line->size() > kLongestLine) {
      error = "a line of over " + std::to_string(kLongestLine) + " characters while awaiting ";
      error += what;
      engine_.reset();
      return std::nullopt;
    }
    try {
      if (done(*line)) return line;
    } catch (const std::invalid_argument& e) {
      error = "unreadable line '" + *line + "': " + e.what();
      engine_.reset();
      return std::nullopt;
    }
  }
}

std::string UciClient::start() {
  engine_.reset();
  ++starts_;
  try {
    engine_ = std::make_unique<ChildProcess>(std::vector<std::string>{"/bin/sh", "-c", "exec " + settings_.command});
  } catch (const std::exception& e) {
    return e.what();
  }
  auto is = [](std::string_view word) {
    return [word](const std::string& line) { const auto w = words(line); return !w.empty() && w[0] == word && w.size() == 1; };
  };
  std::string error;
  std::string setup = "uci\n";
  if (!engine_->send(setup) || !awaitLine(is("uciok"), "uciok", error))
    return error.empty() ? "the engine does not read its input" : error;
  bool variantGiven = false;
  setup.clear();
  for (const auto& [name, value] : settings_.options) {
    setup += "setoption name " + name + " value " + value + "\n";
    variantGiven |= name == "UCI_Variant";
  }
  if (!variantGiven && !settings_.variant.empty()) setup += "setoption name UCI_Variant value " + settings_.variant + "\n";
  setup += "isready\n";
  if (!engine_->send(setup) || !awaitLine(is("readyok"), "readyok after the options", error))
    return error.empty() ? "the engine does not read its input" : error;
  return "";
}

UciAnswer UciClient::analyse(const std::string& fen) {
  UciAnswer answer;
  auto fail = [&](std::string error) {
    engine_.reset();
    answer = UciAnswer{};
    answer.error = std::move(error);
    return answer;
  };
  if (!engine_)
    if (std::string error = start(); !error.empty()) return fail("starting the engine: " + error);
  std::string error;
  auto readyok = [](const std::string& line) { const auto w = words(line); return w.size() == 1 && w[0] == "readyok"; };
  if (!engine_->send("ucinewgame\nisready\n") || !awaitLine(readyok, "readyok", error))
    return fail(error.empty() ? "the engine does not read its input" : error);
  if (!engine_->send("position fen " + fen + "\n" + settings_.go + "\n")) return fail("the engine does not read its input");
  const std::optional<std::string> best = awaitLine(
      [&](const std::string& line) {
        const auto w = words(line);
        if (w.empty()) return false;
        if (w[0] == "info") {
          if (const std::optional<UciScore> s = parseInfoScore(line)) answer.score = s;
          return false;
        }
        if (w[0] != "bestmove") return false;
        if (w.size() != 2 && !(w.size() == 4 && w[2] == "ponder")) throw std::invalid_argument("not 'bestmove MOVE [ponder MOVE]'");
        return true;
      },
      "bestmove", error);
  if (!best) return fail(error);
  const std::string_view move = words(*best)[1];
  if (move != "(none)" && move != "0000") answer.bestMove = std::string(move);
  return answer;
}

}  // namespace amazons::core
