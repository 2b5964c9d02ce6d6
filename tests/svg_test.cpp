// The pictures: every SVG must be well-formed XML (checked by the small parser below, written
// for this test) and carry what the text report prints: chamber letters, classes and values,
// the verdicts and the winning move; the class tints must differ in greyscale. Thermograph
// walls are compared with values worked out by hand (textbook thermographs) and with the mean
// and temperature `cgt` prints.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/cli_run.h"

namespace amazons {
namespace {

using testing::CliResult;
using testing::has;
using testing::runCli;

// ---- A minimal XML reader: elements, attributes, text, the five predefined entities. ----

struct Element {
  std::string name;
  std::map<std::string, std::string> attributes;
  std::string text;  // the text directly inside, entities decoded
  std::vector<Element> children;
};

class XmlReader {
 public:
  explicit XmlReader(const std::string& s) : s_(s) {}

  // The root element; throws std::runtime_error naming the offset of the first fault.
  Element document() {
    skipSpace();
    if (s_.compare(i_, 5, "<?xml") == 0) {
      const size_t end = s_.find("?>", i_);
      if (end == std::string::npos) fail("unterminated XML declaration");
      i_ = end + 2;
    }
    skipSpace();
    Element root = element();
    skipSpace();
    if (i_ != s_.size()) fail("content after the root element");
    return root;
  }

 private:
  [[noreturn]] void fail(const std::string& why) { throw std::runtime_error(why + " at offset " + std::to_string(i_)); }
  void skipSpace() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }
  std::string name() {
    const size_t start = i_;
    while (i_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[i_])) || std::string("-_:.").find(s_[i_]) != std::string::npos)) ++i_;
    if (i_ == start || std::isdigit(static_cast<unsigned char>(s_[start]))) fail("a name expected");
    return s_.substr(start, i_ - start);
  }
  // Text up to `stop`, with & references decoded and no raw '<'.
  std::string characters(char stop) {
    std::string out;
    while (i_ < s_.size() && s_[i_] != stop) {
      if (s_[i_] == '<') fail("raw '<'");
      if (s_[i_] != '&') {
        out += s_[i_++];
        continue;
      }
      static const std::map<std::string, char> entities = {{"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"apos", '\''}};
      const size_t semi = s_.find(';', i_);
      if (semi == std::string::npos) fail("unterminated reference");
      const auto e = entities.find(s_.substr(i_ + 1, semi - i_ - 1));
      if (e == entities.end()) fail("unknown entity");
      out += e->second;
      i_ = semi + 1;
    }
    return out;
  }
  Element element() {
    if (s_[i_] != '<') fail("'<' expected");
    ++i_;
    Element e;
    e.name = name();
    for (;;) {
      skipSpace();
      if (s_.compare(i_, 2, "/>") == 0) {
        i_ += 2;
        return e;
      }
      if (s_[i_] == '>') break;
      const std::string attribute = name();
      skipSpace();
      if (s_[i_] != '=') fail("'=' expected");
      ++i_;
      skipSpace();
      const char quote = s_[i_];
      if (quote != '"' && quote != '\'') fail("a quoted value expected");
      ++i_;
      const std::string value = characters(quote);
      if (i_ == s_.size()) fail("unterminated value");
      ++i_;
      if (!e.attributes.emplace(attribute, value).second) fail("attribute " + attribute + " twice");
    }
    ++i_;
    for (;;) {
      e.text += characters('<');
      if (i_ == s_.size()) fail("unclosed <" + e.name + ">");
      if (s_.compare(i_, 2, "</") == 0) {
        i_ += 2;
        if (name() != e.name) fail("mismatched </...> for <" + e.name + ">");
        skipSpace();
        if (s_[i_] != '>') fail("'>' expected");
        ++i_;
        return e;
      }
      e.children.push_back(element());
    }
  }

  const std::string& s_;
  size_t i_ = 0;
};

Element parseSvg(const std::string& text) {
  Element root = XmlReader(text).document();
  EXPECT_EQ(root.name, "svg");
  EXPECT_EQ(root.attributes["xmlns"], "http://www.w3.org/2000/svg");
  EXPECT_TRUE(root.attributes.count("viewBox")) << "scales to any size";
  return root;
}

void collect(const Element& e, const std::string& name, std::vector<const Element*>& out) {
  if (e.name == name) out.push_back(&e);
  for (const Element& c : e.children) collect(c, name, out);
}
std::vector<const Element*> all(const Element& root, const std::string& name) {
  std::vector<const Element*> out;
  collect(root, name, out);
  return out;
}
std::vector<std::string> texts(const Element& root) {
  std::vector<std::string> out;
  for (const Element* t : all(root, "text")) out.push_back(t->text);
  return out;
}
// The text of an element's <title> child ("" when none).
std::string titleOf(const Element& e) {
  for (const Element& c : e.children)
    if (c.name == "title") return c.text;
  return "";
}

// Relative luminance (Rec. 709) of "#rrggbb".
double luminance(const std::string& colour) {
  const unsigned long v = std::stoul(colour.substr(1), nullptr, 16);
  return (0.2126 * (v >> 16 & 255) + 0.7152 * (v >> 8 & 255) + 0.0722 * (v & 255)) / 255;
}

// ---- The board. ----

// Black to move; chambers A (Black's, 4), B (White's, -2), C (contested, +-1), D (dead).
constexpr const char* kPosition = "black\nb..w#.\n######\nb..#w.\n..##.#\n";

struct ReportChamber {
  std::string letter, kind, value, hot;
  int empty;
};

// The chamber table of the text report: "   C     contested      2      -       -  +-1   (mean 0, temperature 1)".
std::vector<ReportChamber> reportChambers(const std::string& report) {
  std::vector<ReportChamber> out;
  std::istringstream in(report.substr(report.find("chamber  class")));
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line) && !line.empty()) {
    std::istringstream fields(line);
    ReportChamber c;
    std::string moves, defect;
    fields >> c.letter >> c.kind >> c.empty >> moves >> defect >> c.value;
    std::getline(fields, c.hot);
    if (const size_t open = c.hot.find('('); open != std::string::npos) c.hot = c.hot.substr(open);
    else c.hot.clear();
    out.push_back(c);
  }
  return out;
}

std::vector<std::string> reportLinesStartingWith(const std::string& report, const std::string& prefix) {
  std::vector<std::string> out;
  std::istringstream in(report);
  for (std::string line; std::getline(in, line);)
    if (line.rfind(prefix, 0) == 0) out.push_back(line);
  return out;
}

TEST(Svg, BoardCarriesTheReport) {
  const std::string position = testing::writeTemp("position.txt", kPosition), picture = testing::tempPath("board.svg");
  const CliResult r = runCli({position, "--svg", picture});
  ASSERT_EQ(r.status, 0) << r.err;
  const Element svg = parseSvg(testing::slurp(picture));
  const std::vector<std::string> shown = texts(svg);
  auto count = [&](const std::string& s) { return std::count(shown.begin(), shown.end(), s); };

  const std::vector<ReportChamber> chambers = reportChambers(r.out);
  ASSERT_EQ(chambers.size(), 4u) << r.out;
  for (const ReportChamber& c : chambers) {
    EXPECT_EQ(count(c.letter), c.empty) << "chamber " << c.letter << ": its letter on each empty square";
    bool legend = false;
    for (const std::string& s : shown)
      legend |= s.rfind(c.letter + "  ", 0) == 0 && has(s, ": " + c.value) && has(s, c.hot);
    EXPECT_TRUE(legend) << "chamber " << c.letter << " " << c.value << " " << c.hot;
  }
  for (const std::string& verdict : reportLinesStartingWith(r.out, "Black to move:")) EXPECT_EQ(count(verdict), 1) << verdict;
  for (const std::string& verdict : reportLinesStartingWith(r.out, "White to move:")) EXPECT_EQ(count(verdict), 1) << verdict;
  const std::string total = reportLinesStartingWith(r.out, "Total: ").at(0);
  EXPECT_EQ(count(total.substr(0, total.find("  ("))), 1) << total;

  // The winning move: a group titled with it, holding the queen move and the shot.
  const std::string win = reportLinesStartingWith(r.out, "Black to move: Black wins with ").at(0);
  const std::string move = win.substr(win.rfind(' ') + 1);
  bool drawn = false;
  for (const Element* g : all(svg, "g"))
    if (titleOf(*g) == "Black wins with " + move) {
      int heads = 0;
      for (const Element* line : all(*g, "line")) heads += line->attributes.count("marker-end") > 0;
      EXPECT_EQ(heads, 2) << "the queen move and the shot";
      drawn = true;
    }
  EXPECT_TRUE(drawn) << move;
}

TEST(Svg, ClassTintsDifferInGreyscale) {
  const std::string position = testing::writeTemp("position.txt", kPosition);
  const CliResult r = runCli({position, "--svg", "-"});
  ASSERT_EQ(r.status, 0) << r.err;
  const Element svg = parseSvg(r.out);  // the picture alone on stdout
  std::map<std::string, double> patternLuminance;  // a hatched tint: its base colour
  for (const Element* p : all(svg, "pattern")) patternLuminance[p->attributes.at("id")] = luminance(all(*p, "rect").at(0)->attributes.at("fill"));
  std::vector<double> tints;
  for (const Element* swatch : all(svg, "rect"))
    if (swatch->attributes.count("width") && swatch->attributes.at("width") == "14") {  // the legend's
      const std::string fill = swatch->attributes.at("fill");
      tints.push_back(fill[0] == '#' ? luminance(fill) : patternLuminance.at(fill.substr(5, fill.size() - 6)));
    }
  ASSERT_EQ(tints.size(), 4u);
  for (size_t i = 0; i < tints.size(); ++i)
    for (size_t j = i + 1; j < tints.size(); ++j) EXPECT_GE(std::abs(tints[i] - tints[j]), 0.1) << i << " " << j;
}

TEST(Svg, SeveralPositionsGetNumberedFiles) {
  const std::string a = testing::writeTemp("a.txt", kPosition), b = testing::writeTemp("b.txt", "x.o\n");
  const std::string picture = testing::tempPath("many.svg");
  ASSERT_EQ(runCli({a, b, "--svg", picture}).status, 0);
  for (const char* n : {"-1", "-2"}) parseSvg(testing::slurp(testing::tempPath(std::string("many") + n + ".svg")));
  const CliResult both = runCli({a, b, "--svg", "-"});
  EXPECT_EQ(both.status, 2);
  EXPECT_TRUE(has(both.err, "is for one picture of one position")) << both.err;
}

TEST(Svg, UnwritablePictureIsAnError) {
  const std::string position = testing::writeTemp("position.txt", kPosition);
  const CliResult r = runCli({position, "--svg", "/nonexistent-folder/board.svg"});
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(has(r.err, "/nonexistent-folder/board.svg: error: cannot write the picture")) << r.err;
}

// ---- Thermographs. ----

struct KnownThermograph {
  const char* expression;
  const char* leftWall;   // corners "t: value" from t = 0 up to the temperature, by hand
  const char* rightWall;
  const char* mean;
  const char* temperature;
};

// {a|b} with a > b numbers: walls a - t and b + t meet at t = (a - b) / 2, the mean (a + b) / 2.
// {4|{2|0}}: Right's option {2|0} has left wall 2 - t up to t = 1, then its mast at 1; so
// Right's scaffold is (2 - t) + t = 2 up to t = 1, then 1 + t, and meets 4 - t at t = 3/2.
const KnownThermograph kKnown[] = {
    {"{2|-1}", "0: 2, 3/2: 1/2", "0: -1, 3/2: 1/2", "1/2", "3/2"},
    {"+-1", "0: 1, 1: 0", "0: -1, 1: 0", "0", "1"},
    {"{3|1}", "0: 3, 1: 2", "0: 1, 1: 2", "2", "1"},
    {"{4|{2|0}}", "0: 4, 3/2: 5/2", "0: 2, 1: 2, 3/2: 5/2", "5/2", "3/2"},
};

std::pair<double, double> firstPoint(const Element& polyline) {
  std::istringstream in(polyline.attributes.at("points"));
  double x, y;
  char comma;
  in >> x >> comma >> y;
  return {x, y};
}

TEST(Svg, ThermographWallsMatchKnownValues) {
  for (const KnownThermograph& k : kKnown) {
    SCOPED_TRACE(k.expression);
    const CliResult r = runCli({"cgt", k.expression, "--thermograph", "-"});
    ASSERT_EQ(r.status, 0) << r.err;
    const Element svg = parseSvg(r.out);
    std::map<std::string, const Element*> walls;
    for (const Element* p : all(svg, "polyline")) {
      const std::string title = titleOf(*p);
      walls[title.substr(0, title.find(" ("))] = p;
      const bool left = title.rfind("left wall", 0) == 0;
      EXPECT_EQ(title, std::string(left ? "left wall (t: value): " : "right wall (t: value): ") + (left ? k.leftWall : k.rightWall));
    }
    ASSERT_EQ(walls.size(), 2u);
    // Textbook orientation: the left wall (larger values) on the left, at the bottom (t = 0).
    const auto [leftX, leftY] = firstPoint(*walls["left wall"]);
    const auto [rightX, rightY] = firstPoint(*walls["right wall"]);
    EXPECT_LT(leftX, rightX);
    EXPECT_EQ(leftY, rightY);
    // Mean and temperature: as cgt prints them, and as worked out above.
    const std::string mean = runCli({"cgt", k.expression, "--mean"}).out, temperature = runCli({"cgt", k.expression, "--temperature"}).out;
    EXPECT_EQ(mean, std::string(k.mean) + "\n");
    EXPECT_EQ(temperature, std::string(k.temperature) + "\n");
    const std::vector<std::string> shown = texts(svg);
    EXPECT_EQ(std::count(shown.begin(), shown.end(), "mean " + std::string(k.mean) + ", temperature " + k.temperature), 1);
    bool mast = false;
    for (const Element* line : all(svg, "line")) mast |= titleOf(*line) == std::string("mast at the mean ") + k.mean;
    EXPECT_TRUE(mast);
  }
}

TEST(Svg, ChamberThermographShowsTheReportedValue) {
  const std::string position = testing::writeTemp("position.txt", kPosition), picture = testing::tempPath("c.svg");
  const CliResult r = runCli({position, "--thermograph-chamber", "C", picture});
  ASSERT_EQ(r.status, 0) << r.err;
  const ReportChamber c = reportChambers(r.out).at(2);
  ASSERT_EQ(c.letter, "C");
  const Element svg = parseSvg(testing::slurp(picture));
  const std::vector<std::string> shown = texts(svg);
  EXPECT_EQ(std::count(shown.begin(), shown.end(), "Thermograph of chamber C = " + c.value), 1) << c.value;
  // "(mean 0, temperature 1)" in the report, "mean 0, temperature 1" in the picture.
  EXPECT_EQ(std::count(shown.begin(), shown.end(), c.hot.substr(1, c.hot.size() - 2)), 1) << c.hot;

  const CliResult missing = runCli({position, "--thermograph-chamber", "Z", picture});
  EXPECT_EQ(missing.status, 2);
  EXPECT_TRUE(has(missing.err, "no chamber Z")) << missing.err;
  const CliResult noFile = runCli({"cgt", "{1|0}", "--thermograph"});
  EXPECT_EQ(noFile.status, 2);
}

}  // namespace
}  // namespace amazons
