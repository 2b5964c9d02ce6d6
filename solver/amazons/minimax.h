// The whole-board oracle: plain negamax over the full position with a table of exact
// positions, with no splitting into chambers and no game values. Slow and obviously correct;
// the tests and the suite generator check the real solver against it.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>

#include "solver/amazons/board.h"

namespace amazons {

class WholeBoardSearch {
 public:
  // nodeLimit 0 = unlimited; when the limit is hit the answer is std::nullopt.
  explicit WholeBoardSearch(uint64_t nodeLimit = 0) : nodeLimit_(nodeLimit) {}

  // Whether the side to move wins (normal play: who cannot move loses).
  std::optional<bool> moverWins(const Board& board);
  uint64_t nodes() const { return nodes_; }

 private:
  bool search(Board& board);
  static std::string key(const Board& board);

  uint64_t nodeLimit_;
  uint64_t nodes_ = 0;
  bool aborted_ = false;
  std::unordered_map<std::string, bool> table_;
};

}  // namespace amazons
