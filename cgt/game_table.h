// Canonical forms of short partizan games, interned in a process-wide table.
//
// Every game is held in canonical form (no dominated or reversible options) and interned, so
// two games are equal exactly when their ids are equal. The table is a singleton that never
// forgets; it is safe to use from many threads at once (sharded mutexes guard the intern
// table and the operation caches; nodes never move once created).
#pragma once
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <vector>

#include "cgt/dyadic.h"

namespace cgt {

using GameId = uint32_t;

enum class Outcome { L, R, P, N };  // L: Left wins whoever starts; R; P: second player; N: first
enum class Cmp { Less, Equal, Greater, Confused };

GameId zero();
GameId star();                      // *
GameId integer(int64_t n);          // |n| <= 2^22 (the chain n-1, n-2, ... is made); else std::length_error
GameId number(Dyadic d);            // within checkNumberRange's bounds
// Throws std::length_error where number(d) would need an integer of magnitude above 2^22,
// before anything is built.
void checkNumberRange(Dyadic d);
GameId nimber(uint32_t n);          // *n
GameId up(int n);                   // n > 0: ^n (n copies of ^); n < 0: -n copies of v; 0: zero

// Canonical form of {left | right}; options in any order, duplicates allowed.
GameId make(std::span<const GameId> left, std::span<const GameId> right);
GameId make(std::vector<GameId>&& left, std::vector<GameId>&& right);  // reuses the lists
GameId make(std::initializer_list<GameId> left, std::initializer_list<GameId> right);

GameId add(GameId a, GameId b);
GameId negate(GameId g);
GameId subtract(GameId a, GameId b);
// The sum of `values`, or nullopt once more than `allowance` pairwise sums were computed anew
// (a sum of several hot values can have a canonical form far too large to be worth building)
// or once `deadline` has passed: the sum under a WorkLimit (below).
std::optional<GameId> sumWithin(std::span<const GameId> values, uint64_t allowance,
                                std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max());

// ---- Bounded work
// While a WorkLimit lives, the game operations of its thread (add, make, negate, leq, the
// values of literals, asNus, thermographs, parsing and printing) throw WorkLimitReached once
// they have computed more than `sums` sums anew, once `deadline` has passed (the clock is read
// every 256 steps), or when the thread's stack is nearly full (games as deep as ^20000 recurse
// once per level). Sums are counted as sumWithin counts them: each pair once, the process-wide
// caches of sums (add's, asNus's) not read, so whether work fits and how many sums it takes do
// not depend on what earlier work cached. Everything
// interned or cached before the throw is complete and stays valid. One limit a thread: an inner
// one replaces the outer until it goes.
class WorkLimitReached : public std::runtime_error {
 public:
  enum class Reason { Sums, Time, Stack };
  explicit WorkLimitReached(Reason reason);
  Reason reason() const { return reason_; }

 private:
  Reason reason_;
};

class WorkLimit {
 public:
  static constexpr uint64_t kUncounted = ~uint64_t{0};  // `sums`: no count
  explicit WorkLimit(uint64_t sums, std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max());
  ~WorkLimit();
  WorkLimit(const WorkLimit&) = delete;
  WorkLimit& operator=(const WorkLimit&) = delete;
  uint64_t sumsComputed() const;

  struct State;

 private:
  std::unique_ptr<State> state_;
  State* outer_;
};

// The check the operations make: throws WorkLimitReached when this thread's WorkLimit is
// passed; nothing without one. For loops and recursions outside this file (the parser).
void checkWork();

bool leq(GameId a, GameId b);
Cmp compare(GameId a, GameId b);
Outcome outcome(GameId g);

bool isNumber(GameId g);
std::optional<Dyadic> asNumber(GameId g);
bool isNimber(GameId g);                  // *n for some n >= 0 (0 = *0 counts)
std::optional<uint32_t> asNimber(GameId g);
bool isInfinitesimal(GameId g);           // left and right stops both 0 (0 itself counts, as in CGSuite)
Dyadic leftStop(GameId g);
Dyadic rightStop(GameId g);

std::span<const GameId> leftOptions(GameId g);
std::span<const GameId> rightOptions(GameId g);
size_t birthday(GameId g);
size_t tableSize();

// A total order of canonical forms that depends on the forms alone, never on their ids (which
// number forms in the order this process happened to make them): by birthday, then by a hash of
// the structure (formHash), then, where two hashes collide, by compareOptions. Wherever an
// order of forms steers a search (a sum's parts, the moves tried in them), it is this one, so
// that what a search does never depends on what the process did before.
bool formLess(GameId a, GameId b);
// A hash of g's structure: of the hashes of its left options and of its right options, each
// taken as a set. Equal for equal forms in every process.
uint64_t formHash(GameId g);
// formLess's order for forms of one birthday and hash: by the counts of left and right options,
// then by the left options and then the right ones, each list in formLess's order and compared
// item by item. Negative, 0 (only for a == b) or positive; public for the tests.
int compareOptions(GameId a, GameId b);

// number + up multiple + nimber ("NUS": x, x^, x^*, x*n, x^3*2, ...), when g is one.
struct Nus {
  Dyadic number;
  int64_t ups = 0;
  uint32_t nim = 0;
};
std::optional<Nus> asNus(GameId g);
GameId nus(Dyadic number, int64_t ups, uint32_t nim);

}  // namespace cgt
