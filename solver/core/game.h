// The narrow interface a game gives the game-generic solver core (values of regions, their
// sum, who wins, a winning move; solver/core/analysis.h). Everything above cgt/ that knows a
// game's rules sits behind it; Clobber (solver/clobber/) is the first game written against it.
//
// A game G provides, as static members:
//   G::kName                         "clobber": the --game name
//   G::Region                        a rectangular piece of board (the whole board included),
//                                    copyable; stones, arrows, whatever the game has
//   G::Move                          one move, in the coordinates of the region it was made in
//   G::Position                      a parsed input: .board (a Region), .toMove (optional Side)
//   G::parsePosition(text, file)     every input format the game reads; bad input throws
//                                    InputError with line and column
//   G::printPosition(region)         the one-line form (CGSuite/MCGS: rows top first, '|')
//   G::parseOneLine(text)            its inverse, that form alone (a suite line's position):
//                                    InputError with the column in `text`
//   G::moves(region, side)           the legal moves of `side` (Left = Black = x)
//   G::play(region, move)            the region after a move (it may fall apart: split it)
//   G::split(region)                 the independent parts whose sum the region is, each
//                                    cropped and placed (offset on the region); parts in which
//                                    nobody can move are left out (their value is 0)
//   G::size(region)                  a measure every move lowers (Clobber: stones; Amazons:
//                                    empty squares): a part as large as one whose form did not
//                                    fit is searched raw without another try
//   G::normalise(region)             the least image under the game's symmetries
//   G::key(normalised region)        an exact key: equal keys <=> equal normalised regions
//   G::shifted(move, files, ranks)   a part's move on the board it was split from
//   G::formatMove(board, move)       the move as users write it ("e2e3")
//   G::parseMove(board, text)        its inverse, for legal moves only (InputError, column)
// Optional (detected with `requires`):
//   G::shortcut(normalised region, deadline)
//                                    the value when it is known without search (Clobber: two
//                                    stones; Amazons: one-colour territories, which are the
//                                    number of moves their owner can make); one that takes
//                                    time throws LimitReached (core/values.h) past
//                                    the Deadline's time or positions (core/deadline.h)
//   G::ShortcutTable                 what such a shortcut keeps, one an analyser, within its
//                                    share of --hash, used by all of an analysis' threads at
//                                    once (Amazons: the territory solver and its table, thread-
//                                    safe): ShortcutTable(bytes), nodes() (positions it
//                                    searched, counted in the analysis' nodes), clear(); the
//                                    shortcut is then G::shortcut(normalised, deadline, table)
//   G::bounds(normalised region)     integers lo <= value <= hi, cheap (Amazons: the empty
//                                    squares each side's amazons can reach, less the other
//                                    side's pockets): a sum with raw regions is decided at
//                                    once when it is at either end
//   G::integerBounds(normalised)     for a region whose value is an integer (Amazons: a one-
//                                    colour territory, or any region whose bounds meet),
//                                    integers lo <= value <= hi found
//                                    cheaply (a greedy filling, the reachable squares; lo == hi
//                                    when that is exact), else nullopt: inside the search such
//                                    a region waits as pending, and pays for G::shortcut's exact
//                                    value only when the bounds do not decide (sum_search.h)
//   G::countMoves(region, side)      = moves(region, side).size(), without the list
//   G::forEachOptionOf(region, side, f)
//                                    f(region after the move) for each move of moves(region,
//                                    side), without the moves and with no list (forms need
//                                    only the regions)
//   G::forEachPart(region, f)        f(normalise(p.region)) for each p of split(region), in
//                                    one pass with no list (Amazons: each chamber normalised
//                                    from its mask, not cropped first)
//   G::estimate(region), G::kEstimateFrom
//                                    a static evaluation (positive for Left: Amazons' queen-
//                                    distance territory) that orders the moves of a raw region
//                                    alone in the sum with at least kEstimateFrom (G::size)
//                                    before the opponent's replies (core/analysis.h)
//   G::kOrderByHistory               true: the search over sums orders moves of equal
//                                    estimate by the history heuristic before their replies
//                                    (core/killers.h; Amazons. Clobber's bench took 1.9 times
//                                    the nodes with it)
//   G::forEachMoveScore(region, side, withEstimate, f)
//                                    f(move, replies, estimate, after) for each move of
//                                    `side` in G::moves order: replies() counts the
//                                    opponent's replies after it, while f runs (or gives the
//                                    game's own score of the move, less first: Clobber adds
//                                    the stones of the largest group left) and,
//                                    when asked, G::estimate after it; `after` the
//                                    region after the move where the scoring made it, else
//                                    null (Amazons: regions of up to 64 squares give it,
//                                    boards of up to 128 are scored on 128-bit masks without
//                                    it); false, and no call, for a region it does not score
//   G::LoneSearch                    the game's own search of a raw region alone beside an
//                                    integer n, one an Analyser (Amazons: leaf_search.h, plain
//                                    search on masks with killer moves): LoneSearch(bytes its
//                                    table may hold); wins(normalised region, n, mover, count)
//                                    -> optional<bool>, nullopt for a region it does not take,
//                                    count() called for each position it searches; keeps(region):
//                                    whether its table keeps what the search above finds of such
//                                    a sum, by known(region, n, mover) and remember(region, n,
//                                    mover, wins) (Amazons: regions on masks of any size, each
//                                    entry for every n, 32 bytes); clear()
//   G::colourMirror(board)           a symmetry (core/symmetry.h, one that undoes itself) under
//                                    which the board with its colours swapped is itself, or nullopt;
//   G::mirroredMove(board, t, move)  a move seen through it: the other side's verdict and
//                                    winning move are then the first side's, with no search
//   G::kRegionWord, G::RegionDetail  what the report shows beside a region's value, and a
//                                    drawing of the board (core/report.h lists them)
//
// Both games run on this core alone. Amazons has this interface (solver/amazons/game.h: Region
// = GameRegion, masks of 64, 128 or 256 bits; split = connected parts on masks; key = the
// masks' bytes; shortcut = the territory solver; bounds = reachable squares;
// integerBounds = a territory's greedy filling and reachable squares; estimate = queen-
// distance territory; LoneSearch = a plain search on masks with its table, leaf_search.h;
// options and parts without lists on masks), and tests hold core::Analyser<Amazons> to the
// whole-board oracle and to naive canonical forms. The parallel search, bounds, pending
// integers and the table of sums by advantage (sum_search.h, sum_table.h), the rounds of growing
// allowances (Analyser::decideInRounds), the probes for simple values (value_probe.h), the
// parts' values (part_values.h), the proof search (proof_search.h; off by default,
// AnalysisOptions::proofSize) and the progress stages (Analyser::stage) are in the core. It
// replaced an Amazons-only solver, and is as fast on the endgame suites and the reach walk of
// greedy 10x10 games, or faster (BENCHMARKS.md).
// A store of region values kept outside the analyser (core::ValueStore, values.h) is read
// before any form is computed: Amazons' value database (ValueDbStore, amazons/value_db.h).
// The CLI runs Amazons on this core (amazons/engine.h); the report's dead and closed chambers,
// which split leaves out, and each chamber's class, moves and filling line (G::RegionDetail)
// come from amazons/chamber_report.h, and `db build` and `db verify` value chambers by the
// core's forms (core::RegionValues). The report is one for both games (core/report.h):
// Amazons' columns and its lettered board are optional members (RegionDetail). Suites, verify
// and bench take any game (core/suite.h, core/suite_check.h).
#pragma once
#include <concepts>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cgt/game.h"
#include "solver/core/deadline.h"

namespace amazons::core {

inline cgt::Side opposite(cgt::Side s) { return s == cgt::Side::Left ? cgt::Side::Right : cgt::Side::Left; }

// A part of a region and where it lies there: square (file, rank) of the part is square
// (file + file0, rank + rank0) of the whole.
template <class Region>
struct Placed {
  Region region;
  int file0 = 0, rank0 = 0;
};

template <class G>
concept Game = std::copyable<typename G::Region> && std::copyable<typename G::Move> &&
               requires(const typename G::Region& r, const typename G::Move& m, const typename G::Position& p,
                        cgt::Side s, std::string_view text, const std::string& file, int files, int ranks) {
                 { G::kName } -> std::convertible_to<std::string_view>;
                 { G::parsePosition(text, file) } -> std::same_as<typename G::Position>;
                 { p.board } -> std::convertible_to<typename G::Region>;
                 { p.toMove } -> std::convertible_to<std::optional<cgt::Side>>;
                 { G::printPosition(r) } -> std::same_as<std::string>;
                 { G::parseOneLine(text) } -> std::same_as<typename G::Region>;
                 { G::moves(r, s) } -> std::same_as<std::vector<typename G::Move>>;
                 { G::play(r, m) } -> std::same_as<typename G::Region>;
                 { G::split(r) } -> std::same_as<std::vector<Placed<typename G::Region>>>;
                 { G::size(r) } -> std::same_as<int>;
                 { G::normalise(r) } -> std::same_as<typename G::Region>;
                 { G::key(r) } -> std::same_as<std::string>;
                 { G::shifted(m, files, ranks) } -> std::same_as<typename G::Move>;
                 { G::formatMove(r, m) } -> std::same_as<std::string>;
                 { G::parseMove(r, text) } -> std::same_as<typename G::Move>;
               };

template <class G>
concept HasBounds = requires(const typename G::Region& r) {
  { G::bounds(r) } -> std::same_as<std::pair<int64_t, int64_t>>;
};

template <class G>
concept HasIntegerBounds = requires(const typename G::Region& r) {
  { G::integerBounds(r) } -> std::same_as<std::optional<std::pair<int64_t, int64_t>>>;
};

template <class G>
concept HasColourMirror = requires(const typename G::Region& r, const typename G::Move& m, int t) {
  { G::colourMirror(r) } -> std::same_as<std::optional<int>>;
  { G::mirroredMove(r, t, m) } -> std::same_as<typename G::Move>;
};

template <class G>
concept HasEstimate = requires(const typename G::Region& r) {
  { G::estimate(r) } -> std::same_as<int>;
  { G::kEstimateFrom } -> std::convertible_to<int>;
};
template <class G>
concept OrdersByHistory = requires { requires G::kOrderByHistory; };

template <class G>
concept HasMoveScores = requires(const typename G::Region& r, cgt::Side s,
                                 const std::function<void(const typename G::Move&, const std::function<int64_t()>&, int, const typename G::Region*)>& f) {
  { G::forEachMoveScore(r, s, true, f) } -> std::same_as<bool>;
};

template <class G>
concept HasShortcutTable = std::constructible_from<typename G::ShortcutTable, size_t> &&
                           requires(typename G::ShortcutTable& table, const typename G::Region& r, const Deadline& deadline) {
                             { G::shortcut(r, deadline, table) } -> std::same_as<std::optional<cgt::GameId>>;
                             { std::as_const(table).nodes() } -> std::same_as<uint64_t>;
                             table.clear();
                           };

// The tables of a game's shortcut (G::ShortcutTable), or nothing.
template <class G>
struct ShortcutTableOf {
  struct type {
    explicit type(size_t) {}
    uint64_t nodes() const { return 0; }
    void clear() {}
  };
};
template <class G>
  requires HasShortcutTable<G>
struct ShortcutTableOf<G> {
  using type = typename G::ShortcutTable;
};

template <class G>
concept HasLoneSearch = std::constructible_from<typename G::LoneSearch, size_t> &&
                        requires(typename G::LoneSearch& lone, const typename G::Region& r, int64_t n, cgt::Side s,
                                 const std::function<void()>& count) {
  { lone.wins(r, n, s, count) } -> std::same_as<std::optional<bool>>;
  { lone.keeps(r) } -> std::same_as<bool>;
  { lone.known(r, n, s) } -> std::same_as<std::optional<bool>>;
  lone.remember(r, n, s, true);
  lone.clear();
};

template <class G>
concept HasOptionRegions = requires(const typename G::Region& r, cgt::Side s, const std::function<void(typename G::Region&&)>& f) {
  G::forEachOptionOf(r, s, f);
};

template <class G>
concept HasParts = requires(const typename G::Region& r, const std::function<void(typename G::Region&&)>& f) {
  G::forEachPart(r, f);
};

template <class G>
concept HasShortcut = HasShortcutTable<G> || requires(const typename G::Region& r, const Deadline& deadline) {
  { G::shortcut(r, deadline) } -> std::same_as<std::optional<cgt::GameId>>;
};

}  // namespace amazons::core
