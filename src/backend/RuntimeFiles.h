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

/// The OpenCL C that fjord_runtime_opencl.h builds before every generated `.cl` (its
/// kKernelPrelude), for tools that compile a `.cl` file on its own.
std::string openclKernelPrelude();

/// Every runtime header as (file name, contents), sorted by name (generated).
const std::vector<std::pair<std::string, std::string>>& embeddedRuntimeFiles();

} // namespace fjord::backend
