// Yinsh's turns as CodinGame's referee plays them (MultiStruct/Yinsh, Board.computeLegalActions):
// one turn is one action string: a placement, STEAL, or the removals of the mover's own rows
// standing at its start, a ring move, and the removals of the rows of the mover's colour it made.
// Rows a move makes for the opponent stay; the opponent removes them at the start of its turn.
// The game ends when a side has removed `ringsToWin` rings, after the turn that leaves 51
// markers on the board (more rings removed wins, equal draws), or when the side to move has no
// legal action (it loses).
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "solver/yinsh/board.h"

namespace amazons::yinsh {

struct Rules {
  int ringsToWin = 3;  // 1: the blitz variant
};

// One row taken off: its window (windows()) and the ring removed with it.
struct Removal {
  uint8_t window, ring;
  bool operator==(const Removal&) const = default;
};

// One full turn.
struct Turn {
  // Removals: rows taken off and nothing more, where the last ring won or no ring can move after.
  enum class Kind : uint8_t { Place, Steal, Move, Removals };
  Kind kind = Kind::Move;
  uint8_t from = 0, to = 0;        // Place: `to`; Move: the ring's path
  uint8_t before = 0, after = 0;   // removals before and after the move
  std::array<Removal, 3> removals{};  // a side removes at most 3 rings, the last ending the game
  bool operator==(const Turn&) const = default;
};

enum class Result : uint8_t { Win, Draw, Loss };  // for the side to move
const char* resultName(Result r);                 // "win", "draw", "loss"

// Whether the game is over before the side to move acts, by removed rings or the empty pool
// (a side without a legal action also loses: generateTurns finds none).
std::optional<Result> gameOver(const Position& p, const Rules& rules);

// Every legal turn of the side to move with the position it leaves, in the referee's order of
// choices (cells, then directions, then distances); none when the game is over or the mover is
// stuck. Two turns may leave the same position (rows removed in either order).
struct TurnAndPosition {
  Turn turn;
  Position after;
};
void generateTurns(const Position& p, const Rules& rules, std::vector<TurnAndPosition>& out);
std::vector<TurnAndPosition> legalTurns(const Position& p, const Rules& rules);

// The result of the game for the side to move when it is over here (gameOver, or no legal turn).
std::optional<Result> finalResult(const Position& p, const Rules& rules);

// The number of turn sequences of `depth` turns (a finished game has none below it).
uint64_t perft(const Position& p, const Rules& rules, int depth);

}  // namespace amazons::yinsh
