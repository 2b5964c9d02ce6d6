// The game table's store, shared by its two files (not part of cgt's interface):
// game_table.cpp interns forms and builds the literal values; operations.cpp adds, compares,
// negates and canonicalises them. Both read the nodes and the thread's WorkLimit from here.
#pragma once
#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <new>
#include <optional>
#include <span>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include "cgt/game_table.h"

namespace cgt {

// The WorkLimit of a thread (game_table.h): its count of sums, its deadline and the lowest
// stack address it lets the operations reach.
struct WorkLimit::State {
  bool counting;  // sums counted
  int64_t left;   // sums that may still be computed anew
  uint64_t computed = 0;
  // The sums computed under the count: the process-wide cache is not read then.
  std::unordered_map<uint64_t, GameId> done;
  std::unordered_map<GameId, std::optional<Nus>> nusDone;  // asNus's memo, likewise
  std::chrono::steady_clock::time_point deadline;
  const char* stackFloor;
  uint32_t sinceClock = 0;

  bool clockPassed() { return (++sinceClock & 255) == 0 && std::chrono::steady_clock::now() > deadline; }
  void check() {
    if (static_cast<const char*>(__builtin_frame_address(0)) < stackFloor) throw WorkLimitReached(WorkLimitReached::Reason::Stack);
    if (clockPassed()) throw WorkLimitReached(WorkLimitReached::Reason::Time);
  }
};

namespace detail {

// The WorkLimit of this thread, if any (constinit: read without a TLS wrapper call in the hot
// operations).
extern constinit thread_local WorkLimit::State* workLimit;

constexpr GameId kNone = 0xFFFFFFFFu;

struct Node {
  std::vector<GameId> opts;  // left options then right options, each sorted by id, unique
  uint32_t nL = 0, nR = 0;
  uint32_t birthday = 0;
  int64_t nim = -1;          // nim value when the game is a nimber
  bool isNum = false;
  uint64_t shape = 0;        // a hash of the form alone, never of ids (formLess)
  Dyadic num;                // value when isNum
  Dyadic lstop, rstop;
  std::atomic<GameId> neg{kNone};
};

// ---------------------------------------------------------------------------------------------
// Node store: segments of doubling size, never moved, each node constructed when its id is
// reserved: a segment's unused tail costs no memory (made whole at once, the last segment of
// the integer 2^22's chain touched 0.5 GB for a few of its nodes).
// Small first segment: a fresh process pays a page fault for every page it touches.
constexpr int kBaseBits = 8;
constexpr int kSegments = 32 - kBaseBits + 1;

class NodeStore {
 public:
  Node& at(GameId id) {
    const uint64_t v = uint64_t{id} + (uint64_t{1} << kBaseBits);
    const int s = std::bit_width(v) - 1 - kBaseBits;
    return segments_[s].load(std::memory_order_acquire)[v - (uint64_t{1} << (s + kBaseBits))];
  }
  // Reserves a new id and constructs its node.
  GameId allocate() {
    const GameId id = next_.fetch_add(1, std::memory_order_relaxed);
    if (id == kNone) throw std::length_error("cgt: game table full");
    const uint64_t v = uint64_t{id} + (uint64_t{1} << kBaseBits);
    const int s = std::bit_width(v) - 1 - kBaseBits;
    if (!segments_[s].load(std::memory_order_acquire)) {
      std::lock_guard lock(allocMutex_);
      if (!segments_[s].load(std::memory_order_relaxed))
        segments_[s].store(static_cast<Node*>(::operator new(sizeof(Node) << (s + kBaseBits))), std::memory_order_release);
    }
    new (&at(id)) Node();
    return id;
  }
  size_t size() const { return next_.load(std::memory_order_relaxed); }

 private:
  std::atomic<Node*> segments_[kSegments] = {};
  std::atomic<GameId> next_{0};
  std::mutex allocMutex_;
};

inline NodeStore& store() {
  static NodeStore* s = new NodeStore();  // intentionally never destroyed (used until exit)
  return *s;
}
inline Node& node(GameId id) { return store().at(id); }

inline std::span<const GameId> lefts(const Node& n) { return {n.opts.data(), n.nL}; }
inline std::span<const GameId> rights(const Node& n) { return {n.opts.data() + n.nL, n.nR}; }

inline void sortUnique(std::vector<GameId>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

// Tables split into shards under their own locks (the intern table's, the numbers', asNus's).
constexpr int kShardBits = 6;
constexpr int kShards = 1 << kShardBits;

// The id of {L | R}, L and R each sorted and unique, {L | R} already canonical.
GameId intern(std::vector<GameId> L, std::vector<GameId> R);

}  // namespace detail
}  // namespace cgt
