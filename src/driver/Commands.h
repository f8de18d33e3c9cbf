// The `fjord` subcommands. Each returns the process exit status: 0 success, 1 user error
// (diagnostics printed), 2 internal compiler error.
#pragma once
#include <string>
#include <vector>

namespace fjord::driver {

struct CodegenArgs {
  std::string file, outDir, prefix, tuningFile;
  bool executable = false;
};
int cmdCodegen(const CodegenArgs&, bool cuda);
int cmdCheck(const std::string& file);
int cmdRun(const std::string& file, const std::string& entry);
/// Prints the program after `stage` (a stage or pass name; see Pipeline.h).
int cmdDevPrint(const std::string& file, const std::string& stage);
/// Lists the pass table (`fjord dev --passes`).
int cmdDevPasses();

struct TestArgs {
  std::vector<std::string> paths;
  std::string backend = "interp";
  int jobs = 0; ///< 0: one per core
  std::string exportDir; ///< cuda: write code, inputs and expected outputs here instead of running
  size_t exportMaxBytes = 8'000'000; ///< leave out cases whose input or output is larger
};
int cmdTest(const TestArgs&);

} // namespace fjord::driver
