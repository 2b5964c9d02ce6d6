// Proof files (`--proof FILE`, checked by `amazons-solve check-proof FILE`): the proof tree
// of a job-level search, gzip-compressed text (zlib). Uncompressed:
//   amazons-solve proof 1
//   game amazons|clobber
//   start <b|w> <position>        the position proven, its side to move
//   verdict win|loss              for that side
//   nodes <count>
//   then <count> node lines, numbered from 0 in order, children before their parents and the
//   root last:
//   <b|w> <kind> <position> [<move> <child number>]...
//   kind: solved-win / solved-loss (a leaf the solver settled: the side to move wins / loses;
//   no moves), win (one winning move, to a lost node), loss (every move, each to a won node;
//   none when the side to move has no move). Positions are the game's one-line form, moves
//   its notation (Amazons: cs61b, d1-d3(c3); Clobber: e2e3), both without spaces. A child may
//   be a symmetric image of the position the move reaches (one node per position up to the
//   game's symmetries).
//   end
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "solver/dist/job_tree.h"

namespace amazons::dist {

struct ProofFile {
  std::string game;
  std::string start;
  cgt::Side mover = cgt::Side::Left;
  core::Verdict verdict = core::Verdict::Win;
  std::vector<ProofNode> nodes;
  int startLine = 0, startColumn = 0;
};

std::string proofText(const ProofFile& p);
// Writes it gzip-compressed, atomically (atomic_file.h); std::runtime_error naming the file and
// the step when it cannot.
void writeProof(const std::string& path, const ProofFile& p);
// The text's proof, `name` for messages: InputError (line, column) for what is not one.
// Children must come before their parents (so the tree has no cycle); what the moves and
// positions mean is check_proof.h's.
ProofFile parseProof(std::string_view text, const std::string& name);
// A proof file, compressed or not: InputError when it cannot be read or parsed.
ProofFile readProof(const std::string& path);

}  // namespace amazons::dist
