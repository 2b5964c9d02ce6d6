#include "solver/yinsh/board.h"

#include <utility>

namespace amazons::yinsh {

namespace {

struct Geometry {
  std::array<Letter, kLetters> letters{};
  Mask cells = 0;
  std::array<std::array<Ray, kDirections>, kSlots> rays{};
  std::vector<Window> windows;
  std::array<std::array<int16_t, 3>, kSlots> windowAt{};
  std::array<std::array<uint8_t, kSlots>, kSymmetries> images{};

  Geometry() {
    // The referee's board: each letter's first number and count (a2-a5, b1-b7, ..., k7-k10).
    constexpr int first[kLetters] = {2, 1, 1, 1, 1, 2, 2, 3, 4, 5, 7};
    constexpr int count[kLetters] = {4, 7, 8, 9, 10, 9, 10, 9, 8, 7, 4};
    for (int l = 0; l < kLetters; ++l) {
      letters[l] = {first[l], count[l], 11 * l + first[l] - 1};
      for (int n = first[l]; n < first[l] + count[l]; ++n) cells |= bit(11 * l + n - 1);
    }
    for (auto& w : windowAt) w.fill(-1);
    forEachCell(cells, [&](int c) {
      for (int d = 0; d < kDirections; ++d) {
        Ray& r = rays[c][d];
        r.length = 0;
        for (int l = c / 11 + kSteps[d][0], n = c % 11 + 1 + kSteps[d][1]; at(l, n) >= 0; l += kSteps[d][0], n += kSteps[d][1])
          r.cells[r.length++] = static_cast<uint8_t>(at(l, n));
      }
      for (int d = 0; d < 3; ++d) {
        const Ray& r = rays[c][d];
        if (r.length < kRowLength - 1) continue;
        Window w{bit(c), static_cast<uint8_t>(c), r.cells[kRowLength - 2]};
        for (int k = 0; k < kRowLength - 1; ++k) w.cells |= bit(r.cells[k]);
        windowAt[c][d] = static_cast<int16_t>(windows.size());
        windows.push_back(w);
      }
    });
    buildImages();
  }
  // About f6 (letter 5, number 6), with q = letter - 5 and r = number - 6 the six neighbours
  // are (q +- 1, r), (q, r +- 1), (q + 1, r + 1), (q - 1, r - 1): (q, r) -> (q - r, q) turns
  // them round one step, (q, r) -> (r, q) reflects them.
  void buildImages() {
    forEachCell(cells, [&](int c) {
      for (int s = 0; s < kSymmetries; ++s) {
        int q = c / 11 - 5, r = c % 11 - 5;
        for (int k = 0; k < s % 6; ++k) {
          const int turned = q - r;
          r = q;
          q = turned;
        }
        if (s >= 6) std::swap(q, r);
        images[s][c] = static_cast<uint8_t>(at(q + 5, r + 6));
      }
    });
  }
  int at(int l, int n) const { return l < 0 || l >= kLetters || n < 1 || n > 11 || !(cells & bit(11 * l + n - 1)) ? -1 : 11 * l + n - 1; }
};

const Geometry& geometry() {
  static const Geometry g;
  return g;
}

}  // namespace

const char* colorName(Color c) { return c == Color::White ? "white" : "black"; }
Mask boardCells() { return geometry().cells; }
const std::array<Letter, kLetters>& letters() { return geometry().letters; }
int letterOf(int cell) { return cell / 11; }
int numberOf(int cell) { return cell % 11 + 1; }
int cellAt(int letter, int number) { return geometry().at(letter, number); }
std::string cellName(int cell) {
  std::string name(1, static_cast<char>('a' + letterOf(cell)));
  name += std::to_string(numberOf(cell));
  return name;
}
const Ray& ray(int cell, int direction) { return geometry().rays[cell][direction]; }
const std::vector<Window>& windows() { return geometry().windows; }
int windowAt(int first, int direction) { return geometry().windowAt[first][direction]; }

int imageOf(int cell, int symmetry) { return geometry().images[symmetry][cell]; }
Mask imageOf(Mask m, int symmetry) {
  Mask image = 0;
  forEachCell(m, [&](int c) { image |= bit(geometry().images[symmetry][c]); });
  return image;
}
Position imageOf(const Position& p, int symmetry) {
  Position q = p;
  for (int side = 0; side < 2; ++side) {
    q.rings[side] = imageOf(p.rings[side], symmetry);
    q.markers[side] = imageOf(p.markers[side], symmetry);
  }
  return q;
}

bool placementPhase(const Position& p) {
  const int mine = p.ringCount(p.toMove), theirs = p.ringCount(opponent(p.toMove));
  return p.markerCount() == 0 && mine + theirs < 2 * kRingsEach && mine <= theirs;
}

bool hasRow(const Position& p, Color c) {
  const Mask m = p.markers[index(c)];
  return rowStarts(m, 0) | rowStarts(m, 1) | rowStarts(m, 2);
}

}  // namespace amazons::yinsh
