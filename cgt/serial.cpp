#include "cgt/serial.h"

#include <algorithm>
#include <limits>
#include <span>
#include <unordered_map>
#include <vector>

namespace cgt {

namespace {

enum Tag : uint64_t { kNumber = 0, kNimber = 1, kGeneral = 2 };

void putVarint(std::string& out, uint64_t x) {
  for (; x >= 0x80; x >>= 7) out += static_cast<char>((x & 0x7F) | 0x80);
  out += static_cast<char>(x);
}

struct Reader {
  std::string_view bytes;
  size_t at = 0;
  uint64_t varint() {
    uint64_t x = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (at == bytes.size()) throw SerialError("game value: truncated");
      const auto byte = static_cast<uint8_t>(bytes[at++]);
      x |= static_cast<uint64_t>(byte & 0x7F) << shift;
      if (!(byte & 0x80)) return x;
    }
    throw SerialError("game value: varint too long");
  }
  uint64_t below(uint64_t limit, const char* what) {
    const uint64_t x = varint();
    if (x >= limit) throw SerialError(std::string("game value: ") + what + " out of range");
    return x;
  }
};

// One side's options in formLess's order: the bytes written for a value are then the same in
// every process, whatever ids its forms have there.
std::vector<GameId> inFormOrder(std::span<const GameId> options) {
  std::vector<GameId> v(options.begin(), options.end());
  std::sort(v.begin(), v.end(), formLess);
  return v;
}

// Post-order numbering of the followers of g (each once), into `order`.
void number(GameId g, std::unordered_map<GameId, uint64_t>& index, std::vector<GameId>& order) {
  if (index.count(g)) return;
  if (!asNumber(g) && !asNimber(g)) {
    for (GameId o : inFormOrder(leftOptions(g))) number(o, index, order);
    for (GameId o : inFormOrder(rightOptions(g))) number(o, index, order);
  }
  index.emplace(g, order.size());
  order.push_back(g);
}

}  // namespace

std::string serialise(GameId g) {
  std::unordered_map<GameId, uint64_t> index;
  std::vector<GameId> order;
  number(g, index, order);
  std::string out;
  putVarint(out, order.size());
  for (GameId node : order) {
    if (const std::optional<Dyadic> d = asNumber(node)) {
      putVarint(out, kNumber);
      putVarint(out, (static_cast<uint64_t>(d->num) << 1) ^ static_cast<uint64_t>(d->num >> 63));
      putVarint(out, static_cast<uint64_t>(d->exp));
    } else if (const std::optional<uint32_t> n = asNimber(node)) {
      putVarint(out, kNimber);
      putVarint(out, *n);
    } else {
      putVarint(out, kGeneral);
      putVarint(out, leftOptions(node).size());
      putVarint(out, rightOptions(node).size());
      for (GameId o : inFormOrder(leftOptions(node))) putVarint(out, index.at(o));
      for (GameId o : inFormOrder(rightOptions(node))) putVarint(out, index.at(o));
    }
  }
  return out;
}

GameId deserialise(std::string_view bytes) {
  Reader in{bytes};
  // Every node takes at least two bytes: a count above that is corrupt, not a reason to allocate.
  const uint64_t count = in.below(bytes.size() / 2 + 1, "node count");
  if (count == 0) throw SerialError("game value: no nodes");
  std::vector<GameId> nodes;
  nodes.reserve(count);
  std::vector<GameId> left, right;
  for (uint64_t i = 0; i < count; ++i) {
    switch (in.varint()) {
      case kNumber: {
        const uint64_t zigzag = in.varint();
        const auto num = static_cast<int64_t>((zigzag >> 1) ^ -(zigzag & 1));
        const uint64_t exp = in.below(63, "exponent");
        try {
          nodes.push_back(cgt::number(Dyadic(num, static_cast<int32_t>(exp))));
        } catch (const std::exception& e) {  // integers beyond the table's range
          throw SerialError(std::string("game value: number out of range: ") + e.what());
        }
        break;
      }
      case kNimber:
        nodes.push_back(nimber(static_cast<uint32_t>(in.below(std::numeric_limits<uint32_t>::max(), "nimber"))));
        break;
      case kGeneral: {
        const uint64_t nl = in.below(bytes.size(), "option count"), nr = in.below(bytes.size(), "option count");
        left.resize(nl);
        right.resize(nr);
        for (GameId& o : left) o = nodes[in.below(i, "option index")];
        for (GameId& o : right) o = nodes[in.below(i, "option index")];
        nodes.push_back(make(left, right));
        break;
      }
      default: throw SerialError("game value: unknown node tag");
    }
  }
  if (in.at != bytes.size()) throw SerialError("game value: trailing bytes");
  return nodes.back();
}

}  // namespace cgt
