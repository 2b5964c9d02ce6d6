#include "solver/dist/suite_messages.h"

#include <limits>

#include "solver/dist/bytes.h"

namespace amazons::dist {

namespace {

int asInt(uint64_t v) {
  if (v > static_cast<uint64_t>(std::numeric_limits<int>::max())) throw MessageError("malformed message: a count out of range");
  return static_cast<int>(v);
}

}  // namespace

std::string encode(const SuiteJob& job) {
  return ByteWriter().text(job.file).u64(static_cast<uint64_t>(job.line)).text(job.text).text(job.defaultGame).take();
}

SuiteJob decodeSuiteJob(std::string_view bytes) {
  ByteReader in(bytes);
  SuiteJob job;
  job.file = in.text();
  job.line = asInt(in.u64());
  job.text = in.text();
  job.defaultGame = in.text();
  in.end();
  return job;
}

std::string encode(const SuiteLineResult& r) {
  const core::CaseOutcome& c = r.check;
  ByteWriter out;
  out.text(c.line).flag(c.unsolved).flag(c.wrongOutcome).flag(c.wrongValue).flag(c.wrongMove).u64(c.nodes).f64(c.seconds);
  out.u64(r.allNodes).flag(r.error.has_value()).text(r.error.value_or(""));
  return out.take();
}

SuiteLineResult decodeSuiteLineResult(std::string_view bytes) {
  ByteReader in(bytes);
  SuiteLineResult r;
  core::CaseOutcome& c = r.check;
  c.line = in.text();
  c.unsolved = in.flag();
  c.wrongOutcome = in.flag();
  c.wrongValue = in.flag();
  c.wrongMove = in.flag();
  c.nodes = in.u64();
  c.seconds = in.f64();
  r.allNodes = in.u64();
  const bool failed = in.flag();
  std::string error = in.text();
  if (failed) r.error = std::move(error);
  else if (!error.empty()) throw MessageError("malformed message: an error text on a line without an error");
  in.end();
  return r;
}

std::string encode(const core::ClaimOutcome& r) {
  ByteWriter out;
  out.u64(r.lines.size());
  for (const std::string& l : r.lines) out.text(l);
  for (int n : {r.moves, r.outcomes, r.margins, r.wrongMoves, r.wrongOutcomes, r.wrongMargins, r.marginsNotApplicable, r.unchecked})
    out.u64(static_cast<uint64_t>(n));
  return out.take();
}

core::ClaimOutcome decodeClaimOutcome(std::string_view bytes) {
  ByteReader in(bytes);
  core::ClaimOutcome r;
  const uint64_t lines = in.count(8);  // each line at least its length
  for (uint64_t i = 0; i < lines; ++i) r.lines.push_back(in.text());
  for (int* n : {&r.moves, &r.outcomes, &r.margins, &r.wrongMoves, &r.wrongOutcomes, &r.wrongMargins, &r.marginsNotApplicable, &r.unchecked})
    *n = asInt(in.u64());
  in.end();
  return r;
}

}  // namespace amazons::dist
