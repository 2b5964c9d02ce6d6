#include "solver/dist/job_messages.h"

#include <limits>

#include "solver/dist/bytes.h"

namespace amazons::dist {

std::string encode(const JobSettings& s) {
  return ByteWriter().text(s.game).u64(s.threads).u64(s.hashMegabytes).flag(s.keepTables).take();
}

std::string encode(const Job& j) {
  return ByteWriter().u64(j.id).text(j.position).flag(j.mover == cgt::Side::Right).u64(j.nodes).f64(j.seconds).take();
}

std::string encode(const JobResult& r) { return ByteWriter().u64(r.id).u64(static_cast<uint64_t>(r.verdict)).u64(r.nodes).take(); }

JobSettings decodeJobSettings(std::string_view bytes) {
  ByteReader in(bytes);
  JobSettings s;
  s.game = in.text();
  const uint64_t threads = in.u64();
  if (threads > std::numeric_limits<unsigned>::max()) throw MessageError("malformed message: " + std::to_string(threads) + " threads");
  s.threads = static_cast<unsigned>(threads);
  s.hashMegabytes = static_cast<size_t>(in.u64());
  s.keepTables = in.flag();
  in.end();
  if (!jobGameKnown(s.game)) throw MessageError("malformed message: job settings of the unknown game '" + s.game + "'");
  return s;
}

Job decodeJob(std::string_view bytes) {
  ByteReader in(bytes);
  Job j;
  j.id = in.u64();
  j.position = in.text();
  j.mover = in.flag() ? cgt::Side::Right : cgt::Side::Left;
  j.nodes = in.u64();
  j.seconds = in.f64();
  in.end();
  return j;
}

JobResult decodeJobResult(std::string_view bytes) {
  ByteReader in(bytes);
  JobResult r;
  r.id = in.u64();
  const uint64_t verdict = in.u64();
  if (verdict > static_cast<uint64_t>(core::Verdict::Unknown)) throw MessageError("malformed message: a verdict is " + std::to_string(verdict));
  r.verdict = static_cast<core::Verdict>(verdict);
  r.nodes = in.u64();
  in.end();
  return r;
}

}  // namespace amazons::dist
