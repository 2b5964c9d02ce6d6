#include "solver/amazons/endgames.h"

#include <algorithm>
#include <stdexcept>

#include "solver/amazons/chambers.h"
#include "solver/amazons/minimax.h"

namespace amazons {

namespace {

// Uniform in [0, n) from a 64-bit engine, the same on every platform (std distributions are
// not specified bit for bit).
uint64_t below(std::mt19937_64& rng, uint64_t n) {
  const uint64_t limit = UINT64_MAX - UINT64_MAX % n;
  uint64_t x;
  do x = rng();
  while (x >= limit);
  return x % n;
}

bool meetsStop(const Board& board, const EndgameOptions& options) {
  int total = 0;
  for (const Chamber& c : findChambers(board)) {
    if (c.kind == ChamberClass::Dead) continue;
    if (c.empty > options.maxChamberEmpty) return false;
    total += c.empty;
  }
  return options.maxTotalEmpty <= 0 || total <= options.maxTotalEmpty;
}

}  // namespace

Board standardStart10x10() {
  Board b(10, 10);
  for (const char* s : {"d1", "g1", "a4", "j4"}) b.set(b.square(s[0] - 'a', s[1] - '1'), Cell::White);
  for (const char* s : {"a7", "j7"}) b.set(b.square(s[0] - 'a', s[1] - '1'), Cell::Black);
  for (const char* s : {"d10", "g10"}) b.set(b.square(s[0] - 'a', 9), Cell::Black);
  b.setSideToMove(Color::White);
  return b;
}

Board randomSymmetricStart(std::mt19937_64& rng, int width, int height, int perSide) {
  Board b(width, height);
  const int n = b.squares();
  std::vector<int> candidates;
  for (int sq = 0; sq < n; ++sq) {
    const int mirror = n - 1 - sq;
    if (sq >= mirror) continue;  // the lower half (and not the centre)
    const int f = b.fileOf(sq), r = b.rankOf(sq);
    const bool corner = (f == 0 || f == width - 1) && (r == 0 || r == height - 1);
    if (!corner) candidates.push_back(sq);
  }
  if (perSide < 0 || static_cast<size_t>(perSide) > candidates.size())
    throw std::invalid_argument("randomSymmetricStart: too many amazons for the board");
  for (int i = 0; i < perSide; ++i) {
    const size_t j = i + below(rng, candidates.size() - i);
    std::swap(candidates[i], candidates[j]);
    b.set(candidates[i], Cell::White);
    b.set(n - 1 - candidates[i], Cell::Black);
  }
  b.setSideToMove(Color::White);
  return b;
}

Board startPosition(std::mt19937_64& rng, int width, int height, int perSide) {
  if (width == 10 && height == 10 && perSide == 0) return standardStart10x10();
  if (perSide == 0) perSide = width >= 8 && height >= 8 ? 4 : 2;
  return randomSymmetricStart(rng, width, height, perSide);
}

int liveEmpty(const Board& board) {
  int total = 0;
  for (const Chamber& c : findChambers(board))
    if (c.kind != ChamberClass::Dead) total += c.empty;
  return total;
}

int largestChamber(const Board& board) {
  int most = 0;
  for (const Chamber& c : findChambers(board))
    if (c.kind != ChamberClass::Dead) most = std::max(most, c.empty);
  return most;
}

namespace {

// The move a game of `generate` plays among `moves` (not empty): random, or with `greedy` the
// best of a random sample by the mover's mobility less the opponent's.
Move chooseMove(std::mt19937_64& rng, Board& board, const std::vector<Move>& moves, const EndgameOptions& options) {
  Move chosen = moves[below(rng, moves.size())];
  if (!options.greedy) return chosen;
  const Color me = board.sideToMove();
  long bestScore = 0;
  for (int i = 0; i < options.greedySample; ++i) {
    const Move m = i == 0 ? chosen : moves[below(rng, moves.size())];
    board.play(m);
    const long score = static_cast<long>(board.countMoves(me)) - static_cast<long>(board.countMoves(opposite(me)));
    board.undo(m);
    if (i == 0 || score > bestScore) {
      bestScore = score;
      chosen = m;
    }
  }
  return chosen;
}

}  // namespace

std::optional<Board> playToEndgame(std::mt19937_64& rng, int width, int height, const EndgameOptions& options) {
  Board board = startPosition(rng, width, height, options.perSide);
  for (int ply = 0;; ++ply) {
    if (ply > 0 && meetsStop(board, options)) return board;
    const std::vector<Move> moves = board.legalMoves();
    if (moves.empty()) return std::nullopt;
    board.play(chooseMove(rng, board, moves, options));
  }
}

std::vector<Board> playWholeGame(std::mt19937_64& rng, int width, int height, const EndgameOptions& options) {
  Board board = startPosition(rng, width, height, options.perSide);
  std::vector<Board> positions;
  for (std::vector<Move> moves = board.legalMoves(); !moves.empty(); moves = board.legalMoves()) {
    board.play(chooseMove(rng, board, moves, options));
    positions.push_back(board);
  }
  return positions;
}

std::optional<OracleLabel> oracleLabel(const Board& board, uint64_t nodeLimit) {
  OracleLabel label{};
  // One search per side: the table keys carry the side to move, so they could share one, but
  // separate limits keep each answer's cost bounded alike.
  Board b = board;
  b.setSideToMove(Color::Black);
  WholeBoardSearch black(nodeLimit);
  const auto bw = black.moverWins(b);
  if (!bw) return std::nullopt;
  b.setSideToMove(Color::White);
  WholeBoardSearch white(nodeLimit);
  const auto ww = white.moverWins(b);
  if (!ww) return std::nullopt;
  label.blackToMoveWins = *bw;
  label.whiteToMoveWins = *ww;
  label.nodes = black.nodes() + white.nodes();
  return label;
}

SuiteEntry oracleEntry(const Board& board, const OracleLabel& label) {
  SuiteEntry e;
  e.board = board;
  e.moverWins = board.sideToMove() == Color::Black ? label.blackToMoveWins : label.whiteToMoveWins;
  e.outcomeClass = classOf(label.blackToMoveWins, label.whiteToMoveWins);
  e.src = "oracle";
  return e;
}

}  // namespace amazons
