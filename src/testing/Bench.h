// `fjord bench`, modelled on `futhark bench`: compiles each program once into a cache
// directory, runs every entry point on every dataset of its test blocks (one warm-up run,
// then `runs` timed runs), checks the results where the dataset has expected values, and
// prints per dataset the mean, median, min, max and relative standard deviation in µs.
// What is timed is documented in docs/benchmarking.md. With `--export DIR` it runs nothing:
// it writes the generated CUDA and the datasets' descriptions for scripts/bench-gpu.sh on a
// GPU machine without Fjord (testing/BenchExport.h).
#pragma once
#include "support/DiagnosticOptions.h"
#include "testing/TestSpec.h"

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace fjord::testing {

struct BenchArgs {
  std::vector<std::string> paths; ///< .fut files or directories
  std::string backend = "opencl"; ///< opencl | cuda
  int runs = 10;                  ///< timed runs per dataset (after one warm-up run)
  std::string jsonFile;           ///< --json: Futhark's bench JSON layout
  std::string tuningFile;         ///< --tuning: passed to every run of every program
  std::vector<std::string> params; ///< --param name=value
  WarningPolicy warnings = WarningPolicy::Report; ///< -w / -Werror on the programs' warnings
  std::string entry;              ///< --entry: only this entry point ("" = all)
  std::vector<std::string> excludeTags = {"nobench", "disable"}; ///< plus --exclude-tag
  std::string cacheDir;           ///< default: $XDG_CACHE_HOME/fjord/bench or ~/.cache/...
  int timeoutSeconds = 600;       ///< per dataset, all runs together
  bool flushL2 = false;           ///< evict the L2 cache before each run (not timed)
  std::string exportDir;          ///< --export: write CUDA and dataset descriptions, run nothing
  size_t exportMaxBytes = 4'000'000; ///< larger inputs are described, not written, in exports
};

/// Futhark's dataset name: the case's own, else `#i ("what")`, with what case `c` (the i-th)
/// takes as input.
std::string benchDatasetName(size_t index, const TestCase& c);


/// Exit status 0 when every dataset ran and was correct, 1 otherwise.
int cmdBench(const BenchArgs& args);

} // namespace fjord::testing
