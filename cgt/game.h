// The narrow interface a game implements to be evaluated by cgt::Evaluator (cgt/evaluate.h).
#pragma once
#include <concepts>
#include <string>
#include <vector>

namespace cgt {

enum class Side { Left, Right };

// A short partizan game position.
//  - options(s): the positions after each legal move of side s (any order, duplicates allowed);
//  - components(): independent parts whose disjunctive sum is this position, each normalised
//    (a position with no independent split returns itself; parts with no moves may be dropped);
//  - key(): an exact normalised key: equal keys must mean equal games (different keys may still
//    be equal games). It must identify the position completely, not just hash it.
template <class G>
concept ShortGame = requires(const G& g, Side s) {
  { g.options(s) } -> std::same_as<std::vector<G>>;
  { g.components() } -> std::same_as<std::vector<G>>;
  { g.key() } -> std::convertible_to<std::string>;
};

}  // namespace cgt
