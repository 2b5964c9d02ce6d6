#include "solver/amazons/minimax.h"

namespace amazons {

std::string WholeBoardSearch::key(const Board& board) {
  std::string k(board.squares() + 1, '\0');
  k[0] = static_cast<char>(board.sideToMove());
  for (int sq = 0; sq < board.squares(); ++sq) k[sq + 1] = static_cast<char>(board.at(sq));
  return k;
}

std::optional<bool> WholeBoardSearch::moverWins(const Board& board) {
  aborted_ = false;
  Board copy = board;
  const bool result = search(copy);
  if (aborted_) return std::nullopt;
  return result;
}

bool WholeBoardSearch::search(Board& board) {
  std::string k = key(board);
  if (auto it = table_.find(k); it != table_.end()) return it->second;
  if (nodeLimit_ && nodes_ >= nodeLimit_) {
    aborted_ = true;
    return false;
  }
  ++nodes_;
  bool wins = false;
  for (const Move& m : board.legalMoves()) {
    board.play(m);
    const bool opponentWins = search(board);
    board.undo(m);
    if (aborted_) return false;
    if (!opponentWins) {
      wins = true;
      break;
    }
  }
  table_.emplace(std::move(k), wins);
  return wins;
}

}  // namespace amazons
