// The runtime headers (runtime/*.h), embedded into the compiler at build time by
// cmake/EmbedFiles.cmake so that emitted output is complete without a source tree.
#pragma once
#include <string>
#include <utility>
#include <vector>

namespace fjord::backend {

/// The contents of runtime header `name` (e.g. "fjord_runtime_cuda.h"); throws
/// std::logic_error for an unknown name.
const std::string& runtimeFile(const std::string& name);

/// Every runtime header as (file name, contents), sorted by name (generated).
const std::vector<std::pair<std::string, std::string>>& embeddedRuntimeFiles();

} // namespace fjord::backend
