// Data files of test cases (`input @ file`, `output @ file`, `$loaddata "file"`): values in
// Futhark's text or binary data format, optionally gzip-compressed (a name ending in `.gz`,
// as Futhark's test suites ship large data sets).
#pragma once
#include <filesystem>
#include <optional>
#include <string>

namespace fjord::testing {

/// The contents of `path`, decompressed when its name ends in `.gz`. nullopt with `error`
/// set when the file cannot be read or is not valid gzip data.
std::optional<std::string> readDataFile(const std::filesystem::path& path, std::string& error);

/// Decompresses gzip data (one or more members); nullopt with `error` set if it is corrupt.
std::optional<std::string> gunzip(const std::string& compressed, std::string& error);

} // namespace fjord::testing
