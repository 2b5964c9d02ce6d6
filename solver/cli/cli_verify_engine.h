// `verify --uci` and `verify --games` (cli_verify_engine.cpp): `verify` (cli_suite.cpp) hands
// its arguments over when they name either.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace amazons::cli {

// Whether verify's arguments ask for an engine or game records.
bool wantsEngineVerify(const std::vector<std::string>& args);

// The command, for `game` ("amazons" or "clobber"; Yinsh is a usage error).
int runEngineVerify(const std::vector<std::string>& args, std::string_view game);

}  // namespace amazons::cli
