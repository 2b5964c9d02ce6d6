// The messages of `suite` and `verify` over ranks (solver/cli/cli_suite.cpp): a job is one
// suite line as its file gives it (the text, so that a worker needs neither the file nor
// standard input, and reads it as one process would), a result is what checking it found.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "solver/core/suite_check.h"

namespace amazons::dist {

struct SuiteJob {
  std::string file;         // as the one process names it in its output
  int line = 0;             // 1-based, in that file
  std::string text;         // the line, unparsed
  std::string defaultGame;  // the game of a line without game=
};

// A suite line's result: its checks, every node searched for it (its moves' checks too), or the
// error that stopped it.
struct SuiteLineResult {
  core::CaseOutcome check;
  uint64_t allNodes = 0;
  std::optional<std::string> error;
};

std::string encode(const SuiteJob& job);
std::string encode(const SuiteLineResult& result);
std::string encode(const core::ClaimOutcome& claims);
// Each throws MessageError (solver/dist/bytes.h) on bytes that are not such a message: what it
// reads, encode writes back to the same bytes.
SuiteJob decodeSuiteJob(std::string_view bytes);
SuiteLineResult decodeSuiteLineResult(std::string_view bytes);
core::ClaimOutcome decodeClaimOutcome(std::string_view bytes);

}  // namespace amazons::dist
