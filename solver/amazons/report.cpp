#include "solver/amazons/report.h"

#include <iomanip>
#include <sstream>

#include "solver/amazons/formats.h"
#include "solver/amazons/game.h"
#include "solver/amazons/notation.h"
#include "solver/core/text.h"

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

}  // namespace

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
  out << "{\"position\": " << jsonString(toOneLine(board)) << ", \"chambers\": [";
  for (size_t i = 0; i < chambers.size(); ++i) {
    const Chamber& c = chambers[i];
    out << (i ? ", " : "") << "{\"label\": \"" << regionLabel(i) << "\", \"class\": \"" << chamberClassName(c.kind)
        << "\", \"squares\": " << c.squares.size() << ", \"empty\": " << c.empty
        << ", \"black_amazons\": " << c.blackAmazons << ", \"white_amazons\": " << c.whiteAmazons
        << ", \"cells\": " << jsonString(squareList(board, c.squares)) << "}";
  }
  out << "]}\n";
}

std::string Amazons::drawRegions(const GameRegion& board, const std::vector<RegionDetail>& chambers) {
  std::vector<Chamber> squares;
  for (const RegionDetail& d : chambers) squares.push_back(d.chamber);
  return drawChambers(board.toBoard(), squares);
}

std::string Amazons::detailHeader() { return "class      empty  moves  defect"; }

std::string Amazons::detailCells(const RegionDetail& d) {
  std::ostringstream out;
  out << std::left << std::setw(10) << chamberClassName(d.chamber.kind) << std::right << std::setw(6) << d.chamber.empty;
  if (d.moves) out << std::setw(7) << *d.moves << std::setw(8) << d.chamber.empty - *d.moves;
  else out << std::setw(7) << "-" << std::setw(8) << "-";
  return out.str();
}

namespace {

std::string moveList(const GameRegion& board, const std::vector<GameMove>& moves, const Amazons::MoveFormat& format) {
  std::string out;
  for (const GameMove& m : moves) {
    if (!out.empty()) out += ' ';
    out += format(board, m);
  }
  return out;
}

}  // namespace

std::string Amazons::detailJson(const GameRegion& board, const RegionDetail& d, const MoveFormat& format) {
  std::ostringstream out;
  out << ", \"class\": \"" << chamberClassName(d.chamber.kind) << "\", \"empty\": " << d.chamber.empty
      << ", \"black_amazons\": " << d.chamber.blackAmazons << ", \"white_amazons\": " << d.chamber.whiteAmazons;
  if (d.moves) out << ", \"moves\": " << *d.moves << ", \"defect\": " << d.chamber.empty - *d.moves;
  if (d.fillingLine) out << ", \"line\": " << jsonString(moveList(board, *d.fillingLine, format));
  out << ", \"squares\": " << jsonString(squareList(board.toBoard(), d.chamber.squares));
  return out.str();
}

std::string Amazons::detailLines(const GameRegion& board, const RegionDetail& d, const MoveFormat& format) {
  if (!d.fillingLine || d.fillingLine->empty()) return "";
  return "         filling: " + moveList(board, *d.fillingLine, format) + "\n";
}

}  // namespace amazons
