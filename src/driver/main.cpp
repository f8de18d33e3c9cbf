// The `fjord` command: parses the command line (CLI11) and dispatches to a subcommand.
// User errors exit with status 1, internal compiler errors with 2; nothing escapes as an
// uncaught exception.
#include "testing/Bench.h"
#include "driver/Commands.h"
#include "testing/Dataset.h"
#include "driver/PassTable.h"
#include "driver/Pipeline.h"
#include "support/Diagnostics.h"
#include "testing/TestRunner.h"

#include <CLI/CLI.hpp>
#include <iostream>

using namespace fjord::driver;

int main(int argc, char** argv) {
  CLI::App app{"Fjord: compiles Futhark programs to readable, ahead-of-time CUDA and OpenCL",
               "fjord"};
  app.require_subcommand(1);

  CodegenArgs cuda, opencl;
  auto addCodegen = [&](const char* name, const char* help, CodegenArgs& a) {
    auto* cmd = app.add_subcommand(name, help);
    cmd->add_option("file", a.file, "the .fut program")->required()->check(CLI::ExistingFile);
    cmd->add_option("-o,--output", a.outDir, "directory for the generated files")->required();
    cmd->add_flag("--executable", a.executable,
                  "also generate a main() that reads arguments from stdin (Futhark's data format)");
    cmd->add_option("--prefix", a.prefix, "prefix of every C API name (default: the file's name with each character other than a "
                    "letter, digit or _ as _, and fut_ in front if it then starts with a digit or _ or is "
                    "a C/C++ keyword: 2d-sum.fut -> fut_2d_sum)");
    cmd->add_option("--tuning", a.tuningFile, "a .tuning file (name=int lines) whose values become the defaults")
        ->check(CLI::ExistingFile);
    return cmd;
  };
  auto* cudaCmd = addCodegen("cuda", "Generate CUDA: prog.cu, prog.h, prog_tuning.h and runtime headers", cuda);
  auto* openclCmd = addCodegen("opencl", "Generate OpenCL: prog.cl, prog_host.cpp, prog.h, prog_tuning.h and runtime headers", opencl);

  std::string runFile, runEntry = "main";
  auto* runCmd = app.add_subcommand("run", "Run an entry point in the reference interpreter; arguments on stdin (text or binary data format)");
  runCmd->add_option("file", runFile, "the .fut program")->required()->check(CLI::ExistingFile);
  runCmd->add_option("-e,--entry", runEntry, "the entry point to run (default: main)");

  std::string checkFile;
  auto* checkCmd = app.add_subcommand("check", "Type-check a program and report errors");
  checkCmd->add_option("file", checkFile, "the .fut program")->required()->check(CLI::ExistingFile);

  fjord::testing::TestArgs test;
  auto* testCmd = app.add_subcommand("test", "Run the test blocks (-- ==) of programs on a backend");
  testCmd->add_option("paths", test.paths, ".fut files or directories")->required();
  testCmd->add_option("--backend", test.backend, "interp, opencl or cuda")
      ->check(CLI::IsMember({"interp", "opencl", "cuda"}));
  testCmd->add_option("-j,--jobs", test.jobs, "programs tested at once (default: one per core)");
  testCmd->add_option("--export", test.exportDir,
                      "with --backend cuda: write the generated code, inputs and expected outputs "
                      "to this directory (for scripts/gpu-check.sh on a GPU machine) instead of running");
  testCmd->add_option("--export-max-bytes", test.exportMaxBytes,
                      "with --export: leave out cases whose input or expected output is larger "
                      "(default 8000000)");
  testCmd->add_flag("--no-structure", test.noStructure,
                    "skip `structure` checks (e.g. those written for Futhark's own IR)");

  fjord::testing::BenchArgs bench;
  std::vector<std::string> benchExclude;
  auto* benchCmd = app.add_subcommand("bench", "Time the entry points of programs on the datasets of their test blocks (docs/benchmarking.md)");
  benchCmd->add_option("paths", bench.paths, ".fut files or directories")->required();
  benchCmd->add_option("--backend", bench.backend, "opencl (default) or cuda")
      ->check(CLI::IsMember({"opencl", "cuda"}));
  benchCmd->add_option("-r,--runs", bench.runs, "timed runs per dataset, after one warm-up run (default 10)")
      ->check(CLI::PositiveNumber);
  benchCmd->add_option("--json", bench.jsonFile, "write the results to this file in futhark bench's JSON layout");
  benchCmd->add_option("--tuning", bench.tuningFile, "a tuning file (name=int lines) for every run")
      ->check(CLI::ExistingFile);
  benchCmd->add_option("--param", bench.params, "a tuning parameter, name=value (repeatable)");
  benchCmd->add_option("-e,--entry", bench.entry, "only this entry point");
  benchCmd->add_option("--exclude-tag", benchExclude, "skip programs with this tag (nobench and disable always are)");
  benchCmd->add_option("--cache-dir", bench.cacheDir, "where generated code and executables are kept (default ~/.cache/fjord/bench)");
  benchCmd->add_flag("--flush-l2", bench.flushL2, "evict the GPU's L2 cache before each timed run (outside the timing)");
  benchCmd->add_option("--timeout", bench.timeoutSeconds, "seconds per dataset, all runs together (default 600)");
  benchCmd->add_option("--export", bench.exportDir,
                       "with --backend cuda: run nothing, but write the generated code and the datasets' "
                       "descriptions to this directory for scripts/bench-gpu.sh on a GPU machine");
  benchCmd->add_option("--export-max-bytes", bench.exportMaxBytes,
                       "with --export: larger inputs are described (random) or left out, larger "
                       "expected outputs left out (default 4000000)");

  fjord::testing::DatasetArgs dataset;
  auto* datasetCmd = app.add_subcommand("dataset", "Write random or given values in Futhark's data format (like futhark dataset)");
  datasetCmd->add_option("-g,--generate", dataset.generate, "a type such as [1000][1000]f32 (random values) or a value such as 10i64 (repeatable)")
      ->required()
      ->allow_extra_args(false); // one value per -g, and CLI11 would split `[1, 2]` at commas
  datasetCmd->add_flag("-b,--binary", dataset.binary, "the binary data format (default: text)");
  datasetCmd->add_option("-s,--seed", dataset.seed, "seed of the random values (default 0)");
  for (const char* type : {"i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f16", "f32", "f64"}) {
    std::string t = type;
    datasetCmd->add_option_function<std::string>(
        "--" + t + "-bounds",
        [&dataset, t](const std::string& text) {
          if (!fjord::testing::parseBounds(t, text, dataset.bounds))
            throw CLI::ValidationError("--" + t + "-bounds", "expected LOW:HIGH, got " + text);
        },
        "range of random " + t + " values, LOW:HIGH (write --" + t + "-bounds=-10:10 for a negative LOW)");
  }

  std::string devFile, devStage;
  bool devPasses = false;
  auto* devCmd = app.add_subcommand("dev", "Print the program after a pipeline stage or pass, or list the passes");
  devCmd->add_option("file", devFile, "the .fut program")->check(CLI::ExistingFile);
  auto* printOpt = devCmd->add_option(
      "--print", devStage, "the stage or pass after which to print the program: " + describeStopNames());
  devCmd->add_flag("--passes", devPasses, "list every pass in pipeline order with its stages and summary")
      ->excludes(printOpt);
  devCmd->footer("Passes, in pipeline order (name, consumed -> produced IR, the stage it ends, summary):\n" +
                 describePasses());

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? 0 : 1;
  }

  try {
    if (*cudaCmd)
      return cmdCodegen(cuda, /*cuda=*/true);
    if (*openclCmd)
      return cmdCodegen(opencl, /*cuda=*/false);
    if (*runCmd)
      return cmdRun(runFile, runEntry);
    if (*checkCmd)
      return cmdCheck(checkFile);
    if (*testCmd)
      return fjord::testing::cmdTest(test);
    if (*benchCmd) {
      bench.excludeTags.insert(bench.excludeTags.end(), benchExclude.begin(), benchExclude.end());
      return fjord::testing::cmdBench(bench);
    }
    if (*datasetCmd)
      return fjord::testing::cmdDataset(dataset);
    if (*devCmd)
      return devPasses ? cmdDevPasses() : cmdDevPrint(devFile, devStage);
  } catch (const fjord::InternalError& e) {
    std::cerr << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "internal compiler error: unexpected exception: " << e.what() << "\n";
    return 2;
  }
  return 1;
}
