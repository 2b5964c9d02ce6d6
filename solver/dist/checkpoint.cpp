#include "solver/dist/checkpoint.h"

#include <xxhash.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "solver/core/errors.h"
#include "solver/dist/atomic_file.h"
#include "solver/dist/text_words.h"

namespace amazons::dist {
namespace {

// Version 2 added expand-at to the settings and the `retry` records; a version 1 file (every
// unknown job expanded) is still read, its expand-at left to the caller (Checkpoint::expandAt).
constexpr std::string_view kMagic = "amazons-solve checkpoint 2";
constexpr std::string_view kMagicVersion1 = "amazons-solve checkpoint 1";

std::string hex64(uint64_t v) {
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(v));
  return buffer;
}

const char* kindWord(RecordKind k) {
  switch (k) {
    case RecordKind::Win: return "win";
    case RecordKind::Loss: return "loss";
    case RecordKind::Expanded: return "expanded";
    case RecordKind::Retry: return "retry";
  }
  return "";
}

}  // namespace

std::string checkpointText(const Checkpoint& c) {
  std::string body(kMagic);
  body += "\ngame ";
  body += c.game;
  body += "\nstart ";
  body += sideWord(c.mover);
  body += ' ';
  body += c.start;
  body += "\nsettings ";
  body += std::to_string(c.jobNodes);
  body += ' ';
  body += std::to_string(c.growth);
  body += ' ';
  body += std::to_string(c.expandAt.value_or(0));
  body += "\nspent ";
  body += std::to_string(c.stats.jobs);
  body += ' ';
  body += std::to_string(c.stats.jobNodes);
  body += ' ';
  body += std::to_string(c.stats.unknown);
  body += '\n';
  for (const TreeRecord& r : c.records) {
    body += sideWord(r.mover);
    body += ' ';
    body += kindWord(r.kind);
    body += ' ';
    body += std::to_string(r.budget);
    body += ' ';
    body += r.position;
    body += '\n';
  }
  const uint64_t sum = XXH64(body.data(), body.size(), 0);
  body += "xxh64 ";
  body += hex64(sum);
  body += '\n';
  return body;
}

void writeCheckpoint(const std::string& path, const Checkpoint& c) { writeFileAtomically(path, checkpointText(c), "checkpoint"); }

Checkpoint parseCheckpoint(std::string_view text, const std::string& name) {
  try {
    // The checksum first: a damaged file is refused as such, whatever else it breaks.
    const size_t last = text.size() >= 2 ? text.rfind('\n', text.size() - 2) : std::string_view::npos;
    const std::string_view tail = last == std::string_view::npos ? text : text.substr(last + 1);
    const std::string_view body = last == std::string_view::npos ? std::string_view() : text.substr(0, last + 1);
    const std::string_view first = text.substr(0, text.find('\n'));
    const bool version1 = first == kMagicVersion1;
    if (first != kMagic && !version1) throw InputError("not an amazons-solve checkpoint (its first line is not '" + std::string(kMagic) + "')", 1, 1);
    const std::string expected = "xxh64 " + hex64(XXH64(body.data(), body.size(), 0));
    std::string_view given = tail;
    if (!given.empty() && given.back() == '\n') given.remove_suffix(1);
    if (given != expected) throw InputError("the checkpoint is damaged: its checksum does not match (truncated or changed since it was written)");

    const std::vector<WordLine> lines = wordLines(body);
    Checkpoint c;
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
    c.game = header(1, "game", 2).words[1].text;
    const WordLine& start = header(2, "start", 3);
    c.mover = readSide(start.words[1], start.number);
    c.start = start.words[2].text;
    c.startLine = start.number;
    c.startColumn = start.words[2].column;
    const WordLine& settings = header(3, "settings", version1 ? 3 : 4);
    c.jobNodes = readCount(settings.words[1], settings.number);
    c.growth = readCount(settings.words[2], settings.number);
    if (!version1) c.expandAt = readCount(settings.words[3], settings.number);
    if (c.jobNodes == 0 || c.growth == 0) throw InputError("the job budget and its growth are at least 1", settings.number, settings.words[1].column);
    const WordLine& spent = header(4, "spent", 4);
    c.stats = {readCount(spent.words[1], spent.number), readCount(spent.words[2], spent.number), readCount(spent.words[3], spent.number)};
    for (size_t i = 5; i < lines.size(); ++i) {
      const WordLine& l = lines[i];
      expectWords(l, 4, version1 ? "a record: b|w win|loss|expanded BUDGET POSITION" : "a record: b|w win|loss|expanded|retry BUDGET POSITION");
      TreeRecord r;
      r.mover = readSide(l.words[0], l.number);
      const std::string& kind = l.words[1].text;
      if (kind == "win") r.kind = RecordKind::Win;
      else if (kind == "loss") r.kind = RecordKind::Loss;
      else if (kind == "expanded") r.kind = RecordKind::Expanded;
      else if (kind == "retry" && !version1) r.kind = RecordKind::Retry;
      else throw InputError((version1 ? "expected win, loss or expanded, not '" : "expected win, loss, expanded or retry, not '") + kind + "'", l.number, l.words[1].column);
      r.budget = readCount(l.words[2], l.number);
      if (r.budget == 0) throw InputError("a job budget is at least 1", l.number, l.words[2].column);
      r.position = l.words[3].text;
      r.line = l.number;
      r.column = l.words[3].column;
      c.records.push_back(std::move(r));
    }
    return c;
  } catch (const InputError& e) {
    throw e.withFile(name);
  }
}

Checkpoint readCheckpoint(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot open the checkpoint: " + std::string(std::strerror(errno)), 0, 0, path);
  std::ostringstream text;
  text << in.rdbuf();
  return parseCheckpoint(text.str(), path);
}

}  // namespace amazons::dist
