// Values of regions of any core::Game, memoised by their exact normalised keys: cgt::Evaluator
// over an adapter that makes a region a cgt::ShortGame, with the user's limits checked at
// every expansion, its table the searched sums' (searched_table.h).
#pragma once
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <vector>

#include "cgt/evaluate.h"
#include "solver/core/game.h"
#include "solver/core/searched_table.h"

namespace amazons::core {

// What the user allows one analysis: seconds of wall time and expansions (0: no limit), and a
// flag another thread may set to end it as at a limit (a UCI engine's `stop`; read with the
// clock, every 256 expansions).
struct Limits {
  double seconds = 0;
  uint64_t nodes = 0;
  const std::atomic<bool>* stop = nullptr;
};

struct LimitReached : std::runtime_error {
  LimitReached() : std::runtime_error("limit reached") {}
};
// A form tried within an allowance (Budget::Allowance) needed more expansions.
struct FormTooLarge {};

// One analysis' allowance; expand() counts an expansion and throws LimitReached past it. Any
// thread may expand.
class Budget {
 public:
  explicit Budget(const Limits& limits)
      : deadline_(limits.seconds > 0 ? std::chrono::steady_clock::now() +
                                           std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                               std::chrono::duration<double>(limits.seconds))
                                     : std::chrono::steady_clock::time_point::max()),
        nodeLimit_(limits.nodes > 0 ? limits.nodes : std::numeric_limits<uint64_t>::max()),
        stop_(limits.stop) {}
  void expand() {
    const uint64_t n = ++nodes_;
    if (n > nodeLimit_) throw LimitReached();
    if (formLeft_ && (*formLeft_)-- == 0) throw FormTooLarge{};
    // The clock is read every 256 expansions: one takes well under a microsecond.
    if ((n & 255) == 0) checkClock();
  }
  void checkClock() const {
    if (stopped() || std::chrono::steady_clock::now() > deadline_) throw LimitReached();
  }
  uint64_t nodes() const { return nodes_; }
  // The clock a game's shortcut reads (G::shortcut): the limit's, or an Until's sooner.
  std::chrono::steady_clock::time_point deadline() const { return std::min(deadline_, until_); }
  // How far a game's shortcut may search on this thread: deadline(), and the positions a
  // ShortcutAllowance leaves, and no more than the node limit leaves (the shortcut's positions
  // are counted by its table, not here: each count is capped by what is left).
  Deadline shortcutDeadline() const {
    const uint64_t nodes = nodes_.load(std::memory_order_relaxed);
    const uint64_t underLimit = nodeLimit_ - std::min(nodes, nodeLimit_);
    return {deadline(), std::min(underLimit, shortcutLeft_ ? *shortcutLeft_ : std::numeric_limits<uint64_t>::max())};
  }
  // Positions a game's shortcut searched on this thread, taken from the ShortcutAllowance.
  static void spendShortcut(uint64_t positions) {
    if (shortcutLeft_) *shortcutLeft_ -= std::min(positions, *shortcutLeft_);
  }
  // Whether the user's limits are spent (a LimitReached thrown otherwise came from an Until).
  bool spent() const { return nodes_ > nodeLimit_ || stopped() || std::chrono::steady_clock::now() > deadline_; }

 private:
  // While it lives, the thread's `slot` points at a count of its own (the innermost scope's),
  // and at the enclosing scope's again after.
  class CountScope {
   public:
    CountScope(uint64_t*& slot, uint64_t count) : slot_(slot), left_(count), outer_(slot) { slot_ = &left_; }
    ~CountScope() { slot_ = outer_; }
    CountScope(const CountScope&) = delete;
    CountScope& operator=(const CountScope&) = delete;

   private:
    uint64_t*& slot_;
    uint64_t left_;
    uint64_t* outer_;
  };

 public:

  // While it lives, expand() on this thread throws FormTooLarge past `expansions` more. One
  // a thread: the threads of a parallel search each try forms of their own.
  class Allowance : CountScope {
   public:
    explicit Allowance(uint64_t expansions) : CountScope(formLeft_, expansions) {}
  };

  // While it lives, deadline() on this thread is at most `until`: a probe's share of the time
  // holds inside a territory count too. (Without it the probe of the 90-empty CS61B opening
  // spent the whole of a 10 s limit in one count, at 912 positions.)
  class Until {
   public:
    explicit Until(std::chrono::steady_clock::time_point until) : outer_(until_) { until_ = std::min(until, outer_); }
    ~Until() { until_ = outer_; }
    Until(const Until&) = delete;
    Until& operator=(const Until&) = delete;

   private:
    std::chrono::steady_clock::time_point outer_;
  };

  // While it lives, a game's shortcut on this thread searches at most `positions` more of its
  // own positions in all (Amazons' territory counts), and throws LimitReached past them: a
  // probe's cost is then bounded without a time limit too (AnalysisOptions::
  // probeShortcutPositions). For a serial stage: its shortcuts' positions are counted by their
  // tables, which other threads would add to.
  class ShortcutAllowance : CountScope {
   public:
    explicit ShortcutAllowance(uint64_t positions) : CountScope(shortcutLeft_, positions) {}
  };

 private:
  static inline thread_local uint64_t* formLeft_ = nullptr;  // the innermost Allowance's count
  static inline thread_local uint64_t* shortcutLeft_ = nullptr;  // the innermost ShortcutAllowance's count
  static inline thread_local std::chrono::steady_clock::time_point until_ = std::chrono::steady_clock::time_point::max();
  bool stopped() const { return stop_ && stop_->load(std::memory_order_relaxed); }

  std::chrono::steady_clock::time_point deadline_;
  uint64_t nodeLimit_;
  const std::atomic<bool>* stop_;
  std::atomic<uint64_t> nodes_{0};
};

// Values of regions kept outside the analyser, across runs (Amazons: the value database,
// --db, amazons/value_db.h), read before a region's form is computed. Thread-safe.
template <Game G>
class ValueStore {
 public:
  virtual ~ValueStore() = default;
  // The value of a normalised region when the store holds it (a store may decline regions a
  // lookup would not pay for).
  virtual std::optional<cgt::GameId> find(const typename G::Region& normalised) const = 0;
  // Values an analysis found (normalised regions), to keep; a store that only reads ignores them.
  virtual void learn(const std::vector<std::pair<typename G::Region, cgt::GameId>>& values) = 0;
  // A value computed by expansion inside an analysis (a normalised region its forms met), told
  // as it is found, from any thread: a store may keep it with the next learn(). Ignored by
  // default.
  virtual void computed(const typename G::Region& normalised, cgt::GameId value) const {
    (void)normalised;
    (void)value;
  }
};

// A region as a cgt::ShortGame: options by G::moves and G::play, components by G::split then
// G::normalise, key G::key. A region is held normalised once it is a component.
template <Game G>
struct RegionGame {
  using Shortcuts = typename ShortcutTableOf<G>::type;
  typename G::Region region;
  Budget* budget;
  const ValueStore<G>* store = nullptr;
  Shortcuts* shortcuts = nullptr;  // G::shortcut's tables, where it keeps some

  std::vector<RegionGame> options(cgt::Side side) const {
    if (side == cgt::Side::Left) budget->expand();  // one expansion per form, both sides
    std::vector<RegionGame> out;
    for (const typename G::Move& m : G::moves(region, side)) out.push_back({G::play(region, m), budget, store, shortcuts});
    return out;
  }
  std::vector<RegionGame> components() const {
    std::vector<RegionGame> out;
    for (const Placed<typename G::Region>& p : G::split(region)) out.push_back({G::normalise(p.region), budget, store, shortcuts});
    return out;
  }
  // The same without lists, where the game gives them so (cgt::Evaluator takes these first).
  template <class F>
  void forEachOption(cgt::Side side, F&& f) const
    requires HasOptionRegions<G>
  {
    if (side == cgt::Side::Left) budget->expand();
    G::forEachOptionOf(region, side, [&](typename G::Region&& o) { f(RegionGame{std::move(o), budget, store, shortcuts}); });
  }
  template <class F>
  void forEachComponent(F&& f) const
    requires HasParts<G>
  {
    G::forEachPart(region, [&](typename G::Region&& part) { f(RegionGame{std::move(part), budget, store, shortcuts}); });
  }
  std::string key() const { return G::key(region); }
  void computed(cgt::GameId value) const {
    if (store) store->computed(region, value);
  }
  // The store's value (before the shortcut: an Amazons territory's exact count may take a
  // search), else the game's shortcut.
  std::optional<cgt::GameId> known() const {
    if (store)
      if (std::optional<cgt::GameId> stored = store->find(region)) return stored;
    const Deadline deadline = budget ? budget->shortcutDeadline() : Deadline{};
    if constexpr (HasShortcutTable<G>) {
      struct Spend {  // what the shortcut searched, thrown out or not
        const Shortcuts& table;
        const uint64_t before = table.nodes();
        ~Spend() { Budget::spendShortcut(table.nodes() - before); }
      } spend{*shortcuts};
      return G::shortcut(region, deadline, *shortcuts);
    } else if constexpr (HasShortcut<G>) {
      return G::shortcut(region, deadline);
    }
    return std::nullopt;
  }
};

// The table of region values, kept across analyses (a batch shares it), and the tables of the
// game's shortcut (G::ShortcutTable), which take a quarter of its bytes; thread-safe.
template <Game G>
class RegionValues {
 public:
  using Shortcuts = typename ShortcutTableOf<G>::type;
  explicit RegionValues(size_t maxBytes = std::numeric_limits<size_t>::max(), const ValueStore<G>* store = nullptr)
      : shortcuts_(HasShortcutTable<G> ? maxBytes / 4 : 0), evaluator_(maxBytes - (HasShortcutTable<G> ? maxBytes / 4 : 0)), store_(store) {}
  // The value of a region (the sum of its parts). Throws LimitReached past the budget.
  cgt::GameId value(const typename G::Region& region, Budget& budget) { return evaluator_.value(game(region, budget)); }
  // The value of a part already normalised.
  cgt::GameId normalisedValue(const typename G::Region& normalised, Budget& budget) { return evaluator_.canon(game(normalised, budget)); }
  // A normalised part's value when it needs no expansion (the table's, or G::shortcut's
  // within the budget's time).
  std::optional<cgt::GameId> knownValue(const typename G::Region& normalised, Budget& budget) { return evaluator_.known(game(normalised, budget)); }
  // A normalised part's value when the table holds it.
  std::optional<cgt::GameId> storedValue(const typename G::Region& normalised) const { return evaluator_.found({normalised, nullptr}); }
  // A normalised part's value proven otherwise (core/value_probe.h's probes, an integer
  // region's meeting bounds), found again as a form would be.
  void rememberNormalised(const typename G::Region& normalised, cgt::GameId value) { evaluator_.remember({normalised, nullptr}, value); }
  size_t size() const { return evaluator_.size(); }
  size_t bytes() const { return evaluator_.bytes(); }
  // Positions G::shortcut searched (Amazons' territory counts) since construction.
  uint64_t shortcutNodes() const { return shortcutNodesCleared_ + shortcuts_.nodes(); }
  Shortcuts& shortcuts() { return shortcuts_; }
  void clear() {
    evaluator_.clear();
    shortcutNodesCleared_ += shortcuts_.nodes();
    shortcuts_.clear();
  }

 private:
  RegionGame<G> game(const typename G::Region& region, Budget& budget) { return {region, &budget, store_, &shortcuts_}; }

  Shortcuts shortcuts_;
  uint64_t shortcutNodesCleared_ = 0;  // counted before the last clear()
  // Open addressing, keys in an arena (searched_table.h): tbb's map of std::string keys, a
  // node and its chain walked at every lookup, took 16% of the core on the Amazons suites.
  cgt::Evaluator<RegionGame<G>, SharedSearchedTable<cgt::GameId>> evaluator_;
  const ValueStore<G>* store_;
};

}  // namespace amazons::core
