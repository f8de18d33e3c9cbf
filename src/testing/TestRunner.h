// `fjord test`: runs the test blocks of programs (testing/TestSpec.h) on one backend.
// The `fjord` executable links this library; the compiler libraries do not.
#pragma once
#include "support/DiagnosticOptions.h"

#include <cstddef>
#include <string>
#include <vector>

namespace fjord::testing {

struct TestArgs {
  std::vector<std::string> paths;
  std::string backend = "interp";
  int jobs = 0; ///< 0: one per core
  std::string exportDir; ///< cuda: write code, inputs and expected outputs here instead of running
  size_t exportMaxBytes = 8'000'000; ///< leave out cases whose input or output is larger
  bool noStructure = false; ///< skip `structure` checks (those written for Futhark's IR)
  /// `--param NAME=VALUE`: tuning parameters for the compiled programs that have them (a
  /// threshold forces one version of a nest, Note [Thresholds] in ir/IR.h); at least one
  /// tested program must have each.
  std::vector<std::string> params;
  WarningPolicy warnings = WarningPolicy::Report; ///< -w / -Werror on the programs' warnings
};

/// Returns the exit status: 0 all passed, 1 a failure, 77 skipped (CUDA without nvcc).
int cmdTest(const TestArgs&);

} // namespace fjord::testing
