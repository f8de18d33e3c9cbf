// Helpers for the tests that compile .fut programs all the way to generated files and then
// inspect, build or run them (driver_generated_*.cpp, backend_emit.cpp): scratch
// directories under the build tree, file I/O, shell commands, and the pipeline from source
// text to generated files.
#pragma once
#include "driver/Pipeline.h"

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace fjord::testutil {

namespace fs = std::filesystem;
using Files = std::vector<std::pair<std::string, std::string>>;

/// A fresh, empty directory under the build tree for one test.
inline fs::path workDir(const std::string& name) {
  fs::path dir = fs::path(FJORD_BINARY_DIR) / "backend-tests" / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

inline std::string readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline void writeFile(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

inline void writeFiles(const Files& files, const fs::path& dir) {
  for (const auto& [name, text] : files)
    writeFile(dir / name, text);
}

/// Runs a shell command in `dir`; returns its exit status, with stdout+stderr in `output`.
inline int runIn(const fs::path& dir, const std::string& command, std::string& output) {
  fs::path log = dir / "command.log";
  std::string full =
      "cd '" + dir.string() + "' && (" + command + ") > '" + log.string() + "' 2>&1";
  int status = std::system(full.c_str());
  output = readFile(log);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/// The contents of generated file `name` (a test failure if there is none).
inline const std::string& fileNamed(const Files& files, const std::string& name) {
  for (const auto& [n, text] : files)
    if (n == name)
      return text;
  FAIL("no generated file " << name);
  static const std::string none;
  return none;
}

/// Compiles `source`, cited as `path` (relative, as a user would pass it), to generated
/// files; nullopt (with the diagnostics in `errors`) when compilation fails.
inline std::optional<Files> generate(const std::string& path, const std::string& source,
                                     driver::Backend backend, std::string& errors,
                                     bool executable = false) {
  DiagnosticEngine diags;
  driver::CheckedProgramPtr prog = driver::loadProgramText(path, source, diags);
  std::optional<Files> out;
  if (prog) {
    driver::CompileOptions options;
    options.backend = backend;
    options.executable = executable;
    out = driver::compile(*prog, options, diags);
  }
  errors = diags.render();
  return out;
}

/// A file of the source tree, by its path relative to the root.
inline std::string sourceFile(const std::string& relative) {
  return readFile(fs::path(FJORD_SOURCE_DIR) / relative);
}

} // namespace fjord::testutil
