#include "solver/amazons/chamber_values.h"

#include <tbb/task_arena.h>

#include "solver/amazons/small_territory.h"
#include "solver/amazons/territory.h"
#include "solver/core/parallel.h"

namespace amazons::solve {

ChamberValues::ChamberValues(Context& context)
    : context_(context), smallTable_{2 * context.tableLimit() + (size_t{64} << 20), &context.tableBytes} {}

void ChamberValues::clear() {
  chamberTable_.clear();
  boardTable_.clear();
  smallTable_.clear();
}

// The value stored under `key`, if any.
template <typename Table>
static std::optional<cgt::GameId> findIn(const Table& table, const std::string& key) {
  typename Table::const_accessor found;
  if (!table.find(found, key)) return std::nullopt;
  return found->second;
}

cgt::GameId ChamberValues::value(const Board& board, const Search& search, Budget* budget) {
  // Transpositions reach the same board often: remember it before any splitting. Two bits a
  // cell keep the keys of regions up to 52 squares inside std::string's own buffer.
  const int n = board.squares();
  std::string key(2 + (n + 3) / 4, '\0');
  key[0] = static_cast<char>(board.width());
  key[1] = static_cast<char>(board.height());
  auto cell = [&](int sq) { return sq < n ? static_cast<int>(board.at(sq)) : 0; };
  for (int sq = 0; sq < n; sq += 4)
    key[2 + sq / 4] = static_cast<char>(cell(sq) | cell(sq + 1) << 2 | cell(sq + 2) << 4 | cell(sq + 3) << 6);
  if (const std::optional<cgt::GameId> known = findIn(boardTable_, key)) return *known;
  cgt::GameId sum = cgt::zero();
  for (const Chamber& chamber : findChambers(board)) sum = cgt::add(sum, chamberValue(board, chamber, search, budget));
  rememberIn(boardTable_, std::move(key), sum);
  return sum;
}

cgt::GameId ChamberValues::chamberValue(const Board& board, const Chamber& chamber, const Search& search, Budget* budget) {
  if (chamber.kind == ChamberClass::Dead || chamber.kind == ChamberClass::Closed) return cgt::zero();
  const bool territoryKind = chamber.kind != ChamberClass::Contested;
  const int sign = chamber.kind == ChamberClass::BlackOnly ? 1 : -1;
  // One empty square in a one-colour chamber touches an amazon, which steps there and shoots
  // back: one move, the most it can hold. Common after splits, and not worth a lookup.
  if (territoryKind && chamber.empty == 1) return cgt::integer(sign);
  if (const std::optional<SmallRegion> small = smallChamber(board, chamber))
    return pieceValue(pieceOf(*small, small->black | small->white | small->empty), search, budget);
  // Most chambers are in the table: their key alone finds them, without the region.
  std::string key = regionKey(board, chamber);
  if (const std::optional<cgt::GameId> known = findIn(chamberTable_, key)) return *known;
  if (!territoryKind) {
    const NormalisedRegion n = normalise(extractRegion(board, chamber));
    return contested(n.board, n.key, search, budget);
  }
  const Color owner = sign > 0 ? Color::Black : Color::White;
  const cgt::GameId value = cgt::integer(sign * context_.territory.solve(extractRegion(board, chamber), owner, false, search.deadline).moves);
  rememberIn(chamberTable_, std::move(key), value);
  return value;
}

std::optional<cgt::GameId> ChamberValues::stored(const Board& board, const Chamber& chamber) const {
  const std::optional<SmallRegion> small = context_.options.database ? smallChamber(board, chamber) : std::nullopt;
  if (!small) return std::nullopt;
  return context_.options.database->find(normalisedChamber(*small, small->black | small->white | small->empty));
}
void ChamberValues::learn(const Board& board, const std::vector<ChamberReport>& chambers) {
  std::vector<ValueDb::Entry> entries;
  {
    const std::lock_guard lock(learnedMutex_);
    entries.swap(learned_);
  }
  for (const ChamberReport& r : chambers) {
    const std::optional<SmallRegion> small = smallChamber(board, r.chamber);
    const ChamberClass kind = r.chamber.kind;
    if (r.value && small && kind != ChamberClass::Dead && kind != ChamberClass::Closed)
      entries.push_back({normalisedChamber(*small, small->black | small->white | small->empty), *r.value});
  }
  context_.options.database->store(entries, true);
}

// Stores an entry while the tables are within their memory; a full table only stops storing.
void ChamberValues::rememberIn(StringTable& table, std::string key, cgt::GameId value) {
  if (context_.tablesFull()) return;
  const size_t bytes = entryBytes(key);
  if (table.insert({std::move(key), value})) context_.tableBytes += bytes;
}
void ChamberValues::rememberSmall(const SmallRegion& key, cgt::GameId value, uint64_t hash) {
  if (context_.tablesFull()) return;
  smallTable_.insert(key, value, hash);
}
void ChamberValues::remember(const SmallRegion& normalised, cgt::GameId value) {
  rememberSmall(normalised, value, smallTable_.hash(normalised));
}
void ChamberValues::remember(std::string regionKey, cgt::GameId value) { rememberIn(chamberTable_, std::move(regionKey), value); }

// One expansion of a contested form, counted against its budget and the clock.
void ChamberValues::expand(const Search& search, Budget* budget) {
  if (budget && budget->nodesLeft-- <= 0) throw TooLarge{};
  ++context_.nodes;
  if ((context_.nodes & 1023) == 0) search.checkTime();
}

// The canonical form {left options | right options}: valueOf(moves, i) is the value of
// option i of one side's list. Options of regions of kParallelEmpty or more are evaluated
// in parallel when no budget counts them: threads expand the same followers at once, so a
// budget would run out at a point that depends on the thread count, and so would which
// values get reported.
template <typename Moves, typename ValueOf>
cgt::GameId ChamberValues::formOf(const Moves& leftMoves, const Moves& rightMoves, bool large, ValueOf&& valueOf) {
  std::vector<cgt::GameId> left(leftMoves.size()), right(rightMoves.size());
  auto evaluateAll = [&](const Moves& moves, std::vector<cgt::GameId>& out) {
    if (large && tbb::this_task_arena::max_concurrency() > 1) {
      // Isolated (were an enclosing loop cancelled, a bound loop would stop quietly with options
      // missing and this form would be stored wrong); an exception of our own still propagates.
      core::forEveryIndexInParallel(0, moves.size(), [&](size_t i) { out[i] = valueOf(moves, i); });
    } else {
      for (size_t i = 0; i < moves.size(); ++i) out[i] = valueOf(moves, i);
    }
  };
  evaluateAll(leftMoves, left);
  evaluateAll(rightMoves, right);
  return cgt::make(std::move(left), std::move(right));
}

// ---- Regions of at most 64 squares, on masks ----
ChamberValues::Piece ChamberValues::pieceOf(const SmallRegion& region, uint64_t chamber) const {
  Piece piece;
  piece.kind = chamberClassOf(region, chamber);
  if (piece.kind == ChamberClass::Dead || piece.kind == ChamberClass::Closed) {
    piece.value = cgt::zero();
  } else if (piece.kind != ChamberClass::Contested && std::popcount(chamber & region.empty) == 1) {
    piece.value = cgt::integer(piece.kind == ChamberClass::BlackOnly ? 1 : -1);  // see chamberValue
  } else {
    piece.key = normalisedChamber(region, chamber);
    piece.hash = smallTable_.hash(piece.key);
  }
  return piece;
}

// A position as it stands: the sum of its chambers, each looked up normalised. Positions
// are not remembered as they stand: few recur (measured: 273,000 entries for 118,000 hits
// in a 12-empty chamber), and the memory cost twice the time the sums save.
cgt::GameId ChamberValues::smallValue(const SmallRegion& region, const Search& search, Budget* budget) {
  const SmallChambers chambers = splitChambers(region);
  cgt::GameId sum = cgt::zero();
  for (int i = 0; i < chambers.count; ++i)
    sum = cgt::add(sum, pieceValue(pieceOf(region, chambers.masks[i]), search, budget));
  return sum;
}

cgt::GameId ChamberValues::pieceValue(const Piece& piece, const Search& search, Budget* budget) {
  if (piece.value) return *piece.value;
  const SmallRegion& key = piece.key;
  if (const std::optional<cgt::GameId> known = smallTable_.find(key, piece.hash)) return *known;
  if (context_.options.database && std::popcount(key.empty) >= kDbLookupEmpty && context_.options.database->covers(key))
    if (const std::optional<cgt::GameId> stored = context_.options.database->find(key)) {
      rememberSmall(key, *stored, piece.hash);
      return *stored;
    }
  cgt::GameId value;
  if (piece.kind == ChamberClass::Contested) {
    expand(search, budget);
    if (!budget && std::popcount(key.empty) >= kParallelEmpty) {
      std::vector<SmallRegion> blackOptions, whiteOptions;
      forEachOption(key, Color::Black, [&](const SmallRegion& o) { blackOptions.push_back(o); });
      forEachOption(key, Color::White, [&](const SmallRegion& o) { whiteOptions.push_back(o); });
      value = formOf(blackOptions, whiteOptions, true, [&](const std::vector<SmallRegion>& options, size_t i) {
        return smallValue(options[i], search, budget);
      });
    } else {
      value = serialForm(key, search, budget);
    }
  } else {
    // Most territories are filled whole by a greedy filling on the masks; the others go to
    // the territory solver.
    const Color owner = piece.kind == ChamberClass::BlackOnly ? Color::Black : Color::White;
    const TerritoryBounds bounds = territoryBounds(key, owner);
    const int moves = bounds.lo == bounds.hi ? bounds.lo : context_.territory.solve(toBoard(key), owner, false, search.deadline).moves;
    value = cgt::integer(owner == Color::Black ? moves : -moves);
  }
  settle(piece, value);
  return value;
}

void ChamberValues::settle(const Piece& piece, cgt::GameId value) {
  rememberSmall(piece.key, value, piece.hash);
  if (context_.options.learn && std::popcount(piece.key.empty) >= kDbLookupEmpty) {  // the others are never looked up
    const std::lock_guard lock(learnedMutex_);
    learned_.push_back({piece.key, value});
  }
}

// The owner's lo <= moves <= hi as bounds on the value (White's moves count negative).
static void valueBounds(Color owner, int movesLo, int movesHi, int64_t& lo, int64_t& hi) {
  lo = owner == Color::Black ? movesLo : -movesHi;
  hi = owner == Color::Black ? movesHi : -movesLo;
}

std::optional<cgt::GameId> ChamberValues::territoryOrBounds(const Board& board, const Chamber& chamber, int64_t& lo, int64_t& hi) {
  const Color owner = chamber.kind == ChamberClass::BlackOnly ? Color::Black : Color::White;
  const int sign = owner == Color::Black ? 1 : -1;
  if (chamber.empty == 1) return cgt::integer(sign);  // as in chamberValue
  std::string key = regionKey(board, chamber);
  if (const std::optional<cgt::GameId> known = findIn(chamberTable_, key)) return *known;
  // Every empty square of a one-colour chamber is reachable, so at most all of them are filled.
  const int greedy = greedyTerritoryFill(extractRegion(board, chamber), owner);
  if (greedy == chamber.empty) {
    const cgt::GameId value = cgt::integer(sign * greedy);
    rememberIn(chamberTable_, std::move(key), value);
    return value;
  }
  valueBounds(owner, greedy, chamber.empty, lo, hi);
  return std::nullopt;
}

std::optional<cgt::GameId> ChamberValues::territoryOrBounds(const Piece& piece, int64_t& lo, int64_t& hi) {
  if (piece.value) return piece.value;
  if (const std::optional<cgt::GameId> known = smallTable_.find(piece.key, piece.hash)) return known;
  const Color owner = piece.kind == ChamberClass::BlackOnly ? Color::Black : Color::White;
  const TerritoryBounds bounds = territoryBounds(piece.key, owner);
  const int sign = owner == Color::Black ? 1 : -1;
  if (bounds.lo == bounds.hi) {
    const cgt::GameId value = cgt::integer(sign * bounds.lo);
    settle(piece, value);
    return value;
  }
  valueBounds(owner, bounds.lo, bounds.hi, lo, hi);
  return std::nullopt;
}

// A form whose options are valued in turn, in two passes: every option's chambers are
// normalised and their table slots prefetched, then valued, so that the cache misses of a
// hundred lookups overlap. The pieces wait on one stack per thread (a nested form pushes
// above them and pops before they are read).
cgt::GameId ChamberValues::serialForm(const SmallRegion& key, const Search& search, Budget* budget) {
  thread_local std::vector<Piece> stack;
  struct Pop {  // also when a budget runs out below
    size_t base;
    ~Pop() { stack.resize(base); }
  } pop{stack.size()};
  size_t options = 0;
  auto push = [&](const SmallRegion& option) {
    ++options;
    const SmallChambers chambers = splitChambers(option);
    for (int i = 0; i < chambers.count; ++i) {
      const Piece& piece = stack.emplace_back(pieceOf(option, chambers.masks[i]));
      if (!piece.value) smallTable_.prefetch(piece.hash);
    }
    stack.back().endsRegion = true;
  };
  forEachOption(key, Color::Black, push);
  const size_t rightBegin = stack.size(), leftOptions = options;
  forEachOption(key, Color::White, push);
  const size_t end = stack.size();
  std::vector<cgt::GameId> left, right;
  left.reserve(leftOptions);
  right.reserve(options - leftOptions);
  cgt::GameId sum = cgt::zero();
  for (size_t i = pop.base; i < end; ++i) {
    const Piece piece = stack[i];  // a copy: valuing it may grow the stack
    sum = cgt::add(sum, pieceValue(piece, search, budget));
    if (!piece.endsRegion) continue;
    (i < rightBegin ? left : right).push_back(sum);
    sum = cgt::zero();
  }
  return cgt::make(std::move(left), std::move(right));
}

// Canonical form of one contested chamber, given in normalised orientation; the caller has
// looked its key up already.
cgt::GameId ChamberValues::contested(const Board& region, const std::string& key, const Search& search, Budget* budget) {
  expand(search, budget);
  const std::vector<Move> blackMoves = region.legalMoves(Color::Black);
  const std::vector<Move> whiteMoves = region.legalMoves(Color::White);
  const cgt::GameId result = formOf(blackMoves, whiteMoves, !budget && region.emptyCount() >= kParallelEmpty,
                                    [&](const std::vector<Move>& moves, size_t i) {
                                      Board after = region;
                                      after.play(moves[i]);
                                      return value(after, search, budget);
                                    });
  rememberIn(chamberTable_, key, result);
  return result;
}

std::optional<cgt::GameId> ChamberValues::tryChamberValue(const Board& board, const Chamber& chamber,
                                                          uint64_t allowance, Search& search, bool atRoot) {
  if (chamber.kind != ChamberClass::Contested) return chamberValue(board, chamber, search);
  if (!atRoot && chamber.empty >= search.rawFrom.load()) return std::nullopt;
  if (allowance == std::numeric_limits<uint64_t>::max()) return chamberValue(board, chamber, search);
  Budget budget{static_cast<int64_t>(std::min<uint64_t>(allowance, std::numeric_limits<int64_t>::max()))};
  try {
    return chamberValue(board, chamber, search, &budget);
  } catch (const TooLarge&) {
    lowerRawFrom(search, chamber.empty);
    return std::nullopt;
  }
}
void ChamberValues::lowerRawFrom(Search& search, int empty) {
  for (int seen = search.rawFrom.load(); empty < seen && !search.rawFrom.compare_exchange_weak(seen, empty);) {
  }
}

}  // namespace amazons::solve
