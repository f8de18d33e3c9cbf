// Building programs for `fjord bench` (testing/BenchBuild.h).
#include "testing/BenchBuild.h"

#include "testing/Process.h"

#include <cstdlib>
#include <functional>

namespace fjord::testing {
namespace fs = std::filesystem;

// The compiler, as the driver exposes it (driver/Pipeline.h).
using driver::Backend;
using driver::CheckedProgram;
using driver::compile;
using driver::CompileOptions;

namespace {

/// The program's path as one folder name.
std::string folderName(const fs::path& file) {
  std::string s = fs::absolute(file).lexically_normal().string();
  for (char& c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-')
      c = '_';
  return s;
}

/// The build command of the generated files in `dir` for program `stem`.
std::string buildCommand(const fs::path& dir, const std::string& stem, Backend backend) {
  auto file = [&](const std::string& suffix) { return shellQuote((dir / (stem + suffix)).string()); };
  if (backend == Backend::OpenCL)
    return "g++ -std=c++17 -O2 " + file("_host.cpp") + " " + file("_main.cpp") + " -o " +
           file("") + " -lOpenCL";
  return std::string(FJORD_NVCC) + " -std=c++17 -O3 -arch=" FJORD_CUDA_ARCH " " + file(".cu") +
         " " + file("_main.cpp") + " -o " + file("");
}

} // namespace

fs::path benchCacheDir(const std::string& requested) {
  if (!requested.empty())
    return fs::absolute(requested);
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    return fs::path(xdg) / "fjord" / "bench";
  if (const char* home = std::getenv("HOME"); home && *home)
    return fs::path(home) / ".cache" / "fjord" / "bench";
  return fs::temp_directory_path() / "fjord-bench";
}

std::optional<fs::path> buildForBench(const fs::path& file, const CheckedProgram& prog,
                                      Backend backend, const fs::path& cacheDir,
                                      std::string& error) {
  if (backend == Backend::Cuda && std::string(FJORD_NVCC).empty()) {
    error = "nvcc was not found when Fjord was configured";
    return std::nullopt;
  }
  DiagnosticEngine diags;
  CompileOptions opts;
  opts.backend = backend;
  opts.executable = true;
  auto files = compile(prog, opts, diags);
  if (!files) {
    error = "compilation failed:\n" + diags.render();
    return std::nullopt;
  }
  fs::path dir =
      cacheDir / folderName(file) / (backend == Backend::Cuda ? "cuda" : "opencl");
  fs::create_directories(dir);
  std::string stem = file.stem().string();
  std::string command = buildCommand(dir, stem, backend);
  // The stamp names what the executable was built from: the build command and the
  // generated files' contents.
  std::string everything = command;
  for (const auto& [name, contents] : *files)
    everything += "\n" + name + "\n" + contents;
  std::string stamp = std::to_string(std::hash<std::string>{}(everything));
  fs::path exe = dir / stem, stampFile = dir / "build.stamp";
  if (fs::exists(exe) && readWholeFile(stampFile.string()) == stamp)
    return exe;
  fs::remove(stampFile);
  for (const auto& [name, contents] : *files)
    if (!writeWholeFile((dir / name).string(), contents)) {
      error = "cannot write " + (dir / name).string();
      return std::nullopt;
    }
  fs::path log = dir / "build.log";
  if (runShell("{ " + command + "; } > " + shellQuote(log.string()) + " 2>&1") != 0) {
    error = "building the generated code failed: " + command + "\n" + readWholeFile(log.string());
    return std::nullopt;
  }
  writeWholeFile(stampFile.string(), stamp);
  return exe;
}

} // namespace fjord::testing
