// A fast heuristic for positions the exact solver cannot settle within a bot's turn: territory
// by queen distance (the side whose amazons reach an empty square in fewer queen moves owns
// it) and mobility (the squares each side's amazons reach in one move).
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>

#include "solver/amazons/board.h"
#include "solver/amazons/small_region.h"

namespace amazons {

// Black's territory by queen distance less White's: the empty squares Black's amazons reach in
// fewer queen moves than White's, less those White's reach sooner (queenTerritory in
// small_region.h, the board put on the narrowest masks that hold it).
int queenTerritory(const Board& board);

// A raw region alone in a sum with at least this many empty squares orders its moves by the
// queen-distance territory they gain first (through Amazons::estimate); below it, and inside leafWins, by the opponent's replies alone, which is
// cheaper and there as good. The 5x4 start: 10.2 M nodes, 7.8 s -> 286 k, 0.34 s; 4x5:
// 19.8 -> 15.6 s. From 11 empty squares: 5x4 1.4 s; from 5 or 7: as from 9.
constexpr int kTerritoryOrderEmpty = 9;

// Black's advantage (positive favours Black): 100 per square of territory plus 10 per square
// of mobility; a side with no move at all scores as if it had lost.
int heuristicScore(const Board& board);

// A move that one thread sets and another reads at any time: the best move of a scan under
// way, for a bot that answers at its deadline whatever the scan's thread is doing.
class MoveSlot {
 public:
  void set(const Move& m) { bits_.store(kSet | m.from | uint32_t{m.to} << 8 | uint32_t{m.arrow} << 16, std::memory_order_release); }
  std::optional<Move> get() const {
    const uint32_t b = bits_.load(std::memory_order_acquire);
    if (!(b & kSet)) return std::nullopt;
    return Move{static_cast<uint8_t>(b), static_cast<uint8_t>(b >> 8), static_cast<uint8_t>(b >> 16)};
  }

 private:
  static constexpr uint32_t kSet = 1u << 24;
  std::atomic<uint32_t> bits_{0};
};

// The legal move of the side to move with the best heuristicScore after it (1 ply). It looks
// at moves in an order shuffled by `seed` until `deadline` or until `stop` is set, so an
// answer is ready from the first move on; `best`, when given, holds the best so far. nullopt
// when the side to move has no move.
std::optional<Move> heuristicMove(const Board& board, std::chrono::steady_clock::time_point deadline,
                                  uint64_t seed = 0, const std::atomic<bool>* stop = nullptr, MoveSlot* best = nullptr);

}  // namespace amazons
