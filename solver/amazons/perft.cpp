#include "solver/amazons/perft.h"

namespace amazons {

uint64_t perft(Board& board, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return board.countMoves();
  uint64_t total = 0;
  for (const Move& m : board.legalMoves()) {
    board.play(m);
    total += perft(board, depth - 1);
    board.undo(m);
  }
  return total;
}

std::vector<std::pair<Move, uint64_t>> perftDivide(Board& board, int depth) {
  std::vector<std::pair<Move, uint64_t>> out;
  if (depth <= 0) return out;
  for (const Move& m : board.legalMoves()) {
    board.play(m);
    out.emplace_back(m, perft(board, depth - 1));
    board.undo(m);
  }
  return out;
}

}  // namespace amazons
