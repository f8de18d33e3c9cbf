// `fjord bench` (testing/Bench.h): datasets from the test blocks (testing/TestData.h, shared
// with `fjord test`), one process per dataset running the generated executable with
// `-r runs+1` (the first run is the warm-up and is dropped), a progress bar fed by the
// timing file that the executable appends to after each run, and the results checked
// against the dataset's expected values before they count.
#include "testing/Bench.h"

#include "testing/BenchBuild.h"
#include "testing/BenchExport.h"
#include "testing/BenchStats.h"
#include "testing/Process.h"
#include "testing/TestData.h"
#include "testing/TestSpec.h"
#include "interp/DataFormat.h"
#include "interp/Interpreter.h"
#include "sema/Check.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <thread>
#include <unistd.h>

namespace fjord::testing {
namespace fs = std::filesystem;

// The compiler, as the driver exposes it (driver/Pipeline.h).
using driver::Backend;
using driver::checkedOf;
using driver::CheckedProgram;
using driver::CheckedProgramPtr;
using driver::loadProgram;

namespace {

/// Lines in `path` (0 if it does not exist yet).
int lineCount(const fs::path& path) {
  std::ifstream in(path);
  return static_cast<int>(std::count(std::istreambuf_iterator<char>(in),
                                     std::istreambuf_iterator<char>(), '\n'));
}

/// Runs `command` while drawing a progress bar of the runs done (lines in `timingFile`) on
/// a terminal; returns the command's exit status.
int runWithProgress(const std::string& command, const fs::path& timingFile, int total,
                    const std::string& label, int timeoutSeconds) {
  bool tty = isatty(STDOUT_FILENO);
  std::atomic<bool> done{false};
  int status = 0;
  std::thread child([&] {
    status = runShell(command, timeoutSeconds);
    done = true;
  });
  constexpr int kWidth = 20;
  while (tty && !done) {
    int runs = std::min(lineCount(timingFile), total);
    int filled = runs * kWidth / std::max(total, 1);
    std::cout << "\r  " << label << " [" << std::string(filled, '#')
              << std::string(kWidth - filled, ' ') << "] " << runs << "/" << total << std::flush;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  child.join();
  if (tty)
    std::cout << "\r\033[K" << std::flush; // clear the bar's line
  return status;
}

/// The timed runs (µs) from the executable's timing file, the warm-up run dropped.
std::vector<double> readRuntimes(const fs::path& timingFile) {
  std::ifstream in(timingFile);
  std::vector<double> runs;
  for (double t; in >> t;)
    runs.push_back(t);
  if (!runs.empty())
    runs.erase(runs.begin());
  return runs;
}

/// Peak device bytes from the executable's --report file (0 if unreadable).
int64_t peakDeviceBytes(const fs::path& reportFile) {
  nlohmann::json report = nlohmann::json::parse(readWholeFile(reportFile.string()), nullptr,
                                                /*allow_exceptions=*/false);
  if (!report.is_object() || !report["device_peak_bytes"].is_number_integer())
    return 0;
  return report["device_peak_bytes"].get<int64_t>();
}

struct Bench {
  const BenchArgs& args;
  Backend backend;
  fs::path cacheDir;
  BenchResults results;
  int failures = 0;

  void program(const fs::path& file);

private:
  void dataset(const fs::path& file, const CheckedProgram& prog, const fs::path& exe,
               const TestCase& c, const std::string& entry, const std::string& name);
  /// The case's input as a file in the cache (random inputs are drawn once and kept).
  std::optional<fs::path> inputFile(const fs::path& file, const CheckedProgram& prog,
                                    const fs::path& dir, const TestCase& c,
                                    const std::string& entry, std::string& error);
  std::optional<std::vector<interp::Value>> expected(const fs::path& file,
                                                     const CheckedProgram& prog,
                                                     const TestCase& c, const std::string& entry,
                                                     const fs::path& input, std::string& error);
  void fail(const std::string& key, const std::string& name, std::string error) {
    while (!error.empty() && error.back() == '\n')
      error.pop_back();
    ++failures;
    results[key][name].error = error;
    std::cout << "  " << name << ": FAILED: " << error << "\n";
  }
};

std::optional<fs::path> Bench::inputFile(const fs::path& file, const CheckedProgram& prog,
                                         const fs::path& dir,
                                         const TestCase& c, const std::string& entry,
                                         std::string& error) {
  if (c.inputFile && fs::path(*c.inputFile).extension() != ".gz") // else gunzipped below
    return file.parent_path() / *c.inputFile;
  // Random inputs are named by what determines them (the types and the case's line, which
  // seeds the generator), so that later runs find them.
  std::string stem = c.randomInput ? "random_" + std::to_string(std::hash<std::string>{}(
                                                     *c.randomInput + "@" + std::to_string(c.line)))
                                   : std::to_string(c.line) + "_" + entry;
  fs::path path = dir / (stem + ".in");
  if (c.randomInput && fs::exists(path))
    return path;
  auto data = caseInput(c, file, error, &prog);
  if (!data)
    return std::nullopt;
  fs::path partial = path.string() + ".partial";
  if (!writeWholeFile(partial.string(), *data)) {
    error = "cannot write " + partial.string();
    return std::nullopt;
  }
  fs::rename(partial, path);
  return path;
}

std::optional<std::vector<interp::Value>> Bench::expected(const fs::path& file,
                                                          const CheckedProgram& prog,
                                                          const TestCase& c,
                                                          const std::string& entry,
                                                          const fs::path& input,
                                                          std::string& error) {
  if (hasExpectedValues(c))
    return expectedValues(c, file, prog, entry, error);
  return interpretEntry(prog, entry, readWholeFile(input.string()), error);
}

void Bench::dataset(const fs::path& file, const CheckedProgram& prog, const fs::path& exe,
                    const TestCase& c, const std::string& entry, const std::string& name) {
  std::string key = file.string() + ":" + entry;
  fs::path dir = exe.parent_path() / "datasets";
  fs::create_directories(dir);
  std::string error;
  auto input = inputFile(file, prog, dir, c, entry, error);
  if (!input)
    return fail(key, name, error);
  fs::path base = dir / ("run_" + std::to_string(c.line) + "_" + entry);
  fs::path timing = base.string() + ".timing", report = base.string() + ".report";
  fs::path output = base.string() + ".out", errors = base.string() + ".err";
  fs::remove(timing);
  std::string command = shellQuote(exe.string()) + " -b -e " + shellQuote(entry) + " -r " +
                        std::to_string(args.runs + 1) + " -t " + shellQuote(timing.string()) +
                        " --report " + shellQuote(report.string());
  if (!args.tuningFile.empty())
    command += " --tuning " + shellQuote(fs::absolute(args.tuningFile).string());
  if (args.flushL2)
    command += " --flush-l2";
  for (const std::string& p : args.params)
    command += " --param " + shellQuote(p);
  command += " < " + shellQuote(input->string()) + " > " + shellQuote(output.string()) + " 2> " +
             shellQuote(errors.string());
  int status = runWithProgress(command, timing, args.runs + 1, name, args.timeoutSeconds);
  if (status != 0)
    return fail(key, name,
                (status == 124 ? "timed out" : "exit status " + std::to_string(status)) + ": " +
                    readWholeFile(errors.string()));
  if (hasExpectedValues(c) || c.autoOutput) {
    auto want = expected(file, prog, c, entry, *input, error);
    if (!want)
      return fail(key, name, "no expected values: " + error);
    const ast::Decl* decl = checkedOf(prog).findEntry(entry);
    auto got = interp::readValues(readWholeFile(output.string()),
                                  interp::entryResultTypes(*decl), error);
    if (!got)
      return fail(key, name, "cannot read the program's output: " + error);
    if (auto diff = compareValues(*want, *got))
      return fail(key, name, "wrong result: " + *diff);
  }
  DatasetResult& result = results[key][name];
  result.runtimes = readRuntimes(timing);
  result.deviceBytes = peakDeviceBytes(report);
  RunStats s = runStats(result.runtimes);
  char line[200];
  std::snprintf(line, sizeof line,
                "%10.1f µs mean  (median %.1f, min %.1f, max %.1f, rsd %.3f%s)", s.mean,
                s.median, s.min, s.max, s.rsd, hasExpectedValues(c) || c.autoOutput ? "" : ", unchecked");
  std::cout << "  " << name << ": " << line << "\n";
}

void Bench::program(const fs::path& file) {
  std::string specError;
  auto spec = parseTestSpec(readWholeFile(file.string()), specError);
  if (!spec) {
    if (!specError.empty()) {
      ++failures;
      std::cout << file.string() << ": bad test block: " << specError << "\n";
    }
    return;
  }
  for (const std::string& tag : spec->tags)
    if (std::find(args.excludeTags.begin(), args.excludeTags.end(), tag) !=
        args.excludeTags.end())
      return;
  if (spec->compileErrorRegex)
    return; // a test of an error message, nothing to time
  DiagnosticEngine diags;
  CheckedProgramPtr prog = loadProgram(file.string(), diags);
  applyWarningPolicy(diags, args.warnings); // -Werror: a warning fails the compilation
  if (!prog || diags.hasErrors()) {
    ++failures;
    std::cout << file.string() << ": does not compile:\n" << diags.render();
    return;
  }
  std::cout << file.string() << " (" << args.backend << "):\n" << std::flush;
  std::string error;
  auto exe = buildForBench(file, *prog, backend, cacheDir, error);
  if (!exe) {
    ++failures;
    std::cout << "  " << error << "\n";
    return;
  }
  size_t index = 0;
  for (const TestCase& c : spec->cases) {
    std::string name = benchDatasetName(index++, c);
    if (c.errorRegex)
      continue; // expects a failure: not a benchmark
    for (const std::string& entry : c.entries)
      if (args.entry.empty() || entry == args.entry)
        dataset(file, *prog, *exe, c, entry, c.entries.size() > 1 ? entry + " " + name : name);
  }
}

} // namespace

std::string benchDatasetName(size_t index, const TestCase& c) {
  if (c.name) // `"name" input ...`: Futhark reports that name
    return *c.name;
  std::string text = c.randomInput   ? *c.randomInput
                     : c.inputFile   ? *c.inputFile
                     : c.scriptInput ? *c.scriptInput
                     : c.scriptFile  ? *c.scriptFile
                     : c.input       ? *c.input
                                     : "";
  std::string what; // `text` with each run of white space as one space, none at the ends
  for (char ch : text)
    if (!std::isspace(static_cast<unsigned char>(ch)) || (!what.empty() && what.back() != ' '))
      what += std::isspace(static_cast<unsigned char>(ch)) ? ' ' : ch;
  while (!what.empty() && what.back() == ' ')
    what.pop_back();
  if (what.size() > 40)
    what = what.substr(0, 37) + "...";
  return "#" + std::to_string(index) + " (\"" + what + "\")";
}

int cmdBench(const BenchArgs& args) {
  Bench bench{args, args.backend == "cuda" ? Backend::Cuda : Backend::OpenCL,
              benchCacheDir(args.cacheDir), {}, 0};
  std::string error;
  std::vector<fs::path> files = programFiles(args.paths, error);
  if (!error.empty()) {
    std::cerr << "fjord: error: " << error << "\n";
    return 1;
  }
  if (!args.exportDir.empty())
    return exportBench(args, files);
  for (const fs::path& file : files)
    bench.program(file);
  if (!args.jsonFile.empty() && !writeWholeFile(args.jsonFile, benchJson(bench.results))) {
    std::cerr << "fjord: error: cannot write " << args.jsonFile << "\n";
    return 1;
  }
  if (bench.failures)
    std::cout << bench.failures << " dataset(s) or program(s) failed\n";
  return bench.failures ? 1 : 0;
}

} // namespace fjord::testing
