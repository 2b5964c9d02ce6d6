// cgt: exact values of short partizan games (Conway's canonical forms), independent of any
// particular game. Umbrella header.
//
//   cgt/dyadic.h       Dyadic: exact num / 2^exp, overflow throws std::overflow_error
//   cgt/game_table.h   GameId (interned canonical forms), make, add, negate, leq, compare, outcome
//   cgt/op_caches.h    the game table's caches of add, leq and make (internal)
//   cgt/thermograph.h  thermographs, mean, temperature (CGSuite conventions for numbers)
//   cgt/sum.h          PartSum, SumSearch: who wins a sum of many values, without its canonical form
//   cgt/notation.h     toString / parse in CGSuite notation, ParseError
//   cgt/serial.h       serialise / deserialise: compact bytes of a canonical form (value database)
//   cgt/hash.h         KeyHash (XXH3) for exact-key tables
//   cgt/game.h         Side, the ShortGame concept
//   cgt/evaluate.h     Evaluator<G>: memoised value of any ShortGame
#pragma once

#include "cgt/dyadic.h"
#include "cgt/evaluate.h"
#include "cgt/game.h"
#include "cgt/game_table.h"
#include "cgt/hash.h"
#include "cgt/notation.h"
#include "cgt/serial.h"
#include "cgt/sum.h"
#include "cgt/thermograph.h"
