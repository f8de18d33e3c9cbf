// Precompiled runtime headers for `fjord test --backend opencl`: every program's
// `_host.cpp` and `_main.cpp` include the same runtime header (fjord_runtime_opencl.h,
// fjord_runtime_data.h), and parsing it is most of their g++ time. The test runner
// precompiles each header once (g++ -x c++-header, with the flags of the real builds) into
// `<work dir>/pch/<key>/`, keyed by the headers' content and the flags, and builds each
// generated file with `-include` of it. The generated files themselves are unchanged.
#pragma once
#include <filesystem>
#include <string>

namespace fjord::testing {

/// The flags of every g++ build of generated OpenCL code (warnings are errors).
inline constexpr const char* kTestCxxFlags = "-std=c++17 -O0 -Wall -Wextra -Werror";

/// A precompiled runtime header in `pchRoot`, built if missing (safe when several
/// processes ask at once: they take turns through a lock file). `header` names an
/// embedded runtime header (backend/RuntimeFiles.h). Returns the g++ options that use it
/// (`-include PATH`), or "" when it cannot be built; g++ then parses the header as usual.
std::string precompiledRuntimeHeader(const std::filesystem::path& pchRoot,
                                     const std::string& header);

} // namespace fjord::testing
