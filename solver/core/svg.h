// Plain SVG for the pictures (board_svg.h, thermograph_svg.h): no script, no external files,
// a viewBox so that they scale to any size.
#pragma once
#include <string>
#include <string_view>

namespace amazons::svg {

// Text with & < > " ' escaped, for element content and attribute values.
std::string escape(std::string_view text);

// A coordinate with at most two decimals ("12", "12.5", "-3.25").
std::string number(double x);

// The opening <svg> element (with its viewBox, the size in pixels and a <title>) and the
// closing one.
std::string open(double width, double height, std::string_view title);
std::string close();

// <text> at (x, y); `attributes` is put in the element as it is (anchor, size, class...).
std::string text(double x, double y, std::string_view content, std::string_view attributes = {});

// An SVG file: writes `document` to `path` ("-" = standard output). Throws InputError naming
// the path when it cannot be written.
void write(const std::string& path, const std::string& document);

}  // namespace amazons::svg
