#include "solver/amazons/leaf_search.h"

#include <array>
#include <cassert>
#include <vector>

#include "solver/amazons/small_territory.h"

namespace amazons::solve {

namespace {

// One empty square: a side with an amazon beside it has one move, there, shooting back, after
// which the region is dead, so G is *, 1, -1 or 0 (whatever the chambers: the others have no
// empty square). The mover wins G + n by that move if n is not against it, else only if G + n
// is an integer in its favour.
bool oneEmptyWins(const SmallRegion& region, int64_t number, Color mover) {
  const uint64_t beside = SmallFrame(static_cast<int>(region.width), static_cast<int>(region.height)).dilate(region.empty);
  const bool blackMoves = beside & region.black, whiteMoves = beside & region.white;
  if (mover == Color::Black) return blackMoves ? number >= 0 : number >= 1 + whiteMoves;
  return whiteMoves ? number <= 0 : number <= -1 - blackMoves;
}

// A spare move in the number, tried only when the mover's moves in G all lose (number
// avoidance): whether the opponent loses G + n with n one nearer 0, by opponentWinsAt(n').
template <typename OpponentWinsAt>
bool spareMoveWins(int64_t number, Color mover, OpponentWinsAt&& opponentWinsAt) {
  if (mover == Color::Black && number > 0) return !opponentWinsAt(number - 1);
  if (mover == Color::White && number < 0) return !opponentWinsAt(number + 1);
  return false;
}

// One to LeafSearch::kPlainEmpty empty squares: plain minimax over the region as it stands
// (chambers and all), each option in the order it comes, one empty square closed as above.
// Exact whatever the chambers, as that is. The host counts each position of four or more empty squares
// (the engine's allowances, probes' and rounds', are in positions): the 4x6 start counts
// 13.6 M, near the 12.1 M the table's search counted for the same work (those of three too:
// 34 M, and an allowance would buy a third of the work it did).
bool plainWins(const SmallRegion& region, int64_t number, Color mover, LeafHost& host) {
  const int empty = std::popcount(region.empty);
  if (empty == 1) return oneEmptyWins(region, number, mover);
  if (empty >= 4) host.countPosition();
  const Color other = opposite(mover);
  return anyOption(region, mover, [&](const SmallRegion& after) { return !plainWins(after, number, other, host); }) ||
         spareMoveWins(number, mover, [&](int64_t n) { return plainWins(region, n, other, host); });
}

}  // namespace

LeafSearch::LeafSearch(size_t reserveBytes, size_t growBytes, std::atomic<size_t>* account, size_t accountLimit)
    : table_{reserveBytes, account},
      growBytes_(growBytes),
      account_(account),
      accountLimit_(accountLimit) {}

void LeafSearch::clear() {
  killers_.clear();
  table_.clear();
}

// Past its share, or once the engine's tables are full, the table is a cache: a region of
// fewer empty squares, cheaper to search again, gives way first.
void LeafSearch::remember(const Key& key, uint64_t hash, int64_t advantage, bool wins) {
  if (!Bounds::fits(advantage)) return;
  Bounds found;
  found.record(advantage, wins);
  const auto combine = [&](Bounds& stored, const Bounds&) { stored.record(advantage, wins); };
  const auto worth = [](const Key& k, const Bounds&) { return std::popcount(uint64_t{k.empty}); };
  const bool grow = (!account_ || account_->load(std::memory_order_relaxed) < accountLimit_) && table_.bytes() < growBytes_;
  table_.merge(key, found, hash, combine, grow ? Room::Grow : Room::Replace, worth);
}

// `hash`: of key(region, mover), the key before the split.
bool LeafSearch::wins(SmallRegion region, uint64_t hash, int64_t number, Color mover, LeafHost& host) {
  // A few empty squares: decided by plain minimax, sooner than the table would answer, with
  // no split, keys or order (kPlainEmpty).
  if (playedOut(region)) return plainWins(region, number, mover, host);
  // The table's slot is fetched from memory while the region is split and bounded (a region
  // that is one contested chamber, nearly all, keeps this key).
  table_.prefetch(hash);
  // One-colour and dead chambers leave the region: a territory is the integer of its moves.
  const SmallChambers chambers = splitChambers(region);
  bool split = false;  // `hash` is then the key's before the split
  if (chambers.count > 1 || chamberClassOf(region, chambers.masks[0]) != ChamberClass::Contested) {
    uint64_t contested = 0;
    for (int i = 0; i < chambers.count; ++i) {
      // Contested chambers stay in the region as they are: no normalised key for them.
      if (chamberClassOf(region, chambers.masks[i]) == ChamberClass::Contested) contested |= chambers.masks[i];
      else number += host.territory(region, chambers.masks[i]);
    }
    region.black &= contested;
    region.white &= contested;
    region.empty &= contested;
    split = true;
  }
  // lo <= G <= hi (regionBounds): the mover's least and greatest advantage in G + n. The
  // zones and pockets taken once, for the tempo below too.
  const MaskFrame<uint64_t> frame = region.frame();
  const uint64_t blackZone = reachableSquares(frame, region.black, region.empty), whiteZone = reachableSquares(frame, region.white, region.empty);
  const Guaranteed<uint64_t> blackPockets = guaranteedMoves(frame, region.black, region.white, region.empty, whiteZone),
                             whitePockets = guaranteedMoves(frame, region.white, region.black, region.empty, blackZone);
  const RegionBounds b = regionBounds(region, blackZone, whiteZone, blackPockets, whitePockets);
  const int64_t worst = mover == Color::Black ? number + b.lo : -number - b.hi;
  const int64_t best = mover == Color::Black ? number + b.hi : -number - b.lo;
  if (worst > 0) return true;   // the mover wins moving second too
  if (best <= 0) return false;  // G + n <= 0 for Black to move (>= 0 for White): a loss
  if (playedOut(region)) return plainWins(region, number, mover, host);  // (again: a split may leave fewer)
  const Color other = opposite(mover);
  const Key k = key(region, mover);
  if (split) hash = table_.hash(k);  // once the checks above, which need none, are passed
  const int32_t advantage = static_cast<int32_t>(mover == Color::Black ? number : -number);
  if (const std::optional<bool> decided = known(k, hash, advantage)) return *decided;
  // Or by its tempo (tempoBound): a runner's first step, then G' + n >= 0 with the opponent
  // to move. Taken after the table, which finds most positions here first: on 16 frontier
  // lines (one thread) 0.933 times the positions, in about the time; taken before it, 0.946
  // times and 7% more time; kept in the table too, 0.947 times.
  if (const std::optional<int> t = tempoBound(region, mover, mover == Color::Black ? whiteZone : blackZone,
                                                     mover == Color::Black ? blackPockets : whitePockets); t && (mover == Color::Black ? number + *t > 0 : -number - *t > 0))
    return true;
  host.countPosition();
  auto concluded = [&](bool won) {
    won = won || spareMoveWins(number, mover, [&](int64_t n) { return wins(region, n, other, host); });
    remember(k, hash, advantage, won);
    return won;
  };
  // First the move that last won a leaf of as many empty squares for the same mover, where
  // legal (a killer move): where it wins again, the options are neither counted nor sorted.
  // Searched first it costs more positions where it fails, where the best option would have
  // won sooner: the 6x4 first-move set (one thread) 133.9 -> 117.9 s, 8% more positions.
  // Each thread keeps its own, emptied with the table (core::PerThreadEpoch: new with each
  // LeafSearch and at clear()), so that a fresh search's positions do not depend on what
  // other searches did on the same thread.
  MaskMove& killer = killers_.get()[std::popcount(region.empty)][mover == Color::Black];
  const std::optional<SmallRegion> killerOption = playedIfLegal(region, killer, mover);
  if (killerOption && !wins(*killerOption, number, other, host)) return concluded(true);
  // The options leaving the opponent the fewest moves first, as the search above does, on one
  // stack per thread (a nested call pushes above them and pops before they are read).
  // Each option's slot is fetched while the others are made and counted.
  // The order is sorted apart as keys replies << 16 | index, unique, so std::sort keeps the
  // options' order among equal replies: stable_sort of the 48-byte options took 4.6% of a
  // 6x4 first move's time.
  struct Option {
    uint64_t hash;
    SmallRegion after;
  };
  thread_local std::vector<Option> stack;
  thread_local std::vector<uint32_t> order;
  struct Pop {  // also when the search is stopped below
    size_t base;
    ~Pop() {
      stack.resize(base);
      order.resize(base);
    }
  } pop{stack.size()};
  forEachOption(region, mover, [&](const SmallRegion& after) {
    if (killerOption && after == *killerOption) return;  // lost above
    uint64_t h = 0;  // none where the option is played out
    if (!playedOut(after)) {
      h = table_.hash(key(after, other));
      table_.prefetch(h);
    }
    order.push_back(static_cast<uint32_t>(countOptions(after, other)) << 16 | static_cast<uint32_t>(stack.size() - pop.base));
    stack.push_back({h, after});
  });
  assert(stack.size() - pop.base <= 0xFFFF);  // at most kLeafEmpty empty squares: 100 options an amazon
  std::sort(order.begin() + pop.base, order.end());
  const size_t end = stack.size();
  bool won = false;
  for (size_t i = pop.base; i < end && !won; ++i) {
    const Option option = stack[pop.base + (order[i] & 0xFFFF)];  // a copy: the nested search pushes onto the stack
    won = !wins(option.after, option.hash, number, other, host);
    if (won) killer = moveBetween(region, option.after, mover);
  }
  return concluded(won);
}

}  // namespace amazons::solve
