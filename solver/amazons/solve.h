// Exact analysis of a whole position: the value of every chamber, their sum, and the winner
// with either side to move, with a winning move.
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cgt/cgt.h"
#include "solver/amazons/board.h"
#include "solver/amazons/chambers.h"
#include "solver/core/deadline.h"

namespace amazons {

class ValueDb;

struct SolveOptions {
  size_t hashMegabytes = 512;         // the chamber-value and territory tables together
  double timeLimitSeconds = 0;        // 0: none; when reached the verdicts are unknown
  // Expansions first allowed to one contested chamber's canonical form (0 in the CLI: no
  // limit; 0 here: none, the search alone). Beyond it the verdicts come from the search over
  // sums with that chamber raw; a search that visits more positions than this raises the
  // allowance fourfold, round after round while the table is less than half full, and a
  // chamber whose form still does not fit is reported unknown. Under a time limit a small
  // share of it is tried first. 10,000: on 60 10x10 endgames of chambers up to 12 empty
  // squares, 20,000 found no more values and doubled the time of the lines whose value does
  // not fit (76 -> 102 ms).
  uint64_t canonicalNodes = 10000;
  // Sums built anew allowed to the canonical form of the total (0 in the CLI: no limit). A
  // sum of several hot values can be huge (past a few hundred sums its form runs to thousands
  // of characters, of no use to read); beyond it the total is given as the sum of the chamber
  // values. The verdicts never need it.
  uint64_t totalNodes = 300;
  // Sums whose raw regions hold at least this many empty squares are decided by
  // proof-number search (proof_search.h) over the search over sums; 0: never. On ten greedy
  // 10x10 games walked back from their ends (scripts/bench-reach, 5 s a position) 20 solves
  // 1-2 empty squares earlier in six games and never later than the depth-first search alone,
  // and a 44-empty position in 10 s against unknown after 60 s (BENCHMARKS.md); the
  // small-board starts (12-17 empty squares) never reach it.
  int proofEmpty = 20;
  // The positions each position of the proof search is first tried with, depth-first.
  int64_t proofTryPositions = 10000;
  // Decide the board's side to move alone (the other side's verdict stays unknown): for a
  // player, which needs no more and answers as soon as it has it.
  bool sideToMoveOnly = false;
  bool allWinningMoves = false;       // list every winning move, not only the first
  bool fillingLines = false;          // an optimal filling sequence for each territory
  // A value database (value_db.h), or null: consulted for the position's chambers and, inside
  // searches, for chambers not in the tables of 8 or more empty squares (smaller ones are
  // quicker to compute than to read); with `learn` each analysis ends by storing there, in
  // one transaction, its chambers' values and those of the larger chambers it computed.
  ValueDb* database = nullptr;
  bool learn = false;
};

struct ChamberReport {
  Chamber chamber;                    // squares on the input board
  Board region{1, 1};                 // the chamber alone, cropped
  std::optional<int> moves;           // one-colour chambers: the owner's exact move count
  std::vector<Move> fillingLine;      // on the input board, when asked
  std::optional<cgt::GameId> value;   // Left's (Black's) point of view; unset when unknown
  bool valueBySearch = false;         // a simple value proven by search (simpleValue), no form
  char letter = '?';                  // its label on the printed board
};

enum class Verdict { Win, Loss, Unknown };  // for the side to move

struct SideReport {
  explicit SideReport(Color side) : mover(side) {}
  Color mover;
  Verdict verdict = Verdict::Unknown;
  std::optional<Move> bestMove;       // a winning move, or the most stubborn one when losing
  std::vector<Move> winningMoves;     // every winning move, with allWinningMoves
  bool hasMove = false;
  Color winner() const { return verdict == Verdict::Win ? mover : opposite(mover); }
};

struct Analysis {
  std::vector<ChamberReport> chambers;
  std::optional<cgt::GameId> total;   // canonical sum of the chamber values, within totalNodes
  std::optional<cgt::Dyadic> totalMean;  // the mean of that sum, whenever every value is known
  SideReport blackToMove{Color::Black};
  SideReport whiteToMove{Color::White};
  const SideReport& forSide(Color c) const { return c == Color::Black ? blackToMove : whiteToMove; }
  uint64_t nodes = 0;                 // positions expanded (chamber options + territory nodes)
  double seconds = 0;
};

// One solver keeps its tables across positions (a batch shares them); thread-safe.
class Solver {
 public:
  explicit Solver(SolveOptions options = {});
  ~Solver();
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  Analysis analyse(const Board& board);

  // The value of any region (sum of its chambers), Left's point of view. Throws
  // SolveTimeout when the time limit is reached.
  cgt::GameId value(const Board& region);

  uint64_t nodes() const;
  void clear();

  // What the analysis under way is doing, for a progress line ("chamber B", "verdict, Black
  // to move", "total"); empty between analyses. Any thread may ask.
  std::string stage() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The canonical sum of the chamber values, built within `allowance` new sums (cgt::sumWithin)
// and before `deadline`; nullopt when a value is unknown or the allowance or time runs out.
std::optional<cgt::GameId> canonicalTotal(const Analysis& analysis, uint64_t allowance, const Deadline& deadline = {});

}  // namespace amazons
