// `amazons-solve check-proof FILE`: a proof file (proof_file.h) checked from scratch. First
// the tree's logic, node by node, children first: each position parses and its side is the
// one its parents' moves leave to move; each move is legal in its node's position and reaches
// the child's position (up to the game's symmetries: equal normalised keys); a won node's move
// reaches a lost node; a lost node lists every legal move (regenerated from its position),
// each to a won node; the root, the last node, is the stated start with the stated verdict,
// and every node is reached from it. Then every solved leaf again with a fresh solver (no
// limits, through a JobRunner), its verdict the file's. The first fault in the file's order of
// nodes is named.
#pragma once
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "solver/core/errors.h"
#include "solver/core/game.h"
#include "solver/dist/job.h"
#include "solver/dist/proof_file.h"

namespace amazons::dist {

struct ProofFault {
  size_t node = 0;  // the node at fault (the node count for the header)
  int line = 0;     // its line in the file
  std::string message;
};

namespace detail {

inline bool wins(ProofKind k) { return k == ProofKind::SolvedWin || k == ProofKind::Win; }

template <core::Game G>
std::string keyOf(const typename G::Region& r) {
  return G::key(G::normalise(r));
}

}  // namespace detail

// The tree's logic (everything but the solved leaves' verdicts): the first fault, if any.
// Positions that do not parse are faults too (a proof that names no position proves nothing).
template <core::Game G>
std::optional<ProofFault> checkProofLogic(const ProofFile& p) {
  using Region = typename G::Region;
  std::vector<std::optional<Region>> positions;
  std::vector<std::string> keys;
  const auto fault = [&](const ProofNode& n, size_t i, const std::string& what) {
    std::string message = "node ";
    message += std::to_string(i);
    message += ": ";
    message += what;
    return ProofFault{i, n.line, message};
  };
  for (size_t i = 0; i < p.nodes.size(); ++i) {
    const ProofNode& n = p.nodes[i];
    try {
      positions.push_back(G::parseOneLine(n.position));
    } catch (const InputError& e) {
      return fault(n, i, std::string("its position does not parse: ") + e.what());
    }
    const Region& here = *positions.back();
    keys.push_back(detail::keyOf<G>(here));
    const char* mover = core::sideName(n.mover);
    const bool solved = n.kind == ProofKind::SolvedWin || n.kind == ProofKind::SolvedLoss;
    if (solved && !n.moves.empty()) return fault(n, i, "a solved leaf lists moves");
    if (n.kind == ProofKind::Win && n.moves.size() != 1) return fault(n, i, "a won node names exactly one move");
    // The mover's legal moves, by their text (the file's moves are G::formatMove's).
    std::map<std::string, typename G::Move> legal;
    for (const typename G::Move& m : G::moves(here, n.mover)) legal.emplace(G::formatMove(here, m), m);
    std::set<std::string> listed;
    for (const auto& [text, child] : n.moves) {
      const auto move = legal.find(text);
      if (move == legal.end()) return fault(n, i, "the move " + text + " is not a legal move of " + mover);
      if (!listed.insert(text).second) return fault(n, i, "the move " + text + " is listed twice");
      const ProofNode& c = p.nodes[child];
      if (c.mover == n.mover) return fault(n, i, "the move " + text + " leads to node " + std::to_string(child) + ", where the same side is to move");
      if (keys[child] != detail::keyOf<G>(G::play(here, move->second)))
        return fault(n, i, "the move " + text + " does not reach node " + std::to_string(child) + "'s position");
      if (n.kind == ProofKind::Win && detail::wins(c.kind))
        return fault(n, i, "the winning move " + text + " leads to node " + std::to_string(child) + ", won by the side to move there");
      if (n.kind == ProofKind::Loss && !detail::wins(c.kind))
        return fault(n, i, "after the move " + text + " (node " + std::to_string(child) + ") the side to move does not win");
    }
    if (n.kind == ProofKind::Loss)
      for (const auto& [text, move] : legal)
        if (!listed.count(text)) return fault(n, i, std::string(mover) + "'s move " + text + " is missing (a lost node lists every move)");
  }
  const size_t root = p.nodes.size() - 1;
  const ProofNode& r = p.nodes[root];
  try {
    const Region start = G::parseOneLine(p.start);
    if (G::printPosition(start) != G::printPosition(*positions[root]) || r.mover != p.mover)
      return fault(r, root, "the root (the last node) is not the stated start");
  } catch (const InputError& e) {
    return ProofFault{p.nodes.size(), p.startLine, std::string("the stated start does not parse: ") + e.what()};
  }
  if (detail::wins(r.kind) != (p.verdict == core::Verdict::Win)) return fault(r, root, "the root's verdict is not the stated one");
  std::vector<bool> reached(p.nodes.size(), false);
  reached[root] = true;
  for (size_t i = root + 1; i-- > 0;)
    if (reached[i])
      for (const auto& m : p.nodes[i].moves) reached[m.second] = true;
  for (size_t i = 0; i < p.nodes.size(); ++i)
    if (!reached[i]) return fault(p.nodes[i], i, "not reached from the root");
  return std::nullopt;
}

// The whole check: the logic, and every solved leaf before its first fault re-solved through
// `runner` (no limits); the first fault in the file's order of nodes (a flipped leaf is named
// as such, before its parent's logic, which then fails too). nullopt: the proof holds.
template <core::Game G>
std::optional<ProofFault> checkProof(const ProofFile& p, JobRunner& runner) {
  const std::optional<ProofFault> logic = checkProofLogic<G>(p);
  const size_t until = logic ? std::min(logic->node, p.nodes.size()) : p.nodes.size();
  std::vector<size_t> leaves;
  for (size_t i = 0; i < until; ++i)
    if (p.nodes[i].kind == ProofKind::SolvedWin || p.nodes[i].kind == ProofKind::SolvedLoss) leaves.push_back(i);
  std::vector<std::optional<core::Verdict>> found(leaves.size());
  size_t sent = 0, received = 0;
  while (received < leaves.size()) {
    while (sent < leaves.size() && sent - received < runner.workers()) {
      const ProofNode& n = p.nodes[leaves[sent]];
      runner.submit({sent, n.position, n.mover, 0, 0});
      ++sent;
    }
    if (const std::optional<JobResult> r = runner.waitFor(std::chrono::milliseconds(1000))) {
      found[r->id] = r->verdict;
      ++received;
    }
  }
  for (size_t k = 0; k < leaves.size(); ++k) {
    const ProofNode& n = p.nodes[leaves[k]];
    const bool claimed = n.kind == ProofKind::SolvedWin;
    if (*found[k] == (claimed ? core::Verdict::Win : core::Verdict::Loss)) continue;
    std::string message = "node ";
    message += std::to_string(leaves[k]);
    message += ": the solver finds that ";
    message += core::sideName(n.mover);
    message += *found[k] == core::Verdict::Win ? " to move wins" : " to move loses";
    message += ", the proof says it ";
    message += claimed ? "wins" : "loses";
    return ProofFault{leaves[k], n.line, message};
  }
  return logic;
}

}  // namespace amazons::dist
