// The `fjord` command: parses the command line (CLI11) and dispatches to a subcommand.
// User errors exit with status 1, internal compiler errors with 2; nothing escapes as an
// uncaught exception.
#include "driver/Commands.h"
#include "driver/Pipeline.h"
#include "support/Diagnostics.h"

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

  TestArgs test;
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

  std::string devFile, devStage;
  auto* devCmd = app.add_subcommand("dev", "Print the program after a pipeline stage");
  devCmd->add_option("file", devFile, "the .fut program")->required()->check(CLI::ExistingFile);
  std::string stages;
  for (const auto& s : stageNames())
    stages += (stages.empty() ? "" : ", ") + s;
  devCmd->add_option("--print", devStage, "the stage: " + stages)
      ->required()
      ->check(CLI::IsMember(stageNames()));

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
      return cmdTest(test);
    if (*devCmd)
      return cmdDevPrint(devFile, devStage);
  } catch (const fjord::InternalError& e) {
    std::cerr << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "internal compiler error: unexpected exception: " << e.what() << "\n";
    return 2;
  }
  return 1;
}
