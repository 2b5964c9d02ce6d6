// A Clobber player for bots (`play codingame --game clobber`): the exact analysis' move when it
// settles the position within a share of the turn (the core honours its time limit, so it runs
// on the calling thread), otherwise the move that leaves the opponent fewest moves.
#pragma once
#include <chrono>
#include <cstdint>

#include "solver/clobber/clobber.h"
#include "solver/core/analysis.h"
#include "solver/core/text.h"

namespace amazons::clobber {

struct BotMove {
  Move move;
  MoveSource source;
};

class Bot {
 public:
  // `seed`: the order of the fallback's moves (its choice among equal counts);
  // `hashMegabytes`: the analyser's tables, kept from turn to turn.
  Bot(uint64_t seed, size_t hashMegabytes) : analyser_(options(hashMegabytes)), seed_(seed) {}

  // A move for `mover`, which must have one, chosen by `start + turn`. The analyser's tables
  // are kept from turn to turn.
  BotMove choose(const Region& board, cgt::Side mover, std::chrono::steady_clock::time_point start, std::chrono::milliseconds turn);

 private:
  static core::AnalysisOptions options(size_t hashMegabytes) {
    core::AnalysisOptions o;
    o.hashMegabytes = hashMegabytes;
    return o;
  }
  core::Analyser<Clobber> analyser_;
  uint64_t seed_;
};

}  // namespace amazons::clobber
