// The messages of the job search over ranks (solver/dist/mpi_runner.h): a run's JobSettings,
// a Job and its JobResult as byte strings (bytes.h); a decoder refuses bytes that no encoder
// writes (MessageError).
#pragma once
#include <string>
#include <string_view>

#include "solver/dist/job.h"

namespace amazons::dist {

std::string encode(const JobSettings& settings);
std::string encode(const Job& job);
std::string encode(const JobResult& result);

JobSettings decodeJobSettings(std::string_view bytes);
Job decodeJob(std::string_view bytes);
JobResult decodeJobResult(std::string_view bytes);

}  // namespace amazons::dist
