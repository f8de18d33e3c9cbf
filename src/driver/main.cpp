// The `fjord` command: parses the command line (CLI11) and dispatches to a subcommand.
// User errors exit with status 1, internal compiler errors with 2; nothing escapes as an
// uncaught exception. Every command-line error, missing files included, is one line
// `fjord: error: ...`, whichever subcommand it concerns.
#include "testing/Bench.h"
#include "driver/Commands.h"
#include "testing/Dataset.h"
#include "driver/PassTable.h"
#include "driver/Pipeline.h"
#include "support/Diagnostics.h"
#include "testing/TestRunner.h"

#include <CLI/CLI.hpp>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <pthread.h>
#include <unistd.h>

using namespace fjord::driver;

namespace {

/// `fjord 0.1.0 (commit abc123)`: the project version and the commit the build was
/// configured from, when it was configured from a git checkout (src/driver/CMakeLists.txt).
std::string versionText() {
  std::string v = "fjord " FJORD_VERSION;
  std::string commit = FJORD_GIT_COMMIT;
  return commit.empty() ? v : v + " (commit " + commit + ")";
}

std::string subcommandNames(const CLI::App& app) {
  std::string names;
  for (const CLI::App* sub : app.get_subcommands({}))
    names += (names.empty() ? "" : ", ") + sub->get_name();
  return names;
}

/// `--color=auto`: colours when stderr is a terminal that has them (TERM is not `dumb`) and
/// NO_COLOR (no-color.org) is unset or empty, as GCC decides.
bool colorAuto() {
  const char* term = std::getenv("TERM");
  const char* noColor = std::getenv("NO_COLOR");
  return isatty(STDERR_FILENO) && term && std::string(term) != "dumb" && !(noColor && *noColor);
}

/// The diagnostics options of the command line; colours as `auto` until it is parsed.
fjord::DiagnosticOptions diagnosticOptions{colorAuto(), fjord::WarningPolicy::Report};

int commandLineError(const std::string& message) {
  std::cerr << (diagnosticOptions.color ? "fjord: \033[1;31merror:\033[0m " : "fjord: error: ")
            << message << "\n";
  return 1;
}

/// `--color=auto|always|never` on every subcommand; `-w` and `-Werror` (a `-W` option whose
/// one value is `error`, so both spellings parse) on those that compile a program.
struct DiagnosticFlags {
  std::string color = "auto";
  std::string werror;
  bool noWarnings = false;

  void addTo(CLI::App& cmd, bool compiles) {
    cmd.add_option("--color", color,
                   "colour diagnostics: auto (when stderr is a terminal and NO_COLOR is not set), "
                   "always or never")
        ->check(CLI::IsMember({"auto", "always", "never"}))
        ->capture_default_str();
    if (!compiles)
      return;
    cmd.add_option("-W", werror, "-Werror: make every warning an error (exit status 1)")
        ->check(CLI::IsMember({"error"}))
        ->type_name("error");
    cmd.add_flag("-w", noWarnings, "report no warnings");
  }

  fjord::DiagnosticOptions options() const {
    fjord::DiagnosticOptions o;
    o.color = color == "always" || (color == "auto" && colorAuto());
    o.warnings = noWarnings           ? fjord::WarningPolicy::Ignore
                 : !werror.empty()    ? fjord::WarningPolicy::AsError
                                      : fjord::WarningPolicy::Report;
    return o;
  }
};

/// Why `path`, given for an argument that must be a file, cannot be read; nullopt if it can.
std::optional<std::string> fileProblem(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::exists(path, ec))
    return "no such file or directory: " + path;
  if (fs::is_directory(path, ec))
    return "is a directory, not a file: " + path;
  return std::nullopt;
}

/// The first unreadable file among `paths` (empty ones are options not given), reported.
bool filesReadable(std::initializer_list<const std::string*> paths) {
  for (const std::string* p : paths)
    if (!p->empty())
      if (auto problem = fileProblem(*p)) {
        commandLineError(*problem);
        return false;
      }
  return true;
}

/// Reports a --source-root that is not a directory.
bool directoryOrEmpty(const std::string& path) {
  std::error_code ec;
  if (path.empty() || std::filesystem::is_directory(path, ec))
    return true;
  commandLineError("no such directory: " + path);
  return false;
}

/// A CLI11 parse error as `fjord: error: ...` and where to find the usage.
int parseError(const CLI::App& app, const CLI::ParseError& e) {
  std::string message = e.what();
  if (!message.empty())
    message[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(message[0])));
  std::string command = "fjord";
  for (const CLI::App* sub : app.get_subcommands())
    command += " " + sub->get_name();
  commandLineError(message);
  std::cerr << "(`" << command << " --help` shows the usage)\n";
  return 1;
}

} // namespace

static int runFjord(int argc, char** argv) {
  CLI::App app{"Fjord: compiles Futhark programs to readable, ahead-of-time CUDA and OpenCL",
               "fjord"};
  app.require_subcommand(1);
  app.set_version_flag("-V,--version", versionText(), "print the version and exit");

  DiagnosticFlags diagFlags;
  CodegenArgs cuda, opencl;
  auto addCodegen = [&](const char* name, const char* help, CodegenArgs& a) {
    auto* cmd = app.add_subcommand(name, help);
    diagFlags.addTo(*cmd, /*compiles=*/true);
    cmd->add_option("file", a.file, "the .fut program")->required();
    auto* output = cmd->add_option("-o,--output", a.outDir, "directory for the generated files");
    auto* check = cmd->add_option(
        "--check-up-to-date", a.checkDir,
        "write nothing; exit 1 listing the files of this directory that differ from what would "
        "be generated (for generated code checked into a repository)");
    output->excludes(check);
    cmd->add_option("--depfile", a.depFile,
                    "also write a Makefile-style dependency file: the first generated file (the "
                    ".cu or .cl) depends on the program and every file it imports")
        ->excludes(check);
    cmd->add_flag("--executable", a.executable,
                  "also generate a main() that reads arguments from stdin (Futhark's data format)");
    cmd->add_option("--prefix", a.prefix, "prefix of every C API name (default: the file's name with each character other than a "
                    "letter, digit or _ as _, and fut_ in front if it then starts with a digit or _ or is "
                    "a C/C++ keyword: 2d-sum.fut -> fut_2d_sum). It names the C symbols only: the files "
                    "are named after the .fut file (prog.fut --prefix mylib writes prog.h declaring "
                    "mylib_context_new)");
    cmd->add_option("--tuning", a.tuningFile, "a .tuning file (name=int lines) whose values become the defaults");
    cmd->add_option("--source-root", a.sourceRoot,
                    "source paths cited in the generated files are relative to this directory "
                    "(default: the directory of the .fut program), so the output does not depend "
                    "on where fjord runs");
    return cmd;
  };
  auto* cudaCmd = addCodegen("cuda", "Generate CUDA: prog.cu, prog.h, prog_tuning.h and runtime headers (named after prog.fut)", cuda);
  auto* openclCmd = addCodegen("opencl", "Generate OpenCL: prog.cl, prog_cl.h, prog_host.cpp, prog.h, prog_tuning.h and runtime headers (named after prog.fut)", opencl);

  std::string runFile, runEntry = "main";
  auto* runCmd = app.add_subcommand("run", "Run an entry point in the reference interpreter; arguments on stdin (text or binary data format)");
  runCmd->add_option("file", runFile, "the .fut program")->required();
  runCmd->add_option("-e,--entry", runEntry, "the entry point to run")->capture_default_str();
  diagFlags.addTo(*runCmd, /*compiles=*/true);

  std::string checkFile;
  auto* checkCmd = app.add_subcommand("check", "Type-check a program and report errors");
  checkCmd->add_option("file", checkFile, "the .fut program")->required();
  diagFlags.addTo(*checkCmd, /*compiles=*/true);

  fjord::testing::TestArgs test;
  auto* testCmd = app.add_subcommand("test", "Run the test blocks (-- ==) of programs on a backend");
  testCmd->add_option("paths", test.paths, ".fut files or directories")->required();
  testCmd->add_option("--backend", test.backend, "the backend the programs run on: interp, opencl or cuda")
      ->check(CLI::IsMember({"interp", "opencl", "cuda"}))
      ->capture_default_str();
  testCmd->add_option("-j,--jobs", test.jobs, "programs tested at once (default: one per core)");
  testCmd->add_option("--export", test.exportDir,
                      "with --backend cuda: write the generated code, inputs and expected outputs "
                      "to this directory (for scripts/gpu-check.sh on a GPU machine) instead of running");
  testCmd->add_option("--export-max-bytes", test.exportMaxBytes,
                      "with --export: leave out cases whose input or expected output is larger")
      ->capture_default_str();
  testCmd->add_option("--param", test.params,
                      "a tuning parameter NAME=VALUE for the compiled programs that have it (repeatable)");
  testCmd->add_flag("--no-structure", test.noStructure,
                    "skip `structure` checks (e.g. those written for Futhark's own IR)");
  diagFlags.addTo(*testCmd, /*compiles=*/true);

  fjord::testing::BenchArgs bench;
  std::vector<std::string> benchExclude;
  auto* benchCmd = app.add_subcommand("bench", "Time the entry points of programs on the datasets of their test blocks (docs/benchmarking.md)");
  benchCmd->add_option("paths", bench.paths, ".fut files or directories")->required();
  benchCmd->add_option("--backend", bench.backend, "opencl or cuda")
      ->check(CLI::IsMember({"opencl", "cuda"}))
      ->capture_default_str();
  benchCmd->add_option("-r,--runs", bench.runs, "timed runs per dataset, after one warm-up run")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  benchCmd->add_option("--json", bench.jsonFile, "write the results to this file in futhark bench's JSON layout");
  benchCmd->add_option("--tuning", bench.tuningFile, "a tuning file (name=int lines) for every run");
  benchCmd->add_option("--param", bench.params, "a tuning parameter, name=value (repeatable)");
  benchCmd->add_option("-e,--entry", bench.entry, "only this entry point");
  benchCmd->add_option("--exclude-tag", benchExclude, "skip programs with this tag (nobench and disable always are)");
  benchCmd->add_option("--cache-dir", bench.cacheDir, "where generated code and executables are kept (default ~/.cache/fjord/bench)");
  benchCmd->add_flag("--flush-l2", bench.flushL2, "evict the GPU's L2 cache before each timed run (outside the timing)");
  benchCmd->add_option("--timeout", bench.timeoutSeconds, "seconds per dataset, all runs together")
      ->capture_default_str();
  benchCmd->add_option("--export", bench.exportDir,
                       "with --backend cuda: run nothing, but write the generated code and the datasets' "
                       "descriptions to this directory for scripts/bench-gpu.sh on a GPU machine");
  benchCmd->add_option("--export-max-bytes", bench.exportMaxBytes,
                       "with --export: larger inputs are described (random) or left out, larger "
                       "expected outputs left out")
      ->capture_default_str();
  diagFlags.addTo(*benchCmd, /*compiles=*/true);

  fjord::testing::DatasetArgs dataset;
  auto* datasetCmd = app.add_subcommand("dataset", "Write random or given values in Futhark's data format (like futhark dataset)");
  datasetCmd->add_option("-g,--generate", dataset.generate, "a type such as [1000][1000]f32 (random values) or a value such as 10i64 (repeatable)")
      ->required()
      ->allow_extra_args(false); // one value per -g, and CLI11 would split `[1, 2]` at commas
  datasetCmd->add_flag("-b,--binary", dataset.binary, "the binary data format (default: text)");
  datasetCmd->add_option("-s,--seed", dataset.seed, "seed of the random values")->capture_default_str();
  diagFlags.addTo(*datasetCmd, /*compiles=*/false);
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
  devCmd->add_option("file", devFile, "the .fut program");
  auto* printOpt = devCmd->add_option(
      "--print", devStage, "the stage or pass after which to print the program: " + describeStopNames());
  devCmd->add_flag("--passes", devPasses, "list every pass in pipeline order with its stages and summary")
      ->excludes(printOpt);
  diagFlags.addTo(*devCmd, /*compiles=*/true);
  devCmd->footer("Passes, in pipeline order (name, consumed -> produced IR, the stage it ends, summary):\n" +
                 describePasses());

  // CLI11 calls a misspelt or missing subcommand "A subcommand is required".
  if (argc < 2)
    return commandLineError("a subcommand is required: " + subcommandNames(app) +
                            " (`fjord --help` describes them)");
  std::string first = argv[1];
  try {
    if (first[0] != '-')
      app.get_subcommand(first);
  } catch (const CLI::OptionNotFound&) {
    return commandLineError("unknown subcommand `" + first + "`; the subcommands are " +
                            subcommandNames(app));
  }

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return parseError(app, e);
  }
  diagnosticOptions = diagFlags.options();
  const fjord::DiagnosticOptions& diag = diagnosticOptions;

  try {
    for (auto [cmd, args] : {std::pair{cudaCmd, &cuda}, std::pair{openclCmd, &opencl}})
      if (*cmd) {
        if (args->outDir.empty() && args->checkDir.empty())
          return commandLineError("`fjord " + cmd->get_name() +
                                  "` needs -o DIR (or --check-up-to-date DIR)");
        return filesReadable({&args->file, &args->tuningFile}) && directoryOrEmpty(args->sourceRoot)
                   ? cmdCodegen(*args, /*cuda=*/cmd == cudaCmd, diag)
                   : 1;
      }
    if (*runCmd)
      return filesReadable({&runFile}) ? cmdRun(runFile, runEntry, diag) : 1;
    if (*checkCmd)
      return filesReadable({&checkFile}) ? cmdCheck(checkFile, diag) : 1;
    test.warnings = bench.warnings = diag.warnings;
    if (*testCmd)
      return fjord::testing::cmdTest(test);
    if (*benchCmd) {
      if (!filesReadable({&bench.tuningFile}))
        return 1;
      bench.excludeTags.insert(bench.excludeTags.end(), benchExclude.begin(), benchExclude.end());
      return fjord::testing::cmdBench(bench);
    }
    if (*datasetCmd)
      return fjord::testing::cmdDataset(dataset);
    if (*devCmd)
      return devPasses ? cmdDevPasses()
                       : (filesReadable({&devFile}) ? cmdDevPrint(devFile, devStage, diag) : 1);
  } catch (const fjord::InternalError& e) {
    std::cerr << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "internal compiler error: unexpected exception: " << e.what() << "\n";
    return 2;
  }
  return 1;
}

namespace {

/// The stack the compiler runs on. The front end recurses over expressions: nesting is
/// limited in the parser (syntax/Parse.cpp), but a flat `let` chain is as long as the
/// program, one recursion per binding in the type checker and internaliser.
constexpr size_t kCompilerStackBytes = size_t(1) << 30;

struct MainArgs {
  int argc;
  char** argv;
  int status;
};

void* runOnThread(void* p) {
  auto* a = static_cast<MainArgs*>(p);
  a->status = runFjord(a->argc, a->argv);
  return nullptr;
}

} // namespace

/// Runs the command on a thread with a large stack (only touched pages are committed).
int main(int argc, char** argv) {
  MainArgs args{argc, argv, 1};
  pthread_attr_t attr;
  pthread_t thread;
  if (pthread_attr_init(&attr) == 0 && pthread_attr_setstacksize(&attr, kCompilerStackBytes) == 0 &&
      pthread_create(&thread, &attr, runOnThread, &args) == 0) {
    pthread_join(thread, nullptr);
    return args.status;
  }
  return runFjord(argc, argv); // no thread: the process's own stack
}
