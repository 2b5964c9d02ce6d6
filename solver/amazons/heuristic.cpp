#include "solver/amazons/heuristic.h"

#include <algorithm>
#include <limits>
#include <random>
#include <vector>

#include "solver/amazons/small_region.h"

namespace amazons {
namespace {

// Territory decides endgames; mobility mostly separates moves of equal territory and keeps
// amazons from being shut in early. Not tuned (no engine to tune against yet): it beats a
// random player, and positions small enough to matter are the exact solver's.
constexpr int kSquareWeight = 100;    // a square of territory
constexpr int kMobilityWeight = 10;   // a square one amazon reaches in one move
constexpr int kLost = 1'000'000;      // the side to move has no move

}  // namespace

int queenTerritory(const Board& board) {  // on masks: every square of a distance at once
  return onMasks(board, [](const auto& region) { return queenTerritory(region); });
}

int heuristicScore(const Board& board) {
  const Color mover = board.sideToMove();
  if (!board.hasMove(mover)) return mover == Color::Black ? -kLost : kLost;
  const int territory = queenTerritory(board);
  int mobility = 0;
  for (int sq : board.amazons(Color::Black)) mobility += board.queenTargetCount(sq);
  for (int sq : board.amazons(Color::White)) mobility -= board.queenTargetCount(sq);
  return kSquareWeight * territory + kMobilityWeight * mobility;
}

std::optional<Move> heuristicMove(const Board& board, std::chrono::steady_clock::time_point deadline, uint64_t seed,
                                  const std::atomic<bool>* stop, MoveSlot* bestSoFar) {
  std::vector<Move> moves = board.legalMoves();
  if (moves.empty()) return std::nullopt;
  // In random order: a scan cut short by the deadline still samples every amazon, and the
  // first of equal scores is a random one.
  std::shuffle(moves.begin(), moves.end(), std::mt19937_64(seed));
  const int sign = board.sideToMove() == Color::Black ? 1 : -1;
  Board after = board;
  size_t best = 0;
  int bestScore = std::numeric_limits<int>::min();
  for (size_t i = 0; i < moves.size(); ++i) {
    if (i > 0 && (std::chrono::steady_clock::now() >= deadline || (stop && stop->load(std::memory_order_relaxed)))) break;
    after.play(moves[i]);
    const int score = sign * heuristicScore(after);
    after.undo(moves[i]);
    if (score > bestScore) {
      best = i;
      bestScore = score;
      if (bestSoFar) bestSoFar->set(moves[i]);
    }
  }
  return moves[best];
}

}  // namespace amazons
