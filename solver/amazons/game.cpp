#include "solver/amazons/game.h"

#include <algorithm>
#include <array>
#include <bit>

#include "solver/amazons/chambers.h"
#include "solver/amazons/formats.h"
#include "solver/amazons/notation.h"
#include "solver/amazons/small_region.h"
#include "solver/amazons/small_territory.h"
#include "solver/amazons/territory.h"
#include "solver/core/deadline.h"
#include "solver/core/errors.h"
#include "solver/core/values.h"

namespace amazons {

GameRegion::GameRegion(const Board& board) : GameRegion(onMasks(board, [](const auto& masks) { return GameRegion(masks); })) {}

Board GameRegion::toBoard() const {
  return visit([](const auto& masks) { return amazons::toBoard(masks); });
}

namespace {

// Each square of a frame of each width (1..64) as its rank: the search above the leaves names
// every option's move, and three divisions by a width known only at run time were 1% of the
// 4x6 start's time.
constexpr auto kRankOf = [] {
  std::array<std::array<uint8_t, kSmallSquares>, kSmallSquares + 1> rank{};
  for (int w = 1; w <= kSmallSquares; ++w)
    for (int sq = 0; sq < kSmallSquares; ++sq) rank[w][sq] = static_cast<uint8_t>(sq / w);
  return rank;
}();

// Square `bit` of a w-wide frame as a file and a rank.
std::pair<uint8_t, uint8_t> fileRank(uint64_t bit, int width) {
  const int sq = std::countr_zero(bit);
  const uint8_t rank = kRankOf[width][sq];
  return {static_cast<uint8_t>(sq - rank * width), rank};
}
template <typename Mask>
std::pair<uint8_t, uint8_t> fileRank(Mask bit, int width) {
  const int sq = maskLowest(bit);
  return {static_cast<uint8_t>(sq % width), static_cast<uint8_t>(sq / width)};
}

}  // namespace

template <typename Mask>
Amazons::Move Amazons::optionMove(const MaskRegion<Mask>& region, const MaskRegion<Mask>& option, Color mover) {
  const MaskMoveOf<Mask> m = moveBetween(region, option, mover);
  const int width = static_cast<int>(region.width);
  const auto [fromFile, fromRank] = fileRank(m.from, width);
  const auto [toFile, toRank] = fileRank(m.to, width);
  const auto [arrowFile, arrowRank] = fileRank(m.arrow, width);
  return {fromFile, fromRank, toFile, toRank, arrowFile, arrowRank};
}
template Amazons::Move Amazons::optionMove(const SmallRegion&, const SmallRegion&, Color);
template Amazons::Move Amazons::optionMove(const WideRegion&, const WideRegion&, Color);
template Amazons::Move Amazons::optionMove(const LargeRegion&, const LargeRegion&, Color);

template <typename Mask>
GameRegion normalisedPart(const MaskRegion<Mask>& region, Mask part) {
  return onNormalisedPart(region, part, [](const auto& form) { return GameRegion(form); });
}
template GameRegion normalisedPart(const SmallRegion&, uint64_t);
template GameRegion normalisedPart(const WideRegion&, WideMask);
template GameRegion normalisedPart(const LargeRegion&, LargeMask);

namespace {

// Part `part` of a region cropped to its bounding box (on the narrowest masks that hold it),
// and the box's corner.
template <typename Mask>
core::Placed<GameRegion> cropped(const MaskRegion<Mask>& region, Mask part) {
  const MaskBox box = boxOf(region, part);
  return onNarrowestMasks<Mask>(box.squares(), [&]<typename Out>() {
    return core::Placed<GameRegion>{GameRegion(croppedChamber<Out>(region, part, box)), box.f0, box.r0};
  });
}

}  // namespace

Amazons::Position Amazons::parsePosition(std::string_view text, const std::string& file) {
  try {
    ParsedPosition parsed = amazons::parsePosition(text);
    Position out{GameRegion(parsed.board), std::nullopt};
    if (parsed.sideGiven) out.toMove = sideOf(parsed.board.sideToMove());
    return out;
  } catch (const InputError& e) {
    throw e.withFile(file);
  }
}

std::string Amazons::printPosition(const GameRegion& region) { return toOneLine(region.toBoard()); }
GameRegion Amazons::parseOneLine(std::string_view text) { return GameRegion(amazons::parseOneLine(text, Color::Black)); }

amazons::Move Amazons::onBoard(const Board& board, const Move& m) {
  return {static_cast<uint8_t>(board.square(m.fromFile, m.fromRank)), static_cast<uint8_t>(board.square(m.toFile, m.toRank)),
          static_cast<uint8_t>(board.square(m.arrowFile, m.arrowRank))};
}

Amazons::Move Amazons::ofBoard(const Board& board, const amazons::Move& m) {
  auto file = [&](int sq) { return static_cast<uint8_t>(board.fileOf(sq)); };
  auto rank = [&](int sq) { return static_cast<uint8_t>(board.rankOf(sq)); };
  return {file(m.from), rank(m.from), file(m.to), rank(m.to), file(m.arrow), rank(m.arrow)};
}

std::vector<Amazons::Move> Amazons::moves(const GameRegion& region, cgt::Side side) {
  std::vector<Move> out;
  const Color mover = colorOf(side);
  region.visit([&](const auto& r) { forEachOption(r, mover, [&](const auto& option) { out.push_back(optionMove(r, option, mover)); }); });
  return out;
}

GameRegion Amazons::play(const GameRegion& region, const Move& move) {
  return region.visit([&](auto r) {
    using Mask = decltype(r.empty);
    auto bit = [&](uint8_t file, uint8_t rank) { return Mask{1} << (rank * r.width + file); };
    const Mask from = bit(move.fromFile, move.fromRank), to = bit(move.toFile, move.toRank);
    r.amazons((r.black & from) ? Color::Black : Color::White) ^= from | to;
    r.empty = ((r.empty | from) & ~to) & ~bit(move.arrowFile, move.arrowRank);
    return GameRegion(r);
  });
}

uint64_t Amazons::countMoves(const GameRegion& region, cgt::Side side) {
  return region.visit([&](const auto& r) { return static_cast<uint64_t>(countOptions(r, colorOf(side))); });
}

std::vector<core::Placed<GameRegion>> Amazons::split(const GameRegion& region) {
  std::vector<core::Placed<GameRegion>> out;
  region.visit([&](const auto& r) { forEachLivePart(r, [&](auto part) { out.push_back(cropped(r, part)); }); });
  return out;
}

int Amazons::size(const GameRegion& region) {
  return region.visit([](const auto& r) { return maskPopcount(r.empty); });
}

GameRegion Amazons::normalise(const GameRegion& region) {
  return region.visit([](const auto& r) {
    const auto open = r.black | r.white | r.empty;
    return open ? normalisedPart(r, open) : GameRegion(SmallRegion{0, 0, 0, 1, 1});
  });
}

std::string Amazons::key(const GameRegion& normalised) {
  return normalised.visit([](const auto& r) { return chamberKey(r); });
}

Amazons::Move Amazons::shifted(const Move& m, int files, int ranks) {
  auto f = [&](uint8_t x) { return static_cast<uint8_t>(x + files); };
  auto r = [&](uint8_t x) { return static_cast<uint8_t>(x + ranks); };
  return {f(m.fromFile), r(m.fromRank), f(m.toFile), r(m.toRank), f(m.arrowFile), r(m.arrowRank)};
}

std::string Amazons::formatMove(const GameRegion& region, const Move& move) {
  const Board board = region.toBoard();
  return amazons::formatMove(board, onBoard(board, move), Notation::CodinGame);
}

Amazons::Move Amazons::parseMove(const GameRegion& region, std::string_view text) {
  // Legal for the owner of the amazon on the first square, whoever the board says moves.
  Board mover = region.toBoard();
  const amazons::Move m = amazons::parseMove(mover, text);
  if (mover.at(m.from) == Cell::Black) mover.setSideToMove(Color::Black);
  if (mover.at(m.from) == Cell::White) mover.setSideToMove(Color::White);
  return ofBoard(mover, parseLegalMove(mover, text));
}

// The colour of every amazon in the region, when they are all of one.
static std::optional<Color> soleColour(const GameRegion& region) {
  const auto [black, white] = region.visit([](const auto& r) { return std::pair<bool, bool>{r.black != 0, r.white != 0}; });
  if (black == white) return std::nullopt;
  return black ? Color::Black : Color::White;
}

std::optional<cgt::GameId> Amazons::shortcut(const GameRegion& region, const Deadline& deadline,
                                             TerritorySolver& territories) {
  const std::optional<std::pair<int64_t, int64_t>> b = integerBounds(region);
  if (b && b->first == b->second) return cgt::integer(b->first);  // most territories are filled whole by a greedy filling
  const std::optional<Color> colour = soleColour(region);
  if (!colour) return std::nullopt;
  const Color owner = *colour;
  try {
    const int moves = region.visit([&](const auto& r) { return territories.solve(r, owner, false, deadline).moves; });
    return cgt::integer(owner == Color::Black ? moves : -moves);
  } catch (const SolveTimeout&) {
    throw core::LimitReached();
  }
}

std::optional<std::pair<int64_t, int64_t>> Amazons::integerBounds(const GameRegion& region) {
  const std::optional<Color> colour = soleColour(region);
  if (!colour) {
    // A contested region whose bounds meet is that integer (G >= n and G <= n): its sides'
    // zones all pockets, cut apart by gates that findChambers does not cut. Each side's
    // pockets lie in its own zone and outside the other's, so the zones must not meet: most
    // contested regions are out before any pocket is filled.
    return region.visit([](const auto& r) -> std::optional<std::pair<int64_t, int64_t>> {
      const auto frame = r.frame();
      const auto blackZone = reachableSquares(frame, r.black, r.empty), whiteZone = reachableSquares(frame, r.white, r.empty);
      if (blackZone & whiteZone) return std::nullopt;
      const RegionBounds b = regionBounds(r, blackZone, whiteZone);
      if (b.lo != b.hi) return std::nullopt;
      return std::pair<int64_t, int64_t>{b.lo, b.hi};
    });
  }
  const Color owner = *colour;
  const TerritoryBounds b = region.visit([&](const auto& r) { return territoryBounds(r, owner); });
  if (owner == Color::Black) return std::pair<int64_t, int64_t>{b.lo, b.hi};
  return std::pair<int64_t, int64_t>{-b.hi, -b.lo};
}

int Amazons::estimate(const GameRegion& region) {
  return region.visit([](const auto& r) { return queenTerritory(r); });
}

std::pair<int64_t, int64_t> Amazons::bounds(const GameRegion& region) {
  const RegionBounds b = region.visit([](const auto& r) { return regionBounds(r); });
  return {b.lo, b.hi};
}

// The territories each thread met last (AmazonsLoneSearch::wins): 4,096 entries of 24 bytes,
// within a core's L2 cache. The 4x6 start, one thread: 8.92 -> 8.77 s, medians of four
// (territoryBounds had been 3.2% of the time, the lookup after it 2%).
constexpr int kRecentTerritoryBits = 12;

// The territories a leaf meets are of at most LeafSearch::kLeafEmpty empty squares: their table
// takes a sixteenth of `bytes`, the leaf table the rest (reserving twice for outgrown arrays).
AmazonsLoneSearch::AmazonsLoneSearch(size_t bytes) : territory_(bytes / 16), leaf_(2 * (bytes - bytes / 16), bytes - bytes / 16) {}

// The mover's advantage: the integer for Black, its negative for White (LeafSearch::Bounds).
static int64_t advantage(int64_t number, cgt::Side mover) { return mover == cgt::Side::Left ? number : -number; }

std::optional<bool> AmazonsLoneSearch::known(const GameRegion& region, int64_t number, cgt::Side mover) const {
  const solve::LeafSearch::Key key = solve::LeafSearch::key(region.small(), Amazons::colorOf(mover));
  return leaf_.known(key, leaf_.hash(key), advantage(number, mover));
}

void AmazonsLoneSearch::remember(const GameRegion& region, int64_t number, cgt::Side mover, bool wins) {
  const solve::LeafSearch::Key key = solve::LeafSearch::key(region.small(), Amazons::colorOf(mover));
  leaf_.remember(key, leaf_.hash(key), advantage(number, mover), wins);
}

void AmazonsLoneSearch::clear() {
  leaf_.clear();
  territories_.clear();
  territory_.clear();
}

std::optional<bool> AmazonsLoneSearch::wins(const GameRegion& region, int64_t number, cgt::Side mover,
                                            const std::function<void()>& count) {
  if (!region.isSmall() || !solve::LeafSearch::isLeaf(region.small())) return std::nullopt;
  struct Host final : solve::LeafHost {
    AmazonsLoneSearch& lone;
    const std::function<void()>& count;
    Host(AmazonsLoneSearch& l, const std::function<void()>& c) : lone(l), count(c) {}
    int64_t territory(const SmallRegion& r, uint64_t chamber) override {
      const SmallRegion piece{r.black & chamber, r.white & chamber, r.empty & chamber, r.width, r.height};
      if (!piece.black && !piece.white) return 0;
      const Color owner = piece.black ? Color::Black : Color::White;
      const int sign = owner == Color::Black ? 1 : -1;
      // A territory's count is a fact of the piece alone, so each thread keeps the pieces it met
      // last, for every search, in a direct-mapped cache small enough to stay near the core.
      struct Recent {
        uint64_t amazons, empty;
        uint32_t frame;  // width, height << 8, the owner in the top bit
        int32_t moves;
      };
      thread_local std::array<Recent, size_t{1} << kRecentTerritoryBits> recent{};  // amazons 0: unused
      const uint64_t amazons = piece.black | piece.white;
      const uint32_t frame = piece.width | piece.height << 8 | (owner == Color::Black ? 0 : 1u << 31);
      Recent& slot = recent[((amazons * 0x9E3779B97F4A7C15ull) ^ (piece.empty * 0xC2B2AE3D27D4EB4Full) ^ frame) >> (64 - kRecentTerritoryBits)];
      if (slot.amazons == amazons && slot.empty == piece.empty && slot.frame == frame) return slot.moves;
      int32_t moves;
      if (const TerritoryBounds b = territoryBounds(piece, owner); b.lo == b.hi)
        moves = sign * b.lo;
      else if (const std::optional<int32_t> known = lone.territories_.find(piece))
        moves = *known;
      else {
        moves = sign * lone.territory_.solve(piece, owner).moves;
        lone.territories_.insert(piece, moves);
      }
      slot = {amazons, piece.empty, frame, moves};
      return moves;
    }
    void countPosition() override { count(); }
  } host(*this, count);
  return leaf_.wins(region.small(), number, Amazons::colorOf(mover), host);
}

}  // namespace amazons
