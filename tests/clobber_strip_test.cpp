// 1xn Clobber strips as a tiny ShortGame for cgt::Evaluator: published values and brute force.
#include <gtest/gtest.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "cgt/cgt.h"
#include "solver/clobber/clobber.h"
#include "solver/core/values.h"

namespace {

using namespace cgt;

// Left = 'x', Right = 'o'; a stone moves onto an orthogonally adjacent enemy stone, capturing it.
struct Strip {
  std::string cells;

  static std::string normalise(std::string s) {
    std::string r(s.rbegin(), s.rend());
    return std::min(s, r);
  }

  std::vector<Strip> options(Side side) const {
    const char me = side == Side::Left ? 'x' : 'o', them = side == Side::Left ? 'o' : 'x';
    std::vector<Strip> out;
    for (size_t i = 0; i < cells.size(); ++i) {
      if (cells[i] != me) continue;
      for (int d : {-1, 1}) {
        const long j = static_cast<long>(i) + d;
        if (j < 0 || j >= static_cast<long>(cells.size()) || cells[j] != them) continue;
        std::string t = cells;
        t[j] = me;
        t[i] = '.';
        out.push_back({t});
      }
    }
    return out;
  }

  // Maximal runs without '.' that hold both colours (the others have no moves), normalised.
  std::vector<Strip> components() const {
    std::vector<Strip> out;
    size_t i = 0;
    while (i < cells.size()) {
      while (i < cells.size() && cells[i] == '.') ++i;
      size_t j = i;
      while (j < cells.size() && cells[j] != '.') ++j;
      const std::string run = cells.substr(i, j - i);
      if (run.find('x') != std::string::npos && run.find('o') != std::string::npos) out.push_back({normalise(run)});
      i = j;
    }
    return out;
  }

  std::string key() const { return normalise(cells); }
};

static_assert(ShortGame<Strip>);

// Brute-force minimax on the strings themselves.
struct StripMinimax {
  std::map<std::pair<std::string, bool>, bool> memo;
  bool moverWins(const Strip& s, bool left) {
    auto key = std::make_pair(s.cells, left);
    auto it = memo.find(key);
    if (it != memo.end()) return it->second;
    bool win = false;
    for (const Strip& o : s.options(left ? Side::Left : Side::Right))
      if (!moverWins(o, !left)) {
        win = true;
        break;
      }
    return memo[key] = win;
  }
  Outcome outcome(const Strip& s) {
    const bool lf = moverWins(s, true), rf = moverWins(s, false);
    return lf && rf ? Outcome::N : lf ? Outcome::L : rf ? Outcome::R : Outcome::P;
  }
};

std::vector<std::string> allStrips(int maxLength) {
  std::vector<std::string> out{""};
  std::vector<std::string> layer{""};
  for (int n = 1; n <= maxLength; ++n) {
    std::vector<std::string> next;
    for (const std::string& s : layer)
      for (char c : {'x', 'o', '.'}) next.push_back(s + c);
    out.insert(out.end(), next.begin(), next.end());
    layer.swap(next);
  }
  return out;
}

TEST(ClobberStrip, PublishedValues) {
  Evaluator<Strip> ev;
  EXPECT_EQ(ev.value({"xo"}), star());
  EXPECT_EQ(ev.value({"ox"}), star());
  EXPECT_EQ(ev.value({"xxo"}), up(1));
  EXPECT_EQ(ev.value({"oxx"}), up(1));
  EXPECT_EQ(ev.value({"xoo"}), up(-1));
  EXPECT_EQ(ev.value({"xxxo"}), parse("^^*"));
  EXPECT_EQ(ev.value({"xoxoxo"}), zero());
  EXPECT_EQ(ev.value({"xo.xo"}), zero());       // * + * = 0
  EXPECT_EQ(ev.value({"xxo.xo"}), parse("^*"));  // ^ + *
  EXPECT_EQ(ev.value({"x.o"}), zero());
  EXPECT_EQ(ev.value({""}), zero());
  EXPECT_EQ(toString(ev.value({"xxxo"})), "^^*");
  EXPECT_GT(ev.size(), 0u);
  ev.clear();
  EXPECT_EQ(ev.size(), 0u);
}

TEST(ClobberStrip, OutcomesMatchMinimax) {
  Evaluator<Strip> ev;
  StripMinimax mm;
  size_t checked = 0;
  for (const std::string& s : allStrips(8)) {
    const Strip g{s};
    ASSERT_EQ(outcome(ev.value(g)), mm.outcome(g)) << s << " = " << toString(ev.value(g));
    ++checked;
  }
  EXPECT_EQ(checked, 9841u);
}

TEST(ClobberStrip, ValuesRoundTripThroughNotation) {
  Evaluator<Strip> ev;
  for (const std::string& s : allStrips(7)) {
    const GameId v = ev.value({s});
    ASSERT_EQ(parse(toString(v)), v) << s << " = " << toString(v);
  }
}

TEST(ClobberStrip, ParallelEvaluationAgreesWithSerial) {
  // Longer strips, evaluated from many threads at once with a shared evaluator and table.
  std::vector<std::string> strips;
  const std::string pattern = "xoxxooxoxoxxoxo";
  for (size_t len = 6; len <= 13; ++len)
    for (size_t start = 0; start + len <= pattern.size(); ++start) {
      std::string s = pattern.substr(start, len);
      strips.push_back(s);
      std::swap(s[1], s[2]);
      strips.push_back(s);
    }
  Evaluator<Strip> shared;
  std::vector<GameId> parallel(strips.size());
  tbb::parallel_for(size_t{0}, strips.size(), [&](size_t i) { parallel[i] = shared.value({strips[i]}); });
  Evaluator<Strip> serial;
  StripMinimax mm;
  for (size_t i = 0; i < strips.size(); ++i) {
    ASSERT_EQ(serial.value({strips[i]}), parallel[i]) << strips[i];
    if (strips[i].size() <= 11) {
      ASSERT_EQ(outcome(parallel[i]), mm.outcome({strips[i]})) << strips[i];
    }
  }
}

// The Clobber of solver/clobber/ (bit rows, groups, symmetries) on every strip up to length 8,
// horizontal and vertical, against the strings above, and the published values through it.
TEST(ClobberStrip, SolverRegionValuesMatchTheStrings) {
  Evaluator<Strip> ev;
  amazons::core::RegionValues<amazons::clobber::Clobber> values;
  amazons::core::Budget budget({});
  using amazons::clobber::Clobber;
  for (const std::string& s : allStrips(8)) {
    if (s.empty()) continue;
    std::string column;
    for (char c : s) column += std::string(column.empty() ? "" : "|") + c;
    const GameId expected = ev.value({s});
    ASSERT_EQ(values.value(Clobber::parsePosition(s, "strip").board, budget), expected) << s;
    ASSERT_EQ(values.value(Clobber::parsePosition(column, "strip").board, budget), expected) << column;
  }
  EXPECT_EQ(values.value(Clobber::parsePosition("xxxo", "strip").board, budget), parse("^^*"));
  EXPECT_EQ(values.value(Clobber::parsePosition("xoo", "strip").board, budget), up(-1));
}

}  // namespace
