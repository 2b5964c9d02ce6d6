// Amazons behind the game-generic core's narrow interface (solver/core/game.h), so that
// core::Analyser, the engine Clobber runs on, analyses Amazons positions too.
//
// This is the first step of moving Amazons onto the core (issue 17, phase 2): the interface
// is complete for Amazons, and tests hold the generic analysis to the Amazons solver and to the
// whole-board oracle. The Amazons solver (solve.h) does not run on the core yet: what it adds
// (probes, leafWins, proof search, masks; core/game.h lists them)
// has still to move behind optional members.
//
// A region is a Board (cropped chambers; arrows outside the chamber). A move is written in
// files and ranks rather than Board's square numbers, which depend on the board's width: a
// part's move is shifted onto the board it was split from by adding its offset.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cgt/game_table.h"
#include "solver/amazons/board.h"
#include "solver/amazons/chambers.h"
#include "solver/core/game.h"

namespace amazons {

struct GameMove {
  uint8_t fromFile, fromRank, toFile, toRank, arrowFile, arrowRank;
  bool operator==(const GameMove&) const = default;
};

struct GamePosition {
  Board board;
  std::optional<cgt::Side> toMove;  // when the input says who moves
};

struct Amazons {
  static constexpr std::string_view kName = "amazons";
  using Region = Board;
  using Move = GameMove;
  using Position = GamePosition;

  // Every format formats.h reads; InputErrors name `file`.
  static Position parsePosition(std::string_view text, const std::string& file);
  static std::string printPosition(const Board& region);  // the one-line form
  static Board parseOneLine(std::string_view text);        // formats.h's, Black to move
  static std::vector<Move> moves(const Board& region, cgt::Side side);
  static Board play(const Board& region, const Move& move);
  static uint64_t countMoves(const Board& region, cgt::Side side);
  // The chambers in which someone can move (dead and closed ones left out), each cropped.
  static std::vector<core::Placed<Board>> split(const Board& region);
  static int size(const Board& region) { return region.emptyCount(); }
  static Board normalise(const Board& region);
  static std::string key(const Board& normalised);  // regionKey (normalisedKey: it is normalised)
  static Move shifted(const Move& move, int files, int ranks);
  static std::string formatMove(const Board& board, const Move& move);  // CodinGame "d8d1d7"
  static Move parseMove(const Board& board, std::string_view text);     // legal for the amazon's owner
  // A one-colour chamber is the number of moves its owner can make in it (the territory
  // solver's exact count, defective chambers included), positive for Black.
  static std::optional<cgt::GameId> shortcut(const Board& normalised);
  // -w <= G <= b, with b and w the empty squares Black's and White's amazons can reach (each
  // move fills one of them for good); on regions past 64 squares, all empty squares.
  static std::pair<int64_t, int64_t> bounds(const Board& region);
  // board.h's colourMirror: White to move is then Black to move in the mirror.
  static std::optional<int> colourMirror(const Board& board) { return amazons::colourMirror(board); }
  static Move mirroredMove(const Board& board, int t, const Move& move) {
    return ofBoard(board, amazons::mirroredMove(board, t, onBoard(board, move)));
  }

  // The report (core/report.h): the board with each chamber's letter on its empty squares, and
  // beside each value the chamber's class, empty squares, and a territory's moves and defect
  // (empty squares its owner cannot fill), with --line a filling sequence under it.
  static constexpr std::string_view kRegionWord = "chamber";
  struct RegionDetail {
    Chamber chamber;                                    // on the input board
    std::optional<int> moves;                           // one-colour chambers: the owner's move count
    std::optional<std::vector<GameMove>> fillingLine;   // on the input board, when asked
  };
  using MoveFormat = std::function<std::string(const Board&, const Move&)>;
  static std::string drawRegions(const Board& board, const std::vector<RegionDetail>& chambers);
  static std::string detailHeader();
  static std::string detailCells(const RegionDetail& detail);
  static std::string detailJson(const Board& board, const RegionDetail& detail, const MoveFormat& format);
  static std::string detailLines(const Board& board, const RegionDetail& detail, const MoveFormat& format);

  static cgt::Side sideOf(Color c) { return c == Color::Black ? cgt::Side::Left : cgt::Side::Right; }
  static Color colorOf(cgt::Side s) { return s == cgt::Side::Left ? Color::Black : Color::White; }
  // The move on a board's square numbers, and back.
  static amazons::Move onBoard(const Board& board, const Move& move);
  static Move ofBoard(const Board& board, const amazons::Move& move);
};

static_assert(core::Game<Amazons> && core::HasShortcut<Amazons> && core::HasBounds<Amazons> && core::HasColourMirror<Amazons>);

}  // namespace amazons
