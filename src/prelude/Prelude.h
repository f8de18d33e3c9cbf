// The prelude: library code written in the source language, embedded at build time
// (see cmake/EmbedFiles.cmake). The front end parses these files before the user's program.
#pragma once
#include <string>
#include <vector>

namespace fjord::prelude {
struct SourceFile {
  std::string name; ///< file name, e.g. "soacs.fut"
  std::string text; ///< the file's contents
};
/// Every prelude file, sorted by name.
const std::vector<SourceFile>& sources();
} // namespace fjord::prelude
