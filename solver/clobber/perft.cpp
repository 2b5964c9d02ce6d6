#include "solver/clobber/perft.h"

namespace amazons::clobber {

using core::opposite;

uint64_t perft(const Region& board, cgt::Side mover, int depth) {
  if (depth == 0) return 1;
  const std::vector<Move> moves = Clobber::moves(board, mover);
  if (depth == 1) return moves.size();
  uint64_t total = 0;
  for (const Move& m : moves) total += perft(Clobber::play(board, m), opposite(mover), depth - 1);
  return total;
}

std::vector<std::pair<Move, uint64_t>> perftDivide(const Region& board, cgt::Side mover, int depth) {
  std::vector<std::pair<Move, uint64_t>> out;
  for (const Move& m : Clobber::moves(board, mover)) out.emplace_back(m, perft(Clobber::play(board, m), opposite(mover), depth - 1));
  return out;
}

}  // namespace amazons::clobber
