// The runtime headers (runtime/*.h), embedded into the compiler at build time by
// EmbedRuntime.cmake so that emitted output is complete without a source tree.
#pragma once
#include <string>

namespace fjord::backend {

/// The contents of runtime header `name` (e.g. "fjord_runtime_cuda.h"); throws
/// std::logic_error for an unknown name.
const std::string& runtimeFile(const std::string& name);

} // namespace fjord::backend
