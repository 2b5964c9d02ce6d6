#include "solver/amazons/chamber_report.h"

#include <cstdlib>
#include <stdexcept>
#include <string>

#include "solver/amazons/chambers.h"
#include "solver/core/errors.h"

namespace amazons {

void reportChambers(const Board& board, core::Analysis<Amazons>& a, TerritorySolver* lines, const Deadline& deadline) {
  std::vector<core::RegionReport<Amazons>> parts = std::move(a.regions);
  std::vector<bool> taken(parts.size(), false);
  a.regions.clear();
  for (const Chamber& c : findChambers(board)) {
    const Box box = boundingBox(board, c);
    const Board cropped = extractRegion(board, c);
    core::RegionReport<Amazons> r{{GameRegion(cropped), box.f0, box.r0}, std::nullopt, {c, std::nullopt, std::nullopt}};
    if (c.kind == ChamberClass::Dead || c.kind == ChamberClass::Closed) {
      r.value = cgt::zero();
      r.detail.moves = 0;
      if (lines) r.detail.fillingLine.emplace();
    } else {
      // The analysed region at the same place with the same squares (two chambers may share a
      // corner of their boxes, never their squares).
      const std::string key = Amazons::key(Amazons::normalise(r.part.region));
      size_t i = 0;
      while (i < parts.size() && (taken[i] || parts[i].part.file0 != box.f0 || parts[i].part.rank0 != box.r0 ||
                                  Amazons::key(Amazons::normalise(parts[i].part.region)) != key))
        ++i;
      if (i == parts.size()) throw std::logic_error("reportChambers: chamber at " + std::to_string(box.f0) + "," + std::to_string(box.r0) + " not analysed");
      taken[i] = true;
      r.value = parts[i].value;
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
