// A job-level proof-number search over one position (Wu et al.'s for Connect6 openings): a
// master keeps a proof tree over the first plies, picks its most-proving leaves and hands
// each, as a job with a node budget (job.h), to a JobRunner; a job that comes back unknown is
// sent again with `growth` times its budget while that stays within `expandAt`, and past it
// expanded, its children new leaves with `growth` times its budget. The tree is a DAG: one
// node per position (exact normalised key and side to move), so a position settled or under
// way is never sent twice. (Why a hard leaf is sent again before it is expanded: kJobExpandAt
// in solver/cli/cli_jobs.cpp.)
//
// Proof numbers are the mover's (negamax): pn = what proving the mover wins costs, dn = what
// proving the loss costs; pn = min over children of dn, dn = sum of pn, a leaf 1/1. The answer
// must not depend on the worker count or on the order results arrive, which decide which
// child proves a node first. So the root takes its moves in a fixed order (orderedMoves): it is
// won only by its first winning move, once every move before it is proven to lose (pn(root) =
// min over i of pn(child 1) + ... + pn(child i-1) + dn(child i)), and the reported move is
// that one. The verdict is exact whatever the order; the move is then a function of the
// position alone. Every node takes its moves in that order, which breaks the ties of proof
// numbers (every new leaf is 1/1) towards the likely best moves.
#pragma once
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <limits>
#include <numeric>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "solver/core/analysis_report.h"
#include "solver/core/errors.h"
#include "solver/core/game.h"
#include "solver/core/values.h"
#include "solver/dist/job.h"

namespace amazons::dist {

struct TreeSettings {
  uint64_t jobNodes = 100'000;  // the budget of a job on a child of the root
  uint64_t growth = 2;          // a leaf's budget: its expanded parent's, or its own unknown job's, times this
  uint64_t expandAt = 0;        // a leaf whose grown budget would pass this is expanded, not sent again
  core::Limits limits;          // the whole search: the jobs' nodes summed, and seconds
};

// What a checkpoint keeps of a node (checkpoint.h): one settled by a job, expanded after its
// job came back unknown with `budget`, or a leaf to be sent again with `budget` (Retry). The
// rest of the tree follows from these.
enum class RecordKind { Win, Loss, Expanded, Retry };
struct TreeRecord {
  std::string position;  // G::printPosition
  cgt::Side mover = cgt::Side::Left;
  RecordKind kind = RecordKind::Win;
  uint64_t budget = 0;
  int line = 0, column = 0;  // of the position in the checkpoint read, for error messages
};

// A proof (proof_file.h) as text: nodes children first, the root last. A `Solved*` node is a
// leaf settled by the solver; `Win` lists one winning move, `Loss` every move.
enum class ProofKind { SolvedWin, SolvedLoss, Win, Loss };
struct ProofNode {
  std::string position;
  cgt::Side mover = cgt::Side::Left;
  ProofKind kind = ProofKind::SolvedWin;
  std::vector<std::pair<std::string, size_t>> moves;  // (G::formatMove, child's index)
  int line = 0, column = 0;  // of the position in the file read, for messages
};

struct TreeStats {
  uint64_t jobs = 0;       // results received
  uint64_t jobNodes = 0;   // their nodes, summed
  uint64_t unknown = 0;    // jobs that came back unknown (and were sent again or expanded)
};

// The moves of `mover` in `position` in the order the search takes them, each with the position
// after it: best first by the game's static estimate of that position (G::estimate, Amazons'
// queen-distance territory), else (Clobber) in G::moves order; ties in G::moves order. On the
// 5x4 Amazons start, one worker, jobs of 1,000,000 nodes: in G::moves order the first winning
// move was the 61st, and the search solved all 61 (61 jobs, 3.16 M job nodes, 2.9 s); by
// estimate it is the first (1 job, 61,328 nodes). Jobs of 10,000: 3,200 jobs and 35.1 M nodes
// against 94 and 0.61 M.
template <core::Game G>
std::vector<std::pair<typename G::Move, typename G::Region>> orderedMoves(const typename G::Region& position, cgt::Side mover) {
  std::vector<std::pair<typename G::Move, typename G::Region>> out;
  for (const typename G::Move& m : G::moves(position, mover)) out.emplace_back(m, G::play(position, m));
  if constexpr (core::HasEstimate<G>) {
    std::vector<std::pair<int, size_t>> keys;  // (the mover's estimate, negated: least first; the move's place)
    for (size_t i = 0; i < out.size(); ++i) {
      const int e = G::estimate(out[i].second);
      keys.push_back({mover == cgt::Side::Left ? -e : e, i});
    }
    std::sort(keys.begin(), keys.end());
    std::vector<std::pair<typename G::Move, typename G::Region>> sorted;
    for (const auto& k : keys) sorted.push_back(std::move(out[k.second]));
    out = std::move(sorted);
  }
  return out;
}

template <core::Game G>
class JobTree {
 public:
  using Region = typename G::Region;
  using Move = typename G::Move;

  JobTree(const Region& start, cgt::Side mover, TreeSettings settings) : settings_(settings) {
    root_ = nodeFor(start, mover, settings.jobNodes);
    if (nodes_[root_].state == State::Leaf) expand(root_, settings.jobNodes);
    recompute(root_);
  }

  // Goes on from a checkpoint's records (a tree built from the same start and settings):
  // the nodes they name are settled or expanded again, down from the root. Positions that do
  // not parse throw InputError with the record's line; records off the tree are ignored.
  void restore(const std::vector<TreeRecord>& records, const TreeStats& stats) {
    stats_ = stats;
    std::unordered_map<std::string, const TreeRecord*> byKey;
    for (const TreeRecord& r : records) {
      try {
        byKey[keyOf(G::parseOneLine(r.position), r.mover)] = &r;
      } catch (const InputError& e) {
        throw InputError(e.what(), r.line, r.column + std::max(e.column(), 1) - 1);
      }
    }
    // Breadth-first from the root, each node once: those with a record take it.
    std::vector<uint32_t> queue{root_};
    std::vector<bool> seen(nodes_.size(), false);
    for (size_t q = 0; q < queue.size(); ++q) {
      for (const Edge& e : std::vector<Edge>(nodes_[queue[q]].edges)) {
        if (e.child >= seen.size()) seen.resize(nodes_.size(), false);
        if (seen[e.child]) continue;
        seen[e.child] = true;
        Node& c = nodes_[e.child];
        if (c.state == State::Leaf) {
          const auto it = byKey.find(c.key);
          if (it != byKey.end()) {
            const TreeRecord& r = *it->second;
            if (r.kind == RecordKind::Expanded) {
              expand(e.child, r.budget);
            } else if (r.kind == RecordKind::Retry) {
              c.budget = r.budget;
              c.retried = true;
            } else {
              settle(e.child, r.kind == RecordKind::Win ? State::Win : State::Loss);
            }
          }
        }
        queue.push_back(e.child);
      }
    }
    // Children before parents: every move lowers G::size.
    std::vector<uint32_t> order(nodes_.size());
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return nodes_[a].size < nodes_[b].size; });
    for (uint32_t n : order) recompute(n);
  }

  // Hands out jobs until the root is settled, the limits are spent or stop() says so;
  // between results (and at least every `tick`) calls `onTick` (the checkpoint's clock).
  void search(JobRunner& runner, const std::function<bool()>& stop, const std::function<void()>& onTick,
              std::chrono::milliseconds tick = std::chrono::milliseconds(100)) {
    const auto start = std::chrono::steady_clock::now();
    const uint64_t nodesBefore = stats_.jobNodes;
    std::unordered_map<uint64_t, uint32_t> inFlight;  // job id -> node
    for (;;) {
      if (settled(root_) || stop()) break;
      const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      const bool outOfTime = settings_.limits.seconds > 0 && elapsed >= settings_.limits.seconds;
      const bool outOfNodes = settings_.limits.nodes > 0 && stats_.jobNodes - nodesBefore >= settings_.limits.nodes;
      if (outOfTime || outOfNodes) break;
      while (inFlight.size() < runner.workers()) {
        const std::optional<uint32_t> leaf = select();
        if (!leaf) break;
        Node& n = nodes_[*leaf];
        Job job{nextJobId_++, G::printPosition(n.position), n.mover, n.budget, 0, n.worker};
        // The whole search's limits bound each job too: past them nothing new is proven.
        if (settings_.limits.nodes > 0)
          job.nodes = std::min(job.nodes, settings_.limits.nodes - (stats_.jobNodes - nodesBefore));
        if (settings_.limits.seconds > 0) job.seconds = std::max(settings_.limits.seconds - elapsed, 1e-3);
        n.state = State::Pending;
        propagate(*leaf);
        inFlight[job.id] = *leaf;
        runner.submit(job);
      }
      if (inFlight.empty()) break;  // nothing to send nor wait for: cannot happen with the root unsettled
      if (const std::optional<JobResult> r = runner.waitFor(tick)) {
        const auto it = inFlight.find(r->id);
        if (it != inFlight.end()) {
          const uint32_t node = it->second;
          inFlight.erase(it);
          nodes_[node].worker = r->worker;
          ++stats_.jobs;
          stats_.jobNodes += r->nodes;
          if (r->verdict == core::Verdict::Unknown) {
            ++stats_.unknown;
            Node& n = nodes_[node];
            const uint64_t grown = n.budget > kInfinite / settings_.growth ? kInfinite : n.budget * settings_.growth;
            if (grown <= settings_.expandAt) {
              n.state = State::Leaf;
              n.budget = grown;
              n.retried = true;
            } else {
              expand(node, n.budget);
            }
          } else {
            settle(node, r->verdict == core::Verdict::Win ? State::Win : State::Loss);
          }
          propagate(node);
        }
      }
      onTick();
    }
    // Jobs still out are forgotten: their leaves go back to waiting.
    for (const auto& [id, node] : inFlight) {
      nodes_[node].state = State::Leaf;
      propagate(node);
    }
  }

  cgt::Side mover() const { return nodes_[root_].mover; }
  const Region& start() const { return nodes_[root_].position; }
  core::Verdict verdict() const {
    const State s = nodes_[root_].state;
    return s == State::Win ? core::Verdict::Win : s == State::Loss ? core::Verdict::Loss : core::Verdict::Unknown;
  }
  // The first of the root's moves in orderedMoves' order that wins (the others before it proven
  // to lose), once the root is won.
  std::optional<Move> winningMove() const {
    if (verdict() != core::Verdict::Win) return std::nullopt;
    for (const Edge& e : nodes_[root_].edges)
      if (nodes_[e.child].state == State::Loss) return e.move;
    return std::nullopt;
  }
  bool rootHasMove() const { return !nodes_[root_].edges.empty(); }
  const TreeStats& stats() const { return stats_; }
  size_t size() const { return nodes_.size(); }

  // What a checkpoint keeps: the nodes settled by jobs, those expanded after an unknown one
  // (the root, always expanded, aside) and the leaves to be sent again with a grown budget, in
  // the order they were made.
  std::vector<TreeRecord> records() const {
    std::vector<TreeRecord> out;
    for (uint32_t i = 0; i < nodes_.size(); ++i) {
      const Node& n = nodes_[i];
      if (i == root_) continue;
      if (n.solved) out.push_back({G::printPosition(n.position), n.mover, n.state == State::Win ? RecordKind::Win : RecordKind::Loss, n.budget, 0, 0});
      else if (n.expandedBudget) out.push_back({G::printPosition(n.position), n.mover, RecordKind::Expanded, *n.expandedBudget, 0, 0});
      else if (n.retried) out.push_back({G::printPosition(n.position), n.mover, RecordKind::Retry, n.budget, 0, 0});
    }
    return out;
  }

  // The proof of the root's verdict, children first and the root last: a won node with its
  // first winning move (the root's, as winningMove), a lost one with every move. Only once
  // the root is settled.
  std::vector<ProofNode> proof() const {
    std::vector<ProofNode> out;
    std::unordered_map<uint32_t, size_t> index;  // node -> its place in `out`
    // Iterative post-order: a node is written once all the children it names are.
    std::vector<std::pair<uint32_t, bool>> stack{{root_, false}};
    while (!stack.empty()) {
      const auto [n, childrenDone] = stack.back();
      stack.pop_back();
      if (index.count(n)) continue;
      const std::vector<Edge> named = proofEdges(n);
      if (!childrenDone) {
        stack.push_back({n, true});
        for (auto e = named.rbegin(); e != named.rend(); ++e)
          if (!index.count(e->child)) stack.push_back({e->child, false});
        continue;
      }
      const Node& node = nodes_[n];
      ProofNode p{G::printPosition(node.position), node.mover, ProofKind::SolvedWin, {}, 0, 0};
      if (node.solved) p.kind = node.state == State::Win ? ProofKind::SolvedWin : ProofKind::SolvedLoss;
      else p.kind = node.state == State::Win ? ProofKind::Win : ProofKind::Loss;
      for (const Edge& e : named) p.moves.push_back({G::formatMove(node.position, e.move), index.at(e.child)});
      index[n] = out.size();
      out.push_back(std::move(p));
    }
    return out;
  }

 private:
  enum class State { Leaf, Pending, Expanded, Win, Loss };  // Win, Loss: the mover's
  static constexpr uint64_t kInfinite = std::numeric_limits<uint64_t>::max();
  struct Edge {
    Move move;
    uint32_t child;
  };
  struct Node {
    Region position;  // the first met of its symmetric images
    cgt::Side mover;
    std::string key;
    int size = 0;  // G::size
    State state = State::Leaf;
    bool solved = false;  // settled by a job rather than by its children
    uint64_t budget = 0;  // its job's
    bool retried = false;  // its budget grown after an unknown job
    // The worker whose tables know it best (its last job's, or its expanded parent's): where
    // its job goes if that worker is free.
    int worker = Job::kAnyWorker;
    std::optional<uint64_t> expandedBudget;  // the budget its unknown job had
    uint64_t pn = 1, dn = 1;
    bool available = true;  // a leaf waiting for a job lies below (or it is one)
    std::vector<Edge> edges;
    std::vector<uint32_t> parents;
  };

  static std::string keyOf(const Region& position, cgt::Side mover) {
    return G::key(G::normalise(position)) + (mover == cgt::Side::Left ? 'b' : 'w');
  }
  static uint64_t add(uint64_t a, uint64_t b) { return a > kInfinite - b ? kInfinite : a + b; }
  bool settled(uint32_t n) const { return nodes_[n].state == State::Win || nodes_[n].state == State::Loss; }

  // The node of `position` with `mover` to move, made (a leaf of `budget`, or lost when the
  // mover has no move) if new.
  uint32_t nodeFor(const Region& position, cgt::Side mover, uint64_t budget) {
    std::string key = keyOf(position, mover);
    const auto it = index_.find(key);
    if (it != index_.end()) return it->second;
    const uint32_t n = static_cast<uint32_t>(nodes_.size());
    Node node{position, mover, key, G::size(position), State::Leaf, false, budget, false, Job::kAnyWorker, std::nullopt, 1, 1, true, {}, {}};
    if (G::moves(position, mover).empty()) {
      node.state = State::Loss;
      node.pn = kInfinite;
      node.dn = 0;
      node.available = false;
    }
    nodes_.push_back(std::move(node));
    index_.emplace(std::move(key), n);
    return n;
  }

  void expand(uint32_t n, uint64_t budget) {
    if (n != root_) nodes_[n].expandedBudget = budget;
    nodes_[n].state = State::Expanded;
    const uint64_t childBudget = budget > kInfinite / settings_.growth ? kInfinite : budget * settings_.growth;
    const Region position = nodes_[n].position;  // nodes_ grows below
    const cgt::Side next = core::opposite(nodes_[n].mover);
    for (const auto& [m, after] : orderedMoves<G>(position, nodes_[n].mover)) {
      const size_t before = nodes_.size();
      const uint32_t c = nodeFor(after, next, n == root_ ? budget : childBudget);
      if (c >= before) nodes_[c].worker = nodes_[n].worker;  // new: its parent's job searched it
      nodes_[n].edges.push_back({m, c});
      std::vector<uint32_t>& parents = nodes_[c].parents;
      if (parents.empty() || parents.back() != n) parents.push_back(n);
    }
  }

  void settle(uint32_t n, State s) {
    Node& node = nodes_[n];
    node.state = s;
    node.solved = true;
    node.pn = s == State::Win ? 0 : kInfinite;
    node.dn = s == State::Win ? kInfinite : 0;
    node.available = false;
  }

  // A node's numbers from its children's (or its own state); whether they changed.
  bool recompute(uint32_t n) {
    Node& node = nodes_[n];
    const auto before = std::tuple(node.pn, node.dn, node.available, node.state);
    if (node.state == State::Leaf || node.state == State::Pending) {
      node.pn = node.dn = 1;
      node.available = node.state == State::Leaf;
    } else if (node.state == State::Expanded) {
      uint64_t pn = kInfinite, dn = 0, prefix = 0;  // prefix: the root's moves before this one
      bool available = false;
      for (const Edge& e : node.edges) {
        const Node& c = nodes_[e.child];
        pn = std::min(pn, n == root_ ? add(prefix, c.dn) : c.dn);
        prefix = add(prefix, c.pn);
        dn = add(dn, c.pn);
        available = available || c.available;
      }
      node.pn = pn;
      node.dn = dn;
      node.available = available;
      if (pn == 0 || dn == 0) {
        node.state = pn == 0 ? State::Win : State::Loss;
        node.pn = pn == 0 ? 0 : kInfinite;
        node.dn = pn == 0 ? kInfinite : 0;
        node.available = false;
      }
    }
    return before != std::tuple(node.pn, node.dn, node.available, node.state);
  }

  void propagate(uint32_t from) {
    recompute(from);
    std::vector<uint32_t> work(nodes_[from].parents);
    while (!work.empty()) {
      const uint32_t n = work.back();
      work.pop_back();
      if (recompute(n)) work.insert(work.end(), nodes_[n].parents.begin(), nodes_[n].parents.end());
    }
  }

  // The most-proving leaf waiting for a job, if any: down the children of least dn (the
  // node's pn) among those with such a leaf below, first in move order on ties; at the root
  // the term of least pn(root), then its cheapest part.
  std::optional<uint32_t> select() const {
    if (!nodes_[root_].available) return std::nullopt;
    uint32_t n = rootChoice();
    while (nodes_[n].state == State::Expanded) {
      const Node& node = nodes_[n];
      std::optional<uint32_t> best;
      for (const Edge& e : node.edges)
        if (nodes_[e.child].available && (!best || nodes_[e.child].dn < nodes_[*best].dn)) best = e.child;
      n = *best;
    }
    return n;
  }

  // The root's child to go down: of the terms pn(child 1..i-1) + dn(child i) with a waiting
  // leaf below one of their parts, the least (first on ties), and of its parts the cheapest.
  uint32_t rootChoice() const {
    const std::vector<Edge>& edges = nodes_[root_].edges;
    uint64_t bestTerm = kInfinite, before = 0;
    std::optional<size_t> bestI;
    std::optional<size_t> firstAvailable;  // the first child with a waiting leaf below
    for (size_t i = 0; i < edges.size(); ++i) {
      const Node& c = nodes_[edges[i].child];
      const bool partAvailable = c.available || firstAvailable;
      if (partAvailable && (!bestI || add(before, c.dn) < bestTerm)) {
        bestTerm = add(before, c.dn);
        bestI = i;
      }
      if (c.available && !firstAvailable) firstAvailable = i;
      before = add(before, c.pn);
    }
    std::optional<uint32_t> choice;
    uint64_t cheapest = kInfinite;
    for (size_t j = 0; j <= *bestI; ++j) {
      const Node& c = nodes_[edges[j].child];
      const uint64_t part = j < *bestI ? c.pn : c.dn;
      if (c.available && (!choice || part < cheapest)) {
        choice = edges[j].child;
        cheapest = part;
      }
    }
    return *choice;
  }

  // The moves a proof names at node n: all of a lost node's, a won node's first winning one.
  std::vector<Edge> proofEdges(uint32_t n) const {
    const Node& node = nodes_[n];
    if (node.solved) return {};
    if (node.state == State::Loss) return node.edges;
    for (const Edge& e : node.edges)
      if (nodes_[e.child].state == State::Loss) return {e};
    return {};
  }

  TreeSettings settings_;
  std::vector<Node> nodes_;
  std::unordered_map<std::string, uint32_t> index_;  // key -> node
  uint32_t root_ = 0;
  uint64_t nextJobId_ = 0;
  TreeStats stats_;
};

}  // namespace amazons::dist
