// Amazons behind the game-generic core's narrow interface (solver/core/game.h): the CLI's
// analysis, suites, verify, bench and the bot run Amazons on core::Analyser through it
// (amazons/engine.h, the report's chambers by amazons/chamber_report.h), and `db build` and
// `db verify` value chambers by the core's forms. Tests hold the analysis to the whole-board
// oracle and to naive canonical forms.
//
// A region is a GameRegion: three masks (small_region.h) of 64 bits when its frame has at most
// 64 squares (every chamber a search splits off below a small root), of 128 up to 128 (10x10,
// 11x11), of 256 beyond, so that moves, splits, symmetries and keys are bit operations written
// once for every width; Boards are for input, output and the territory solver. A move is
// written in files and ranks rather than square numbers, which depend on the frame's width: a
// part's move is shifted onto the board it was split from by adding its offset.
#pragma once
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <memory>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "cgt/game_table.h"
#include "solver/amazons/board.h"
#include "solver/amazons/chambers.h"
#include "solver/amazons/heuristic.h"
#include "solver/amazons/leaf_search.h"
#include "solver/amazons/small_region.h"
#include "solver/amazons/territory.h"
#include "solver/core/game.h"

namespace amazons {

struct GameMove {
  uint8_t fromFile, fromRank, toFile, toRank, arrowFile, arrowRank;
  bool operator==(const GameMove&) const = default;
};

// SmallRegion when the frame has at most 64 squares, WideRegion up to 128, else LargeRegion
// (the last two shared: a region is copied far more often than a large one is played on, and a
// SmallRegion is held in place). The form depends only on the frame's size, so equal regions
// are held alike.
class GameRegion {
 public:
  explicit GameRegion(const Board& board);
  explicit GameRegion(const SmallRegion& small) : region_(small) {}
  explicit GameRegion(const WideRegion& wide) : region_(std::make_shared<const WideRegion>(wide)) {}
  explicit GameRegion(const LargeRegion& large) : region_(std::make_shared<const LargeRegion>(large)) {}
  bool isSmall() const { return region_.index() == 0; }
  bool isWide() const { return region_.index() == 1; }
  bool isLarge() const { return region_.index() == 2; }
  const SmallRegion& small() const { return std::get<0>(region_); }
  Board toBoard() const;  // a region has no side to move: the Board says White
  // f(the masks), at whichever width they are; every width's f returns the same type.
  template <class F>
  decltype(auto) visit(F&& f) const {
    if (isSmall()) return f(small());
    if (isWide()) return f(*std::get<1>(region_));
    return f(*std::get<2>(region_));
  }

 private:
  std::variant<SmallRegion, std::shared_ptr<const WideRegion>, std::shared_ptr<const LargeRegion>> region_;
};

struct GamePosition {
  GameRegion board;
  std::optional<cgt::Side> toMove;  // when the input says who moves
};

// The core's search of a raw region alone beside an integer (core/game.h's LoneSearch): the
// leaf search (leaf_search.h) for regions on masks of at most
// solve::LeafSearch::kLeafEmpty empty squares, with the territories it meets counted by a greedy
// filling where that is exact, else by a territory solver of its own, and kept.
class AmazonsLoneSearch {
 public:
  explicit AmazonsLoneSearch(size_t bytes);
  std::optional<bool> wins(const GameRegion& region, int64_t number, cgt::Side mover, const std::function<void()>& count);
  // Regions on masks of any size: what the search above the leaves finds of them beside an
  // integer is kept in the leaf table too, one entry for every integer (LeafSearch::Bounds),
  // as the solver keeps it (on the 6x4 start nearly every position above the leaves is one
  // region holding all eight amazons).
  bool keeps(const GameRegion& region) const { return region.isSmall(); }
  std::optional<bool> known(const GameRegion& region, int64_t number, cgt::Side mover) const;
  void remember(const GameRegion& region, int64_t number, cgt::Side mover, bool wins);
  void clear();

 private:
  // Its own, not the analyser's: the positions it searches are not counted (the chambers
  // each thread met last are kept for every search, so their count would depend on what the
  // process did before).
  TerritorySolver territory_;
  solve::LeafSearch leaf_;
  ExactTable<SmallRegion, int32_t> territories_;  // moves of one-colour chambers, positive for Black
};

struct Amazons {
  static constexpr std::string_view kName = "amazons";
  using Region = GameRegion;
  using Move = GameMove;
  using Position = GamePosition;

  // Every format formats.h reads; InputErrors name `file`.
  static Position parsePosition(std::string_view text, const std::string& file);
  static std::string printPosition(const GameRegion& region);  // the one-line form
  static GameRegion parseOneLine(std::string_view text);        // formats.h's
  // By square index of from, then to, then arrow (Board::legalMoves' order).
  static std::vector<Move> moves(const GameRegion& region, cgt::Side side);
  static GameRegion play(const GameRegion& region, const Move& move);
  static uint64_t countMoves(const GameRegion& region, cgt::Side side);
  // f(region after the move) for each move (on masks by forEachOption, with no move made and
  // played), and f(normalise(part)) for each part split() gives (on masks each chamber
  // normalised from its mask): what forms need, with no lists. With them and the forms'
  // prefetched lookups (cgt::Evaluator), the 141 boards of endgames-hard valued whole, one
  // thread, took the core 24.3 s instead of 36.1 s (the Amazons solver it replaced, whose
  // forms ran on masks alone: 20.8 s).
  template <class F>
  static void forEachOptionOf(const GameRegion& region, cgt::Side side, F&& f);
  template <class F>
  static void forEachPart(const GameRegion& region, F&& f);
  // The chambers in which someone can move (dead and closed ones left out), each cropped.
  static std::vector<core::Placed<GameRegion>> split(const GameRegion& region);
  static int size(const GameRegion& region);  // empty squares
  // Cropped, in its least orientation (normalisedChamber), on the narrowest masks that hold
  // its box.
  static GameRegion normalise(const GameRegion& region);
  static std::string key(const GameRegion& normalised);  // chamberKey (small_region.h)
  static Move shifted(const Move& move, int files, int ranks);
  static std::string formatMove(const GameRegion& board, const Move& move);  // CodinGame "d8d1d7"
  static Move parseMove(const GameRegion& board, std::string_view text);     // legal for the amazon's owner
  // A one-colour chamber is the number of moves its owner can make in it (the territory
  // solver's exact count, defective chambers included), positive for Black.
  // Past the deadline's time or positions the territory solver gives up: core::LimitReached.
  // (Without the clock a 47-empty 10x10 position under a 2 s limit was still counting a
  // territory after 60 s.) The territory solver is the analyser's (its table within --hash,
  // its positions counted).
  using ShortcutTable = TerritorySolver;
  static std::optional<cgt::GameId> shortcut(const GameRegion& normalised, const Deadline& deadline,
                                             TerritorySolver& territories);
  // A one-colour chamber's count of moves lies between a greedy filling's and the empty
  // squares its amazons reach (territoryBounds), exact when they meet. (On 128-bit masks
  // rather than a greedy filling on the board: positions/territory/suite.txt, one thread,
  // 10.5 s -> 2.2 s, its 60-square line 76 0.60 -> 0.12 s, each candidate move's bounds taken.)
  static std::optional<std::pair<int64_t, int64_t>> integerBounds(const GameRegion& normalised);
  // regionBounds (small_territory.h): each side's zone above, its pockets below. (Boards of
  // 65-128 squares once took all their empty squares: a 41-empty 10x10 position, whose large
  // chamber is such a board, 2.00 M -> 1.47 M positions and 16.4 -> 11.5 s with its reachable
  // squares.)
  static std::pair<int64_t, int64_t> bounds(const GameRegion& region);
  // Queen-distance territory (heuristic.h), which orders the moves of a raw region alone in a
  // sum from kTerritoryOrderEmpty empty squares on.
  static int estimate(const GameRegion& region);
  static constexpr int kEstimateFrom = kTerritoryOrderEmpty;
  // Moves of equal estimate by the history heuristic (core/killers.h), before their replies.
  static constexpr bool kOrderByHistory = true;
  // f(move, replies, estimate, after) for each move, each option made (forEachOption) with no
  // move list built and played again; a SmallRegion gives the region after it too, wider ones
  // not (held shared, it would be allocated for each move, most of them never searched).
  // Always true. A template, inlined into the search's loop. (With options, and the search
  // sorting scores with places rather than moves, a 41-empty 10x10 position took the core
  // 10.7 s instead of 11.1 s, medians of three interleaved runs.)
  template <class F>
  static bool forEachMoveScore(const GameRegion& region, cgt::Side side, bool withEstimate, F&& f);
  // The move that turns a region into its option `option`.
  template <typename Mask>
  static Move optionMove(const MaskRegion<Mask>& region, const MaskRegion<Mask>& option, Color mover);
  using LoneSearch = AmazonsLoneSearch;
  // board.h's colourMirror: White to move is then Black to move in the mirror.
  static std::optional<int> colourMirror(const GameRegion& board) { return amazons::colourMirror(board.toBoard()); }
  static Move mirroredMove(const GameRegion& region, int t, const Move& move) {
    const Board board = region.toBoard();
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
  using MoveFormat = std::function<std::string(const GameRegion&, const Move&)>;
  static std::string drawRegions(const GameRegion& board, const std::vector<RegionDetail>& chambers);
  static std::string detailHeader();
  static std::string detailCells(const RegionDetail& detail);
  static std::string detailJson(const GameRegion& board, const RegionDetail& detail, const MoveFormat& format);
  static std::string detailLines(const GameRegion& board, const RegionDetail& detail, const MoveFormat& format);

  static cgt::Side sideOf(Color c) { return c == Color::Black ? cgt::Side::Left : cgt::Side::Right; }
  static Color colorOf(cgt::Side s) { return s == cgt::Side::Left ? Color::Black : Color::White; }
  // The move on a board's square numbers, and back.
  static amazons::Move onBoard(const Board& board, const Move& move);
  static Move ofBoard(const Board& board, const amazons::Move& move);
};

template <class F>
bool Amazons::forEachMoveScore(const GameRegion& region, cgt::Side side, bool withEstimate, F&& f) {
  const Color mover = colorOf(side);
  region.visit([&](const auto& r) {
    forEachOption(r, mover, [&](const auto& option) {
      const auto replies = [&] { return static_cast<int64_t>(countOptions(option, opposite(mover))); };
      const int estimate = withEstimate ? queenTerritory(option) : 0;
      if constexpr (std::is_same_v<std::decay_t<decltype(option)>, SmallRegion>) {
        const GameRegion after(option);
        f(optionMove(r, option, mover), replies, estimate, &after);
      } else {
        f(optionMove(r, option, mover), replies, estimate, static_cast<const GameRegion*>(nullptr));
      }
    });
  });
  return true;
}

// The parts of a region in which someone can move, f(part) for each, in the order of their
// lowest squares.
template <typename Mask, class F>
void forEachLivePart(const MaskRegion<Mask>& region, F&& f) {
  forEachConnectedPart(region.frame(), region.black | region.white | region.empty, [&](Mask part) {
    if (hasMoves(chamberClassOf(region, part))) f(part);
  });
}

// Part `part` of a region alone, normalised (Amazons::normalise).
template <typename Mask>
GameRegion normalisedPart(const MaskRegion<Mask>& region, Mask part);

template <class F>
void Amazons::forEachOptionOf(const GameRegion& region, cgt::Side side, F&& f) {
  region.visit([&](const auto& r) { forEachOption(r, colorOf(side), [&](const auto& option) { f(GameRegion(option)); }); });
}

template <class F>
void Amazons::forEachPart(const GameRegion& region, F&& f) {
  region.visit([&](const auto& r) { forEachLivePart(r, [&](auto part) { f(normalisedPart(r, part)); }); });
}

static_assert(core::Game<Amazons> && core::HasOptionRegions<Amazons> && core::HasParts<Amazons> && core::HasShortcut<Amazons> && core::HasBounds<Amazons> && core::HasColourMirror<Amazons> &&
              core::HasEstimate<Amazons> && core::HasLoneSearch<Amazons> && core::HasIntegerBounds<Amazons> &&
              core::HasMoveScores<Amazons> && core::OrdersByHistory<Amazons>);

}  // namespace amazons
