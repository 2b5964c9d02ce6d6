// Clobber (../shared/seeds/003): a stone moves onto an orthogonally adjacent stone of the
// other colour and removes it; nothing else is a move; the last player to move wins. Left =
// Black = x, Right = White = o. Boards 1x1 to 16x16; square (file, rank), rank 0 at the bottom,
// written "a1" as in chess.
//
// A region is the board as bit rows: one 16-bit mask a rank for each colour. The independent
// parts are the orthogonally connected groups of stones: a move changes only its own group,
// and a group of one colour has no move (value 0). Symmetries: the 8 of the square, colours
// never swapped.
#pragma once
#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cgt/game_table.h"
#include "solver/core/game.h"

namespace amazons::clobber {

constexpr int kMaxSide = 16;

struct Region {
  std::array<uint16_t, kMaxSide> black{}, white{};  // by rank; bit f = file f; zero past width and height
  uint8_t width = 0, height = 0;
  bool operator==(const Region&) const = default;
  int stones() const;
};

struct Move {
  uint8_t fromFile, fromRank, toFile, toRank;
  bool operator==(const Move&) const = default;
};

struct Position {
  Region board;
  std::optional<cgt::Side> toMove;  // when the input says (the CodinGame colour line)
};

struct Clobber {
  static constexpr std::string_view kName = "clobber";
  using Region = clobber::Region;
  using Move = clobber::Move;
  using Position = clobber::Position;

  // formats.cpp. The one-line form ("xo.|.ox", rows top first, x/X Black, o/O White, '.'
  // empty), the same as one row a line, or the CodinGame turn input (size line, colour w/b of
  // the side to move, the rows in w/b/., the last action "null" or a move, the number of legal
  // actions, which must be ours). Any of them after an optional side line (b, w, black, white)
  // and comment lines ("# ...").
  static Position parsePosition(std::string_view text, const std::string& file);
  static std::string printPosition(const Region& region);
  static Region parseOneLine(std::string_view text);  // the one-line form alone
  static std::string formatMove(const Region& board, const Move& move);  // "e2e3"
  static Move parseMove(const Region& board, std::string_view text);     // legal for the stone's owner

  // region.cpp
  static std::vector<Move> moves(const Region& region, cgt::Side side);  // by from square (rank, file), then direction
  static Region play(const Region& region, const Move& move);
  static size_t countMoves(const Region& region, cgt::Side side);  // moves(region, side).size(), the same for both sides
  static std::vector<core::Placed<Region>> split(const Region& region);  // groups with both colours, by lowest stone
  static int size(const Region& region) { return region.stones(); }
  static Region normalise(const Region& region);
  static std::string key(const Region& normalised);  // width, height, each rank's black and white rows
  static Move shifted(const Move& move, int files, int ranks);
  // Two stones (the least group of two colours) are {0|0} = *; looking that up costs more.
  static std::optional<cgt::GameId> shortcut(const Region& normalised,
                                             std::chrono::steady_clock::time_point until = std::chrono::steady_clock::time_point::max());
  // A symmetry t (core/symmetry.h; one that undoes itself) under which the board with its
  // colours swapped is itself: the checkerboard starts with an even side. Then White to move is
  // Black to move in the mirror.
  static std::optional<int> colourMirror(const Region& board);
  static Move mirroredMove(const Region& board, int t, const Move& move);
};

static_assert(core::Game<Clobber> && core::HasShortcut<Clobber> && core::HasColourMirror<Clobber>);

}  // namespace amazons::clobber
