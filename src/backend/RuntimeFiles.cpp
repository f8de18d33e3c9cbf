// Looking up an embedded runtime header by name (see RuntimeFiles.h).
#include "backend/RuntimeFiles.h"

#include <algorithm>
#include <stdexcept>

namespace fjord::backend {

const std::string& runtimeFile(const std::string& name) {
  const auto& files = embeddedRuntimeFiles();
  auto it = std::find_if(files.begin(), files.end(), [&](const auto& f) { return f.first == name; });
  if (it == files.end())
    throw std::logic_error("backend: no runtime file " + name);
  return it->second;
}

std::string openclKernelPrelude() {
  const std::string& header = runtimeFile("fjord_runtime_opencl.h");
  const std::string open = "kKernelPrelude = R\"FJORD(", close = ")FJORD\"";
  size_t start = header.find(open);
  size_t end = start == std::string::npos ? start : header.find(close, start);
  if (end == std::string::npos)
    throw std::logic_error("backend: fjord_runtime_opencl.h has no kKernelPrelude");
  start += open.size();
  return header.substr(start, end - start);
}

} // namespace fjord::backend
