// Where tests find the shared reference files, the positions/ folder and the built CLI.
#pragma once
#include <string>

namespace amazons::testing {
inline std::string sharedDir() { return AMAZONS_SHARED_DIR; }
inline std::string positionsDir() { return AMAZONS_POSITIONS_DIR; }
inline std::string cliPath() { return AMAZONS_CLI; }
// tests/tools/scripted_uci_engine: a UCI engine that answers what a script says.
inline std::string scriptedUciEngine() { return AMAZONS_SCRIPTED_UCI; }
inline std::string example(const std::string& name) { return positionsDir() + "/examples/" + name; }
}  // namespace amazons::testing
