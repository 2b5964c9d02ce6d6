#include "cgt/thermograph.h"

#include <algorithm>
#include <mutex>
#include <unordered_map>

namespace cgt {
namespace {

const Dyadic kMinusOne(-1);

// Index of the piece containing t.
size_t pieceAt(const Wall& w, Dyadic t) {
  size_t i = 0;
  while (i + 1 < w.pieces.size() && w.pieces[i + 1].t <= t) ++i;
  return i;
}

void appendPiece(Wall& w, Dyadic t, Dyadic v, int slope) {
  if (!w.pieces.empty()) {
    const Wall::Piece& last = w.pieces.back();
    if (last.slope == slope) return;  // walls are continuous: same slope continues the last piece
    if (last.t == t) {
      w.pieces.back() = {t, v, slope};
      return;
    }
  }
  w.pieces.push_back({t, v, slope});
}

// Pointwise max (wantMax) or min of two walls.
Wall combine(const Wall& a, const Wall& b, bool wantMax) {
  std::vector<Dyadic> ts;
  for (const auto& p : a.pieces) ts.push_back(p.t);
  for (const auto& p : b.pieces) ts.push_back(p.t);
  std::sort(ts.begin(), ts.end());
  ts.erase(std::unique(ts.begin(), ts.end()), ts.end());
  Wall out;
  size_t ia = 0, ib = 0;
  for (size_t k = 0; k < ts.size(); ++k) {
    const Dyadic t = ts[k];
    while (ia + 1 < a.pieces.size() && a.pieces[ia + 1].t <= t) ++ia;
    while (ib + 1 < b.pieces.size() && b.pieces[ib + 1].t <= t) ++ib;
    const auto& pa = a.pieces[ia];
    const auto& pb = b.pieces[ib];
    const Dyadic va = pa.value + (t - pa.t) * pa.slope, vb = pb.value + (t - pb.t) * pb.slope;
    const Dyadic d = va - vb;
    const int ds = pa.slope - pb.slope;
    // Which one is chosen at the start (ties broken by the slope that wins just after t).
    bool aWins;
    if (d == Dyadic()) aWins = wantMax ? ds >= 0 : ds <= 0;
    else aWins = wantMax ? Dyadic() < d : d < Dyadic();
    appendPiece(out, t, aWins ? va : vb, aWins ? pa.slope : pb.slope);
    // Crossing strictly inside (t, next)?
    if (d != Dyadic() && ds != 0 && ((Dyadic() < d) != (0 < ds))) {
      // d + ds * s = 0  =>  s = -d / ds, with |ds| in {1, 2, ...}: exact when ds is a power of two.
      Dyadic s = ds < 0 ? d : -d;  // s = -d / ds = (ds < 0 ? d : -d) / |ds|
      int m = ds < 0 ? -ds : ds;
      while (m > 1 && m % 2 == 0) {
        s = s.half();
        m /= 2;
      }
      if (m != 1) throw std::logic_error("cgt thermograph: non-dyadic crossing");
      const Dyadic tc = t + s;
      if (k + 1 == ts.size() || tc < ts[k + 1]) {
        const Dyadic vc = va + s * pa.slope;
        appendPiece(out, tc, vc, aWins ? pb.slope : pa.slope);
      }
    }
  }
  return out;
}

struct ThermoShard {
  std::mutex m;
  std::unordered_map<GameId, std::shared_ptr<const Thermograph>> map;
};
ThermoShard* thermoShards() {
  static ThermoShard* s = new ThermoShard[64];
  return s;
}

std::shared_ptr<const Thermograph> compute(GameId g) {
  checkWork();  // recursion once a level of g
  auto th = std::make_shared<Thermograph>();
  if (auto x = asNumber(g); x && x->isInteger()) {
    th->left = th->right = Wall::constant(*x);
    th->mast = *x;
    th->temperature = kMinusOne;
    return th;
  }
  auto lo = leftOptions(g), ro = rightOptions(g);
  Wall ls = thermograph(lo[0])->right.tilted(-1);
  for (size_t i = 1; i < lo.size(); ++i) ls = Wall::max(ls, thermograph(lo[i])->right.tilted(-1));
  Wall rs = thermograph(ro[0])->left.tilted(1);
  for (size_t i = 1; i < ro.size(); ++i) rs = Wall::min(rs, thermograph(ro[i])->left.tilted(1));
  // Lowest t >= -1 with ls(t) <= rs(t).
  std::vector<Dyadic> ts;
  for (const auto& p : ls.pieces) ts.push_back(p.t);
  for (const auto& p : rs.pieces) ts.push_back(p.t);
  std::sort(ts.begin(), ts.end());
  ts.erase(std::unique(ts.begin(), ts.end()), ts.end());
  std::optional<Dyadic> tau;
  for (size_t k = 0; k < ts.size() && !tau; ++k) {
    const Dyadic t = ts[k];
    const auto& pl = ls.pieces[pieceAt(ls, t)];
    const auto& pr = rs.pieces[pieceAt(rs, t)];
    const Dyadic d = (pl.value + (t - pl.t) * pl.slope) - (pr.value + (t - pr.t) * pr.slope);
    if (d <= Dyadic()) {
      tau = t;
      break;
    }
    const int ds = pl.slope - pr.slope;
    if (ds < 0) {
      Dyadic s = d;
      int m = -ds;
      while (m > 1 && m % 2 == 0) {
        s = s.half();
        m /= 2;
      }
      if (m != 1) throw std::logic_error("cgt thermograph: non-dyadic crossing");
      if (k + 1 == ts.size() || t + s <= ts[k + 1]) tau = t + s;
    }
  }
  if (!tau) throw std::logic_error("cgt thermograph: scaffolds never meet");
  th->temperature = *tau;
  th->mast = ls.at(*tau);
  for (const Wall* src : {&ls, &rs}) {
    Wall& dst = src == &ls ? th->left : th->right;
    for (const auto& p : src->pieces) {
      if (!(p.t < *tau)) break;
      dst.pieces.push_back(p);
    }
    appendPiece(dst, *tau, th->mast, 0);
  }
  return th;
}

}  // namespace

Dyadic Wall::at(Dyadic t) const {
  const Piece& p = pieces[pieceAt(*this, t)];
  return p.value + (t - p.t) * p.slope;
}

Wall Wall::constant(Dyadic v) {
  Wall w;
  w.pieces.push_back({kMinusOne, v, 0});
  return w;
}

Wall Wall::tilted(int slope) const {
  Wall w = *this;
  for (auto& p : w.pieces) {
    p.value += p.t * slope;
    p.slope += slope;
  }
  return w;
}

Wall Wall::max(const Wall& a, const Wall& b) { return combine(a, b, true); }
Wall Wall::min(const Wall& a, const Wall& b) { return combine(a, b, false); }

std::string Wall::toString() const {
  std::string s;
  for (const auto& p : pieces) {
    if (!s.empty()) s += ' ';
    s += cgt::toString(p.t) + ":" + cgt::toString(p.value) + "/" + std::to_string(p.slope);
  }
  return s;
}

std::shared_ptr<const Thermograph> thermograph(GameId g) {
  ThermoShard& shard = thermoShards()[g % 64];
  {
    std::lock_guard lock(shard.m);
    auto it = shard.map.find(g);
    if (it != shard.map.end()) return it->second;
  }
  auto th = compute(g);
  std::lock_guard lock(shard.m);
  return shard.map.emplace(g, th).first->second;
}

Dyadic mean(GameId g) {
  if (auto x = asNumber(g)) return *x;
  return thermograph(g)->mast;
}

Dyadic temperature(GameId g) { return thermograph(g)->temperature; }

}  // namespace cgt
