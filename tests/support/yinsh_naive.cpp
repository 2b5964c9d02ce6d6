#include "yinsh_naive.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <utility>

namespace yinsh_naive {
namespace {

// Cells of each letter a..k run from kLow to kHigh (numbers 1..11), without gaps; the hexagon is convex, so walking a
// line stops for good at the first number or letter outside these bounds.
const int kLow[11] = {2, 1, 1, 1, 1, 2, 2, 3, 4, 5, 7};
const int kHigh[11] = {5, 7, 8, 9, 10, 10, 11, 11, 11, 11, 10};

bool onBoard(int letter, int number) {
  return letter >= 0 && letter < 11 && number >= kLow[letter] && number <= kHigh[letter];
}

// The six directions as (letter, number) steps; the first three are the row directions the referee scans
// (RIGHT, DOWN_LEFT, DOWN_RIGHT), so a row is always found from its lower end.
const int kDirections[6][2] = {{0, 1}, {1, 0}, {1, 1}, {0, -1}, {-1, 0}, {-1, -1}};

// cell[letter][number]; entries off the board are never read.
struct Board {
  char cell[11][12];
};

// (appended, not `string + string`: GCC 12 -O3 warns falsely of an overlapping memcpy there)
std::string cellName(int letter, int number) {
  std::string name(1, static_cast<char>('a' + letter));
  return name += std::to_string(number);
}

Board parseBoard(const std::string& text) {
  Board b{};
  size_t i = 0;
  for (int letter = 0; letter < 11; ++letter) {
    if (letter > 0) {
      if (i >= text.size() || text[i] != '|') throw std::invalid_argument("yinsh_naive: bad board: " + text);
      ++i;
    }
    for (int number = kLow[letter]; number <= kHigh[letter]; ++number) {
      if (i >= text.size()) throw std::invalid_argument("yinsh_naive: board too short: " + text);
      const char c = text[i++];
      if (c != 'W' && c != 'w' && c != 'B' && c != 'b' && c != '.') throw std::invalid_argument("yinsh_naive: bad cell: " + text);
      b.cell[letter][number] = c;
    }
  }
  if (i != text.size()) throw std::invalid_argument("yinsh_naive: board too long: " + text);
  return b;
}

std::string formatBoard(const Board& b) {
  std::string s;
  for (int letter = 0; letter < 11; ++letter) {
    if (letter > 0) s += '|';
    for (int number = kLow[letter]; number <= kHigh[letter]; ++number) s += b.cell[letter][number];
  }
  return s;
}

int countOf(const Board& b, char what) {
  int n = 0;
  for (int letter = 0; letter < 11; ++letter)
    for (int number = kLow[letter]; number <= kHigh[letter]; ++number)
      if (b.cell[letter][number] == what) ++n;
  return n;
}

int markers(const Board& b) { return countOf(b, 'w') + countOf(b, 'b'); }

char ringOf(char side) { return side == 'w' ? 'W' : 'B'; }
char markerOf(char side) { return side; }  // markers use the side's own letter, 'w' or 'b'
char other(char side) { return side == 'w' ? 'b' : 'w'; }

// Placement iff no marker yet, fewer than 10 rings, and the mover is not the one a ring ahead (who just placed).
bool isPlacement(const Board& b, char toMove) {
  const int mine = countOf(b, ringOf(toMove)), theirs = countOf(b, ringOf(other(toMove)));
  return markers(b) == 0 && mine + theirs < 10 && mine <= theirs;
}

// Rings a side has taken off: none while placing; afterwards every side started the movement with 5.
int removedRings(const Board& b, char toMove, char side) {
  if (isPlacement(b, toMove)) return 0;
  return 5 - countOf(b, ringOf(side));
}

Board parsePosition(const Position& p) {
  if (p.toMove != 'w' && p.toMove != 'b') throw std::invalid_argument("yinsh_naive: side to move must be 'w' or 'b'");
  const Board b = parseBoard(p.board);
  if (markers(b) > 51) throw std::invalid_argument("yinsh_naive: more than 51 markers");
  if (countOf(b, 'W') > 5 || countOf(b, 'B') > 5) throw std::invalid_argument("yinsh_naive: more than 5 rings of a colour");
  return b;
}

// The turn generator, a transcription of the referee's Board.computeLegalActions. `side` is the mover throughout
// the turn; `prefix` holds the steps taken so far, each followed by ';'. Finished turns go into `out` with the board
// they leave.
void generateTurn(const Board& b, char side, bool moved, const std::string& prefix, int ringsToWin,
                  std::map<std::string, Board>& out) {
  auto emit = [&]() {
    // An empty prefix is no action at all (the mover has nothing to do at the very start of his turn).
    if (!prefix.empty()) out[prefix.substr(0, prefix.size() - 1)] = b;
  };
  // Having taken off enough rings ends the turn (and the game) at once. The side is in movement here, so removed
  // rings are 5 minus those on the board.
  if (5 - countOf(b, ringOf(side)) >= ringsToWin) {
    emit();
    return;
  }

  // The mover's own rows: every window of 5 of his markers along a row direction, found from its lower end, so a
  // row of 6 gives two windows. Each window pairs with each of his rings.
  bool anyChild = false;
  for (int letter = 0; letter < 11; ++letter)
    for (int number = kLow[letter]; number <= kHigh[letter]; ++number)
      for (int d = 0; d < 3; ++d) {
        bool isRow = true;
        for (int k = 0; k < 5; ++k) {
          const int l = letter + k * kDirections[d][0], n = number + k * kDirections[d][1];
          if (!onBoard(l, n) || b.cell[l][n] != markerOf(side)) {
            isRow = false;
            break;
          }
        }
        if (!isRow) continue;
        const int endL = letter + 4 * kDirections[d][0], endN = number + 4 * kDirections[d][1];
        for (int rl = 0; rl < 11; ++rl)
          for (int rn = kLow[rl]; rn <= kHigh[rl]; ++rn) {
            if (b.cell[rl][rn] != ringOf(side)) continue;
            Board next = b;
            for (int k = 0; k < 5; ++k) next.cell[letter + k * kDirections[d][0]][number + k * kDirections[d][1]] = '.';
            next.cell[rl][rn] = '.';
            anyChild = true;
            generateTurn(next, side, moved, prefix + "x" + cellName(letter, number) + "-" + cellName(endL, endN) + "x" + cellName(rl, rn) + ";",
                         ringsToWin, out);
          }
      }
  // A removal, when there is one, must come first: the referee only looks for ring moves when it found none.
  if (anyChild) return;

  // One ring move per turn, and only while the pool still has a marker (fewer than 51 on the board).
  if (!moved && markers(b) < 51) {
    for (int letter = 0; letter < 11; ++letter)
      for (int number = kLow[letter]; number <= kHigh[letter]; ++number) {
        if (b.cell[letter][number] != ringOf(side)) continue;
        for (int d = 0; d < 6; ++d) {
          // Walk away from the ring: empty cells are destinations until the first marker; then the run of markers is
          // jumped and the first empty cell after it is the last destination. A ring or the edge stops the walk.
          bool jumping = false;
          for (int step = 1;; ++step) {
            const int l = letter + step * kDirections[d][0], n = number + step * kDirections[d][1];
            if (!onBoard(l, n)) break;
            const char c = b.cell[l][n];
            if (c == 'W' || c == 'B') break;
            if (c == 'w' || c == 'b') {
              jumping = true;
              continue;
            }
            // An empty cell: a destination. Play it: the mover's marker stays on the origin, the ring lands here,
            // and every marker strictly between them (all jumped) changes colour.
            Board next = b;
            next.cell[letter][number] = markerOf(side);
            next.cell[l][n] = ringOf(side);
            for (int k = 1; k < step; ++k) {
              char& m = next.cell[letter + k * kDirections[d][0]][number + k * kDirections[d][1]];
              if (m == 'w') m = 'b';
              else if (m == 'b') m = 'w';
            }
            anyChild = true;
            generateTurn(next, side, true, prefix + cellName(letter, number) + "-" + cellName(l, n) + ";", ringsToWin, out);
            if (jumping) break;  // the first empty cell after a run is the last destination
          }
        }
      }
  }
  // A node with no continuation ends the turn.
  if (!anyChild) emit();
}

// Whether the game ended before the mover's turn by the first two rules of "End of game" (the third, no legal action,
// needs the actions): the opponent reached ringsToWin, or the pool is empty.
std::optional<Result> gameOverBeforeTurn(const Board& b, char toMove, int ringsToWin) {
  if (removedRings(b, toMove, other(toMove)) >= ringsToWin) return Result::Loss;
  if (markers(b) == 51) {
    const int mine = removedRings(b, toMove, toMove), theirs = removedRings(b, toMove, other(toMove));
    if (mine > theirs) return Result::Win;
    if (mine < theirs) return Result::Loss;
    return Result::Draw;
  }
  return std::nullopt;
}

// Every legal full turn with the position it leaves, keyed (and so sorted) by its text.
std::map<std::string, Position> children(const Position& p, int ringsToWin) {
  const Board b = parsePosition(p);
  const char side = p.toMove;
  std::map<std::string, Position> result;
  if (gameOverBeforeTurn(b, side, ringsToWin)) return result;

  if (isPlacement(b, side)) {
    // STEAL: Black's first turn, when White has placed his first ring; that ring becomes Black's.
    if (side == 'b' && countOf(b, 'W') == 1 && countOf(b, 'B') == 0) {
      Board next = b;
      for (int letter = 0; letter < 11; ++letter)
        for (int number = kLow[letter]; number <= kHigh[letter]; ++number)
          if (next.cell[letter][number] == 'W') next.cell[letter][number] = 'B';
      result["STEAL"] = Position{formatBoard(next), other(side)};
    }
    // A ring on any empty cell.
    for (int letter = 0; letter < 11; ++letter)
      for (int number = kLow[letter]; number <= kHigh[letter]; ++number) {
        if (b.cell[letter][number] != '.') continue;
        Board next = b;
        next.cell[letter][number] = ringOf(side);
        result[cellName(letter, number)] = Position{formatBoard(next), other(side)};
      }
    return result;
  }

  std::map<std::string, Board> turns;
  generateTurn(b, side, false, "", ringsToWin, turns);
  for (const auto& [text, board] : turns) result[text] = Position{formatBoard(board), other(side)};
  return result;
}

int score(Result r, int plies) {
  if (r == Result::Win) return 1000 - plies;
  if (r == Result::Loss) return -(1000 - plies);
  return 0;
}

Result flipResult(Result r) {
  if (r == Result::Win) return Result::Loss;
  if (r == Result::Loss) return Result::Win;
  return Result::Draw;
}

}  // namespace

std::vector<std::string> legalActions(const Position& p, int ringsToWin) {
  std::vector<std::string> out;
  for (const auto& [text, next] : children(p, ringsToWin)) out.push_back(text);
  std::sort(out.begin(), out.end());  // already in std::string order from the map; kept to state the contract
  return out;
}

Position play(const Position& p, const std::string& action, int ringsToWin) {
  const std::map<std::string, Position> next = children(p, ringsToWin);
  const auto it = next.find(action);
  if (it == next.end()) throw std::invalid_argument("yinsh_naive: illegal action '" + action + "' at " + p.board + " " + p.toMove);
  return it->second;
}

std::optional<Result> gameOver(const Position& p, int ringsToWin) {
  const Board b = parsePosition(p);
  if (auto r = gameOverBeforeTurn(b, p.toMove, ringsToWin)) return r;
  if (children(p, ringsToWin).empty()) return Result::Loss;  // no legal action loses
  return std::nullopt;
}

Outcome solve(const Position& p, int ringsToWin) {
  if (auto r = gameOver(p, ringsToWin)) return Outcome{*r, 0, ""};
  bool found = false;
  int bestScore = 0;
  Outcome best{Result::Loss, 0, ""};
  for (const auto& [text, next] : children(p, ringsToWin)) {  // sorted order; only a strictly better score replaces
    const Outcome reply = solve(next, ringsToWin);
    const Outcome mine{flipResult(reply.result), reply.plies + 1, text};
    const int s = score(mine.result, mine.plies);
    if (!found || s > bestScore) {
      found = true;
      bestScore = s;
      best = mine;
    }
  }
  return best;
}

uint64_t perft(const Position& p, int depth, int ringsToWin) {
  if (depth == 0) return 1;
  uint64_t total = 0;
  for (const auto& [text, next] : children(p, ringsToWin)) total += perft(next, depth - 1, ringsToWin);
  return total;
}

std::vector<std::string> cells() {
  std::vector<std::string> out;
  for (int letter = 0; letter < 11; ++letter)
    for (int number = kLow[letter]; number <= kHigh[letter]; ++number) out.push_back(cellName(letter, number));
  return out;
}

Position startPosition() {
  Board b{};
  for (int letter = 0; letter < 11; ++letter)
    for (int number = kLow[letter]; number <= kHigh[letter]; ++number) b.cell[letter][number] = '.';
  return Position{formatBoard(b), 'w'};
}

}  // namespace yinsh_naive
