#include "solver/dist/job.h"

#include <variant>

#include "solver/amazons/engine.h"
#include "solver/amazons/game.h"
#include "solver/clobber/clobber.h"
#include "solver/core/analysis.h"

namespace amazons::dist {

bool jobGameKnown(const std::string& game) { return game == Amazons::kName || game == clobber::Clobber::kName; }

namespace {

template <core::Game G>
core::AnalysisOptions jobOptions(const JobSettings& settings, core::AnalysisOptions options) {
  options.threads = settings.threads;
  options.hashMegabytes = settings.hashMegabytes;
  return options;
}

template <core::Game G>
JobResult solveWith(core::Analyser<G>& analyser, const Job& job, bool keepTables, const std::atomic<bool>* stop) {
  if (!keepTables || analyser.tablesHalfFull()) analyser.clear();
  analyser.setLimits({job.seconds, job.nodes, stop});
  const core::Analysis<G> a = analyser.analyse(G::parseOneLine(job.position), job.mover, core::Sides::ToMoveOnly);
  return {job.id, a.forSide(job.mover).verdict, a.nodes};
}

}  // namespace

struct JobSolver::Impl {
  std::variant<core::Analyser<Amazons>, core::Analyser<clobber::Clobber>> analyser;
  static decltype(analyser) make(const JobSettings& settings) {
    if (settings.game == clobber::Clobber::kName)
      return decltype(analyser)(std::in_place_index<1>, jobOptions<clobber::Clobber>(settings, core::AnalysisOptions{}));
    return decltype(analyser)(std::in_place_index<0>, jobOptions<Amazons>(settings, amazonsAnalysisOptions()));
  }
  Impl(const JobSettings& settings, const std::atomic<bool>* stop) : analyser(make(settings)), keepTables(settings.keepTables), stop(stop) {}
  bool keepTables;
  const std::atomic<bool>* stop;
};

JobSolver::JobSolver(const JobSettings& settings, const std::atomic<bool>* stop) : impl_(std::make_unique<Impl>(settings, stop)) {}
JobSolver::~JobSolver() = default;

JobResult JobSolver::solve(const Job& job) {
  return std::visit([&](auto& analyser) { return solveWith(analyser, job, impl_->keepTables, impl_->stop); }, impl_->analyser);
}

}  // namespace amazons::dist
