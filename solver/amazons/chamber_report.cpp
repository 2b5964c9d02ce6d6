#include "solver/amazons/chamber_report.h"

#include <cstdlib>
#include <stdexcept>
#include <string>

#include "solver/amazons/chambers.h"
#include "solver/core/errors.h"

namespace amazons {

ChamberMap mapChambers(const Board& board) {
  ChamberMap map{findChambers(board), {}};
  const std::vector<Chamber>& chambers = map.chambers;
  std::vector<std::string> keys;
  for (const Chamber& c : chambers) keys.push_back(Amazons::key(Amazons::normalise(GameRegion(extractRegion(board, c)))));
  std::vector<bool> taken(chambers.size(), false);
  for (const core::Placed<GameRegion>& p : Amazons::split(GameRegion(board))) {
    // The chamber at the same place with the same squares (two chambers may share a corner of
    // their boxes, never their squares).
    const std::string key = Amazons::key(Amazons::normalise(p.region));
    size_t j = 0;
    for (; j < chambers.size(); ++j) {
      if (taken[j] || keys[j] != key) continue;
      const Box box = boundingBox(board, chambers[j]);
      if (box.f0 == p.file0 && box.r0 == p.rank0) break;
    }
    if (j == chambers.size()) throw std::logic_error("mapChambers: no chamber at " + std::to_string(p.file0) + "," + std::to_string(p.rank0));
    taken[j] = true;
    map.ofPart.push_back(j);
  }
  return map;
}

void reportChambers(const Board& board, const ChamberMap& map, core::Analysis<Amazons>& a, TerritorySolver* lines,
                    const Deadline& deadline) {
  const std::vector<Chamber>& chambers = map.chambers;
  if (a.regions.size() != map.ofPart.size()) throw std::logic_error("reportChambers: the analysis is not of the mapped board");
  std::vector<std::optional<cgt::GameId>> values(chambers.size());
  std::vector<bool> analysed(chambers.size(), false);
  for (size_t i = 0; i < map.ofPart.size(); ++i) {
    const Box box = boundingBox(board, chambers[map.ofPart[i]]);
    if (a.regions[i].part.file0 != box.f0 || a.regions[i].part.rank0 != box.r0)
      throw std::logic_error("reportChambers: region " + std::to_string(i) + " is not at its mapped chamber");
    values[map.ofPart[i]] = a.regions[i].value;
    analysed[map.ofPart[i]] = true;
  }
  a.regions.clear();
  for (size_t j = 0; j < chambers.size(); ++j) {
    const Chamber& c = chambers[j];
    const Box box = boundingBox(board, c);
    const Board cropped = extractRegion(board, c);
    core::RegionReport<Amazons> r{{GameRegion(cropped), box.f0, box.r0}, std::nullopt, {c, std::nullopt, std::nullopt}};
    if (!hasMoves(c.kind)) {
      r.value = cgt::zero();
      r.detail.moves = 0;
      if (lines) r.detail.fillingLine.emplace();
    } else {
      if (!analysed[j]) throw std::logic_error("reportChambers: chamber at " + std::to_string(box.f0) + "," + std::to_string(box.r0) + " not analysed");
      r.value = values[j];
      const bool oneColour = c.kind == ChamberClass::BlackOnly || c.kind == ChamberClass::WhiteOnly;
      if (oneColour && r.value)
        if (const std::optional<cgt::Dyadic> n = cgt::asNumber(*r.value); n && n->isInteger()) r.detail.moves = static_cast<int>(std::abs(n->num));
      if (oneColour && lines) {
        const Color owner = c.kind == ChamberClass::BlackOnly ? Color::Black : Color::White;
        try {
          const TerritoryResult t = lines->solve(cropped, owner, true, deadline);
          r.detail.fillingLine.emplace();
          for (const Move& m : t.line) {
            auto at = [&](int sq) { return static_cast<uint8_t>(board.square(cropped.fileOf(sq) + box.f0, cropped.rankOf(sq) + box.r0)); };
            r.detail.fillingLine->push_back(Amazons::ofBoard(board, {at(m.from), at(m.to), at(m.arrow)}));
          }
        } catch (const SolveTimeout&) {
          a.limitReached = true;
        }
      }
    }
    a.regions.push_back(std::move(r));
  }
}

}  // namespace amazons
