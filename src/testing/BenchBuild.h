// Building programs for `fjord bench`: generated code and executable live in a cache
// directory (one folder per program and backend), rebuilt only when the generated files
// change, with optimisation on (the test runner builds at -O0).
#pragma once
#include "driver/Pipeline.h"

#include <filesystem>
#include <optional>
#include <string>

namespace fjord::testing {

/// The cache directory to use: `requested` if given, else $XDG_CACHE_HOME/fjord/bench, else
/// ~/.cache/fjord/bench, else a folder in the system's temporary directory.
std::filesystem::path benchCacheDir(const std::string& requested);

/// Generates `prog` (from `file`) with --executable for `backend` into its folder under
/// `cacheDir` and builds it unless the same files were built before. Returns the
/// executable, or nullopt with `error` set (diagnostics or the build log).
std::optional<std::filesystem::path> buildForBench(const std::filesystem::path& file,
                                                   const driver::CheckedProgram& prog, driver::Backend backend,
                                                   const std::filesystem::path& cacheDir,
                                                   std::string& error);

} // namespace fjord::testing
