// The numbers `fjord bench` reports: statistics over the timed runs of one dataset, and
// Futhark's bench JSON layout (`futhark bench --json`), so that tools written for Futhark's
// results read Fjord's.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace fjord::testing {

/// Summary of the runtimes of one dataset, in microseconds.
struct RunStats {
  double mean = 0, median = 0, min = 0, max = 0;
  double rsd = 0; ///< relative standard deviation: sample standard deviation / mean
};

/// Statistics of `runtimes` (µs); all zero when empty. The median of an even count is the
/// mean of the middle two; the standard deviation is the sample one (n - 1).
RunStats runStats(const std::vector<double>& runtimes);

/// One dataset's outcome: runtimes (µs), or the reason it failed.
struct DatasetResult {
  std::vector<double> runtimes;
  int64_t deviceBytes = 0; ///< peak device memory held by the context
  std::string error;       ///< non-empty: the dataset failed (wrong result, crash, ...)
};

/// Results by "file.fut:entry", then by dataset name.
using BenchResults = std::map<std::string, std::map<std::string, DatasetResult>>;

/// Futhark's layout: {"prog.fut:entry": {"datasets": {"name": {"runtimes": [µs, ...],
/// "bytes": {"device": N}, "stderr": ""}}}}, runtimes as whole microseconds (rounded), as
/// Futhark writes them; a failed dataset is its error message (a JSON string).
std::string benchJson(const BenchResults& results);

} // namespace fjord::testing
