// Yinsh's action strings as CodinGame writes them: "e5", "STEAL", "h3-h5", "h7-c7;xh5-h9xi9",
// "xg2-g6xk7;d1-c1". A row is written from its lower end ("xh5-h9"), read from either end;
// reading ignores case (the referee's own matching).
#pragma once
#include <string>
#include <string_view>

#include "solver/yinsh/rules.h"

namespace amazons::yinsh {

std::string formatTurn(const Turn& turn);

// The legal turn of p that `text` writes. Throws InputError (line 0, the column in `text`) where
// the text stops matching every legal turn: a malformed cell, an illegal step, a missing one.
TurnAndPosition parseTurn(const Position& p, const Rules& rules, std::string_view text);

}  // namespace amazons::yinsh
