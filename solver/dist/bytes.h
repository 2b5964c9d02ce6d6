// Messages between ranks as byte strings: numbers and texts appended in a fixed order by a
// ByteWriter and read back in that order by a ByteReader, which refuses bytes that end early
// or run on (MessageError) rather than read past them.
#pragma once
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace amazons::dist {

struct MessageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class ByteWriter {
 public:
  ByteWriter& u64(uint64_t v) {
    for (int i = 0; i < 8; ++i) bytes_ += static_cast<char>((v >> (8 * i)) & 0xff);  // little-endian on every machine
    return *this;
  }
  ByteWriter& f64(double v) { return u64(std::bit_cast<uint64_t>(v)); }
  ByteWriter& flag(bool v) { return u64(v ? 1 : 0); }
  ByteWriter& text(std::string_view s) {
    u64(s.size());
    bytes_ += s;
    return *this;
  }
  std::string take() { return std::move(bytes_); }

 private:
  std::string bytes_;
};

class ByteReader {
 public:
  explicit ByteReader(std::string_view bytes) : rest_(bytes) {}
  uint64_t u64() {
    need(8);
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= uint64_t{static_cast<unsigned char>(rest_[i])} << (8 * i);
    rest_.remove_prefix(8);
    return v;
  }
  double f64() { return std::bit_cast<double>(u64()); }
  bool flag() {
    const uint64_t v = u64();
    if (v > 1) throw MessageError("malformed message: a flag is " + std::to_string(v));
    return v == 1;
  }
  std::string text() {
    const uint64_t n = u64();
    need(n);
    std::string s(rest_.substr(0, n));
    rest_.remove_prefix(n);
    return s;
  }
  // A count of items that each take at least `itemBytes`: one the rest cannot hold is refused
  // before anything is reserved for it.
  uint64_t count(size_t itemBytes) {
    const uint64_t n = u64();
    if (itemBytes && n > rest_.size() / itemBytes) throw MessageError("malformed message: a count past its end");
    return n;
  }
  // Every byte read: bytes left over are a malformed message too.
  void end() const {
    if (!rest_.empty()) throw MessageError("malformed message: " + std::to_string(rest_.size()) + " bytes past its end");
  }

 private:
  void need(uint64_t n) const {
    if (n > rest_.size()) throw MessageError("malformed message: it ends early");
  }
  std::string_view rest_;
};

}  // namespace amazons::dist
