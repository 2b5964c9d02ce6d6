// CGSuite notation: printing canonical forms and parsing them back.
//
// Printing follows CGSuite's plain-text output:
//  - numbers "0", "-2", "3/4"; nimbers "*", "*2"; number + up multiple + nimber "^", "v", "^^",
//    "vv", "^3", "v3*2", "^*", "1*", "1/2^*" (the number first, then ups, then the star);
//  - switches G = {a,b|-a,-b} as "+-a" or "+-{a,b}" (a non-number/nimber/up single option in
//    parentheses, e.g. "+-(1*)");
//  - x + Tiny(G) = {x||x|x-G} as "x+G.Tiny" (x omitted when 0; "(1/2).Tiny", "{1|0}.Tiny"),
//    and likewise ".Miny";
//  - other games with braces at the top and slashes for a nested single option:
//    {3|{2|0}} = "{3||2|0}", a side with several options gets braces on its general options,
//    four slashes force braces. Options are sorted as CGSuite sorts them: numbers, nimbers,
//    up-star values, then others by their sorted option lists.
// Deviation: CGSuite's "uptimal" notation (^<2>, 0.12...) for values beyond number+ups+star is
// not used; such games are written with braces.
//
// The parser reads all of the above, sums/differences ("a + b - c"), unary minus, parentheses,
// "+-" both as prefix and infix (a +- b = a + (+-b)), and braces with any number of slashes:
// "{a||b|c}" = {a|{b|c}}, "{a|b||c}" = {{a|b}|c}; equally many bars at the top level is an error.
// Literals past what the table can hold are errors: integers above 2^22, up multiples above
// 2^20, nimbers above *4096; literals are added and negated as numbers, so a sum of them past
// those bounds is refused before any form is built. Neither parse nor toString bounds its own
// work: a short text can ask for minutes ("^*2000") or gigabytes (a sum of forty switches); run
// them under a WorkLimit (game_table.h) to bound them, as `amazons-solve cgt` does.
#pragma once
#include <stdexcept>
#include <string>
#include <string_view>

#include "cgt/dyadic.h"
#include "cgt/game_table.h"

namespace cgt {

class ParseError : public std::runtime_error {
 public:
  ParseError(const std::string& message, int column) : std::runtime_error(message), column_(column) {}
  int column() const { return column_; }  // from 1

 private:
  int column_;
};

std::string toString(GameId g);
GameId parse(std::string_view text);

}  // namespace cgt
