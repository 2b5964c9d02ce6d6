#include "solver/amazons/solve.h"

#include <tbb/concurrent_hash_map.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <limits>
#include <mutex>
#include <variant>

#include "cgt/hash.h"
#include "cgt/sum.h"
#include "solver/amazons/small_region.h"
#include "solver/amazons/small_territory.h"
#include "solver/amazons/territory.h"
#include "solver/amazons/value_db.h"
#include "solver/core/exact_table.h"
#include "solver/core/task_edges.h"

namespace amazons {

namespace {

// Under a time limit, a root chamber's first try gets this share of SolveOptions::canonicalNodes
// (the verdicts come before the values). A try inside
// the search (a failed one is paid again wherever the search meets the chamber) gets
// kSearchTry, or all of canonicalNodes if less. A known value lets the sum be decided by its
// stops at once, a raw chamber makes the search branch in it; but the forms of chambers of
// many amazons are large even when few squares are empty, and there the search finds its
// refutations sooner. Measured: a 12-empty chamber of four amazons beside numbers takes 5 s
// with 20 expansions a try, 0.15 s with 400; the 4x4 start (eight amazons) 0.26 s with 20,
// 1.1 s with 400.
constexpr uint64_t kQuickShare = 16;
// Root contested chambers of at least kProbeEmpty empty squares are first probed for a
// simple value (simpleValue), with at most kProbePositions sum positions and tries of
// kProbeTry expansions. Of the 122 such chambers in the three 12-empty 10x10 sets, the 61
// with simple values were proven within 1,906 positions (most within 400); 1,000 lost one
// that the line needing it paid for with 0.3 s of canonical forms.
constexpr int kProbeEmpty = 8;
constexpr int64_t kProbePositions = 2000;
constexpr uint64_t kProbeTry = 20;
// Under a time limit the probes of an analysis give up after this share of it: in a chamber of
// 40 empty squares their 2,000 positions take seconds (a 10x10 line of one 44-empty chamber:
// 9 s of a 10 s limit, leaving the verdict 1 s).
constexpr double kProbeTimeShare = 0.25;
constexpr uint64_t kSearchTry = 400;
constexpr uint64_t kSearchTryCrowded = 20;
constexpr int kCrowdedAmazons = 6;

// Chambers of fewer empty squares are not looked up in a value database inside a search: a
// lookup (an LMDB B-tree descent, ~7 us on these VMs, then the form decoded, ~2 us) costs more
// than their forms from the tables. Measured on the medium and hard suites (user time, one
// thread) with a database learned from them: every chamber looked up 1.85 s, from 6 empty
// squares 1.33 s, from 8 1.27 s, only the root's chambers 1.20 s; no database 1.47 s.
constexpr int kDbLookupEmpty = 8;

// Contested regions with at least this many empty squares evaluate their options in parallel,
// when their form has no budget (see formOf).
constexpr int kParallelEmpty = 9;

// Bytes one table entry costs, roughly: the key, its node and the map's bookkeeping.
size_t entryBytes(const std::string& key) { return key.size() + 96; }

// The board square of a region square, the region being the chamber cropped at (f0, r0).
struct RegionFrame {
  int f0, r0;
  static RegionFrame of(const Board& board, const Chamber& chamber) {
    const Box box = boundingBox(board, chamber);
    return {box.f0, box.r0};
  }
  Move toBoard(const Board& board, const Board& region, const Move& m) const {
    auto map = [&](int sq) {
      return static_cast<uint8_t>(board.square(region.fileOf(sq) + f0, region.rankOf(sq) + r0));
    };
    return {map(m.from), map(m.to), map(m.arrow)};
  }
};

}  // namespace

struct Solver::Impl {
  explicit Impl(SolveOptions o) : options(o), territory(std::max<size_t>(1, o.hashMegabytes / 4)) {
    cgt::zero();  // the game table's first nodes are allocated with the solver, not in an analysis
  }

  SolveOptions options;
  TerritorySolver territory;
  // By regionKey: the value of every chamber solved, contested or one-colour (the key tells).
  tbb::concurrent_hash_map<std::string, cgt::GameId, cgt::KeyHashCompare> chamberTable;
  tbb::concurrent_hash_map<std::string, cgt::GameId, cgt::KeyHashCompare> boardTable;      // by exact board
  // Chambers of at most 64 squares by their normalised masks (small_region.h).
  ExactTable<SmallRegion, cgt::GameId> smallTable{2 * tableLimit() + (size_t{64} << 20)};
  std::atomic<size_t> tableBytes{0};
  std::atomic<uint64_t> nodes{0};
  // For Solver::stage: the Stage in the low byte, a chamber's letter above it.
  enum Stage : uint32_t { Idle, ChamberValue, BlackVerdict, WhiteVerdict, Total };
  std::atomic<uint32_t> stage{Idle};
  void setStage(Stage now, char letter = 0) {
    stage.store(now | static_cast<uint32_t>(static_cast<unsigned char>(letter)) << 8, std::memory_order_relaxed);
  }

  size_t tableLimit() const { return options.hashMegabytes * (size_t{3} << 20) / 4; }

  // One analysis (analyses of a batch run at once on one solver): its deadline, and the least
  // contested-chamber size whose canonical form has failed its budget in it. Positions shrink
  // by one empty square a move, so chambers that large are searched raw without another try.
  // The search over sums may also be given a number of positions (`rawLeft`), past which it
  // gives up (throws SearchTooLong) so that the chambers get a larger allowance.
  struct Search {
    Deadline deadline;
    std::atomic<int> rawFrom{std::numeric_limits<int>::max()};
    std::atomic<int64_t> rawLeft{std::numeric_limits<int64_t>::max()};
    uint64_t tryCap = std::numeric_limits<uint64_t>::max();  // the most a try in the search gets
    void checkTime() const { deadline.check(); }
  };
  struct SearchTooLong {};

  // A canonical form under a budget gives up (throws TooLarge) past its node allowance; the
  // caller then decides by search. A full table only stops storing.
  struct Budget {
    std::atomic<int64_t> nodesLeft;
  };
  struct TooLarge {};

  cgt::GameId value(const Board& board, const Search& search, Budget* budget = nullptr) {
    // Transpositions reach the same board often: remember it before any splitting. Two bits a
    // cell keep the keys of regions up to 52 squares inside std::string's own buffer.
    const int n = board.squares();
    std::string key(2 + (n + 3) / 4, '\0');
    key[0] = static_cast<char>(board.width());
    key[1] = static_cast<char>(board.height());
    auto cell = [&](int sq) { return sq < n ? static_cast<int>(board.at(sq)) : 0; };
    for (int sq = 0; sq < n; sq += 4)
      key[2 + sq / 4] = static_cast<char>(cell(sq) | cell(sq + 1) << 2 | cell(sq + 2) << 4 | cell(sq + 3) << 6);
    {
      decltype(boardTable)::const_accessor found;
      if (boardTable.find(found, key)) return found->second;
    }
    cgt::GameId sum = cgt::zero();
    for (const Chamber& chamber : findChambers(board)) sum = cgt::add(sum, chamberValue(board, chamber, search, budget));
    remember(boardTable, std::move(key), sum);
    return sum;
  }

  cgt::GameId chamberValue(const Board& board, const Chamber& chamber, const Search& search, Budget* budget = nullptr) {
    if (chamber.kind == ChamberClass::Dead || chamber.kind == ChamberClass::Closed) return cgt::zero();
    const bool territoryKind = chamber.kind != ChamberClass::Contested;
    const int sign = chamber.kind == ChamberClass::BlackOnly ? 1 : -1;
    // One empty square in a one-colour chamber touches an amazon, which steps there and shoots
    // back: one move, the most it can hold. Common after splits, and not worth a lookup.
    if (territoryKind && chamber.empty == 1) return cgt::integer(sign);
    if (const std::optional<SmallRegion> small = smallChamber(board, chamber))
      return smallChamberValue(*small, small->black | small->white | small->empty, search, budget);
    // Most chambers are in the table: their key alone finds them, without the region.
    std::string key = regionKey(board, chamber);
    {
      decltype(chamberTable)::const_accessor found;
      if (chamberTable.find(found, key)) return found->second;
    }
    if (!territoryKind) {
      const NormalisedRegion n = normalise(extractRegion(board, chamber));
      return contested(n.board, n.key, search, budget);
    }
    const Color owner = sign > 0 ? Color::Black : Color::White;
    const cgt::GameId value = cgt::integer(sign * territory.solve(extractRegion(board, chamber), owner, false, search.deadline).moves);
    remember(chamberTable, std::move(key), value);
    return value;
  }

  // The database's value of a chamber of at most 64 squares' box, when it holds it.
  std::optional<cgt::GameId> stored(const Board& board, const Chamber& chamber) const {
    const std::optional<SmallRegion> small = options.database ? smallChamber(board, chamber) : std::nullopt;
    if (!small) return std::nullopt;
    return options.database->find(normalisedChamber(*small, small->black | small->white | small->empty));
  }
  // With SolveOptions::learn: the values found for the chambers of an analysis and for those
  // of kDbLookupEmpty or more empty squares computed on the way, into the database in one
  // transaction (those it can key: a box of at most 64 squares, not dead).
  std::mutex learnedMutex;
  std::vector<ValueDb::Entry> learned;  // computed since the last store (positions of a batch share it)
  void learn(const Board& board, const std::vector<ChamberReport>& chambers) {
    std::vector<ValueDb::Entry> entries;
    {
      const std::lock_guard lock(learnedMutex);
      entries.swap(learned);
    }
    for (const ChamberReport& r : chambers) {
      const std::optional<SmallRegion> small = smallChamber(board, r.chamber);
      const ChamberClass kind = r.chamber.kind;
      if (r.value && small && kind != ChamberClass::Dead && kind != ChamberClass::Closed)
        entries.push_back({normalisedChamber(*small, small->black | small->white | small->empty), *r.value});
    }
    options.database->store(entries, true);
  }

  // Stores an entry while the tables are within their memory; a full table only stops storing.
  template <typename Table, typename Value>
  void remember(Table& table, std::string key, const Value& value) {
    if (tableBytes.load(std::memory_order_relaxed) >= tableLimit()) return;
    const size_t bytes = entryBytes(key);
    if (table.insert({std::move(key), value})) tableBytes += bytes;
  }
  void remember(ExactTable<SmallRegion, cgt::GameId>& table, const SmallRegion& key, cgt::GameId value, uint64_t hash) {
    if (tableBytes.load(std::memory_order_relaxed) >= tableLimit()) return;
    if (table.insert(key, value, hash)) tableBytes += table.kBytesPerEntry;
  }

  // One expansion of a contested form, counted against its budget and the clock.
  void expand(const Search& search, Budget* budget) {
    if (budget && budget->nodesLeft-- <= 0) throw TooLarge{};
    ++nodes;
    if ((nodes & 1023) == 0) search.checkTime();
  }

  // The canonical form {left options | right options}: valueOf(moves, i) is the value of
  // option i of one side's list. Options of regions of kParallelEmpty or more are evaluated
  // in parallel when no budget counts them: threads expand the same followers at once, so a
  // budget would run out at a point that depends on the thread count, and so would which
  // values get reported.
  template <typename Moves, typename ValueOf>
  cgt::GameId formOf(const Moves& leftMoves, const Moves& rightMoves, bool large, ValueOf&& valueOf) {
    std::vector<cgt::GameId> left(leftMoves.size()), right(rightMoves.size());
    auto evaluateAll = [&](const Moves& moves, std::vector<cgt::GameId>& out) {
      if (large && tbb::this_task_arena::max_concurrency() > 1) {
        // Isolated: were an enclosing loop cancelled (a sibling gave up), a bound loop would
        // stop quietly with options missing and this form would be stored wrong. An exception
        // of our own still cancels it and propagates.
        tbb::task_group_context isolated(tbb::task_group_context::isolated);
        TaskEdges edges;
        const auto body = [&](const tbb::blocked_range<size_t>& r) {
          edges.taskStart();
          for (size_t i = r.begin(); i != r.end(); ++i) out[i] = valueOf(moves, i);
          edges.taskEnd();
        };
        edges.beforeSpawn();  // after the body is made: the tasks read it first
        tbb::parallel_for(tbb::blocked_range<size_t>(0, moves.size()), body, isolated);
        edges.afterJoin();
      } else {
        for (size_t i = 0; i < moves.size(); ++i) out[i] = valueOf(moves, i);
      }
    };
    evaluateAll(leftMoves, left);
    evaluateAll(rightMoves, right);
    return cgt::make(std::move(left), std::move(right));
  }

  // ---- Regions of at most 64 squares, on masks ----
  // A chamber ready to be valued: its value where it needs no table (a dead chamber, one
  // square of territory), else its class and normalised key, with the key's hash.
  struct Piece {
    SmallRegion key;
    uint64_t hash = 0;
    ChamberClass kind = ChamberClass::Dead;
    std::optional<cgt::GameId> value;
    bool endsRegion = false;  // the last chamber of its position
  };
  Piece pieceOf(const SmallRegion& region, uint64_t chamber) const {
    Piece piece;
    piece.kind = chamberClassOf(region, chamber);
    if (piece.kind == ChamberClass::Dead || piece.kind == ChamberClass::Closed) {
      piece.value = cgt::zero();
    } else if (piece.kind != ChamberClass::Contested && std::popcount(chamber & region.empty) == 1) {
      piece.value = cgt::integer(piece.kind == ChamberClass::BlackOnly ? 1 : -1);  // see chamberValue
    } else {
      piece.key = normalisedChamber(region, chamber);
      piece.hash = smallTable.hash(piece.key);
    }
    return piece;
  }

  // A position as it stands: the sum of its chambers, each looked up normalised. Positions
  // are not remembered as they stand: few recur (measured: 273,000 entries for 118,000 hits
  // in a 12-empty chamber), and the memory cost twice the time the sums save.
  cgt::GameId smallValue(const SmallRegion& region, const Search& search, Budget* budget) {
    const SmallChambers chambers = splitChambers(region);
    cgt::GameId sum = cgt::zero();
    for (int i = 0; i < chambers.count; ++i)
      sum = cgt::add(sum, pieceValue(pieceOf(region, chambers.masks[i]), search, budget));
    return sum;
  }

  // One chamber (a mask of the region's open squares), contested or not.
  cgt::GameId smallChamberValue(const SmallRegion& region, uint64_t chamber, const Search& search, Budget* budget) {
    return pieceValue(pieceOf(region, chamber), search, budget);
  }

  cgt::GameId pieceValue(const Piece& piece, const Search& search, Budget* budget) {
    if (piece.value) return *piece.value;
    const SmallRegion& key = piece.key;
    if (const std::optional<cgt::GameId> known = smallTable.find(key, piece.hash)) return *known;
    if (options.database && std::popcount(key.empty) >= kDbLookupEmpty && options.database->covers(key))
      if (const std::optional<cgt::GameId> stored = options.database->find(key)) {
        remember(smallTable, key, *stored, piece.hash);
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
      const std::optional<int> perfect = perfectTerritoryMoves(key, owner);
      const int moves = perfect ? *perfect : territory.solve(toBoard(key), owner, false, search.deadline).moves;
      value = cgt::integer(owner == Color::Black ? moves : -moves);
    }
    remember(smallTable, key, value, piece.hash);
    if (options.learn && std::popcount(key.empty) >= kDbLookupEmpty) {  // the others are never looked up
      const std::lock_guard lock(learnedMutex);
      learned.push_back({key, value});
    }
    return value;
  }

  // A form whose options are valued in turn, in two passes: every option's chambers are
  // normalised and their table slots prefetched, then valued, so that the cache misses of a
  // hundred lookups overlap. The pieces wait on one stack per thread (a nested form pushes
  // above them and pops before they are read).
  cgt::GameId serialForm(const SmallRegion& key, const Search& search, Budget* budget) {
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
        if (!piece.value) smallTable.prefetch(piece.hash);
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
  cgt::GameId contested(const Board& region, const std::string& key, const Search& search, Budget* budget) {
    expand(search, budget);
    const std::vector<Move> blackMoves = region.legalMoves(Color::Black);
    const std::vector<Move> whiteMoves = region.legalMoves(Color::White);
    const cgt::GameId result = formOf(blackMoves, whiteMoves, !budget && region.emptyCount() >= kParallelEmpty,
                                      [&](const std::vector<Move>& moves, size_t i) {
                                        Board after = region;
                                        after.play(moves[i]);
                                        return value(after, search, budget);
                                      });
    remember(chamberTable, key, result);
    return result;
  }

  // ---- Deciding sums: every chamber as a canonical part where its form is known, raw else ----
  // A state is the known values as a cgt::PartSum (never added into one canonical form: the
  // sum of a few hot values is huge) plus "raw" regions, normalised contested chambers too
  // large for their form, searched move by move: on masks when their box has at most 64
  // squares (as normalisedChamber gives them), else as boards. With no raw region
  // cgt::SumSearch decides.
  using RawRegion = std::variant<SmallRegion, NormalisedRegion>;
  struct SumState {
    cgt::PartSum known;
    std::vector<RawRegion> raw;
  };
  static RawRegion rawRegion(const Board& region) {
    if (region.squares() > kSmallSquares) return normalise(region);
    const SmallRegion small = toSmall(region);
    return normalisedChamber(small, small.black | small.white | small.empty);
  }
  static int reachable(const RawRegion& region, Color mover) {
    if (const SmallRegion* small = std::get_if<SmallRegion>(&region)) return reachableEmpty(*small, mover);
    return std::get<NormalisedRegion>(region).board.emptyCount();
  }
  cgt::SumSearch knownSums{std::max<size_t>(1, tableLimit() / 128)};
  tbb::concurrent_hash_map<std::string, bool, cgt::KeyHashCompare> sumTable;  // by sumKey

  // The chamber's value within `allowance` expansions, or nullopt (and search.rawFrom lowered)
  // if too large. The root's chambers are always tried (`atRoot`), each once.
  std::optional<cgt::GameId> tryChamberValue(const Board& board, const Chamber& chamber, uint64_t allowance,
                                             Search& search, bool atRoot) {
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
  static void lowerRawFrom(Search& search, int empty) {
    for (int seen = search.rawFrom.load(); empty < seen && !search.rawFrom.compare_exchange_weak(seen, empty);) {
    }
  }

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
  std::optional<cgt::GameId> simpleValue(const Board& board, const Chamber& chamber, int64_t positions, const Search& outer,
                                         const Deadline& giveUp) {
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
    if (const SmallRegion* small = std::get_if<SmallRegion>(&raw)) remember(smallTable, *small, *value, smallTable.hash(*small));
    else remember(chamberTable, regionKey(board, chamber), *value);
    return value;
  }

  // The expansions a contested chamber met in the search may take before it stays raw.
  uint64_t searchAllowance(int amazons, const Search& search) const {
    return std::min({amazons >= kCrowdedAmazons ? kSearchTryCrowded : kSearchTry, options.canonicalNodes, search.tryCap});
  }

  // Chambers whose canonical form fits the budget join `known`; the others stay raw.
  void addRegion(const Board& board, SumState& state, Search& search) {
    if (board.squares() <= kSmallSquares) return addRegion(toSmall(board), state, search);
    for (const Chamber& chamber : findChambers(board)) {
      const uint64_t allowance = searchAllowance(chamber.blackAmazons + chamber.whiteAmazons, search);
      if (const auto v = tryChamberValue(board, chamber, allowance, search, false))
        state.known.add(*v);
      else state.raw.push_back(rawRegion(extractRegion(board, chamber)));
    }
  }
  // The same on masks: no board is built.
  void addRegion(const SmallRegion& region, SumState& state, Search& search) {
    const SmallChambers chambers = splitChambers(region);
    for (int i = 0; i < chambers.count; ++i) {
      const Piece piece = pieceOf(region, chambers.masks[i]);
      if (piece.kind != ChamberClass::Contested) {
        state.known.add(pieceValue(piece, search, nullptr));
        continue;
      }
      const int empty = std::popcount(piece.key.empty);
      if (empty < search.rawFrom.load()) {
        Budget budget{static_cast<int64_t>(searchAllowance(std::popcount(piece.key.black | piece.key.white), search))};
        try {
          state.known.add(pieceValue(piece, search, &budget));
          continue;
        } catch (const TooLarge&) {
          lowerRawFrom(search, empty);
        }
      }
      state.raw.emplace_back(std::in_place_type<SmallRegion>, piece.key);
    }
  }

  // The mover, the raw regions on masks (their count, then 32 bytes each, sorted), the others'
  // keys (their count, then each length-prefixed, sorted), then the known parts' fields.
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
    state.known.appendKey(key);
    return key;
  }

  // A move in raw region `region`: the region after it when on masks, else the move.
  struct RawMove {
    size_t region;
    SmallRegion after;
    Move move;
  };
  // The mover's options in the raw regions, the most promising first: those leaving the
  // opponent the fewest moves (a win needs only one, found early). Measured on eight 10x10
  // lines with a raw 12-empty chamber: 31% less time than ordering by the opponent's moves
  // less the mover's, which costs twice the counting and orders no better; ordering by the
  // opponent's steps alone (no arrows) doubled the 5x4 start.
  static std::vector<RawMove> orderedRawMoves(const SumState& state, Color mover) {
    struct Scored {
      int64_t score;
      RawMove move;
    };
    std::vector<Scored> scored;
    for (size_t i = 0; i < state.raw.size(); ++i) {
      if (const SmallRegion* small = std::get_if<SmallRegion>(&state.raw[i])) {
        forEachOption(*small, mover, [&](const SmallRegion& after) {
          scored.push_back({countOptions(after, opposite(mover)), {i, after, {}}});
        });
      } else {
        Board after = std::get<NormalisedRegion>(state.raw[i]).board;
        for (const Move& m : after.legalMoves(mover)) {
          after.play(m);
          scored.push_back({static_cast<int64_t>(after.countMoves(opposite(mover))), {i, {}, m}});
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
  SumState afterRawMove(const SumState& state, const RawMove& move, Search& search) {
    SumState next{state.known, {}};
    for (size_t j = 0; j < state.raw.size(); ++j)
      if (j != move.region) next.raw.push_back(state.raw[j]);
    if (std::holds_alternative<SmallRegion>(state.raw[move.region])) {
      addRegion(move.after, next, search);
    } else {
      Board after = std::get<NormalisedRegion>(state.raw[move.region]).board;
      after.play(move.move);
      addRegion(after, next, search);
    }
    return next;
  }

  static cgt::Side sideOf(Color c) { return c == Color::Black ? cgt::Side::Left : cgt::Side::Right; }

  // Each raw region G lies between -w and b, with b and w the empty squares Black's and White's
  // amazons can reach there (reachableEmpty). The mover wins if it wins with every raw region
  // at the opponent's bound, and loses if it loses with every one at its own.
  std::optional<bool> decidedByBounds(const SumState& state, Color mover, const std::function<void()>& poll) {
    int blackBound = 0, whiteBound = 0;
    for (const RawRegion& r : state.raw) {
      blackBound += reachable(r, Color::Black);
      whiteBound += reachable(r, Color::White);
    }
    const cgt::Side side = sideOf(mover);
    cgt::PartSum worst = state.known, best = state.known;
    worst.add(cgt::integer(mover == Color::Black ? -whiteBound : blackBound));
    best.add(cgt::integer(mover == Color::Black ? blackBound : -whiteBound));
    if (knownSums.moverWins(worst, side, poll)) return true;
    if (!knownSums.moverWins(best, side, poll)) return false;
    return std::nullopt;
  }

  bool moverWinsSum(const SumState& state, Color mover, Search& search) {
    const std::function<void()> poll = [&search] { search.checkTime(); };
    if (state.raw.empty()) return knownSums.moverWins(state.known, sideOf(mover), poll);
    const std::string key = sumKey(state, mover);
    {
      decltype(sumTable)::const_accessor found;
      if (sumTable.find(found, key)) return found->second;
    }
    if (const std::optional<bool> bounded = decidedByBounds(state, mover, poll)) return *bounded;
    ++nodes;
    if ((nodes & 1023) == 0) search.checkTime();
    if (search.rawLeft-- <= 0) throw SearchTooLong{};
    bool wins = false;
    for (const RawMove& move : orderedRawMoves(state, mover))
      if (!moverWinsSum(afterRawMove(state, move, search), opposite(mover), search)) {
        wins = true;
        break;
      }
    if (!wins)
      for (const auto& [part, option] : state.known.moves(sideOf(mover)))
        if (!moverWinsSum(SumState{state.known.replaced(part, option), state.raw}, opposite(mover), search)) {
          wins = true;
          break;
        }
    // Number avoidance: with a known part that is not a number, some move outside the numbers
    // wins if any does (the move to the option that attains the part's stop does). Without one
    // the raw regions may add up to a number, and moving in the number may be the only win.
    if (!wins && state.known.parts().empty()) {
      const cgt::GameId x = cgt::number(state.known.number());
      for (cgt::GameId option : mover == Color::Black ? cgt::leftOptions(x) : cgt::rightOptions(x)) {
        SumState next{{}, state.raw};
        next.known.add(option);
        if (!moverWinsSum(next, opposite(mover), search)) {
          wins = true;
          break;
        }
      }
    }
    remember(sumTable, key, wins);
    return wins;
  }

  // The whole position as a sum: known chamber values as parts, the others raw. `except`
  // leaves one chamber out.
  static SumState sumOf(const std::vector<ChamberReport>& chambers, size_t except = SIZE_MAX) {
    SumState state;
    for (size_t i = 0; i < chambers.size(); ++i) {
      if (i == except) continue;
      if (chambers[i].value) state.known.add(*chambers[i].value);
      else state.raw.push_back(rawRegion(chambers[i].region));
    }
    return state;
  }

  // The verdict for one side to move, and its winning (or most stubborn) moves. Candidates go
  // best mean for the mover first (when every value is known), so the first winning one found
  // is the winning move of best mean and, when losing, the first is the most stubborn.
  void decide(const Board& board, const std::vector<ChamberReport>& chambers, SideReport& side, Search& search) {
    const Color mover = side.mover;
    const bool wins = moverWinsSum(sumOf(chambers), mover, search);
    side.verdict = wins ? Verdict::Win : Verdict::Loss;
    side.hasMove = board.hasMove(mover);
    if (!side.hasMove) return;
    // A move changes one chamber: the rest stays as it was, and means add.
    struct Candidate {
      Move onBoard;
      std::optional<cgt::Dyadic> mean;  // for the mover
      SumState after;                   // the opponent to move
    };
    std::vector<Candidate> candidates;
    const bool exact = std::all_of(chambers.begin(), chambers.end(), [](const ChamberReport& r) { return r.value.has_value(); });
    cgt::Dyadic totalMean;
    if (exact)
      for (const ChamberReport& report : chambers) totalMean += cgt::mean(*report.value);
    for (size_t i = 0; i < chambers.size(); ++i) {
      const ChamberReport& report = chambers[i];
      const bool mine = mover == Color::Black ? report.chamber.blackAmazons > 0 : report.chamber.whiteAmazons > 0;
      if (!mine || report.chamber.empty == 0) continue;
      const SumState rest = sumOf(chambers, i);
      const cgt::Dyadic restMean = exact ? totalMean - cgt::mean(*report.value) : cgt::Dyadic{};
      const RegionFrame frame = RegionFrame::of(board, report.chamber);
      std::vector<Move> moves = report.region.legalMoves(mover);
      // In a territory every move leaves at most one move less, which the first move of an
      // optimal filling does: the others are dominated and need no look unless all are asked.
      if (report.moves && !options.allWinningMoves) {
        const std::vector<Move> line = territory.solve(report.region, mover, true, search.deadline).line;
        if (!line.empty()) moves = {line.front()};
      }
      for (const Move& m : moves) {
        Board after = report.region;
        after.play(m);
        Candidate c{frame.toBoard(board, report.region, m), std::nullopt, rest};
        // The chamber's options, valued within the search's allowance: those of a form just
        // built are in the table, those of a value proven by a probe (in this analysis or an
        // earlier one) may be far larger, and stay raw.
        SumState moved;
        addRegion(after, moved, search);
        const std::vector<cgt::GameId> values = moved.known.values();
        if (exact && moved.raw.empty()) {
          cgt::Dyadic mean = restMean;
          for (cgt::GameId v : values) mean += cgt::mean(v);
          c.mean = mover == Color::Black ? mean : -mean;
        }
        for (cgt::GameId v : values) c.after.known.add(v);
        for (RawRegion& r : moved.raw) c.after.raw.push_back(std::move(r));
        candidates.push_back(std::move(c));
      }
    }
    std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
      return a.mean && (!b.mean || *b.mean < *a.mean);
    });
    if (!wins) {
      side.bestMove = candidates.front().onBoard;
      return;
    }
    // The verdict's search has just proven a move winning, and the table likely holds it: with
    // a raw chamber (no means to order by) take it from there, rather than prove the losing
    // moves before it in turn (a 10x10 line: 18,000 positions searched to none).
    if (!options.allWinningMoves && !exact)
      for (const Candidate& c : candidates) {
        if (c.after.raw.empty()) continue;
        decltype(sumTable)::const_accessor found;
        if (!sumTable.find(found, sumKey(c.after, opposite(mover))) || found->second) continue;
        side.winningMoves.push_back(c.onBoard);
        side.bestMove = c.onBoard;
        return;
      }
    for (const Candidate& c : candidates) {
      if (moverWinsSum(c.after, opposite(mover), search)) continue;
      side.winningMoves.push_back(c.onBoard);
      if (!side.bestMove) side.bestMove = c.onBoard;
      if (!options.allWinningMoves) break;
    }
  }
};

std::optional<cgt::GameId> canonicalTotal(const Analysis& analysis, uint64_t allowance, const Deadline& deadline) {
  std::vector<cgt::GameId> values;
  for (const ChamberReport& r : analysis.chambers) {
    if (!r.value) return std::nullopt;
    values.push_back(*r.value);
  }
  return cgt::sumWithin(values, allowance, deadline.at);
}

Solver::Solver(SolveOptions options) : impl_(std::make_unique<Impl>(options)) {}
Solver::~Solver() = default;

cgt::GameId Solver::value(const Board& region) { return impl_->value(region, Impl::Search{}); }
std::string Solver::stage() const {
  const uint32_t stage = impl_->stage.load(std::memory_order_relaxed);
  switch (stage & 0xFF) {
    case Impl::ChamberValue: return std::string("chamber ") + static_cast<char>(stage >> 8);
    case Impl::BlackVerdict: return "verdict, Black to move";
    case Impl::WhiteVerdict: return "verdict, White to move";
    case Impl::Total: return "total";
    default: return "";
  }
}
uint64_t Solver::nodes() const { return impl_->nodes + impl_->knownSums.nodes() + impl_->territory.nodes(); }
void Solver::clear() {
  impl_->chamberTable.clear();
  impl_->boardTable.clear();
  impl_->smallTable.clear();
  impl_->sumTable.clear();
  impl_->knownSums.clear();
  impl_->tableBytes = 0;
  impl_->territory.clear();
}

Analysis Solver::analyse(const Board& board) {
  const auto start = std::chrono::steady_clock::now();
  const uint64_t nodesBefore = nodes();
  Impl& s = *impl_;
  Impl::Search search;
  search.deadline = Deadline::after(s.options.timeLimitSeconds, start);
  Analysis a;
  const std::vector<Chamber> chambers = findChambers(board);
  a.chambers.resize(chambers.size());
  for (size_t i = 0; i < chambers.size(); ++i) {
    ChamberReport& r = a.chambers[i];
    r.chamber = chambers[i];
    r.region = extractRegion(board, chambers[i]);
    r.letter = chamberLabel(i);
  }
  // Contested chambers get their canonical form first, within the full allowance: the values
  // are reported anyway, and a chamber known makes the search over sums far smaller (two raw
  // 12-empty chambers: 59,000 sum positions; one: 900). Under a time limit the verdicts come
  // first: a quick allowance, the search, and then the full one for the values still unknown.
  constexpr uint64_t kUnlimited = std::numeric_limits<uint64_t>::max();
  const bool quickFirst = s.options.timeLimitSeconds > 0 && s.options.canonicalNodes != kUnlimited;
  const uint64_t first = quickFirst ? std::max<uint64_t>(1, s.options.canonicalNodes / kQuickShare) : s.options.canonicalNodes;
  auto allKnown = [&] {
    return std::all_of(a.chambers.begin(), a.chambers.end(), [](const ChamberReport& r) { return r.value.has_value(); });
  };
  try {
    // Probes for simple values first, one chamber after another, also where the forms below
    // go parallel: which probes fit their positions must not depend on the threads.
    const Deadline probeDeadline = Deadline::after(s.options.timeLimitSeconds * kProbeTimeShare, start);
    if (s.options.canonicalNodes != 0)
      for (ChamberReport& r : a.chambers) {
        if (r.chamber.kind != ChamberClass::Contested || r.chamber.empty < kProbeEmpty) continue;
        if ((r.value = s.stored(board, r.chamber))) continue;  // no probe for a value the database has
        s.setStage(Impl::ChamberValue, r.letter);
        r.value = s.simpleValue(board, r.chamber, kProbePositions, search, probeDeadline);
        r.valueBySearch = r.value.has_value();
      }
    auto rootValue = [&](size_t i) {
      ChamberReport& r = a.chambers[i];
      if (r.value) return;
      s.setStage(Impl::ChamberValue, r.letter);
      const ChamberClass kind = r.chamber.kind;
      if (kind == ChamberClass::BlackOnly || kind == ChamberClass::WhiteOnly) {
        const Color owner = kind == ChamberClass::BlackOnly ? Color::Black : Color::White;
        const TerritoryResult t = s.territory.solve(r.region, owner, s.options.fillingLines, search.deadline);
        r.moves = t.moves;
        r.value = cgt::integer(owner == Color::Black ? t.moves : -t.moves);
        const RegionFrame frame = RegionFrame::of(board, r.chamber);
        for (const Move& m : t.line) r.fillingLine.push_back(frame.toBoard(board, r.region, m));
        return;
      }
      if (kind == ChamberClass::Dead || kind == ChamberClass::Closed) r.moves = 0;
      r.value = s.tryChamberValue(board, r.chamber, first, search, true);  // unset: decided by search
    };
    // Tries under a budget run one chamber after another, in order: chambers share followers
    // in the table, so which one fits its budget must not depend on the threads' timing (for
    // one analysis at a time: analyses of a batch run at once share the table too).
    // Chambers all below the size whose options go parallel take a few milliseconds at most:
    // less than starting the thread pool in a fresh process (1-3 ms), which they then skip.
    if (first == kUnlimited && std::any_of(a.chambers.begin(), a.chambers.end(), [](const ChamberReport& r) { return r.chamber.empty >= kParallelEmpty; })) {
      TaskEdges edges;
      // The range form: the index form wraps the body in an object made after beforeSpawn.
      const auto body = [&](const tbb::blocked_range<size_t>& range) {
        edges.taskStart();
        for (size_t i = range.begin(); i != range.end(); ++i) rootValue(i);
        edges.taskEnd();
      };
      edges.beforeSpawn();
      tbb::parallel_for(tbb::blocked_range<size_t>(0, a.chambers.size()), body);
      edges.afterJoin();
    } else
      for (size_t i = 0; i < a.chambers.size(); ++i) rootValue(i);
    // The verdicts in turn too: the searches' own tries fill the table for later positions.
    // Each time anew: a search given up, or values found since, leave the last reports stale.
    auto tryUnknown = [&](uint64_t allowance) {
      for (ChamberReport& r : a.chambers)
        if (!r.value) {
          s.setStage(Impl::ChamberValue, r.letter);
          r.value = s.tryChamberValue(board, r.chamber, allowance, search, true);
        }
    };
    auto decideBoth = [&] {
      a.blackToMove = SideReport{Color::Black};
      a.whiteToMove = SideReport{Color::White};
      s.setStage(Impl::BlackVerdict);
      s.decide(board, a.chambers, a.blackToMove, search);
      s.setStage(Impl::WhiteVerdict);
      s.decide(board, a.chambers, a.whiteToMove, search);
    };
    // In rounds: the search over sums, with the chambers still unknown raw, may visit as many
    // positions as the chambers had expansions; past that it gives up, and the unknown
    // chambers are tried again with four times the allowance, and so on. Raw chambers side by
    // side make the search grow as the product of their games, a form only with its own
    // followers: a line with two 12-empty chambers searched over ten minutes, where their
    // forms take 1.1 s. Each round keeps what the last one stored, so that the rounds cost a
    // constant factor at most. Once the table is half full the search goes on to the end: it
    // needs room of its own (with a full table it stores nothing and repeats itself).
    uint64_t allowance = first;
    for (;;) {
      // (An allowance of 0, which asks for the search alone, is never raised.)
      const bool lastRound = allKnown() || s.options.canonicalNodes == 0 || allowance == kUnlimited ||
                             s.tableBytes.load(std::memory_order_relaxed) >= s.tableLimit() / 2;
      search.rawLeft = lastRound ? std::numeric_limits<int64_t>::max()
                                 : static_cast<int64_t>(std::min<uint64_t>(allowance, std::numeric_limits<int64_t>::max()));
      try {
        decideBoth();
        break;
      } catch (const Impl::SearchTooLong&) {
        // given up: a larger allowance for the unknown chambers, below
      }
      allowance = allowance > kUnlimited / 4 ? kUnlimited : allowance * 4;
      tryUnknown(allowance);
    }
    search.rawLeft = std::numeric_limits<int64_t>::max();
    if (!allKnown() && s.options.canonicalNodes > allowance) {  // under a time limit
      tryUnknown(s.options.canonicalNodes);
      if (allKnown()) decideBoth();  // every value known now: choose the moves again, by mean
    }
    if (allKnown()) {
      cgt::Dyadic mean;
      for (const ChamberReport& r : a.chambers) mean += cgt::mean(*r.value);
      a.totalMean = mean;
      s.setStage(Impl::Total);
      a.total = canonicalTotal(a, s.options.totalNodes, search.deadline);
    }
  } catch (const SolveTimeout&) {
    a.total.reset();
    a.totalMean.reset();
    a.blackToMove = SideReport{Color::Black};
    a.whiteToMove = SideReport{Color::White};
    a.blackToMove.hasMove = board.hasMove(Color::Black);
    a.whiteToMove.hasMove = board.hasMove(Color::White);
  }
  if (s.options.learn) s.learn(board, a.chambers);
  s.setStage(Impl::Idle);
  a.nodes = nodes() - nodesBefore;
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return a;
}

}  // namespace amazons
