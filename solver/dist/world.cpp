#include "solver/dist/world.h"

#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <thread>

namespace amazons::dist {

namespace {

// MPI's default error handler aborts the job; a failed call that returns anyway is a bug here.
void check(int status, const char* call) {
  if (status != MPI_SUCCESS) throw std::runtime_error(std::string("MPI call failed: ") + call);
}

}  // namespace

bool World::launchedByMpirun() { return std::getenv("OMPI_COMM_WORLD_SIZE") != nullptr; }

World::World(int& argc, char**& argv) {
  if (!launchedByMpirun()) return;
  int provided = 0;
  check(MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided), "MPI_Init_thread");
  mpi_ = true;
  check(MPI_Comm_rank(MPI_COMM_WORLD, &rank_), "MPI_Comm_rank");
  check(MPI_Comm_size(MPI_COMM_WORLD, &size_), "MPI_Comm_size");
}

World::~World() {
  if (!mpi_ || abandoned_) return;
  for (Outgoing& o : sending_) MPI_Wait(&o.request, MPI_STATUS_IGNORE);
  MPI_Finalize();
}

void World::reapSends() {
  for (auto it = sending_.begin(); it != sending_.end();) {
    int done = 0;
    check(MPI_Test(&it->request, &done, MPI_STATUS_IGNORE), "MPI_Test");
    it = done ? sending_.erase(it) : std::next(it);
  }
}

void World::send(int to, int tag, std::string bytes) {
  if (!mpi_) throw std::logic_error("dist::World::send in a world of one rank");
  if (bytes.size() > static_cast<size_t>(std::numeric_limits<int>::max())) throw std::length_error("MPI message over 2 GB");
  reapSends();
  Outgoing& o = sending_.emplace_back(Outgoing{std::move(bytes), MPI_REQUEST_NULL});
  check(MPI_Isend(o.bytes.data(), static_cast<int>(o.bytes.size()), MPI_BYTE, to, tag, MPI_COMM_WORLD, &o.request), "MPI_Isend");
}

std::optional<Message> World::poll(int from, int tag) {
  if (!mpi_) return std::nullopt;
  reapSends();
  int arrived = 0;
  MPI_Status status;
  check(MPI_Iprobe(from, tag, MPI_COMM_WORLD, &arrived, &status), "MPI_Iprobe");
  if (!arrived) return std::nullopt;
  int count = 0;
  check(MPI_Get_count(&status, MPI_BYTE, &count), "MPI_Get_count");
  Message m{status.MPI_SOURCE, status.MPI_TAG, std::string(static_cast<size_t>(count), '\0')};
  check(MPI_Recv(m.bytes.data(), count, MPI_BYTE, m.source, m.tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE), "MPI_Recv");
  return m;
}

Message World::receive(int from, int tag) {
  if (!mpi_) throw std::logic_error("dist::World::receive in a world of one rank");
  Backoff backoff;
  while (true) {
    if (std::optional<Message> m = poll(from, tag)) return std::move(*m);
    std::this_thread::sleep_for(backoff.next());
  }
}

}  // namespace amazons::dist
