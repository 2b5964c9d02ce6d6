#include "solver/amazons/game.h"

#include "solver/amazons/chambers.h"
#include "solver/amazons/formats.h"
#include "solver/amazons/notation.h"
#include "solver/amazons/small_region.h"
#include "solver/amazons/territory.h"
#include "solver/core/errors.h"

namespace amazons {

namespace {

// One table for every analysis in the process (the solver is thread-safe): the territories a
// core analysis meets are small; 64 MB holds every chamber of the suites many times over.
TerritorySolver& territory() {
  static TerritorySolver solver(64);
  return solver;
}

}  // namespace

Amazons::Position Amazons::parsePosition(std::string_view text, const std::string& file) {
  try {
    ParsedPosition parsed = amazons::parsePosition(text);
    Position out{parsed.board, std::nullopt};
    if (parsed.sideGiven) out.toMove = sideOf(parsed.board.sideToMove());
    return out;
  } catch (const InputError& e) {
    throw e.withFile(file);
  }
}

std::string Amazons::printPosition(const Board& region) { return toOneLine(region); }
Board Amazons::parseOneLine(std::string_view text) { return amazons::parseOneLine(text, Color::Black); }

amazons::Move Amazons::onBoard(const Board& board, const Move& m) {
  return {static_cast<uint8_t>(board.square(m.fromFile, m.fromRank)), static_cast<uint8_t>(board.square(m.toFile, m.toRank)),
          static_cast<uint8_t>(board.square(m.arrowFile, m.arrowRank))};
}

Amazons::Move Amazons::ofBoard(const Board& board, const amazons::Move& m) {
  auto file = [&](int sq) { return static_cast<uint8_t>(board.fileOf(sq)); };
  auto rank = [&](int sq) { return static_cast<uint8_t>(board.rankOf(sq)); };
  return {file(m.from), rank(m.from), file(m.to), rank(m.to), file(m.arrow), rank(m.arrow)};
}

std::vector<Amazons::Move> Amazons::moves(const Board& region, cgt::Side side) {
  std::vector<Move> out;
  for (const amazons::Move& m : region.legalMoves(colorOf(side))) out.push_back(ofBoard(region, m));
  return out;
}

Board Amazons::play(const Board& region, const Move& move) {
  Board after = region;
  after.play(onBoard(region, move));
  return after;
}

uint64_t Amazons::countMoves(const Board& region, cgt::Side side) { return region.countMoves(colorOf(side)); }

std::vector<core::Placed<Board>> Amazons::split(const Board& region) {
  std::vector<core::Placed<Board>> out;
  for (const Chamber& c : findChambers(region)) {
    if (c.kind == ChamberClass::Dead || c.kind == ChamberClass::Closed) continue;
    const Box box = boundingBox(region, c);
    out.push_back({extractRegion(region, c), box.f0, box.r0});
  }
  return out;
}

Board Amazons::normalise(const Board& region) { return normalisedRegion(region); }

std::string Amazons::key(const Board& normalised) { return normalisedKey(normalised); }

Amazons::Move Amazons::shifted(const Move& m, int files, int ranks) {
  auto f = [&](uint8_t x) { return static_cast<uint8_t>(x + files); };
  auto r = [&](uint8_t x) { return static_cast<uint8_t>(x + ranks); };
  return {f(m.fromFile), r(m.fromRank), f(m.toFile), r(m.toRank), f(m.arrowFile), r(m.arrowRank)};
}

std::string Amazons::formatMove(const Board& board, const Move& move) {
  return amazons::formatMove(board, onBoard(board, move), Notation::CodinGame);
}

Amazons::Move Amazons::parseMove(const Board& board, std::string_view text) {
  // Legal for the owner of the amazon on the first square, whoever the board says moves.
  Board mover = board;
  const amazons::Move m = amazons::parseMove(board, text);
  if (board.at(m.from) == Cell::Black) mover.setSideToMove(Color::Black);
  if (board.at(m.from) == Cell::White) mover.setSideToMove(Color::White);
  return ofBoard(board, parseLegalMove(mover, text));
}

std::optional<cgt::GameId> Amazons::shortcut(const Board& region) {
  bool black = false, white = false;
  for (int sq = 0; sq < region.squares(); ++sq) {
    black = black || region.at(sq) == Cell::Black;
    white = white || region.at(sq) == Cell::White;
  }
  if (black == white) return std::nullopt;
  const Color owner = black ? Color::Black : Color::White;
  const int moves = territory().solve(region, owner).moves;
  return cgt::integer(owner == Color::Black ? moves : -moves);
}

std::pair<int64_t, int64_t> Amazons::bounds(const Board& region) {
  if (region.squares() > kSmallSquares) return {-region.emptyCount(), region.emptyCount()};
  const SmallRegion small = toSmall(region);
  return {-reachableEmpty(small, Color::White), reachableEmpty(small, Color::Black)};
}

}  // namespace amazons
