// Test data for `fjord test` and `fjord bench`: case inputs, random inputs (`random input { [n]t ... }`) written directly in
// Futhark's binary data format, and comparison of expected and actual values with the float
// tolerance Futhark's test runner uses, and expected values from the interpreter.
#pragma once
#include "driver/Pipeline.h"
#include "testing/TestSpec.h"
#include "interp/Value.h"

#include <filesystem>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace fjord::testing {

/// Binary-format values for a list of types like `[1000]f32 [10][20]i64 i32`, from a
/// deterministic generator seeded with `seed`. Integers are drawn from [-1000, 1000]
/// ([0, 1000] if unsigned; ties are common on purpose), floats from [0, 1). As in Futhark,
/// the list may also hold constants, written as is: integers with or without a type suffix
/// (`10` is an i32, `10i64`), floats with one (`0.5f32`), `true`, `false`.
std::optional<std::string> randomInput(const std::string& types, uint64_t seed,
                                       std::string& error);

/// Value ranges for random values by element type name ("i32", "f32", ...): [low, high],
/// inclusive for integers, [low, high) for floats. Types not listed keep the defaults above.
using RandomBounds = std::map<std::string, std::pair<double, double>>;

/// randomInput with `bounds` instead of the default ranges (`fjord dataset`).
std::optional<std::string> randomInput(const std::string& types, uint64_t seed,
                                       const RandomBounds& bounds, std::string& error);

/// The size in bytes of randomInput(types, ...) without drawing it; nullopt with `error` set
/// on a malformed type list.
std::optional<uint64_t> randomInputBytes(const std::string& types, std::string& error);

/// The seed of case `c`'s `random input`: its line, so every run draws the same values.
uint64_t randomInputSeed(const TestCase& c);

/// The input of test case `c` of `program`: its `input` text, the file of `input @ file`
/// (gunzipped if `.gz`), the values of `random input`, seeded by the case's line (every run
/// draws the same), or the value of `script input` (testing/TestScript.h; `prog` evaluates
/// its calls of entry points). A script that Fjord cannot evaluate yet sets `*unsupported`.
std::optional<std::string> caseInput(const TestCase& c, const std::filesystem::path& program,
                                     std::string& error,
                                     const driver::CheckedProgram* prog = nullptr,
                                     bool* unsupported = nullptr);

/// Whether case `c` states expected values (`output { ... }` or `output @ file`).
bool hasExpectedValues(const TestCase& c);

/// The expected values of `output { ... }` or `output @ file` (gunzipped if `.gz`), read as
/// the results of `entry`. nullopt with `error` set on a bad file or value.
std::optional<std::vector<interp::Value>> expectedValues(const TestCase& c,
                                                         const std::filesystem::path& program,
                                                         const driver::CheckedProgram& prog,
                                                         const std::string& entry,
                                                         std::string& error);

/// Runs `entry` of `prog` on `input` in the reference interpreter: the expected values of
/// `auto output`. nullopt with `error` set on a bad input or a run-time error.
std::optional<std::vector<interp::Value>> interpretEntry(const driver::CheckedProgram& prog,
                                                         const std::string& entry,
                                                         const std::string& input,
                                                         std::string& error);

/// Compares values; floats agree within a relative tolerance of 0.002 (NaN equals NaN).
/// On a mismatch returns a description of the first difference.
std::optional<std::string> compareValues(const std::vector<interp::Value>& expected,
                                         const std::vector<interp::Value>& actual);

} // namespace fjord::testing
