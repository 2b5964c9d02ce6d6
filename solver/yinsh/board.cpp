#include "solver/yinsh/board.h"

namespace amazons::yinsh {

namespace {

struct Geometry {
  std::array<Letter, kLetters> letters{};
  std::array<int8_t, kCells> letterOf{}, numberOf{};
  std::array<std::array<int8_t, 12>, kLetters> cellAt{};  // [letter][number], -1 off the board
  std::array<std::array<Ray, kDirections>, kCells> rays{};
  std::vector<Window> windows;
  std::array<std::vector<uint16_t>, kCells> windowsThrough;

  Geometry() {
    // The referee's board: each letter's first number and count (a2-a5, b1-b7, ..., k7-k10).
    constexpr int first[kLetters] = {2, 1, 1, 1, 1, 2, 2, 3, 4, 5, 7};
    constexpr int count[kLetters] = {4, 7, 8, 9, 10, 9, 10, 9, 8, 7, 4};
    for (auto& row : cellAt) row.fill(-1);
    int cell = 0;
    for (int l = 0; l < kLetters; ++l) {
      letters[l] = {first[l], count[l], cell};
      for (int n = first[l]; n < first[l] + count[l]; ++n, ++cell) {
        letterOf[cell] = static_cast<int8_t>(l);
        numberOf[cell] = static_cast<int8_t>(n);
        cellAt[l][n] = static_cast<int8_t>(cell);
      }
    }
    for (int c = 0; c < kCells; ++c)
      for (int d = 0; d < kDirections; ++d) {
        Ray& r = rays[c][d];
        r.length = 0;
        for (int l = letterOf[c] + kSteps[d][0], n = numberOf[c] + kSteps[d][1]; at(l, n) >= 0; l += kSteps[d][0], n += kSteps[d][1])
          r.cells[r.length++] = static_cast<uint8_t>(at(l, n));
      }
    for (int c = 0; c < kCells; ++c)
      for (int d = 0; d < 3; ++d) {
        const Ray& r = rays[c][d];
        if (r.length < kRowLength - 1) continue;
        Window w{bit(c), static_cast<uint8_t>(c), r.cells[kRowLength - 2]};
        for (int k = 0; k < kRowLength - 1; ++k) w.cells |= bit(r.cells[k]);
        forEachCell(w.cells, [&](int x) { windowsThrough[x].push_back(static_cast<uint16_t>(windows.size())); });
        windows.push_back(w);
      }
  }
  int at(int l, int n) const { return l < 0 || l >= kLetters || n < 0 || n > 11 ? -1 : cellAt[l][n]; }
};

const Geometry& geometry() {
  static const Geometry g;
  return g;
}

}  // namespace

const char* colorName(Color c) { return c == Color::White ? "white" : "black"; }
const std::array<Letter, kLetters>& letters() { return geometry().letters; }
int letterOf(int cell) { return geometry().letterOf[cell]; }
int numberOf(int cell) { return geometry().numberOf[cell]; }
int cellAt(int letter, int number) { return geometry().at(letter, number); }
std::string cellName(int cell) {
  std::string name(1, static_cast<char>('a' + letterOf(cell)));
  name += std::to_string(numberOf(cell));
  return name;
}
const Ray& ray(int cell, int direction) { return geometry().rays[cell][direction]; }
const std::vector<Window>& windows() { return geometry().windows; }
const std::vector<uint16_t>& windowsThrough(int cell) { return geometry().windowsThrough[cell]; }

bool placementPhase(const Position& p) {
  const int mine = p.ringCount(p.toMove), theirs = p.ringCount(opponent(p.toMove));
  return p.markerCount() == 0 && mine + theirs < 2 * kRingsEach && mine <= theirs;
}

bool hasRow(const Position& p, Color c) {
  const Mask m = p.markers[index(c)];
  if (popcount(m) < kRowLength) return false;
  for (const Window& w : windows())
    if ((m & w.cells) == w.cells) return true;
  return false;
}

}  // namespace amazons::yinsh
