// Test blocks in Futhark's format (see docs/testing.md): a comment block starting with a
// line `-- ==` declares how a program is tested:
//
//   -- ==
//   -- entry: dot
//   -- input { [1f32, 2f32] [3f32, 4f32] } output { 11f32 }
//   -- input { [1, 2] [3] } error: size
//   -- compiled random input { [1000000]f32 [1000000]f32 } auto output
//   -- structure gpu { SegRed 1 }
//   -- tags { no_cuda }
//   -- "small" notest input @ data/small.in.gz output @ data/small.out
//   -- script input { mkdata 100i64 } auto output
//   -- warning: unreachable
//   -- property: reverse_twice        (read; property-based tests are not run yet)
//
// `error:` with no input is an expected compile-time error; after an input, a run-time one.
// `warning:` expects a compile-time warning (the program still compiles and runs).
// A file may have several blocks (each starts with `-- ==`; `entry:` starts again at `main`
// in each); a `structure` check after `entry:` counts in those entry points only.
#pragma once
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace fjord::testing {

/// One run of an entry point.
struct TestCase {
  int line = 0;                       ///< where the case is written
  std::vector<std::string> entries;   ///< entry points it applies to
  bool compiledOnly = false;          ///< `compiled input`: not on the interpreter
  std::optional<std::string> name;    ///< `"name" input ...`: the data set's name
  std::vector<std::string> tags;      ///< words before `input`: nobench, notest, no_opencl ...
  std::optional<std::string> input;   ///< values, in the data format (text)
  std::optional<std::string> inputFile; ///< `input @ file`, relative to the program
  std::optional<std::string> randomInput; ///< `random input { [n]t ... }`: the type list
  std::optional<std::string> scriptInput; ///< `script input { e }`: a FutharkScript expression
  std::optional<std::string> scriptFile;  ///< `script input @ file`: the expression's file
  std::optional<std::string> output;  ///< expected values (text)
  std::optional<std::string> outputFile; ///< `output @ file`, relative to the program
  bool autoOutput = false;            ///< expected = the interpreter's result
  std::optional<std::string> errorRegex; ///< expected run-time error
};

/// `structure STAGE { Name count ... }`.
struct StructureCheck {
  int line = 0;
  std::vector<std::string> entries; ///< after `entry: a b`: count in these only; else all
  std::string stage;
  std::vector<std::pair<std::string, int>> counts;
};

struct TestSpec {
  std::string description;
  std::vector<std::string> tags;
  std::optional<std::string> compileErrorRegex; ///< `error:` with no input before it
  std::optional<std::string> warningRegex;      ///< `warning:`: an expected compile-time warning
  std::vector<std::string> properties; ///< `property: names`: not run (not supported yet)
  std::vector<TestCase> cases;
  std::vector<StructureCheck> structures;
};

/// Parses the test blocks of a program's text; nullopt if it has no `-- ==` line. Malformed
/// blocks set `error` to a message with the line number.
std::optional<TestSpec> parseTestSpec(const std::string& programText, std::string& error);

/// The .fut files under `paths` (files, or directories searched recursively), sorted; empty
/// with `error` set when a path does not exist.
std::vector<std::filesystem::path> programFiles(const std::vector<std::string>& paths,
                                                std::string& error);

} // namespace fjord::testing
