// Regions on bit masks (solver/amazons/small_region.h) and their table
// (solver/core/exact_table.h), each against a plain twin: naive moves, findChambers, the naive canonical text,
// std::map, the board's queen-distance territory.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <map>
#include <random>
#include <set>
#include <tuple>
#include <vector>

#include "solver/amazons/chambers.h"
#include "solver/amazons/formats.h"
#include "solver/amazons/leaf_search.h"
#include "solver/amazons/heuristic.h"
#include "solver/amazons/small_region.h"
#include "solver/amazons/leaf_search.h"
#include "solver/core/exact_table.h"
#include "tests/support/naive.h"

namespace amazons {
namespace {

// A random board of at most 64 squares, any shape the masks allow (1x1 .. 16x4).
Board randomSmallBoard(std::mt19937_64& rng) {
  const int w = std::uniform_int_distribution<int>(1, 16)(rng);
  const int h = std::uniform_int_distribution<int>(1, std::min(16, 64 / w))(rng);
  return testing::randomBoard(rng, w, h, std::uniform_int_distribution<int>(0, 3)(rng),
                              std::uniform_int_distribution<int>(0, 3)(rng),
                              std::uniform_real_distribution<double>(0.0, 0.6)(rng));
}

SmallRegion after(const Board& board, const Move& m, Color c) {
  Board next = board;
  next.set(m.from, Cell::Empty);
  next.set(m.to, amazonOf(c));
  next.set(m.arrow, Cell::Arrow);
  return toSmall(next);
}

TEST(SmallRegion, OptionsAreThePositionsAfterEachNaiveMove) {
  std::mt19937_64 rng(2026);
  size_t options = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    const Board board = randomSmallBoard(rng);
    ASSERT_EQ(toBoard(toSmall(board)), [&] {
      Board b = board;
      b.setSideToMove(Color::White);
      return b;
    }()) << toOneLine(board);
    for (Color c : {Color::Black, Color::White}) {
      std::vector<SmallRegion> expected, got;
      for (const Move& m : testing::naiveMoves(board, c)) expected.push_back(after(board, m, c));
      forEachOption(toSmall(board), c, [&](const SmallRegion& o) { got.push_back(o); });
      ASSERT_EQ(got, expected) << toOneLine(board) << " " << colorName(c);  // same order too
      ASSERT_EQ(countOptions(toSmall(board), c), static_cast<int>(expected.size())) << toOneLine(board);
      options += got.size();
    }
  }
  EXPECT_GT(options, 50'000u);
}

// A move read off an option replays to it, and a move of random squares is legal exactly
// when some option is the region after it (the leaf search's killer moves).
TEST(SmallRegion, MovesBetweenOptionsReplayAndOnlyLegalOnesPlay) {
  std::mt19937_64 rng(2027);
  size_t replayed = 0, legalRandom = 0, illegalRandom = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    const Board board = randomSmallBoard(rng);
    const SmallRegion region = toSmall(board);
    const int squares = static_cast<int>(region.width * region.height);
    for (Color c : {Color::Black, Color::White}) {
      std::set<std::tuple<uint64_t, uint64_t, uint64_t>> legal;
      for (const Move& m : testing::naiveMoves(board, c)) {
        const SmallRegion option = after(board, m, c);
        const MaskMove move = moveBetween(region, option, c);
        ASSERT_EQ(move.from, uint64_t{1} << m.from) << toOneLine(board);
        ASSERT_EQ(move.to, uint64_t{1} << m.to) << toOneLine(board);
        ASSERT_EQ(move.arrow, uint64_t{1} << m.arrow) << toOneLine(board);
        ASSERT_EQ(playedIfLegal(region, move, c), option) << toOneLine(board);
        legal.insert({move.from, move.to, move.arrow});
        ++replayed;
      }
      std::uniform_int_distribution<int> square(0, squares - 1);
      for (int i = 0; i < 20; ++i) {
        const MaskMove move{uint64_t{1} << square(rng), uint64_t{1} << square(rng), uint64_t{1} << square(rng)};
        const bool isLegal = legal.count({move.from, move.to, move.arrow}) > 0;
        ASSERT_EQ(playedIfLegal(region, move, c).has_value(), isLegal) << toOneLine(board);
        ++(isLegal ? legalRandom : illegalRandom);
      }
      ASSERT_FALSE(playedIfLegal(region, MaskMove{}, c)) << toOneLine(board);
      if (!legal.empty()) {  // two squares at once is no move
        const auto [from, to, arrow] = *legal.begin();
        ASSERT_FALSE(playedIfLegal(region, MaskMove{from, to, arrow | to}, c)) << toOneLine(board);
      }
    }
  }
  EXPECT_GT(replayed, 50'000u);
  EXPECT_GT(legalRandom, 100u);
  EXPECT_GT(illegalRandom, 10'000u);
}

TEST(SmallRegion, ChambersAreFindChambers) {
  std::mt19937_64 rng(77);
  for (int trial = 0; trial < 2000; ++trial) {
    const Board board = randomSmallBoard(rng);
    const SmallRegion region = toSmall(board);
    const std::vector<Chamber> expected = findChambers(board);
    const SmallChambers got = splitChambers(region);
    ASSERT_EQ(got.count, static_cast<int>(expected.size())) << toOneLine(board);
    for (size_t i = 0; i < expected.size(); ++i) {
      uint64_t mask = 0;
      for (int sq : expected[i].squares) mask |= uint64_t{1} << sq;
      ASSERT_EQ(got.masks[i], mask) << toOneLine(board);
      EXPECT_EQ(chamberClassOf(region, mask), expected[i].kind) << toOneLine(board);
      EXPECT_EQ(smallChamber(board, expected[i]), toSmall(extractRegion(board, expected[i]))) << toOneLine(board);
    }
  }
}

TEST(SmallRegion, MostChambersFitTheirArray) {
  // One square in every 2x2 block, the rest arrows: the most chambers 64 squares can hold.
  for (int w = 1; w <= 16; ++w)
    for (int h = 1; h <= 16 && w * h <= 64; ++h) {
      Board board(w, h);
      for (int sq = 0; sq < board.squares(); ++sq)
        board.set(sq, board.fileOf(sq) % 2 == 0 && board.rankOf(sq) % 2 == 0 ? Cell::Empty : Cell::Arrow);
      const int expected = ((w + 1) / 2) * ((h + 1) / 2);
      EXPECT_LE(expected, 32);
      EXPECT_EQ(splitChambers(toSmall(board)).count, expected);
    }
}

// The normalised chamber, as a region of its own.
SmallRegion normalisedOf(const Board& board) {
  const SmallRegion region = toSmall(board);
  return normalisedChamber(region, region.black | region.white | region.empty);
}

TEST(SmallRegion, NormalisedChambersMatchRegionKeys) {
  // Twin: testing::naiveCanonicalText, the least text of the eight images. Equal normalised
  // forms for the same text (every image of a chamber), different ones for different texts,
  // and each form an image of its chamber.
  std::mt19937_64 rng(4242);
  std::map<std::string, SmallRegion> byKey;
  int images = 0;
  for (int trial = 0; trial < 1800; ++trial) {
    // Boxes of at most 8 x 8 (bit-matrix images) and wider ones (square by square).
    const bool wide = trial % 3 == 0;
    const int w = std::uniform_int_distribution<int>(1, wide ? 16 : 8)(rng);
    const int h = std::uniform_int_distribution<int>(1, wide ? 4 : 8)(rng);
    const Board board = testing::randomBoard(rng, w, h, 1, 1, std::uniform_real_distribution<double>(0.1, 0.5)(rng));
    for (const Chamber& chamber : findChambers(board)) {
      const Board region = extractRegion(board, chamber);
      const std::string key = testing::naiveCanonicalText(region);
      for (const Board& image : testing::symmetricImages(region)) {
        const SmallRegion form = normalisedOf(image);
        ASSERT_EQ(testing::naiveCanonicalText(toBoard(form)), key) << toOneLine(image);
        const auto [it, fresh] = byKey.emplace(key, form);
        ASSERT_EQ(it->second, form) << toOneLine(image);
        ++images;
      }
    }
  }
  std::set<std::tuple<uint64_t, uint64_t, uint64_t, uint32_t, uint32_t>> forms;
  for (const auto& [key, form] : byKey) forms.insert({form.empty, form.black, form.white, form.width, form.height});
  EXPECT_EQ(forms.size(), byKey.size());  // different keys, different forms
  EXPECT_GT(byKey.size(), 500u);
  EXPECT_GT(images, 10'000);
}

TEST(SmallRegion, NormalisedChamberIsCroppedFromItsRegion) {
  // A chamber inside a larger frame with other chambers around it: only its own squares.
  const Board board = parseOneLine("x.#o.|.o#..|###.x");
  const SmallRegion region = toSmall(board);
  const SmallChambers chambers = splitChambers(region);
  ASSERT_EQ(chambers.count, 2);
  const SmallRegion right = normalisedChamber(region, chambers.masks[0]), left = normalisedChamber(region, chambers.masks[1]);
  EXPECT_EQ(testing::naiveCanonicalText(toBoard(right)), testing::naiveCanonicalText(parseOneLine("o.|..|.x")));
  EXPECT_EQ(right.width, 2u);  // the narrower frame
  EXPECT_EQ(testing::naiveCanonicalText(toBoard(left)), testing::naiveCanonicalText(parseOneLine("x.|.o")));
}

// The longest run of moves of c alone (the other side never moving), by naive moves.
int longestRun(Board& board, Color c) {
  int best = 0;
  for (const Move& m : testing::naiveMoves(board, c)) {
    board.play(m);
    best = std::max(best, 1 + longestRun(board, c));
    board.undo(m);
  }
  return best;
}

TEST(SmallRegion, ReachableSquaresBoundTheLongestRunOfOneSide) {
  // Twin: a square-by-square flood from c's amazons over empty squares. The count bounds every
  // run of c's moves (checked in full on small regions), which is what makes it a bound on
  // the region's value.
  std::mt19937_64 rng(31);
  int tight = 0, runs = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    Board board = randomSmallBoard(rng);
    for (Color c : {Color::Black, Color::White}) {
      std::vector<bool> reached(board.squares());
      std::vector<int> frontier;
      for (int sq = 0; sq < board.squares(); ++sq)
        if (board.at(sq) == amazonOf(c)) frontier.push_back(sq);
      int count = 0;
      while (!frontier.empty()) {
        const int sq = frontier.back();
        frontier.pop_back();
        for (int df = -1; df <= 1; ++df)
          for (int dr = -1; dr <= 1; ++dr) {
            const int f = board.fileOf(sq) + df, r = board.rankOf(sq) + dr;
            if (f < 0 || r < 0 || f >= board.width() || r >= board.height()) continue;
            const int next = board.square(f, r);
            if (board.at(next) != Cell::Empty || reached[next]) continue;
            reached[next] = true;
            ++count;
            frontier.push_back(next);
          }
      }
      const SmallRegion masks = toSmall(board);
      const int bound = maskPopcount(reachableSquares(masks.frame(), masks.amazons(c), masks.empty));
      ASSERT_EQ(bound, count) << toOneLine(board) << " " << colorName(c);
      if (board.emptyCount() > 6) continue;
      const int run = longestRun(board, c);
      ASSERT_LE(run, bound) << toOneLine(board) << " " << colorName(c);
      ++runs;
      tight += run == bound;
    }
  }
  EXPECT_GT(runs, 1000);
  EXPECT_GT(tight, 300);
}

struct Key {
  uint64_t a, b;
  bool operator==(const Key&) const = default;
};
// The same keys stored without a used flag (as the leaf table's): packed, never all zero.
struct [[gnu::packed, gnu::aligned(4)]] PackedKey {
  uint64_t a;
  uint32_t bPlusOne;
  static constexpr bool kNeverZero = true;
  bool operator==(const PackedKey&) const = default;
};
// The same keys hashed by their own function (as the leaf table's), a plain one: equality is
// still decided by the keys alone.
struct OwnHashKey {
  uint64_t a, b;
  bool operator==(const OwnHashKey&) const = default;
  static uint64_t hash(const OwnHashKey& k) { return (k.a * 0x9E3779B97F4A7C15ull) ^ (k.b << 59); }
};
template <typename K>
K makeKey(uint64_t a, uint64_t b) {
  if constexpr (std::is_same_v<K, PackedKey>) return PackedKey{a, static_cast<uint32_t>(b + 1)};
  else return K{a, b};
}
uint64_t tagOf(const Key& k) { return k.b; }
uint64_t tagOf(const OwnHashKey& k) { return k.b; }
uint64_t tagOf(const PackedKey& k) { return k.bPlusOne - 1; }

// The queen-distance territory by hand: a breadth-first search from each colour's amazons,
// one square's queen targets (Board::queenTargets) at a time.
int naiveQueenTerritory(const Board& board) {
  auto distances = [&](Color c) {
    std::vector<int> dist(board.squares(), std::numeric_limits<int>::max()), frontier = board.amazons(c), next, targets;
    for (int sq : frontier) dist[sq] = 0;
    for (int d = 1; !frontier.empty(); ++d, frontier.swap(next)) {
      next.clear();
      for (int sq : frontier) {
        targets.clear();
        board.queenTargets(sq, targets);
        for (int t : targets)
          if (dist[t] > d) {
            dist[t] = d;
            next.push_back(t);
          }
      }
    }
    return dist;
  };
  const std::vector<int> black = distances(Color::Black), white = distances(Color::White);
  int territory = 0;
  for (int sq = 0; sq < board.squares(); ++sq)
    if (board.at(sq) == Cell::Empty) territory += (black[sq] < white[sq]) - (white[sq] < black[sq]);
  return territory;
}

TEST(SmallRegion, QueenTerritoryAgreesWithABreadthFirstSearch) {
  // On masks (SmallRegion, and boards of every size on the narrowest masks that hold them),
  // against the naive search.
  std::mt19937_64 rng(64);
  for (int trial = 0; trial < 3000; ++trial) {
    const Board board = randomSmallBoard(rng);
    ASSERT_EQ(queenTerritory(toSmall(board)), naiveQueenTerritory(board)) << toOneLine(board);
    ASSERT_EQ(queenTerritory(board), naiveQueenTerritory(board)) << toOneLine(board);
  }
  for (int trial = 0; trial < 1000; ++trial) {
    const int w = std::uniform_int_distribution<int>(8, 16)(rng), h = std::uniform_int_distribution<int>(8, 16)(rng);
    const Board board = testing::randomBoard(rng, w, h, std::uniform_int_distribution<int>(1, 4)(rng),
                                             std::uniform_int_distribution<int>(1, 4)(rng),
                                             std::uniform_real_distribution<double>(0.0, 0.6)(rng));
    ASSERT_EQ(queenTerritory(board), naiveQueenTerritory(board)) << toOneLine(board);
  }
  // By hand: Black reaches both squares of its side first, the middle one is White's.
  EXPECT_EQ(queenTerritory(toSmall(parseOneLine("x..#.o"))), 2 - 1);
  EXPECT_EQ(queenTerritory(toSmall(parseOneLine("x.o"))), 0);
}

TEST(SmallRegion, WideMasksCountTheBoardsMoves) {
  // Boards of up to 128 squares on 128-bit masks (the move order of raw regions larger than
  // 64 squares): the same moves as the board counts, and the same territory as the naive search.
  std::mt19937_64 rng(128);
  for (int trial = 0; trial < 500; ++trial) {
    const int w = std::uniform_int_distribution<int>(1, 16)(rng);
    const int h = std::uniform_int_distribution<int>(1, std::min(16, 128 / w))(rng);
    const Board board = testing::randomBoard(rng, w, h, std::uniform_int_distribution<int>(0, 4)(rng),
                                             std::uniform_int_distribution<int>(0, 4)(rng),
                                             std::uniform_real_distribution<double>(0.0, 0.6)(rng));
    const WideRegion wide = toWide(board);
    const MaskFrame<WideMask> frame(w, h);
    ASSERT_EQ(countOptions(frame, wide.black, wide.empty), static_cast<int>(board.countMoves(Color::Black))) << toOneLine(board);
    ASSERT_EQ(countOptions(frame, wide.white, wide.empty), static_cast<int>(board.countMoves(Color::White))) << toOneLine(board);
    ASSERT_EQ(queenTerritory(frame, wide.black, wide.white, wide.empty), naiveQueenTerritory(board)) << toOneLine(board);
  }
}

template <typename K, size_t Window = 16>
void agreesWithAMap() {
  // A large reservation holds every array; a 4 KB one sends all but the first to the heap.
  // After clear() the table starts again on pages handed back, which must come zeroed.
  for (const size_t reserve : {size_t{1} << 26, size_t{4096}}) {
    std::mt19937_64 rng(11);
    ExactTable<K, uint32_t, Window> table(reserve);
    for (int round = 0; round < 2; ++round) {
      std::map<std::pair<uint64_t, uint64_t>, uint32_t> twin;
      for (int i = 0; i < 200'000; ++i) {
        // Few distinct keys, so that most inserts and finds meet a key already there.
        const uint64_t ka = rng() % 5000, kb = rng() % 7;
        const K key = makeKey<K>(ka, kb);
        const uint32_t value = static_cast<uint32_t>(rng());
        if (rng() % 2) {
          const bool fresh = twin.emplace(std::pair{ka, kb}, value).second;
          ASSERT_EQ(table.insert(key, value), fresh) << reserve;
        } else {
          const auto it = twin.find({ka, kb});
          const std::optional<uint32_t> got = table.find(key);
          ASSERT_EQ(got.has_value(), it != twin.end()) << reserve;
          if (got) {
            ASSERT_EQ(*got, it->second) << reserve;
          }
        }
      }
      table.clear();
      for (const auto& [key, value] : twin) ASSERT_FALSE(table.find(makeKey<K>(key.first, key.second))) << reserve;
    }
  }
}

TEST(ExactTable, AgreesWithAMap) { agreesWithAMap<Key>(); }
TEST(ExactTable, KeysWithoutAFlagAgreeWithAMap) { agreesWithAMap<PackedKey>(); }
TEST(ExactTable, ShortWindowsAgreeWithAMap) { agreesWithAMap<PackedKey, 4>(); }
TEST(ExactTable, KeysWithTheirOwnHashAgreeWithAMap) {
  EXPECT_EQ((ExactTable<OwnHashKey, uint32_t>::hash(OwnHashKey{3, 4})), OwnHashKey::hash(OwnHashKey{3, 4}));
  agreesWithAMap<OwnHashKey>();
}

// The leaf table's own hash (an inline mix, not XXH3) spreads the keys a search meets, the
// options of one region differing in a few bits, evenly over the shards (the top 6 bits) and
// over the slots of a shard (the low bits).
TEST(ExactTable, LeafKeysSpreadOverShardsAndSlots) {
  using LeafKey = solve::LeafSearch::Key;
  std::mt19937_64 rng(29);
  std::set<std::tuple<uint64_t, uint64_t, uint64_t, uint32_t>> seen;
  std::vector<uint64_t> hashes;
  while (hashes.size() < 200'000) {
    const SmallRegion region = toSmall(randomSmallBoard(rng));
    for (const Color mover : {Color::Black, Color::White})
      forEachOption(region, mover, [&](const SmallRegion& option) {
        const LeafKey key{option.black, option.white, option.empty, option.width | option.height << 8 | static_cast<uint32_t>(mover) << 16};
        if (seen.emplace(key.black, key.white, key.empty, key.shape).second) hashes.push_back(LeafKey::hash(key));
      });
  }
  for (const auto& [bits, shift] : {std::pair{6, 58}, std::pair{10, 0}}) {
    std::vector<double> counts(size_t{1} << bits);
    for (const uint64_t h : hashes) ++counts[(h >> shift) & ((uint64_t{1} << bits) - 1)];
    const double expected = static_cast<double>(hashes.size()) / counts.size();
    double chiSquare = 0;
    for (const double c : counts) chiSquare += (c - expected) * (c - expected) / expected;
    // Uniform: about the buckets less one (63, 1023), standard deviation sqrt(2 (k - 1)).
    EXPECT_LT(chiSquare, counts.size() + 6 * std::sqrt(2.0 * counts.size())) << bits << " bits";
  }
}

// An array outgrown gives its pages back: the bytes held stay within what the live arrays
// need (at least a quarter full each, 24-byte entries, and the arrays below a page, which
// stay), where keeping every outgrown array would hold about twice that.
TEST(ExactTable, OutgrownArraysAreGivenBack) {
  std::atomic<size_t> account{0};
  ExactTable<Key, uint32_t> table(size_t{1} << 26, &account);
  constexpr uint64_t kKeys = 200'000;
  for (uint64_t k = 0; k < kKeys; ++k) table.insert(Key{k, 7}, 1);
  EXPECT_EQ(account.load(), table.bytes());
  EXPECT_LE(table.bytes(), 4 * 24 * kKeys + 64 * 8192);
  EXPECT_GT(table.bytes(), 2 * 24 * kKeys);
}

// A lossy table (the leaf table's kind: a window of 4) grows only when half full, where a
// table that must keep every key would double again whenever some window is full: what it
// finds is exact, it loses few keys, and its arrays stay at least a quarter full.
TEST(ExactTable, LossyTablesLoseFewAndGrowOnlyWhenHalfFull) {
  ExactTable<PackedKey, uint32_t, 4, true> table(size_t{1} << 26);
  constexpr uint64_t kKeys = 200'000;
  for (uint64_t k = 0; k < kKeys; ++k) table.insert(makeKey<PackedKey>(k, 7), static_cast<uint32_t>(k));
  size_t held = 0;
  for (uint64_t k = 0; k < kKeys; ++k)
    if (const std::optional<uint32_t> got = table.find(makeKey<PackedKey>(k, 7))) {
      ASSERT_EQ(*got, k);
      ++held;
    }
  EXPECT_GT(held, kKeys * 95 / 100);  // 96% with these keys
  EXPECT_GT(held, table.capacity() / 4);
}

// A table that may not grow takes new keys as a cache (Room::Replace): whatever it finds is
// what was stored last for that key, a key just stored is found, one of least worth gives way
// first, and Room::None stores nothing new. The bytes of its arrays are counted as allocated.
template <typename K, size_t Window = 16>
void replacingKeepsWhatItFindsExact() {
  std::mt19937_64 rng(12);
  std::atomic<size_t> bytes{0};
  ExactTable<K, uint32_t, Window> table(size_t{1} << 22, &bytes);
  std::map<std::pair<uint64_t, uint64_t>, uint32_t> twin;  // the last value stored for each key
  const auto worth = [](const K& k, const uint32_t&) { return static_cast<int>(tagOf(k)); };
  for (int i = 0; i < 300'000; ++i) {
    const uint64_t ka = rng() % 40'000, kb = rng() % 7;
    const K key = makeKey<K>(ka, kb);
    const uint32_t value = static_cast<uint32_t>(rng());
    const Room room = i < 20'000 ? Room::Grow : i % 10 == 0 ? Room::None : Room::Replace;
    const std::optional<uint32_t> before = table.find(key);
    const auto it = twin.find({ka, kb});
    if (before) {
      ASSERT_NE(it, twin.end()) << i;
      ASSERT_EQ(*before, it->second) << i;
    }
    const bool stored = table.merge(key, value, table.hash(key), [](uint32_t& s, const uint32_t& v) { s = v; }, room, worth);
    ASSERT_EQ(stored, !before && room != Room::None && table.find(key).has_value()) << i;
    if (before || stored) twin[{ka, kb}] = value;
    if (before || stored) {
      ASSERT_EQ(table.find(key), value) << i;
    }
  }
  EXPECT_GT(bytes.load(), 0u);
  // Everything the table holds, full as it is, is still exact.
  size_t held = 0, heldWorthy = 0, stored = 0, storedWorthy = 0;
  for (const auto& [key, value] : twin) {
    const std::optional<uint32_t> got = table.find(makeKey<K>(key.first, key.second));
    ++stored;
    storedWorthy += key.second >= 4;
    if (!got) continue;
    ASSERT_EQ(*got, value);
    ++held;
    heldWorthy += key.second >= 4;
  }
  EXPECT_LT(held, stored);                       // some keys gave way
  EXPECT_GT(held, table.capacity() * 3 / 4);  // a cache fills its arrays (a growing table, half)
  EXPECT_GT(static_cast<double>(heldWorthy) / storedWorthy, static_cast<double>(held) / stored);  // the worthy stay more
  table.clear();
  EXPECT_EQ(bytes.load(), 0u);
}

TEST(ExactTable, ReplacingKeepsWhatItFindsExact) { replacingKeepsWhatItFindsExact<Key>(); }
TEST(ExactTable, ReplacingKeysWithoutAFlagKeepsWhatItFindsExact) { replacingKeepsWhatItFindsExact<PackedKey>(); }
TEST(ExactTable, ReplacingInShortWindowsKeepsWhatItFindsExact) { replacingKeepsWhatItFindsExact<PackedKey, 4>(); }
TEST(ExactTable, ReplacingKeysWithTheirOwnHashKeepsWhatItFindsExact) { replacingKeepsWhatItFindsExact<OwnHashKey, 4>(); }

}  // namespace
}  // namespace amazons
