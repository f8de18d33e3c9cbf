// `fjord bench --export DIR`: everything scripts/bench-gpu.sh needs to run the benchmarks
// on a GPU machine that has nvcc but not Fjord, small enough to travel with a checkout.
// Per program a folder with the generated CUDA (`--executable`); per dataset either its
// input as a file (literal inputs, `input @ file` and random inputs up to
// --export-max-bytes) or, for larger random inputs, the description the GPU machine draws
// them from (types and seed); expected values in the text data format where the dataset has
// them and its input was written; and `manifest.json` listing it all (docs/benchmarking.md).
#pragma once
#include "testing/Bench.h"

#include <filesystem>
#include <vector>

namespace fjord::testing {

/// Writes the export of `files` to args.exportDir; exit status 0, or 1 when a program did
/// not compile or a dataset could not be exported (the rest is still written).
int exportBench(const BenchArgs& args, const std::vector<std::filesystem::path>& files);

} // namespace fjord::testing
