// `amazons-solve play uci`: the solver as a UCI engine for Amazons and Clobber (cli_play_uci.cpp),
// reached through the play command's modes (cli_play.cpp).
#pragma once
#include <string>
#include <vector>

namespace amazons::cli {

// `args`: the options after "uci"; `variant`: the one to start with, "amazons" or "clobber"
// (--game), which the GUI may change with UCI_Variant. Returns the exit status.
int runUciPlay(const std::vector<std::string>& args, const std::string& variant);

}  // namespace amazons::cli
