// Game records for `verify --games` (solver/cli/cli_verify_engine.cpp): one game a line,
//
//   START ; SIDE ; MOVES
//
// - START: `standard` (the game's usual start: 10x10 Amazons, Fairy-Stockfish's 5x6 Clobber),
//   a Fairy-Stockfish FEN, or the game's one-line form.
// - SIDE: `b` or `w` (any case), the side that moves first; a FEN's own side must agree.
// - MOVES: moves separated by blanks, in any notation the game reads (Amazons: CS61B
//   "d10-c9(h4)", CodinGame "d8d1d7", UCI "d1a1,a1b1"; not the spaced "d10 c9 h4"), each
//   optionally followed by the mover's engine score for the position the move was played in,
//   as engines log it: `{cp N}` or `{mate N}` (N a whole number, from the mover's view). No
//   moves at all is a game of the start alone.
// - Blank lines and comments ("#" alone or "# ...") are skipped.
//
// This file reads the syntax; the game reads START and the moves and checks that each is legal
// (replayGame below). Every error is an InputError with the line and the column.
#pragma once
#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cgt/cgt.h"
#include "solver/core/errors.h"
#include "solver/core/game.h"
#include "solver/core/suite.h"
#include "solver/core/uci_client.h"

namespace amazons::core {

struct RecordMove {
  FieldText text;                 // the move as written, with its column on the line
  std::optional<UciScore> score;  // the mover's, from {cp N} / {mate N}
};

struct GameRecord {
  int line = 0;
  FieldText start;  // "standard", a FEN or a one-line form
  cgt::Side first = cgt::Side::Left;
  std::vector<RecordMove> moves;
};

// One line that is neither blank nor a comment.
GameRecord parseGameRecord(std::string_view text, int lineNumber, const std::string& file = {});

// Every game of a file; a line that cannot be read is an error of its own (in `errors`), the
// others are read all the same.
struct GameRecords {
  std::vector<GameRecord> games;
  std::vector<InputError> errors;
};
GameRecords parseGameRecords(std::string_view text, const std::string& file = {});

// A game replayed by G: the position before each move and after the last, the side to move in
// each, and each move.
template <Game G>
struct ReplayedGame {
  std::vector<typename G::Region> positions;  // moves.size() + 1
  std::vector<cgt::Side> movers;              // who moves in positions[k]
  std::vector<typename G::Move> moves;
};

// `standard` is the game's (a function returning G::Position with its side, as given by the
// caller). Throws InputError at the place of the first fault: START unreadable, SIDE against
// the FEN's, a move that cannot be read or is not legal for the side to move.
template <Game G, class Standard>
ReplayedGame<G> replayGame(const GameRecord& record, const std::string& file, Standard&& standard) {
  auto at = [&](const InputError& e, const FieldText& f) {
    return InputError(e.what(), record.line, f.columnOf(e.line() <= 1 ? e.column() : 0), file);
  };
  typename G::Position start = [&] {
    if (record.start.text == "standard") return standard();
    try {
      return G::parsePosition(record.start.text, file);
    } catch (const InputError& e) {
      throw at(e, record.start);
    }
  }();
  if (start.toMove && *start.toMove != record.first)
    throw InputError(std::string("the side to move is ") + sideLetter(record.first) + " but START says " + sideLetter(*start.toMove),
                     record.line, record.start.column, file);
  ReplayedGame<G> game;
  game.positions.push_back(start.board);
  game.movers.push_back(record.first);
  for (const RecordMove& rm : record.moves) {
    const typename G::Region& board = game.positions.back();
    const cgt::Side mover = game.movers.back();
    typename G::Move m;
    try {
      m = G::parseMove(board, rm.text.text);
    } catch (const InputError& e) {
      throw at(e, rm.text);
    }
    const std::vector<typename G::Move> legal = G::moves(board, mover);
    if (std::find(legal.begin(), legal.end(), m) == legal.end())
      throw InputError("'" + rm.text.text + "' is not a move of the side to move (" + sideLetter(mover) + ")", record.line,
                       rm.text.column, file);
    game.moves.push_back(m);
    game.positions.push_back(G::play(board, m));
    game.movers.push_back(opposite(mover));
  }
  return game;
}

}  // namespace amazons::core
