// Precompiling the runtime headers once per content and flags, under a file lock so that
// concurrent test runs share the work (see TestPch.h).
#include "testing/TestPch.h"

#include "backend/RuntimeFiles.h"
#include "testing/Process.h"

#include <cstdint>
#include <cstdio>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace fjord::testing {
namespace fs = std::filesystem;

namespace {

uint64_t fnv1a(const std::string& s) {
  uint64_t h = 14695981039346656037ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

// Holds an exclusive lock on a file while in scope: concurrent `fjord test` runs (CTest
// runs several) build a header once and the others wait for it.
class FileLock {
public:
  explicit FileLock(const fs::path& path) : fd_(::open(path.c_str(), O_CREAT | O_RDWR, 0644)) {
    if (fd_ >= 0)
      ::flock(fd_, LOCK_EX);
  }
  ~FileLock() {
    if (fd_ >= 0) {
      ::flock(fd_, LOCK_UN);
      ::close(fd_);
    }
  }
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;

private:
  int fd_;
};

} // namespace

std::string precompiledRuntimeHeader(const fs::path& pchRoot, const std::string& header) {
  const std::string common = "fjord_runtime_common.h";
  const std::string& text = backend::runtimeFile(header);
  const std::string& commonText = backend::runtimeFile(common);
  char key[17];
  std::snprintf(key, sizeof key, "%016llx",
                static_cast<unsigned long long>(
                    fnv1a(header + '\0' + text + '\0' + commonText + '\0' + kTestCxxFlags)));
  fs::path dir = pchRoot / (fs::path(header).stem().string() + "-" + key);
  // A wrapper, because g++ warns about `#pragma once` in a header compiled as the main file.
  fs::path wrapper = dir / "fjord_test_pch.h";
  fs::path gch = dir / "fjord_test_pch.h.gch";
  std::string use = "-include " + shellQuote(wrapper.string());
  std::error_code ec;
  if (fs::exists(gch, ec))
    return use;
  fs::create_directories(dir, ec);
  if (ec)
    return "";
  FileLock lock(dir / "lock");
  if (fs::exists(gch, ec))
    return use;
  if (!writeWholeFile((dir / header).string(), text) ||
      !writeWholeFile((dir / common).string(), commonText) ||
      !writeWholeFile(wrapper.string(), "#include \"" + header + "\"\n"))
    return "";
  // Built under a temporary name and renamed, so that a .gch that exists is complete.
  fs::path tmp = dir / ("fjord_test_pch.h.gch.tmp" + std::to_string(::getpid()));
  std::string cmd = std::string("g++ ") + kTestCxxFlags + " -x c++-header " +
                    shellQuote(wrapper.string()) + " -o " + shellQuote(tmp.string()) + " > " +
                    shellQuote((dir / "build.log").string()) + " 2>&1";
  if (runShell(cmd) != 0) {
    fs::remove(tmp, ec);
    return "";
  }
  fs::rename(tmp, gch, ec);
  return ec ? "" : use;
}

} // namespace fjord::testing
