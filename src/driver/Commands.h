// The `fjord` subcommands. Each returns the process exit status: 0 success, 1 user error
// (diagnostics printed), 2 internal compiler error.
#pragma once
#include "support/DiagnosticOptions.h"

#include <string>
#include <vector>

namespace fjord::driver {

struct CodegenArgs {
  std::string file, outDir, prefix, tuningFile;
  /// Compare what would be generated with the files in this directory instead of writing
  /// (exit 1 listing the stale ones): for generated code checked into a repository.
  std::string checkDir;
  /// Also write a Makefile-style dependency file: the .cu or .cl file depends on the
  /// program and every file it imports (for build systems; FjordKernels.cmake uses it).
  std::string depFile;
  std::string sourceRoot; ///< cited paths are relative to it ("": the program's directory)
  bool executable = false;
};
/// Each command reports through a DiagnosticEngine and prints what it collected with
/// `diag`'s colours, after applying its warning policy (`-w`, `-Werror`).
int cmdCodegen(const CodegenArgs&, bool cuda, const DiagnosticOptions& diag);
int cmdCheck(const std::string& file, const DiagnosticOptions& diag);
int cmdRun(const std::string& file, const std::string& entry, const DiagnosticOptions& diag);
/// Prints the program after `stage` (a stage or pass name; see Pipeline.h).
int cmdDevPrint(const std::string& file, const std::string& stage, const DiagnosticOptions& diag);
/// Lists the pass table (`fjord dev --passes`).
int cmdDevPasses();


// `fjord test` is in the testing library (testing/TestRunner.h).

} // namespace fjord::driver
