#include "cgt/notation.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <limits>
#include <optional>
#include <vector>

#include "cgt/thermograph.h"

namespace cgt {
namespace {

// ---------------------------------------------------------------------------------------------
// CGSuite's deterministic option order.
int rank(GameId g, std::optional<Nus>& n) {
  n = asNus(g);
  if (!n) return 3;
  if (n->ups == 0 && n->nim == 0) return 0;
  if (n->ups == 0 && n->number == Dyadic()) return 1;
  return 2;
}

int compareGames(GameId a, GameId b);

std::vector<GameId> sortedOptions(std::span<const GameId> opts) {
  std::vector<GameId> v(opts.begin(), opts.end());
  // From formLess's order, not the ids': which pairs the sort compares (each comparison may
  // recognise values, sums counted under a WorkLimit) then depends on the forms alone.
  std::sort(v.begin(), v.end(), formLess);
  std::sort(v.begin(), v.end(), [](GameId x, GameId y) { return compareGames(x, y) < 0; });
  return v;
}

int compareLists(const std::vector<GameId>& a, const std::vector<GameId>& b) {
  for (size_t i = 0; i < a.size() && i < b.size(); ++i)
    if (int c = compareGames(a[i], b[i])) return c;
  return a.size() < b.size() ? -1 : a.size() > b.size() ? 1 : 0;
}

int sign(std::strong_ordering o) { return o < 0 ? -1 : o > 0 ? 1 : 0; }

int compareGames(GameId a, GameId b) {
  if (a == b) return 0;
  checkWork();
  std::optional<Nus> na, nb;
  const int ra = rank(a, na), rb = rank(b, nb);
  if (ra != rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case 0: return sign(na->number <=> nb->number);
    case 1: return na->nim < nb->nim ? -1 : 1;
    case 2: {
      if (int c = sign(na->number <=> nb->number)) return c;
      if (na->ups != 0 && nb->ups != 0 && na->ups != nb->ups) return na->ups < nb->ups ? -1 : 1;
      const int la = na->ups != 0, lb = nb->ups != 0;
      if (la != lb) return la < lb ? -1 : 1;
      return na->nim < nb->nim ? -1 : na->nim > nb->nim ? 1 : 0;
    }
    default: {
      if (int c = compareLists(sortedOptions(leftOptions(a)), sortedOptions(leftOptions(b)))) return c;
      return compareLists(sortedOptions(rightOptions(a)), sortedOptions(rightOptions(b)));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Printing (returns the number of slashes left open, as CGSuite does).
constexpr int kMaxSlashes = 4;

int appendTo(GameId g, std::string& out, bool forceBrackets, bool forceParens);

void appendNus(const Nus& n, std::string& out, bool forceParens) {
  const bool isNum = n.ups == 0 && n.nim == 0;
  const bool isNim = n.ups == 0 && n.number == Dyadic();
  const bool parens = forceParens && !isNum && !isNim && !(n.number == Dyadic() && n.nim == 0);
  if (parens) out += '(';
  if (n.number != Dyadic() || (n.nim == 0 && n.ups == 0)) out += toString(n.number);
  if (n.ups != 0) {
    const int64_t a = n.ups < 0 ? -n.ups : n.ups;
    if (a == 2) out += n.ups > 0 ? "^^" : "vv";
    else out += n.ups > 0 ? "^" : "v";
    if (a > 2) out += std::to_string(a);
  }
  if (n.nim != 0) {
    out += '*';
    if (n.nim > 1) out += std::to_string(n.nim);
  }
  if (parens) out += ')';
}

int appendTo(GameId g, std::string& out, bool forceBrackets, bool forceParens) {
  checkWork();
  if (auto n = asNus(g)) {
    appendNus(*n, out, forceParens);
    return 0;
  }
  const std::vector<GameId> lo = sortedOptions(leftOptions(g));
  const std::vector<GameId> ro = sortedOptions(rightOptions(g));
  if (negate(g) == g) {  // switch
    out += "+-";
    if (lo.size() > 1) out += '{';
    for (size_t i = 0; i < lo.size(); ++i) {
      if (i) out += ',';
      appendTo(lo[i], out, true, lo.size() == 1);
    }
    if (lo.size() > 1) out += '}';
    return 0;
  }
  if (lo.size() == 1 && ro.size() == 1) {
    std::optional<GameId> translate, subscript;
    bool tiny = false;
    if (isNumber(lo[0]) && leftOptions(ro[0]).size() == 1 && rightOptions(ro[0]).size() == 1 &&
        leftOptions(ro[0])[0] == lo[0] && mean(rightOptions(ro[0])[0]) < mean(lo[0])) {
      tiny = true;
      translate = lo[0];
      subscript = subtract(lo[0], rightOptions(ro[0])[0]);
    } else if (isNumber(ro[0]) && leftOptions(lo[0]).size() == 1 && rightOptions(lo[0]).size() == 1 &&
               rightOptions(lo[0])[0] == ro[0] && mean(ro[0]) < mean(leftOptions(lo[0])[0])) {
      translate = ro[0];
      subscript = subtract(leftOptions(lo[0])[0], ro[0]);
    }
    if (translate) {
      if (forceParens) out += '(';
      if (*translate != zero()) {
        appendTo(*translate, out, false, false);
        out += '+';
      }
      const auto sx = asNumber(*subscript);
      const bool fraction = sx && !sx->isInteger();
      if (fraction) out += '(';
      appendTo(*subscript, out, true, true);
      if (fraction) out += ')';
      out += tiny ? ".Tiny" : ".Miny";
      if (forceParens) out += ')';
      return 0;
    }
  }
  std::string left, right;
  int slashes = 0;
  for (size_t i = 0; i < lo.size(); ++i) {
    if (i) left += ',';
    slashes = std::max(slashes, appendTo(lo[i], left, lo.size() > 1, false) + 1);
  }
  for (size_t i = 0; i < ro.size(); ++i) {
    if (i) right += ',';
    slashes = std::max(slashes, appendTo(ro[i], right, ro.size() > 1, false) + 1);
  }
  const bool braces = forceBrackets || slashes == kMaxSlashes;
  if (braces) out += '{';
  out += left;
  out.append(static_cast<size_t>(slashes), '|');
  out += right;
  if (braces) {
    out += '}';
    return 0;
  }
  return slashes;
}

// ---------------------------------------------------------------------------------------------
// Parsing.
constexpr int64_t kMaxNimber = int64_t{1} << 12;

class Parser {
 public:
  explicit Parser(std::string_view s) : s_(s) {}

  GameId parseAll() {
    skipSpace();
    if (atEnd()) fail("empty expression");
    GameId g = formOf(expr());
    skipSpace();
    if (!atEnd()) fail(std::string("unexpected '") + s_[pos_] + "'");
    return g;
  }

 private:
  // A value as parsed. Literals (a number, an up multiple, a nimber) and their sums and
  // negatives stay numbers (nus) until a form is needed (formOf): a sum's range is then checked
  // before anything is built ('4194304 + 4194304' is refused at once, where its parts took
  // seconds to build, the integer 2^22 a chain of 2^22 forms).
  struct Value {
    std::optional<Nus> nus;
    GameId game = 0;  // when not nus
  };
  static GameId formOf(const Value& v) { return v.nus ? cgt::nus(v.nus->number, v.nus->ups, v.nus->nim) : v.game; }
  static Value sum(const Value& a, const Value& b) {
    if (a.nus && b.nus) return {Nus{a.nus->number + b.nus->number, a.nus->ups + b.nus->ups, a.nus->nim ^ b.nus->nim}};
    return {std::nullopt, add(formOf(a), formOf(b))};
  }
  static Value minus(const Value& v) {
    if (v.nus) return {Nus{-v.nus->number, -v.nus->ups, v.nus->nim}};
    return {std::nullopt, negate(v.game)};
  }

  // A braced item: either a value, or a plain set of options without bars (only after +-).
  struct Item {
    Value value;
    size_t pos = 0;
    bool isSet = false;
    std::vector<GameId> set;
  };

  [[noreturn]] void fail(const std::string& msg) const { throw ParseError(msg, static_cast<int>(pos_) + 1); }
  [[noreturn]] void failAt(size_t pos, const std::string& msg) const { throw ParseError(msg, static_cast<int>(pos) + 1); }
  bool atEnd() const { return pos_ >= s_.size(); }
  char peek(size_t k = 0) const { return pos_ + k < s_.size() ? s_[pos_ + k] : '\0'; }
  void skipSpace() {
    while (!atEnd() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
  }
  bool isPlusMinus() const { return peek() == '+' && peek(1) == '-'; }

  Value expr() {
    Value acc = term();
    for (;;) {
      skipSpace();
      if (isPlusMinus()) {
        pos_ += 2;
        acc = sum(acc, {std::nullopt, plusMinus()});
      } else if (peek() == '+') {
        ++pos_;
        acc = sum(acc, term());
      } else if (peek() == '-') {
        ++pos_;
        acc = sum(acc, minus(term()));
      } else {
        return acc;
      }
    }
  }

  Value term() {
    checkWork();  // "----1" and "((((1))))" recurse once a character
    skipSpace();
    if (atEnd()) fail("expected a value");
    if (isPlusMinus()) {
      pos_ += 2;
      return {std::nullopt, plusMinus()};
    }
    if (peek() == '-' && std::isdigit(static_cast<unsigned char>(peek(1)))) {
      // "-1^*" is (-1) + ^*, as CGSuite prints it: the sign belongs to the number part only.
      ++pos_;
      Item it = postfix(true);
      return it.value;
    }
    if (peek() == '-') {
      ++pos_;
      return minus(term());
    }
    if (peek() == '+') {
      ++pos_;
      return term();
    }
    Item it = postfix();
    if (it.isSet) failAt(it.pos, "expected '|' in braces");
    return it.value;
  }

  GameId plusMinus() {
    skipSpace();
    if (atEnd()) fail("expected a value after '+-'");
    if (peek() == '-' || isPlusMinus() || peek() == '+') {
      const GameId g = formOf(term());
      return make({g}, {negate(g)});
    }
    Item it = postfix();
    std::vector<GameId> L = it.isSet ? it.set : std::vector<GameId>{formOf(it.value)};
    std::vector<GameId> R;
    for (GameId g : L) R.push_back(negate(g));
    return make(L, R);
  }

  Item postfix(bool negativeNumber = false) {
    Item it;
    if (negativeNumber) it.value = literal(true);
    else it = primary();
    while (peek() == '.') {
      if (it.isSet) fail("unexpected '.'");
      ++pos_;
      size_t b = pos_;
      while (std::isalpha(static_cast<unsigned char>(peek()))) ++pos_;
      const std::string_view name = s_.substr(b, pos_ - b);
      if (name == "Tiny" || name == "Miny") {
        const GameId g = formOf(it.value);  // Tiny(G) = {0 || 0 | -G}
        const GameId t = make({zero()}, {make({zero()}, {negate(g)})});
        it.value = {std::nullopt, name == "Tiny" ? t : negate(t)};
      } else {
        failAt(b, "expected 'Tiny' or 'Miny' after '.'");
      }
    }
    return it;
  }

  Item primary() {
    checkWork();
    skipSpace();
    Item it;
    const char c = peek();
    if (c == '(') {
      ++pos_;
      it.value = expr();
      skipSpace();
      if (peek() != ')') fail("expected ')'");
      ++pos_;
      return it;
    }
    if (c == '{') return braced();
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '^' || c == 'v' || c == '*') {
      it.value = literal();
      return it;
    }
    if (c == '\0') fail("unexpected end of expression");
    fail(std::string("unexpected '") + c + "'");
  }

  int64_t integerToken() {
    const size_t b = pos_;
    int64_t v = 0;
    while (std::isdigit(static_cast<unsigned char>(peek()))) {
      const int d = peek() - '0';
      if (v > (std::numeric_limits<int64_t>::max() - d) / 10) failAt(b, "integer too large");
      v = v * 10 + d;
      ++pos_;
    }
    return v;
  }

  // [integer ['/' integer]] [ups] [star], at least one part, no spaces inside.
  Value literal(bool negativeNumber = false) {
    Dyadic number;
    int64_t ups = 0;
    uint32_t nim = 0;
    if (std::isdigit(static_cast<unsigned char>(peek()))) {
      const int64_t n = integerToken();
      if (peek() == '/' && std::isdigit(static_cast<unsigned char>(peek(1)))) {
        ++pos_;
        const size_t db = pos_;
        const int64_t d = integerToken();
        if (d <= 0 || (d & (d - 1)) != 0) failAt(db, "denominator must be a power of 2");
        number = Dyadic(n, std::countr_zero(static_cast<uint64_t>(d)));
      } else {
        number = Dyadic(n);
      }
      if (negativeNumber) number = -number;
    }
    if (peek() == '^' || peek() == 'v') {
      const char ch = peek();
      int64_t count = 0;
      while (peek() == ch) {
        ++count;
        ++pos_;
      }
      if (std::isdigit(static_cast<unsigned char>(peek()))) {
        if (count != 1) fail("a multiple goes after a single '^' or 'v'");
        const size_t b = pos_;
        count = integerToken();
        if (count > (int64_t{1} << 20)) failAt(b, "up multiple too large");
      }
      if (std::isalpha(static_cast<unsigned char>(peek()))) fail("unexpected letter");
      ups = ch == '^' ? count : -count;
    }
    if (peek() == '*') {
      ++pos_;
      if (std::isdigit(static_cast<unsigned char>(peek()))) {
        const size_t b = pos_;
        const int64_t m = integerToken();
        // *n is built with every nimber below it, n^2 options in all: *4096 takes 0.1 s and
        // 70 MB, *16000 3 s and 1.1 GB, past what a time limit can stop in time.
        if (m > kMaxNimber) failAt(b, "nimber too large (at most *" + std::to_string(kMaxNimber) + ")");
        nim = static_cast<uint32_t>(m);
      } else {
        nim = 1;
      }
    }
    if (std::isalnum(static_cast<unsigned char>(peek())) && peek() != 'v') fail(std::string("unexpected '") + peek() + "'");
    try {
      checkNumberRange(number);  // the ups and the nimber are checked above
    } catch (const std::length_error& e) {
      fail(e.what());
    }
    return {Nus{number, ups, nim}};
  }

  // '{' lists separated by runs of '|' '}'.
  Item braced() {
    const size_t open = pos_;
    ++pos_;
    std::vector<std::vector<GameId>> lists;
    std::vector<int> seps;
    std::vector<size_t> sepPos;
    for (;;) {
      std::vector<GameId> list;
      skipSpace();
      if (atEnd()) failAt(open, "unclosed '{'");
      if (peek() != '|' && peek() != '}') {
        list.push_back(formOf(expr()));
        skipSpace();
        while (peek() == ',') {
          ++pos_;
          list.push_back(formOf(expr()));
          skipSpace();
        }
      }
      lists.push_back(std::move(list));
      skipSpace();
      if (peek() == '}') {
        ++pos_;
        break;
      }
      if (peek() == '|') {
        sepPos.push_back(pos_);
        int k = 0;
        while (peek() == '|') {
          ++k;
          ++pos_;
        }
        seps.push_back(k);
        continue;
      }
      if (atEnd()) failAt(open, "unclosed '{'");
      fail(std::string("unexpected '") + peek() + "' in braces");
    }
    Item it;
    it.pos = open;
    if (seps.empty()) {
      it.isSet = true;
      it.set = std::move(lists[0]);
      if (it.set.empty()) failAt(open, "empty braces");
      return it;
    }
    it.value = {std::nullopt, build(lists, seps, sepPos, 0, lists.size() - 1)};
    return it;
  }

  GameId build(const std::vector<std::vector<GameId>>& lists, const std::vector<int>& seps,
               const std::vector<size_t>& sepPos, size_t lo, size_t hi) {
    // lists[lo..hi] with separators seps[lo..hi-1]; hi > lo.
    size_t best = lo;
    for (size_t i = lo; i < hi; ++i)
      if (seps[i] > seps[best]) best = i;
    for (size_t i = lo; i < hi; ++i)
      if (i != best && seps[i] == seps[best]) failAt(sepPos[i], "ambiguous bars: use braces or more bars");
    auto side = [&](size_t a, size_t b) {
      if (a == b) return lists[a];
      return std::vector<GameId>{build(lists, seps, sepPos, a, b)};
    };
    const std::vector<GameId> L = side(lo, best), R = side(best + 1, hi);
    return make(L, R);
  }

  std::string_view s_;
  size_t pos_ = 0;
};

}  // namespace

std::string toString(GameId g) {
  std::string out;
  appendTo(g, out, true, false);
  return out;
}

GameId parse(std::string_view text) { return Parser(text).parseAll(); }

}  // namespace cgt
