#include "solver/amazons/sum_search.h"

#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cstring>

#include <xxhash.h>

#include "solver/amazons/heuristic.h"
#include "solver/core/parallel.h"

namespace amazons::solve {

namespace {

using RawMove = RawSumSearch::RawMove;

// A try of a chamber's form inside the search (a failed one is paid again wherever the search
// meets the chamber) gets kSearchTry expansions, or all of SolveOptions::canonicalNodes if
// less. A known value lets the sum be decided by its stops at once, a raw chamber makes the
// search branch in it; but the forms of chambers of many amazons are large even when few
// squares are empty, and there the search finds its refutations sooner. Measured: a 12-empty
// chamber of four amazons beside numbers takes 5 s with 20 expansions a try, 0.15 s with
// 400; the 4x4 start (eight amazons) 0.26 s with 20, 1.1 s with 400.
constexpr uint64_t kSearchTry = 400;
constexpr uint64_t kSearchTryCrowded = 20;
constexpr int kCrowdedAmazons = 6;
// A probe's searches (simpleValue) try the chambers they meet with this many expansions.
constexpr uint64_t kProbeTry = 20;
// The leaf table grows to this fraction of the tables' memory, then replaces entries
// (ExactTable, Room::Replace), leaving the rest to the sum table and the forms. The 4x5 start
// (positions): a quarter 5.91 M, a half 5.67 M, three quarters 5.53 M, all 5.64 M.
constexpr size_t kLeafTableShare = 2;

}  // namespace

RawSumSearch::RawSumSearch(Context& context, ChamberValues& values)
    : context_(context),
      values_(values),
      knownSums_{std::max<size_t>(1, context.tableLimit() / 128)},
      sumTable_{context.tableLimit()},
      leaf_{context.tableLimit() + (size_t{64} << 20), context.tableLimit() / kLeafTableShare, &context.tableBytes,
            context.tableLimit()} {}

void RawSumSearch::clear() {
  sumTable_.clear();
  leaf_.clear();
  knownSums_.clear();
}

RawRegion rawRegion(const Board& region) {
  if (region.squares() > kSmallSquares) return normalise(region);
  const SmallRegion small = toSmall(region);
  return normalisedChamber(small, small.black | small.white | small.empty);
}
static int emptyCount(const RawRegion& region) {
  if (const SmallRegion* small = std::get_if<SmallRegion>(&region)) return std::popcount(small->empty);
  return std::get<NormalisedRegion>(region).board.emptyCount();
}
// The empty squares `mover` can reach in the region (on boards: all of them), a bound on its moves there.
static int reachable(const RawRegion& region, Color mover) {
  if (const SmallRegion* small = std::get_if<SmallRegion>(&region)) return reachableEmpty(*small, mover);
  return emptyCount(region);
}
static cgt::Dyadic advantage(const SumState& state, Color mover) {
  return mover == Color::Black ? state.known.number() : -state.known.number();
}
static uint64_t sumHash(const std::string& key) { return XXH3_64bits(key.data(), key.size()); }

// Many large contested chambers have simple values (of 77 chambers of 8-12 empty squares in
// 10x10 endgames: 23 integers, 9 switches {a|b}, 9 n*), which a search over G raw beside a
// known part proves in a few hundred positions where G's canonical form takes tens of
// thousands of expansions (a 10-empty chamber of value 4: 26,000 expansions, against 174
// positions). First the least integer hi with G <= hi (Black moving first loses G - hi), by
// bisection between the reach bounds; G = hi if also G >= hi. Else the greatest integer lo
// with G >= lo (White moving first loses G - lo), and the guess {hi-1 | lo+1} (a switch
// {a|b} has hi = a+1, lo = b-1; n* has hi = n+1, lo = n-1), or lo + 1/2 when hi = lo + 1,
// which G = V proves (G - V a second-player win). nullopt when the guess is wrong or the
// searches pass `positions` in all. The value found is stored as a form would be.
std::optional<cgt::GameId> RawSumSearch::simpleValue(const Board& board, const Chamber& chamber, int64_t positions,
                                                     const Search& outer, const Deadline& giveUp) {
  Search search;
  search.deadline = giveUp;
  search.rawLeft = positions;
  search.tryCap = kProbeTry;
  const RawRegion raw = rawRegion(extractRegion(board, chamber));
  int lo = -reachable(raw, Color::White), hi = reachable(raw, Color::Black);  // lo <= G <= hi
  auto minus = [&](cgt::GameId v) {
    SumState state;
    state.known.add(cgt::negate(v));
    state.raw.push_back(raw);
    return state;
  };
  std::optional<cgt::GameId> value;
  try {
    for (int below = lo; below < hi;) {  // G <= hi; not G <= below - 1
      const int mid = below + (hi - below) / 2;
      if (moverWinsSum(minus(cgt::integer(mid)), Color::Black, search)) below = mid + 1;
      else hi = mid;
    }
    if (!moverWinsSum(minus(cgt::integer(hi)), Color::White, search)) {
      value = cgt::integer(hi);
    } else {
      for (int above = hi - 1; lo < above;) {  // G >= lo; not G >= above + 1
        const int mid = lo + (above - lo + 1) / 2;
        if (moverWinsSum(minus(cgt::integer(mid)), Color::White, search)) above = mid - 1;
        else lo = mid;
      }
      const cgt::GameId guess = hi - lo >= 2 ? cgt::make({cgt::integer(hi - 1)}, {cgt::integer(lo + 1)})
                                             : cgt::make({cgt::integer(lo)}, {cgt::integer(hi)});
      if (!moverWinsSum(minus(guess), Color::Black, search) && !moverWinsSum(minus(guess), Color::White, search))
        value = guess;
    }
  } catch (const SearchTooLong&) {
  } catch (const SolveTimeout&) {
    outer.checkTime();  // past the probes' share of the time only: give up the probe
  }
  if (!value) return std::nullopt;
  if (const SmallRegion* small = std::get_if<SmallRegion>(&raw)) values_.remember(*small, *value);
  else values_.remember(regionKey(board, chamber), *value);
  return value;
}

// The expansions a contested chamber met in the search may take before it stays raw.
uint64_t RawSumSearch::searchAllowance(int amazons, const Search& search) const {
  return std::min({amazons >= kCrowdedAmazons ? kSearchTryCrowded : kSearchTry, context_.options.canonicalNodes, search.tryCap});
}

// A one-colour piece: its value when it costs no search, else pending.
void RawSumSearch::addTerritory(const ChamberValues::Piece& piece, SumState& state) {
  int64_t lo, hi;
  if (const std::optional<cgt::GameId> v = values_.territoryOrBounds(piece, lo, hi)) state.known.add(*v);
  else state.pending.push_back({piece, lo, hi});
}

void RawSumSearch::addRegion(const Board& board, SumState& state, Search& search, bool deferTerritories) {
  if (board.squares() <= kSmallSquares) return addRegion(toSmall(board), state, search, deferTerritories);
  for (const Chamber& chamber : findChambers(board)) {
    if (deferTerritories && (chamber.kind == ChamberClass::BlackOnly || chamber.kind == ChamberClass::WhiteOnly)) {
      if (const std::optional<SmallRegion> small = smallChamber(board, chamber)) {
        addTerritory(values_.pieceOf(*small, small->black | small->white | small->empty), state);
        continue;
      }
      int64_t lo, hi;
      if (const std::optional<cgt::GameId> v = values_.territoryOrBounds(board, chamber, lo, hi)) state.known.add(*v);
      else state.pending.push_back({extractRegion(board, chamber), lo, hi});
      continue;
    }
    const uint64_t allowance = searchAllowance(chamber.blackAmazons + chamber.whiteAmazons, search);
    if (const auto v = values_.tryChamberValue(board, chamber, allowance, search, false))
      state.known.add(*v);
    else state.raw.push_back(rawRegion(extractRegion(board, chamber)));
  }
}
// The same on masks: no board is built.
void RawSumSearch::addRegion(const SmallRegion& region, SumState& state, Search& search, bool deferTerritories) {
  const SmallChambers chambers = splitChambers(region);
  for (int i = 0; i < chambers.count; ++i) {
    const ChamberValues::Piece piece = values_.pieceOf(region, chambers.masks[i]);
    if (piece.kind != ChamberClass::Contested) {
      if (deferTerritories) addTerritory(piece, state);
      else state.known.add(values_.pieceValue(piece, search, nullptr));
      continue;
    }
    const int empty = std::popcount(piece.key.empty);
    if (empty < search.rawFrom.load()) {
      Budget budget{static_cast<int64_t>(searchAllowance(std::popcount(piece.key.black | piece.key.white), search))};
      try {
        state.known.add(values_.pieceValue(piece, search, &budget));
        continue;
      } catch (const TooLarge&) {
        values_.lowerRawFrom(search, empty);
      }
    }
    state.raw.emplace_back(std::in_place_type<SmallRegion>, piece.key);
  }
}

// The mover, the raw regions on masks (their count, then 32 bytes each, sorted), the others'
// keys (their count, then each length-prefixed, sorted), then the known parts other than the
// number (SumBounds holds what is known for each number).
static std::string sumKey(const SumState& state, Color mover) {
  std::vector<const SmallRegion*> smalls;
  std::vector<const std::string*> keys;
  for (const RawRegion& r : state.raw) {
    if (const SmallRegion* small = std::get_if<SmallRegion>(&r)) smalls.push_back(small);
    else keys.push_back(&std::get<NormalisedRegion>(r).key);
  }
  std::sort(smalls.begin(), smalls.end(), [](const SmallRegion* x, const SmallRegion* y) {
    return std::memcmp(x, y, sizeof(SmallRegion)) < 0;
  });
  std::sort(keys.begin(), keys.end(), [](const std::string* x, const std::string* y) { return *x < *y; });
  std::string key{static_cast<char>(mover), static_cast<char>(smalls.size())};
  for (const SmallRegion* small : smalls) key.append(reinterpret_cast<const char*>(small), sizeof(SmallRegion));
  key += static_cast<char>(keys.size());
  for (const std::string* k : keys) {
    key += static_cast<char>(k->size());
    key += *k;
  }
  state.known.appendPartsKey(key);
  return key;
}

// The mover's options in the raw regions, the most promising first (a win needs only one,
// found early): in a raw region of kTerritoryOrderEmpty or more empty squares that is the
// only one, those gaining the most territory by queen distance (queenTerritory, the static
// evaluation of Amazons programs); then, and everywhere else, those leaving the opponent the
// fewest moves.
// Measured on eight 10x10 lines with a raw 12-empty chamber: replies alone took 31% less
// time than the opponent's moves less the mover's, which costs twice the counting and
// orders no better; the opponent's steps alone (no arrows) doubled the 5x4 start. Territory
// first: on the 6x4 start the first move tried is the winning one at 88-96% of the winning
// positions of 9-13 empty squares, against 60-74% by replies alone.
static std::vector<RawMove> orderedRawMoves(const SumState& state, Color mover) {
  // A square of territory outweighs any difference in replies.
  constexpr int64_t kTerritoryWeight = 1 << 16;
  const int sign = mover == Color::Black ? 1 : -1;
  // With several raw regions a move's territory says little of its worth in the sum, where
  // the tempo it spends counts too: line c18 of bench/endgames-10x10-max12-c.txt (raw
  // chambers of 11 and 12 empty squares beside 13) took 30,655 sum positions by replies
  // alone, 92,875 with territory first in each region.
  const bool alone = state.raw.size() == 1;
  struct Scored {
    int64_t score;
    RawMove move;
  };
  std::vector<Scored> scored;
  for (size_t i = 0; i < state.raw.size(); ++i) {
    if (const SmallRegion* small = std::get_if<SmallRegion>(&state.raw[i])) {
      // The territory a move gains, so that moves in different regions compare.
      const bool byTerritory = alone && std::popcount(small->empty) >= kTerritoryOrderEmpty;
      const int before = byTerritory ? queenTerritory(*small) : 0;
      forEachOption(*small, mover, [&](const SmallRegion& after) {
        const int64_t replies = countOptions(after, opposite(mover));
        const int64_t gain = byTerritory ? sign * (queenTerritory(after) - before) : 0;
        scored.push_back({replies - gain * kTerritoryWeight, {i, after, {}}});
      });
    } else {
      const Board& board = std::get<NormalisedRegion>(state.raw[i]).board;
      const bool byTerritory = alone && board.emptyCount() >= kTerritoryOrderEmpty;
      if (board.squares() <= 128) {  // each move's position as masks: bits flipped, no board played
        const int before = byTerritory ? queenTerritory(board) : 0;
        forEachMoveScoredOnMasks(board, mover, byTerritory, [&](const Move& m, int64_t replies, int territory) {
          const int64_t gain = byTerritory ? sign * (territory - before) : 0;
          scored.push_back({replies - gain * kTerritoryWeight, {i, {}, m}});
        });
        continue;
      }
      Board after = board;
      const int before = byTerritory ? queenTerritory(after) : 0;
      for (const Move& m : after.legalMoves(mover)) {
        after.play(m);
        const int64_t replies = static_cast<int64_t>(after.countMoves(opposite(mover)));
        const int64_t gain = byTerritory ? sign * (queenTerritory(after) - before) : 0;
        scored.push_back({replies - gain * kTerritoryWeight, {i, {}, m}});
        after.undo(m);
      }
    }
  }
  std::stable_sort(scored.begin(), scored.end(), [](const Scored& x, const Scored& y) { return x.score < y.score; });
  std::vector<RawMove> moves;
  moves.reserve(scored.size());
  for (const Scored& s : scored) moves.push_back(s.move);
  return moves;
}

// The state after a move in a raw region.
SumState RawSumSearch::afterRawMove(const SumState& state, const RawMove& move, Search& search) {
  SumState next{state.known, {}, state.pending};
  for (size_t j = 0; j < state.raw.size(); ++j)
    if (j != move.region) next.raw.push_back(state.raw[j]);
  if (std::holds_alternative<SmallRegion>(state.raw[move.region])) {
    addRegion(move.after, next, search, true);
  } else {
    Board after = std::get<NormalisedRegion>(state.raw[move.region]).board;
    after.play(move.move);
    addRegion(after, next, search, true);
  }
  return next;
}

static cgt::Side sideOf(Color c) { return c == Color::Black ? cgt::Side::Left : cgt::Side::Right; }

// Each raw region G lies between -w and b, with b and w the empty squares Black's and White's
// amazons can reach there (reachableEmpty). The mover wins if it wins with every raw region
// at the opponent's bound, and loses if it loses with every one at its own.
std::optional<bool> RawSumSearch::decidedByBounds(const SumState& state, Color mover, const std::function<void()>& poll,
                                                  int64_t pendingLo, int64_t pendingHi) {
  int blackBound = 0, whiteBound = 0;
  for (const RawRegion& r : state.raw) {
    blackBound += reachable(r, Color::Black);
    whiteBound += reachable(r, Color::White);
  }
  const cgt::Side side = sideOf(mover);
  cgt::PartSum worst = state.known, best = state.known;
  worst.add(cgt::integer(mover == Color::Black ? pendingLo - whiteBound : pendingHi + blackBound));
  best.add(cgt::integer(mover == Color::Black ? pendingHi + blackBound : pendingLo - whiteBound));
  if (knownSums_.moverWins(worst, side, poll)) return true;
  if (!knownSums_.moverWins(best, side, poll)) return false;
  return std::nullopt;
}

// A state of one raw region on masks beside an integer, and nothing else: the region.
static const SmallRegion* loneSmallRegion(const SumState& state) {
  if (state.raw.size() != 1 || !state.known.parts().empty() || !state.known.number().isInteger()) return nullptr;
  return std::get_if<SmallRegion>(&state.raw.front());
}

static bool isLeaf(const SumState& state) {
  const SmallRegion* region = loneSmallRegion(state);
  return region && LeafSearch::isLeaf(*region);
}

// Where what is known of a state is kept: a lone region on masks beside an integer, of any
// size, in the leaf table (fixed keys; a cache once full: on the 6x4 start nearly every
// position above the leaves is one region holding all eight amazons); others by sumKey.
RawSumSearch::TableEntry RawSumSearch::tableEntry(const SumState& state, Color mover) const {
  TableEntry entry;
  if (const SmallRegion* lone = loneSmallRegion(state)) {
    entry.lone = true;
    entry.leaf = LeafSearch::key(*lone, mover);
    entry.hash = leaf_.hash(entry.leaf);
  } else {
    entry.key = sumKey(state, mover);
    entry.hash = sumHash(entry.key);
  }
  return entry;
}
std::optional<bool> RawSumSearch::knownAt(const TableEntry& entry, const cgt::Dyadic& advantage) const {
  if (entry.lone) return leaf_.known(entry.leaf, entry.hash, advantage.num);
  const std::optional<SumBounds> found = sumTable_.find(entry.key, entry.hash);
  return found ? found->at(advantage) : std::nullopt;
}
void RawSumSearch::remember(const TableEntry& entry, const cgt::Dyadic& advantage, bool wins) {
  if (entry.lone) {
    leaf_.remember(entry.leaf, entry.hash, advantage.num, wins);
    return;
  }
  SumBounds fresh;
  fresh.record(advantage, wins);
  context_.tableBytes += sumTable_.merge(entry.key, entry.hash, fresh, [&](SumBounds& stored) { stored.record(advantage, wins); },
                                         !context_.tablesFull());
}
// One more position searched: the clock and the search's allowance checked.
void RawSumSearch::countPosition(Search& search) {
  ++context_.nodes;
  if ((context_.nodes & 1023) == 0) search.checkTime();
  if (search.rawLeft-- <= 0) throw SearchTooLong{};
}

// The engine behind a leaf search: territories from the chamber values, positions counted
// against the search's clock and allowance.
bool RawSumSearch::leafWins(const SmallRegion& region, int64_t number, Color mover, Search& search) {
  struct Host final : LeafHost {
    RawSumSearch& sums;
    Search& search;
    Host(RawSumSearch& s, Search& se) : sums(s), search(se) {}
    int64_t territory(const SmallRegion& r, uint64_t chamber) override {
      return cgt::asNumber(sums.values_.pieceValue(sums.values_.pieceOf(r, chamber), search, nullptr))->num;
    }
    void countPosition() override { sums.countPosition(search); }
  } host(*this, search);
  return leaf_.wins(region, number, mover, host);
}

int rawEmpty(const SumState& state) {
  int empty = 0;
  for (const RawRegion& r : state.raw) empty += emptyCount(r);
  return empty;
}

// Whether some move of `moves` after the first wins, the moves shared among the threads; the
// first winning move found cancels the others' searches. The tables are shared, so a
// refutation found by one thread serves the others.
bool RawSumSearch::anyMoveWinsInParallel(const SumState& state, const std::vector<RawMove>& moves, Color mover, Search& search) {
  return core::anyIndexInParallel(1, moves.size(), [&](size_t i) { return !moverWinsSum(afterRawMove(state, moves[i], search), opposite(mover), search); });
}

// The mover's options outside the raw regions: a move in a known part, or, with no part but
// the number, in the number. Number avoidance: with a known part that is not a number, some
// move outside the numbers wins if any does (the move to the option that attains the part's
// stop does). Without one the raw regions may add up to a number, and moving in the number may
// be the only win.
static std::vector<SumState> knownOptions(const SumState& state, Color mover) {
  std::vector<SumState> options;
  assert(state.pending.empty());
  for (const auto& [part, option] : state.known.moves(sideOf(mover))) options.push_back({state.known.replaced(part, option), state.raw, {}});
  if (state.known.parts().empty()) {
    const cgt::GameId x = cgt::number(state.known.number());
    for (cgt::GameId option : mover == Color::Black ? cgt::leftOptions(x) : cgt::rightOptions(x)) {
      SumState next{{}, state.raw, {}};
      next.known.add(option);
      options.push_back(std::move(next));
    }
  }
  return options;
}

// A position with pending territories, decided if it can be with each of them anywhere in
// its range: by the table entry of its key (which leaves the number, and so the territories,
// out: a win at the mover's least advantage is a win at all, a loss at the greatest a loss at
// all), else by bounds.
std::optional<bool> RawSumSearch::decidedWithPending(const SumState& state, Color mover, const std::function<void()>& poll) {
  int64_t lo = 0, hi = 0;
  for (const PendingTerritory& p : state.pending) {
    lo += p.lo;
    hi += p.hi;
  }
  const cgt::Dyadic least = advantage(state, mover) + cgt::Dyadic(mover == Color::Black ? lo : -hi);
  const cgt::Dyadic most = advantage(state, mover) + cgt::Dyadic(mover == Color::Black ? hi : -lo);
  if (!state.raw.empty()) {
    const TableEntry entry = tableEntry(state, mover);
    if (knownAt(entry, least) == true) return true;
    if (knownAt(entry, most) == false) return false;
  }
  return decidedByBounds(state, mover, poll, lo, hi);
}

// The pending territories solved, their values in `known`.
SumState RawSumSearch::resolved(SumState state, Search& search) {
  for (const PendingTerritory& p : state.pending) {
    if (const ChamberValues::Piece* piece = std::get_if<ChamberValues::Piece>(&p.territory))
      state.known.add(values_.pieceValue(*piece, search, nullptr));
    else state.known.add(values_.value(std::get<Board>(p.territory), search));
  }
  state.pending.clear();
  return state;
}

bool RawSumSearch::moverWinsSum(const SumState& state, Color mover, Search& search) {
  const std::function<void()> poll = [&search] { search.checkTime(); };
  if (!state.pending.empty()) {
    if (const std::optional<bool> decided = decidedWithPending(state, mover, poll)) return *decided;
    return moverWinsSum(resolved(state, search), mover, search);
  }
  if (state.raw.empty()) return knownSums_.moverWins(state.known, sideOf(mover), poll);
  if (isLeaf(state))
    return leafWins(std::get<SmallRegion>(state.raw.front()), state.known.number().num, mover, search);
  const TableEntry entry = tableEntry(state, mover);
  const cgt::Dyadic a = advantage(state, mover);
  if (const std::optional<bool> known = knownAt(entry, a)) return *known;
  if (const std::optional<bool> bounded = decidedByBounds(state, mover, poll)) return *bounded;
  countPosition(search);
  if (search.parallel && tbb::is_current_task_group_canceling()) throw Cancelled{};
  const std::vector<RawMove> moves = orderedRawMoves(state, mover);
  // The first move alone, then, in a large position, the others in parallel: in a winning
  // position the first move mostly wins (orderedRawMoves) and nothing is shared; in a losing
  // one every move must be refuted, each a search of its own.
  const bool split = search.parallel && moves.size() > 2 && rawEmpty(state) >= kParallelSearchEmpty &&
                     tbb::this_task_arena::max_concurrency() > 1;
  bool wins = false;
  for (size_t i = 0; i < (split ? 1 : moves.size()) && !wins; ++i)
    wins = !moverWinsSum(afterRawMove(state, moves[i], search), opposite(mover), search);
  if (!wins && split) wins = anyMoveWinsInParallel(state, moves, mover, search);
  if (!wins)
    for (const SumState& next : knownOptions(state, mover))
      if (!moverWinsSum(next, opposite(mover), search)) {
        wins = true;
        break;
      }
  remember(entry, a, wins);
  return wins;
}

std::optional<bool> RawSumSearch::known(const SumState& state, Color mover) const {
  assert(state.pending.empty());
  return knownAt(tableEntry(state, mover), advantage(state, mover));
}

void RawSumSearch::remember(const SumState& state, Color mover, bool wins) {
  assert(state.pending.empty());
  remember(tableEntry(state, mover), advantage(state, mover), wins);
}

std::string RawSumSearch::exactKey(const SumState& state, Color mover) {
  assert(state.pending.empty());
  std::string key = sumKey(state, mover);
  const cgt::Dyadic& x = state.known.number();
  key.append(reinterpret_cast<const char*>(&x.num), sizeof x.num);
  key.append(reinterpret_cast<const char*>(&x.exp), sizeof x.exp);
  return key;
}

uint64_t RawSumSearch::moveCount(const SumState& state, Color mover) {
  uint64_t count = state.known.moves(sideOf(mover)).size();
  for (const RawRegion& r : state.raw) {
    if (const SmallRegion* small = std::get_if<SmallRegion>(&r)) count += countOptions(*small, mover);
    else count += std::get<NormalisedRegion>(r).board.countMoves(mover);
  }
  return count;
}

std::vector<SumState> RawSumSearch::options(const SumState& state, Color mover, Search& search) {
  std::vector<SumState> options;
  for (const RawMove& move : orderedRawMoves(state, mover)) options.push_back(resolved(afterRawMove(state, move, search), search));
  for (SumState& next : knownOptions(state, mover)) options.push_back(std::move(next));
  return options;
}

}  // namespace amazons::solve
