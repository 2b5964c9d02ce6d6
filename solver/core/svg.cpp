#include "solver/core/svg.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>

#include "solver/core/errors.h"

namespace amazons::svg {

std::string escape(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string number(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", std::round(x * 100) / 100 + 0.0);  // + 0.0: no "-0.00"
  std::string s = buf;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

std::string open(double width, double height, std::string_view title) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " +
         number(width) + " " + number(height) + "\" width=\"" + number(width) + "\" height=\"" + number(height) +
         "\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n<title>" + escape(title) + "</title>\n";
}

std::string close() { return "</svg>\n"; }

std::string text(double x, double y, std::string_view content, std::string_view attributes) {
  std::string out = "<text x=\"" + number(x) + "\" y=\"" + number(y) + "\"";
  if (!attributes.empty()) out.append(" ").append(attributes);
  return out + ">" + escape(content) + "</text>\n";
}

void write(const std::string& path, const std::string& document) {
  if (path == "-") {
    std::cout << document << std::flush;
    return;
  }
  std::ofstream file(path, std::ios::binary);
  file << document;
  file.close();
  if (!file) throw InputError("cannot write the picture", 0, 0, path);
}

}  // namespace amazons::svg
