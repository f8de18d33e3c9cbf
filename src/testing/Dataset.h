// `fjord dataset`, like `futhark dataset`: writes values in Futhark's data format (text, or
// binary with --binary) for a list of `-g` arguments, each a type with constant sizes
// (`[1000][1000]f32`, `i64`: random values) or a value (`10i64`, `[1, 2]`: written as is).
// Random values come from the test runner's generator (testing/TestData.h), so a seed always
// gives the same bytes.
#pragma once
#include "testing/TestData.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace fjord::testing {

struct DatasetArgs {
  std::vector<std::string> generate; ///< the -g arguments, in order
  bool binary = false;
  uint64_t seed = 0; ///< the i-th -g draws from a generator seeded with seed + i
  RandomBounds bounds;
};

/// The data for `args`; nullopt with `error` set when a -g argument is neither a type nor a
/// value.
std::optional<std::string> generateDataset(const DatasetArgs& args, std::string& error);

/// Parses `LOW:HIGH` (e.g. `-10:10`, `0.5:2`) into `bounds[type]`; false if malformed.
bool parseBounds(const std::string& type, const std::string& text, RandomBounds& bounds);

/// Writes the data to stdout; exit status 1 with a message on a bad argument.
int cmdDataset(const DatasetArgs& args);

} // namespace fjord::testing
