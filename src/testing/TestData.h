// Test data for `fjord test`: random inputs (`random input { [n]t ... }`) written directly in
// Futhark's binary data format, and comparison of expected and actual values with the float
// tolerance Futhark's test runner uses.
#pragma once
#include "interp/Value.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace fjord::testing {

/// Binary-format values for a list of types like `[1000]f32 [10][20]i64 i32`, from a
/// deterministic generator seeded with `seed`. Integers are drawn from [-1000, 1000]
/// ([0, 1000] if unsigned; ties are common on purpose), floats from [0, 1).
std::optional<std::string> randomInput(const std::string& types, uint64_t seed,
                                       std::string& error);

/// Compares values; floats agree within a relative tolerance of 0.002 (NaN equals NaN).
/// On a mismatch returns a description of the first difference.
std::optional<std::string> compareValues(const std::vector<interp::Value>& expected,
                                         const std::vector<interp::Value>& actual);

} // namespace fjord::testing
