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

} // namespace fjord::backend
