#include "solver/clobber/bot.h"

#include <algorithm>
#include <random>
#include <stdexcept>
#include <vector>

namespace amazons::clobber {
namespace {

// The analysis gets 60% of the turn from its start (as the Amazons bot's solver); the clock is
// checked between expansions, so it stops a little past that. The rest is the margin for the
// fallback, printing and a descheduled process.
constexpr double kExactShare = 0.6;

// The move leaving the opponent fewest moves; among equal counts the first in a seeded shuffle.
Move fewestReplies(const Region& board, cgt::Side mover, uint64_t seed) {
  std::vector<Move> moves = Clobber::moves(board, mover);
  std::shuffle(moves.begin(), moves.end(), std::mt19937_64(seed));
  const auto replies = [&](const Move& m) { return Clobber::moves(Clobber::play(board, m), core::opposite(mover)).size(); };
  Move best = moves.front();
  size_t fewest = replies(best);
  for (const Move& m : moves)
    if (const size_t n = replies(m); n < fewest) best = m, fewest = n;
  return best;
}

}  // namespace

BotMove Bot::choose(const Region& board, cgt::Side mover, std::chrono::steady_clock::time_point start, std::chrono::milliseconds turn) {
  if (Clobber::moves(board, mover).empty()) throw std::invalid_argument("the side to move has no legal move");
  const Move fallback = fewestReplies(board, mover, seed_++);
  const double left = std::chrono::duration<double>(start + turn * kExactShare - std::chrono::steady_clock::now()).count();
  if (left <= 0) return {fallback, MoveSource::Heuristic};
  analyser_.setLimits({left, 0});
  const core::SideReport<Clobber> side = analyser_.analyse(board, mover, core::Sides::ToMoveOnly).forSide(mover);
  if (side.verdict == core::Verdict::Win) return {*side.winningMove, MoveSource::ExactWin};
  // A lost position has no better move than another: the fallback's, which makes the opponent's
  // win hardest to find.
  if (side.verdict == core::Verdict::Loss) return {fallback, MoveSource::ExactLoss};
  return {fallback, MoveSource::Heuristic};
}

}  // namespace amazons::clobber
