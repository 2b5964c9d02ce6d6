// An allocator for large arrays read at random places (the searched tables' slots, core/
// searched_table.h): an array of 2 MB or more starts on a 2 MB boundary and is marked for
// transparent huge pages before it is first touched, so that the lookups scattered over it miss
// the TLB over a few large pages rather than thousands of 4 KB ones (ExactTable's arrays come
// from such a reservation of their own). Smaller arrays are std::allocator's. (A 49-empty
// 10x10 position's search, one thread, grows its tables to about 250 MB: game 5's line of the
// reach walk took 53.7 s instead of 66.2 s, game 4's 19.5 s instead of 21.6 s (medians of
// three); short searches, whose arrays stay small, are unchanged.)
#pragma once
#include <sys/mman.h>

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>

namespace amazons::core {

template <typename T>
struct HugePageAllocator {
  using value_type = T;
  static constexpr size_t kHugePage = size_t{2} << 20;

  HugePageAllocator() = default;
  template <typename U>
  HugePageAllocator(const HugePageAllocator<U>&) {}

  // Only the array's whole huge pages are marked: its tail stays on small pages, so that it
  // takes no more memory than it holds (the tables count their bytes against --hash).
  T* allocate(size_t n) {
    const size_t bytes = n * sizeof(T);
    if (bytes < kHugePage) return std::allocator<T>().allocate(n);
    void* p = nullptr;
    if (posix_memalign(&p, kHugePage, bytes) != 0) throw std::bad_alloc();
    madvise(p, bytes & ~(kHugePage - 1), MADV_HUGEPAGE);  // a hint: ignored where huge pages are off
    return static_cast<T*>(p);
  }
  void deallocate(T* p, size_t n) {
    if (n * sizeof(T) < kHugePage) std::allocator<T>().deallocate(p, n);
    else std::free(p);
  }
  template <typename U>
  bool operator==(const HugePageAllocator<U>&) const {
    return true;
  }
};

}  // namespace amazons::core
