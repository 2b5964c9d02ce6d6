// Thermographs with exact dyadic walls.
//
// Walls are continuous piecewise-linear functions of the temperature t >= -1 (the value a player
// can secure in G cooled by t). Convention as in CGSuite: an integer n is a mast from t = -1, so
// temperature(n) = -1; a number m/2^k (m odd, k >= 1) has temperature -1/2^k (its walls come from
// its options like any other game); a number plus a non-zero infinitesimal (*, ^, 1*, ...) has
// temperature 0 and mean its number part. For every other game the temperature is the lowest t at
// which the left scaffold (max over G^L of rightWall(G^L)(t) - t) meets the right scaffold
// (min over G^R of leftWall(G^R)(t) + t); above it both walls are the mast at the mean.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "cgt/dyadic.h"
#include "cgt/game_table.h"

namespace cgt {

struct Wall {
  struct Piece {
    Dyadic t;      // start of the piece
    Dyadic value;  // value at t
    int slope;     // value grows by slope per unit of t until the next piece
  };
  std::vector<Piece> pieces;  // pieces[0].t == -1; the last piece extends to infinity

  Dyadic at(Dyadic t) const;
  static Wall constant(Dyadic v);
  Wall tilted(int slope) const;                     // f(t) + slope * t
  static Wall max(const Wall& a, const Wall& b);
  static Wall min(const Wall& a, const Wall& b);
  std::string toString() const;                     // "t0:v0/s0 t1:v1/s1 ..." for debugging
};

struct Thermograph {
  Wall left, right;
  Dyadic mast;         // the mean value
  Dyadic temperature;
};

std::shared_ptr<const Thermograph> thermograph(GameId g);  // memoised
Dyadic mean(GameId g);
Dyadic temperature(GameId g);

}  // namespace cgt
