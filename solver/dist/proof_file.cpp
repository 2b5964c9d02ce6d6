#include "solver/dist/proof_file.h"

#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include "solver/core/errors.h"
#include "solver/dist/atomic_file.h"
#include "solver/dist/text_words.h"

namespace amazons::dist {
namespace {

constexpr std::string_view kMagic = "amazons-solve proof 1";

const char* kindWord(ProofKind k) {
  switch (k) {
    case ProofKind::SolvedWin: return "solved-win";
    case ProofKind::SolvedLoss: return "solved-loss";
    case ProofKind::Win: return "win";
    case ProofKind::Loss: return "loss";
  }
  return "";
}

// `text` as a gzip file's bytes (what gzopen "wb9" writes), compressed in memory so that the
// file itself goes out through writeFileAtomically.
std::string gzipped(std::string_view text) {
  z_stream stream{};
  // 15 + 16: the largest window, with a gzip header and trailer rather than zlib's.
  if (deflateInit2(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("cannot compress the proof file: out of memory");
  std::string out;
  char buffer[1 << 16];
  size_t fed = 0;
  for (int status = Z_OK; status != Z_STREAM_END;) {
    if (stream.avail_in == 0 && fed < text.size()) {
      // zlib counts in 32 bits and a proof's text can pass 4 GiB: fed 1 MiB at a time.
      const size_t chunk = std::min<size_t>(text.size() - fed, size_t{1} << 20);
      stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data() + fed));
      stream.avail_in = static_cast<uInt>(chunk);
      fed += chunk;
    }
    stream.next_out = reinterpret_cast<Bytef*>(buffer);
    stream.avail_out = sizeof buffer;
    status = deflate(&stream, fed == text.size() ? Z_FINISH : Z_NO_FLUSH);
    if (status != Z_OK && status != Z_STREAM_END) {
      deflateEnd(&stream);
      throw std::runtime_error("cannot compress the proof file");
    }
    out.append(buffer, sizeof buffer - stream.avail_out);
  }
  deflateEnd(&stream);
  return out;
}

}  // namespace

std::string proofText(const ProofFile& p) {
  std::string text(kMagic);
  text += "\ngame ";
  text += p.game;
  text += "\nstart ";
  text += sideWord(p.mover);
  text += ' ';
  text += p.start;
  text += "\nverdict ";
  text += p.verdict == core::Verdict::Win ? "win" : "loss";
  text += "\nnodes ";
  text += std::to_string(p.nodes.size());
  text += '\n';
  for (const ProofNode& n : p.nodes) {
    text += sideWord(n.mover);
    text += ' ';
    text += kindWord(n.kind);
    text += ' ';
    text += n.position;
    for (const auto& [move, child] : n.moves) {
      text += ' ';
      text += move;
      text += ' ';
      text += std::to_string(child);
    }
    text += '\n';
  }
  text += "end\n";
  return text;
}

void writeProof(const std::string& path, const ProofFile& p) { writeFileAtomically(path, gzipped(proofText(p)), "the proof file"); }

ProofFile parseProof(std::string_view text, const std::string& name) {
  try {
    const std::vector<WordLine> lines = wordLines(text);
    if (lines.empty() || text.substr(0, kMagic.size()) != kMagic || lines[0].words.size() != 3) {
      std::string message = "not an amazons-solve proof (its first line is not '";
      message += kMagic;
      message += "')";
      throw InputError(message, 1, 1);
    }
    const auto header = [&](size_t i, const char* key, size_t words) -> const WordLine& {
      if (i >= lines.size() || lines[i].words.empty() || lines[i].words[0].text != key) {
        std::string message = "expected the line '";
        message += key;
        message += " ...'";
        throw InputError(message, i < lines.size() ? lines[i].number : static_cast<int>(lines.size()) + 1, 1);
      }
      std::string what = std::to_string(words - 1);
      what += " words after '";
      what += key;
      what += "'";
      expectWords(lines[i], words, what);
      return lines[i];
    };
    ProofFile p;
    p.game = header(1, "game", 2).words[1].text;
    const WordLine& start = header(2, "start", 3);
    p.mover = readSide(start.words[1], start.number);
    p.start = start.words[2].text;
    p.startLine = start.number;
    p.startColumn = start.words[2].column;
    const WordLine& verdict = header(3, "verdict", 2);
    if (verdict.words[1].text == "win") p.verdict = core::Verdict::Win;
    else if (verdict.words[1].text == "loss") p.verdict = core::Verdict::Loss;
    else throw InputError("expected win or loss, not '" + verdict.words[1].text + "'", verdict.number, verdict.words[1].column);
    const WordLine& count = header(4, "nodes", 2);
    const uint64_t n = readCount(count.words[1], count.number);
    if (n == 0) throw InputError("a proof has at least its root", count.number, count.words[1].column);
    // Each node takes a line: more than there are lines cannot be (and would be a huge reserve).
    if (n > lines.size()) throw InputError("more nodes than the file has lines", count.number, count.words[1].column);
    for (size_t i = 0; i < n; ++i) {
      if (5 + i >= lines.size()) throw InputError("the file ends before node " + std::to_string(i), static_cast<int>(lines.size()) + 1, 1);
      const WordLine& l = lines[5 + i];
      if (l.words.size() < 3 || l.words.size() % 2 == 0)
        throw InputError("expected a node: b|w KIND POSITION [MOVE CHILD]...", l.number, l.words.empty() ? 1 : l.words.back().column);
      ProofNode node;
      node.mover = readSide(l.words[0], l.number);
      const std::string& kind = l.words[1].text;
      if (kind == "solved-win") node.kind = ProofKind::SolvedWin;
      else if (kind == "solved-loss") node.kind = ProofKind::SolvedLoss;
      else if (kind == "win") node.kind = ProofKind::Win;
      else if (kind == "loss") node.kind = ProofKind::Loss;
      else throw InputError("expected solved-win, solved-loss, win or loss, not '" + kind + "'", l.number, l.words[1].column);
      node.position = l.words[2].text;
      node.line = l.number;
      node.column = l.words[2].column;
      for (size_t w = 3; w + 1 < l.words.size(); w += 2) {
        const uint64_t child = readCount(l.words[w + 1], l.number);
        if (child >= i) throw InputError("a child is numbered before its parent (this node is " + std::to_string(i) + ")", l.number, l.words[w + 1].column);
        node.moves.push_back({l.words[w].text, static_cast<size_t>(child)});
      }
      p.nodes.push_back(std::move(node));
    }
    const size_t endLine = 5 + n;
    if (endLine >= lines.size() || lines[endLine].words.size() != 1 || lines[endLine].words[0].text != "end")
      throw InputError("expected 'end' after the last node", endLine < lines.size() ? lines[endLine].number : static_cast<int>(lines.size()) + 1, 1);
    for (size_t i = endLine + 1; i < lines.size(); ++i)
      if (!lines[i].words.empty()) throw InputError("text after 'end'", lines[i].number, lines[i].words[0].column);
    return p;
  } catch (const InputError& e) {
    throw e.withFile(name);
  }
}

ProofFile readProof(const std::string& path) {
  gzFile in = gzopen(path.c_str(), "rb");
  if (!in) throw InputError("cannot open the proof file: " + std::string(std::strerror(errno)), 0, 0, path);
  std::string text;
  char buffer[1 << 16];
  for (;;) {
    const int n = gzread(in, buffer, sizeof buffer);
    if (n < 0) {
      gzclose(in);
      throw InputError("cannot read the proof file: it is not whole gzip data", 0, 0, path);
    }
    if (n == 0) break;
    text.append(buffer, static_cast<size_t>(n));
  }
  int status = Z_OK;
  gzerror(in, &status);
  gzclose(in);
  if (status != Z_OK) throw InputError("cannot read the proof file: its gzip data is cut short or damaged", 0, 0, path);
  return parseProof(text, path);
}

}  // namespace amazons::dist
