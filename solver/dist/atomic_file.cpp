#include "solver/dist/atomic_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>

namespace amazons::dist {

void writeFileAtomically(const std::string& path, std::string_view bytes, const std::string& what) {
  std::string temp = path;
  temp += ".tmp";
  int fd = -1;
  const auto fail = [&](const char* step) {
    std::string message = "cannot ";
    message += step;
    message += ' ';
    message += what;
    message += ' ';
    message += temp;
    message += ": ";
    message += std::strerror(errno);  // read before close and unlink can change errno
    if (fd >= 0) ::close(fd);
    ::unlink(temp.c_str());
    throw std::runtime_error(message);
  };
  fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) fail("create");
  for (size_t done = 0; done < bytes.size();) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) errno = EIO;  // write() made no progress without saying why
      fail("write");
    }
    done += static_cast<size_t>(n);
  }
  if (::fsync(fd) != 0) fail("flush");
  const int closed = ::close(fd);
  fd = -1;
  if (closed != 0) fail("close");
  if (std::rename(temp.c_str(), path.c_str()) != 0) fail("rename");
}

}  // namespace amazons::dist
