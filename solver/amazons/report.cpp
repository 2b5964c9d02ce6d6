#include "solver/amazons/report.h"

#include <iomanip>
#include <sstream>

#include "solver/amazons/formats.h"
#include "solver/amazons/suite.h"

namespace amazons {

std::string drawChambers(const Board& board, const std::vector<Chamber>& chambers) {
  std::vector<char> label(board.squares(), '#');
  for (size_t i = 0; i < chambers.size(); ++i)
    for (int sq : chambers[i].squares) label[sq] = regionLabel(i);
  std::ostringstream out;
  for (int r = board.height() - 1; r >= 0; --r) {
    out << std::setw(3) << r + 1 << ' ';
    for (int f = 0; f < board.width(); ++f) {
      const int sq = board.square(f, r);
      const Cell cell = board.at(sq);
      out << ' ' << (cell == Cell::Black ? 'x' : cell == Cell::White ? 'o' : cell == Cell::Arrow ? '#' : label[sq]);
    }
    out << '\n';
  }
  out << "    ";
  for (int f = 0; f < board.width(); ++f) out << ' ' << static_cast<char>('a' + f);
  out << '\n';
  return out.str();
}

namespace {

std::string squareList(const Board& board, const std::vector<int>& squares) {
  std::string out;
  for (int sq : squares) {
    if (!out.empty()) out += ' ';
    out += squareName(board, sq);
  }
  return out;
}

std::string quoted(const std::string& s) {
  std::string out(1, '"');
  out += jsonEscape(s);
  out += '"';
  return out;
}

std::string moveList(const Board& board, const std::vector<Move>& moves, Notation notation, const char* sep) {
  std::string out;
  for (const Move& m : moves) {
    if (!out.empty()) out += sep;
    out += formatMove(board, m, notation);
  }
  return out;
}

// The canonical total, or else the sum of the chamber values written out (CGSuite reads it).
std::string totalText(const Analysis& a) {
  if (a.total) return cgt::toString(*a.total);
  if (!a.totalMean) return "unknown";
  std::string sum;
  for (const ChamberReport& r : a.chambers) {
    if (*r.value == cgt::zero()) continue;
    if (!sum.empty()) sum += " + ";
    sum += cgt::toString(*r.value);
  }
  return sum;
}

const char* winnerName(Color c) { return c == Color::Black ? "black" : "white"; }

}  // namespace

bool isHot(cgt::GameId g) { return !cgt::isNumber(g) && cgt::temperature(g).num > 0; }

void printChamberTable(std::ostream& out, const Board& board, const std::vector<Chamber>& chambers) {
  out << drawChambers(board, chambers) << '\n';
  out << "chamber  class      squares  empty  amazons\n";
  for (size_t i = 0; i < chambers.size(); ++i) {
    const Chamber& c = chambers[i];
    out << "   " << regionLabel(i) << "     " << std::left << std::setw(10) << chamberClassName(c.kind) << std::right
        << std::setw(8) << c.squares.size() << std::setw(7) << c.empty << std::setw(6) << c.blackAmazons << "x "
        << c.whiteAmazons << "o\n";
  }
}

void printChambersJson(std::ostream& out, const Board& board, const std::vector<Chamber>& chambers) {
  out << "{\"position\": " << quoted(toOneLine(board)) << ", \"chambers\": [";
  for (size_t i = 0; i < chambers.size(); ++i) {
    const Chamber& c = chambers[i];
    out << (i ? ", " : "") << "{\"label\": \"" << regionLabel(i) << "\", \"class\": \"" << chamberClassName(c.kind)
        << "\", \"squares\": " << c.squares.size() << ", \"empty\": " << c.empty
        << ", \"black_amazons\": " << c.blackAmazons << ", \"white_amazons\": " << c.whiteAmazons
        << ", \"cells\": " << quoted(squareList(board, c.squares)) << "}";
  }
  out << "]}\n";
}

std::string verdictText(const Board& board, const SideReport& side, Notation notation) {
  const std::string mover = colorName(side.mover);
  if (side.verdict == Verdict::Unknown) return mover + " to move: unknown (not solved within the limits)";
  if (!side.hasMove) return mover + " to move: " + mover + " has no move and loses";
  if (side.verdict == Verdict::Win)
    return mover + " to move: " + mover + " wins with " + formatMove(board, *side.bestMove, notation);
  return mover + " to move: " + colorName(opposite(side.mover)) + " wins (" + mover + "'s most stubborn move: " +
         formatMove(board, *side.bestMove, notation) + ")";
}

void printAnalysis(std::ostream& out, const Board& board, const Analysis& a, const ReportOptions& options) {
  std::vector<Chamber> chambers;
  for (const ChamberReport& r : a.chambers) chambers.push_back(r.chamber);
  out << "Position " << toOneLine(board) << " (" << board.width() << "x" << board.height() << "), "
      << colorName(board.sideToMove()) << " to move\n";
  out << "Values are from Black's (Left's) point of view: positive favours Black.\n\n";
  out << drawChambers(board, chambers) << '\n';
  out << "chamber  class      empty  moves  defect  value\n";
  for (const ChamberReport& r : a.chambers) {
    out << "   " << r.letter << "     " << std::left << std::setw(10) << chamberClassName(r.chamber.kind) << std::right
        << std::setw(6) << r.chamber.empty;
    if (r.moves) out << std::setw(7) << *r.moves << std::setw(8) << r.chamber.empty - *r.moves;
    else out << std::setw(7) << "-" << std::setw(8) << "-";
    out << "  " << (r.value ? cgt::toString(*r.value) : std::string("unknown"));
    if (r.value && isHot(*r.value))
      out << "   (mean " << cgt::toString(cgt::mean(*r.value)) << ", temperature "
          << cgt::toString(cgt::temperature(*r.value)) << ")";
    out << '\n';
    if (options.fillingLines && !r.fillingLine.empty())
      out << "         filling: " << moveList(board, r.fillingLine, options.notation, " ") << '\n';
  }
  out << "\nTotal: " << totalText(a);
  if (a.blackToMove.verdict != Verdict::Unknown && a.whiteToMove.verdict != Verdict::Unknown) {
    static const char* kOutcome[] = {"Black wins whoever moves first", "White wins whoever moves first",
                                     "the second player wins", "the first player wins"};  // by OutcomeClass
    const OutcomeClass c = classOf(a.blackToMove.verdict == Verdict::Win, a.whiteToMove.verdict == Verdict::Win);
    out << "  (" << kOutcome[static_cast<int>(c)] << ")";
  }
  if (!a.total && a.totalMean)
    out << "\n       (canonical form over --total-nodes; mean " << cgt::toString(*a.totalMean) << ")";
  out << "\n\n";
  for (Color c : {board.sideToMove(), opposite(board.sideToMove())}) {
    const SideReport& side = a.forSide(c);
    out << verdictText(board, side, options.notation) << '\n';
    if (side.winningMoves.size() > 1)
      out << "  winning moves (" << side.winningMoves.size()
          << "): " << moveList(board, side.winningMoves, options.notation, " ") << '\n';
  }
  out << "\nNodes: " << a.nodes << ", time: " << std::fixed << std::setprecision(3) << a.seconds << " s\n";
  out.unsetf(std::ios::fixed);
}

void printAnalysisJson(std::ostream& out, const Board& board, const Analysis& a, const ReportOptions& options) {
  out << "{\"position\": " << quoted(toOneLine(board)) << ", \"width\": " << board.width()
      << ", \"height\": " << board.height() << ", \"to_move\": \"" << winnerName(board.sideToMove())
      << "\", \"point_of_view\": \"values are from Black's (Left's) point of view\", \"chambers\": [";
  for (size_t i = 0; i < a.chambers.size(); ++i) {
    const ChamberReport& r = a.chambers[i];
    out << (i ? ", " : "") << "{\"label\": \"" << r.letter << "\", \"class\": \"" << chamberClassName(r.chamber.kind)
        << "\", \"empty\": " << r.chamber.empty << ", \"black_amazons\": " << r.chamber.blackAmazons
        << ", \"white_amazons\": " << r.chamber.whiteAmazons;
    if (r.moves) out << ", \"moves\": " << *r.moves << ", \"defect\": " << r.chamber.empty - *r.moves;
    out << ", \"value\": " << (r.value ? quoted(cgt::toString(*r.value)) : "null");
    if (r.value && isHot(*r.value))
      out << ", \"mean\": " << quoted(cgt::toString(cgt::mean(*r.value)))
          << ", \"temperature\": " << quoted(cgt::toString(cgt::temperature(*r.value)));
    if (options.fillingLines && r.moves)
      out << ", \"line\": " << quoted(moveList(board, r.fillingLine, options.notation, " "));
    out << ", \"squares\": " << quoted(squareList(board, r.chamber.squares)) << "}";
  }
  out << "], \"total\": " << (a.totalMean ? quoted(totalText(a)) : "null")
      << ", \"total_canonical\": " << (a.total ? "true" : "false");
  if (a.totalMean) out << ", \"total_mean\": " << quoted(cgt::toString(*a.totalMean));
  for (Color c : {Color::Black, Color::White}) {
    const SideReport& side = a.forSide(c);
    out << ", \"" << (c == Color::Black ? "black_to_move" : "white_to_move") << "\": {";
    if (side.verdict == Verdict::Unknown) {
      out << "\"winner\": null, \"move\": null";
    } else {
      out << "\"winner\": \"" << winnerName(side.winner()) << "\", \"move\": "
          << (side.bestMove ? quoted(formatMove(board, *side.bestMove, options.notation)) : "null");
      out << ", \"winning_moves\": [";
      for (size_t i = 0; i < side.winningMoves.size(); ++i)
        out << (i ? ", " : "") << quoted(formatMove(board, side.winningMoves[i], options.notation));
      out << "]";
    }
    out << "}";
  }
  out << ", \"nodes\": " << a.nodes << ", \"seconds\": " << a.seconds << "}\n";
}

}  // namespace amazons
