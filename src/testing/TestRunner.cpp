// `fjord test` (see TestRunner.h): runs the test blocks of programs on one backend.
//  - interp: every case in the reference interpreter, in-process, plus structure checks;
//  - opencl: generates OpenCL with --executable, builds it with g++ -lOpenCL and runs each
//    case on the OpenCL platform present (PoCL in CI);
//  - cuda:   generates CUDA, builds it with nvcc; runs the cases only where a GPU is
//    present, else says that they were compiled but not run. Without nvcc the whole run is
//    skipped with a printed reason (exit status 77, CTest's "skipped").
// Expected values come from `output`, or from the interpreter for `auto output`.
// Programs are tested in parallel; the run ends with `N passed, N failed, N skipped`.
#include "testing/TestRunner.h"

#include "driver/Pipeline.h"
#include "testing/Process.h"
#include "testing/TestData.h"
#include "testing/TestPch.h"
#include "testing/TestSpec.h"
#include "interp/DataFormat.h"
#include "interp/Interpreter.h"
#include "sema/Check.h"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <mutex>
#include <set>
#include <regex>
#include <thread>
#include <unistd.h>

namespace fjord::testing {
namespace fs = std::filesystem;

// The compiler, as the driver exposes it (driver/Pipeline.h).
using driver::Backend;
using driver::checkedOf;
using driver::CheckedProgram;
using driver::CheckedProgramPtr;
using driver::compile;
using driver::CompileOptions;
using driver::countStage;
using driver::entryPoints;
using driver::loadProgram;

namespace {

enum class BackendKind { Interp, OpenCL, Cuda };

// The compiler's stages share state that is not known to be thread-safe (the ANTLR
// runtime's DFA cache, libFormat), so tests compile one program at a time; building with
// g++/nvcc and running the cases proceed in parallel.
std::mutex compilerLock;

/// Cases with at least this much input ask the compiled program for binary output (-b).
constexpr size_t kBinaryOutputInputBytes = 1 << 20;

struct Outcome {
  int passed = 0, failed = 0, skipped = 0;
  int compiled = 0; ///< CUDA programs built with nvcc but not run (no GPU)
  std::string log; ///< failures and notes, printed after the file's status line
};

struct Runner {
  BackendKind backend;
  std::string backendName;
  fs::path workDir;
  bool gpuPresent = false;
  /// g++ options that use the precompiled runtime headers (testing/TestPch.h), or "".
  std::string hostPch, mainPch;
  /// `--export DIR`: write generated code, inputs and expected outputs for running on
  /// another machine (scripts/gpu-check.sh) instead of building and running here.
  std::optional<fs::path> exportDir;
  size_t exportMaxBytes = 0; ///< cases with a larger input or expected output are left out
  bool noStructure = false;  ///< `--no-structure`: structure checks are not run
  WarningPolicy warnings = WarningPolicy::Report; ///< `-w` / `-Werror`
  std::vector<std::pair<std::string, std::string>> params; ///< `--param NAME=VALUE`
  std::mutex manifestLock;
  std::mutex paramsLock;
  std::set<std::string> paramsUsed; ///< those of `params` some compiled program has

  Outcome testFile(const fs::path& file);

private:
  struct Compiled {
    fs::path exe;
    std::string paramOptions; ///< ` --param NAME=VALUE` for each of `params` it has
  };
  /// The options passing those of `params` that the tuning header `tuning` lists.
  std::string paramOptionsFor(const std::string& tuning);
  std::optional<Compiled> buildProgram(const fs::path& file, const CheckedProgram& prog,
                                       Outcome& out);
  /// `gpuOnly`: the program is tagged `no_interp` (cases too large for the interpreter, and
  /// for compute-sanitizer: the manifest line says `gpu-only`, scripts/gpu-check.sh).
  void exportCase(const fs::path& file, const CheckedProgram& prog, const Compiled& compiled,
                  const TestCase& c, const std::string& entry, const std::string& input,
                  bool gpuOnly, Outcome& out);
  // Runs one entry on one input; returns the result values, or nullopt with `error` set to
  // the run-time error text.
  // Futhark's exclusion tags, on a program or a case: `disable`, `notest`, `no_<backend>`
  // (tags for backends Fjord lacks, like `no_python` or `no_wasm`, change nothing).
  bool excludedBy(const std::vector<std::string>& tags) const {
    return std::any_of(tags.begin(), tags.end(), [&](const std::string& t) {
      return t == "disable" || t == "notest" || t == "no_" + backendName;
    });
  }
  std::optional<std::vector<interp::Value>> runCase(const CheckedProgram& prog,
                                                    const Compiled* compiled,
                                                    const std::string& entry,
                                                    const std::string& input, std::string& error,
                                                    const fs::path& caseDir);
};

std::string mangle(const fs::path& p) {
  std::string s = fs::absolute(p).lexically_normal().string();
  for (char& c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-')
      c = '_';
  return s;
}

std::optional<Runner::Compiled> Runner::buildProgram(const fs::path& file,
                                                     const CheckedProgram& prog, Outcome& out) {
  fs::path dir = exportDir ? *exportDir / mangle(file) : workDir / mangle(file) / backendName;
  // A work directory keeps its build: when every generated file is as the last run wrote it,
  // the executable is reused (the forced-version CTests run one build with several
  // thresholds). An export always starts afresh.
  if (exportDir)
    fs::remove_all(dir);
  fs::create_directories(dir);
  DiagnosticEngine diags;
  CompileOptions opts;
  opts.backend = backend == BackendKind::Cuda ? Backend::Cuda : Backend::OpenCL;
  opts.executable = true;
  std::optional<std::vector<std::pair<std::string, std::string>>> files;
  {
    std::lock_guard<std::mutex> lock(compilerLock);
    files = compile(prog, opts, diags);
  }
  if (!files) {
    out.log += "  compilation failed:\n" + diags.render();
    return std::nullopt;
  }
  std::string paramOptions;
  bool unchanged = true;
  for (const auto& [name, contents] : *files) {
    std::string path = (dir / name).string();
    if (!fs::exists(path) || readWholeFile(path) != contents) {
      writeWholeFile(path, contents);
      unchanged = false;
    }
    if (name.size() > 9 && name.compare(name.size() - 9, 9, "_tuning.h") == 0)
      paramOptions = paramOptionsFor(contents);
  }
  std::string stem = file.stem().string();
  fs::path exe = dir / stem;
  if (!exportDir && backend == BackendKind::OpenCL) {
    if (unchanged && fs::exists(exe))
      return Compiled{exe, paramOptions};
    fs::remove(exe); // a failed build must not leave an older executable to reuse
  }
  if (exportDir) { // scripts/gpu-check.sh passes the words of `<exe>.params` to the exe
    if (!paramOptions.empty())
      writeWholeFile(exe.string() + ".params", paramOptions + "\n");
    return Compiled{exe, paramOptions};
  }
  std::string cmd;
  if (backend == BackendKind::OpenCL) {
    // Two compiles, as each file has its own precompiled runtime header, then the link.
    std::string flags = std::string("g++ ") + kTestCxxFlags + " ";
    std::string hostObj = shellQuote((dir / (stem + "_host.o")).string());
    std::string mainObj = shellQuote((dir / (stem + "_main.o")).string());
    cmd = flags + hostPch + " -c " + shellQuote((dir / (stem + "_host.cpp")).string()) + " -o " +
          hostObj + " && " + flags + mainPch + " -c " +
          shellQuote((dir / (stem + "_main.cpp")).string()) + " -o " + mainObj + " && g++ " +
          hostObj + " " + mainObj + " -o " + shellQuote(exe.string()) + " -lOpenCL";
  } else {
    // Without a GPU nothing runs, so only the device side of the .cu file is compiled, to an
    // sm_90 cubin (cicc and ptxas; the shared main() is compiled by the OpenCL tests). The
    // device pass parses the whole file, host code included, so every front-end warning
    // is still an error; skipping the host pass (cudafe++ and g++) saves two thirds.
    std::string cu = shellQuote((dir / (stem + ".cu")).string());
    cmd = std::string(FJORD_NVCC) + " -std=c++17 -arch=" FJORD_CUDA_ARCH " -Werror all-warnings " +
          (gpuPresent ? "-O2 " + cu + " " + shellQuote((dir / (stem + "_main.cpp")).string()) +
                            " -o " + shellQuote(exe.string())
                      : "-cubin " + cu + " -o " + shellQuote((dir / (stem + ".cubin")).string()));
  }
  fs::path log = dir / "build.log";
  if (runShell("{ " + cmd + "; } > " + shellQuote(log.string()) + " 2>&1") != 0) {
    out.log += "  building the generated code failed: " + cmd + "\n" + readWholeFile(log.string());
    return std::nullopt;
  }
  return Compiled{exe, paramOptions};
}

std::string Runner::paramOptionsFor(const std::string& tuning) {
  std::string options;
  for (const auto& [name, value] : params) {
    if (tuning.find("{\"" + name + "\",") == std::string::npos) // its entry in the name table
      continue;
    options += " --param " + name + "=" + value; // checked: no character the shell reads
    std::lock_guard<std::mutex> lock(paramsLock);
    paramsUsed.insert(name);
  }
  return options;
}

std::optional<std::vector<interp::Value>> Runner::runCase(const CheckedProgram& prog,
                                                          const Compiled* compiled,
                                                          const std::string& entry,
                                                          const std::string& input,
                                                          std::string& error,
                                                          const fs::path& caseDir) {
  if (!compiled)
    return interpretEntry(prog, entry, input, error);
  fs::create_directories(caseDir);
  fs::path in = caseDir / "input", outFile = caseDir / "output", errFile = caseDir / "stderr";
  writeWholeFile(in.string(), input);
  // Large results come back in the binary format: printing and parsing tens of megabytes of
  // text costs seconds, and small cases already check the text format.
  std::string binary = input.size() >= kBinaryOutputInputBytes ? " -b" : "";
  int rc = runShell(shellQuote(compiled->exe.string()) + binary + compiled->paramOptions + " -e " + shellQuote(entry) + " < " +
                    shellQuote(in.string()) + " > " + shellQuote(outFile.string()) + " 2> " +
                    shellQuote(errFile.string()));
  if (rc != 0) {
    error = "exit status " + std::to_string(rc) + ": " + readWholeFile(errFile.string());
    return std::nullopt;
  }
  const ast::Decl* decl = checkedOf(prog).findEntry(entry);
  auto values = interp::readValues(readWholeFile(outFile.string()), interp::entryResultTypes(*decl), error);
  if (!values)
    error = "cannot read the program's output: " + error;
  return values;
}

// Writes one case for running elsewhere: `<exe dir>/<line>_<entry>.in` and `.expected`
// (the expected values in the text format, one per line), and a manifest line
// `<exe> <entry> <case> <file>:<line>`, then ` gpu-only` for cases only a GPU runs
// (see exportCase's declaration). Cases that expect an error are left out (noted).
void Runner::exportCase(const fs::path& file, const CheckedProgram& prog, const Compiled& compiled,
                        const TestCase& c, const std::string& entry, const std::string& input,
                        bool gpuOnly, Outcome& out) {
  std::string where = file.string() + ":" + std::to_string(c.line) + " (" + entry + ")";
  if (c.errorRegex) {
    out.log += "  " + where + ": expects an error; not exported\n";
    return;
  }
  // The bundle travels to the GPU machine (64 MiB at most): leave out the largest cases.
  if (input.size() > exportMaxBytes) {
    out.log += "  " + where + ": input of " + std::to_string(input.size()) + " bytes; not exported\n";
    return;
  }
  std::string error;
  const ast::Decl* decl = checkedOf(prog).findEntry(entry);
  auto types = interp::entryResultTypes(*decl);
  // A compiled executable prints a sum value as `#<opaque NAME>`, not as data: without an
  // expected output to hold it to, such a case has nothing to compare on the GPU.
  std::function<bool(const TypeRef&)> holdsSum = [&](const TypeRef& t) {
    if (!t)
      return false;
    if (t->kind == Type::Kind::Sum)
      return true;
    if (holdsSum(t->elem))
      return true;
    for (const TypeRef& e : t->elems)
      if (holdsSum(e))
        return true;
    for (const auto& f : t->fields)
      if (holdsSum(f.second))
        return true;
    return false;
  };
  if (!hasExpectedValues(c) && std::any_of(types.begin(), types.end(), holdsSum)) {
    out.log += "  " + where + ": its result is opaque (a sum value); not exported\n";
    return;
  }
  std::optional<std::vector<interp::Value>> expected;
  if (hasExpectedValues(c))
    expected = expectedValues(c, file, prog, entry, error);
  else
    expected = interpretEntry(prog, entry, input, error);
  if (!expected) {
    out.failed++;
    out.log += "  " + where + ": " + error + "\n";
    return;
  }
  std::string text;
  for (size_t i = 0; i < expected->size(); ++i)
    text += interp::printValue((*expected)[i], i < types.size() ? types[i] : nullptr) + "\n";
  fs::path base = compiled.exe.parent_path() / (std::to_string(c.line) + "_" + entry);
  if (text.size() > exportMaxBytes) {
    out.log += "  " + where + ": expected output of " + std::to_string(text.size()) + " bytes; not exported\n";
    return;
  }
  writeWholeFile(base.string() + ".in", input);
  writeWholeFile(base.string() + ".expected", text);
  runShell("gzip -f " + shellQuote(base.string() + ".in") + " " + shellQuote(base.string() + ".expected"));
  std::lock_guard<std::mutex> lock(manifestLock);
  std::ofstream manifest(*exportDir / "manifest.txt", std::ios::app);
  manifest << fs::relative(compiled.exe, *exportDir).string() << " " << entry << " "
           << fs::relative(base, *exportDir).string() << " " << file.string() << ":" << c.line
           << (gpuOnly ? " gpu-only" : "") << "\n";
  out.passed++;
}

Outcome Runner::testFile(const fs::path& file) {
  Outcome out;
  std::string text = readWholeFile(file.string());
  std::string specError;
  auto spec = parseTestSpec(text, specError);
  if (!spec) {
    if (!specError.empty()) {
      out.failed++;
      out.log += "  " + file.string() + ": bad test block: " + specError + "\n";
    }
    out.log += "  no test block\n";
    return out;
  }
  if (excludedBy(spec->tags)) {
    out.skipped++;
    out.log += "  excluded by its tags\n";
    return out;
  }

  DiagnosticEngine diags;
  CheckedProgramPtr prog;
  {
    std::lock_guard<std::mutex> lock(compilerLock);
    prog = loadProgram(file.string(), diags);
  }
  applyWarningPolicy(diags, warnings); // -Werror: a warning fails the program's compilation
  if (diags.hasErrors())
    prog = nullptr;
  if (spec->compileErrorRegex) {
    std::string rendered = diags.render();
    if (prog) {
      // Some errors come from the compiler's passes (recursion in parallel code).
      std::lock_guard<std::mutex> lock(compilerLock);
      DiagnosticEngine passDiags;
      if (!irAtStage(*prog, "mem", passDiags) && passDiags.hasErrors()) {
        rendered = passDiags.render();
        prog = nullptr;
      }
    }
    if (prog) {
      out.failed++;
      out.log += "  expected a compile-time error matching `" + *spec->compileErrorRegex +
                 "`, but the program type-checks\n";
    } else if (!std::regex_search(rendered, std::regex(*spec->compileErrorRegex))) {
      out.failed++;
      out.log += "  expected an error matching `" + *spec->compileErrorRegex + "`, got:\n" + rendered;
    } else {
      out.passed++;
    }
    return out;
  }
  if (!prog) {
    out.failed++;
    out.log += "  the program does not compile:\n" + diags.render();
    return out;
  }
  if (spec->warningRegex) {
    std::string rendered = diags.render();
    if (std::regex_search(rendered, std::regex(*spec->warningRegex))) {
      out.passed++;
    } else {
      out.failed++;
      out.log += "  expected a warning matching `" + *spec->warningRegex + "`, got" +
                 (rendered.empty() ? std::string(" none\n") : ":\n" + rendered);
    }
  }

  // Structure checks are about the compiler, not a backend: run them with the interpreter.
  if (backend == BackendKind::Interp && !noStructure) {
    std::vector<std::string> entries = entryPoints(*prog);
    for (const auto& check : spec->structures) {
      auto unknown = std::find_if(check.entries.begin(), check.entries.end(), [&](const std::string& e) {
        return std::find(entries.begin(), entries.end(), e) == entries.end();
      });
      if (unknown != check.entries.end()) {
        out.failed++;
        out.log += "  structure check (line " + std::to_string(check.line) + "): no entry point `" +
                   *unknown + "`\n";
        continue;
      }
      DiagnosticEngine sd;
      std::lock_guard<std::mutex> lock(compilerLock);
      auto counts = countStage(*prog, check.stage.empty() ? "gpu" : check.stage, sd, check.entries);
      if (!counts) {
        out.failed++;
        out.log += "  structure check (line " + std::to_string(check.line) + ") failed:\n" + sd.render();
        continue;
      }
      bool ok = true;
      for (const auto& [name, want] : check.counts) {
        int got = counts->count(name) ? counts->at(name) : 0;
        if (got != want) {
          ok = false;
          std::string in;
          for (const std::string& e : check.entries)
            in += (in.empty() ? " in " : ", ") + e;
          out.log += "  line " + std::to_string(check.line) + ": " + name + " (" + check.stage +
                     in + ") should have occurred " + std::to_string(want) +
                     " times, but occurred " + std::to_string(got) + " times\n";
        }
      }
      ok ? out.passed++ : out.failed++;
    }
  }

  for (const std::string& property : spec->properties) {
    out.skipped++;
    out.log += "  property `" + property + "`: skipped: property-based tests are not supported yet\n";
  }

  std::optional<Compiled> compiled;
  if (backend != BackendKind::Interp) {
    compiled = buildProgram(file, *prog, out);
    if (!compiled) {
      out.failed++;
      return out;
    }
    if (backend == BackendKind::Cuda && !gpuPresent && !exportDir) {
      out.compiled++;
      return out;
    }
  }

  fs::path caseRoot = workDir / mangle(file) / backendName / "cases";
  for (const auto& c : spec->cases) {
    if (c.compiledOnly && backend == BackendKind::Interp)
      continue;
    if (excludedBy(c.tags)) {
      out.skipped++;
      continue;
    }
    for (const auto& entry : c.entries) {
      std::string where = file.string() + ":" + std::to_string(c.line) + " (" + entry + ")";
      std::string inputError;
      bool unsupported = false;
      std::optional<std::string> data = caseInput(c, file, inputError, &*prog, &unsupported);
      if (!data) {
        (unsupported ? out.skipped : out.failed)++;
        out.log += "  " + where + (unsupported ? ": skipped: " : ": ") + inputError + "\n";
        continue;
      }
      const std::string& input = *data;
      std::string error;
      if (exportDir) {
        bool gpuOnly = std::count(spec->tags.begin(), spec->tags.end(), "no_interp") != 0 ||
                       std::count(c.tags.begin(), c.tags.end(), "no_interp") != 0;
        exportCase(file, *prog, *compiled, c, entry, input, gpuOnly, out);
        continue;
      }
      fs::path caseDir = caseRoot / (std::to_string(c.line) + "_" + entry);
      auto actual = runCase(*prog, compiled ? &*compiled : nullptr, entry, input, error, caseDir);
      if (c.errorRegex) {
        if (actual) {
          out.failed++;
          out.log += "  " + where + ": expected an error matching `" + *c.errorRegex + "`, but it succeeded\n";
        } else if (!std::regex_search(error, std::regex(*c.errorRegex))) {
          out.failed++;
          out.log += "  " + where + ": expected an error matching `" + *c.errorRegex + "`, got: " + error + "\n";
        } else {
          out.passed++;
        }
        continue;
      }
      if (!actual) {
        out.failed++;
        out.log += "  " + where + ": " + error + "\n";
        continue;
      }
      std::optional<std::vector<interp::Value>> expected;
      if (hasExpectedValues(c)) {
        expected = expectedValues(c, file, *prog, entry, error);
      } else if (c.autoOutput) {
        expected = backend == BackendKind::Interp ? actual : interpretEntry(*prog, entry, input, error);
      } else {
        out.passed++; // no expectation: it must only run without error
        continue;
      }
      if (!expected) {
        out.failed++;
        out.log += "  " + where + ": " + error + "\n";
        continue;
      }
      if (auto diff = compareValues(*expected, *actual)) {
        out.failed++;
        out.log += "  " + where + ": " + *diff + "\n";
        continue;
      }
      out.passed++;
    }
  }
  return out;
}

/// "3 passed, 1 failed": the counts that are not zero (all four with `all`, "compiled"
/// only when not zero).
std::string describe(const Outcome& o, bool all = false) {
  std::string text;
  auto add = [&](int n, const char* what, bool always) {
    if (n || always)
      text += (text.empty() ? "" : ", ") + std::to_string(n) + " " + what;
  };
  add(o.passed, "passed", all || (!o.failed && !o.skipped && !o.compiled));
  add(o.failed, "failed", all);
  add(o.skipped, "skipped", all);
  add(o.compiled, "compiled", false);
  return text;
}

} // namespace

int cmdTest(const TestArgs& args) {
  Runner runner;
  runner.backendName = args.backend;
  runner.noStructure = args.noStructure;
  runner.warnings = args.warnings;
  for (const std::string& p : args.params) {
    size_t eq = p.find('=');
    bool valid = eq != std::string::npos && eq > 0 && eq + 1 < p.size();
    for (size_t k = 0; valid && k < p.size(); ++k) {
      char c = p[k];
      valid = k < eq ? std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'
                     : k > eq ? std::isdigit(static_cast<unsigned char>(c)) || (k == eq + 1 && c == '-')
                              : true;
    }
    if (!valid) {
      std::cerr << "fjord: error: --param " << p << ": must be of form NAME=INTEGER\n";
      return 1;
    }
    runner.params.emplace_back(p.substr(0, eq), p.substr(eq + 1));
  }
  runner.backend = args.backend == "interp"   ? BackendKind::Interp
                   : args.backend == "opencl" ? BackendKind::OpenCL
                                              : BackendKind::Cuda;
  if (!args.exportDir.empty()) {
    if (runner.backend != BackendKind::Cuda) {
      std::cerr << "fjord: error: --export is for --backend cuda\n";
      return 1;
    }
    runner.exportDir = fs::absolute(args.exportDir);
    runner.exportMaxBytes = args.exportMaxBytes;
    fs::create_directories(*runner.exportDir);
    fs::remove(*runner.exportDir / "manifest.txt");
  } else if (runner.backend == BackendKind::Cuda) {
    if (std::string(FJORD_NVCC).empty()) {
      std::cout << "cuda: skipped: nvcc was not found when Fjord was configured "
                   "(install the CUDA toolkit at /usr/local/cuda and reconfigure)\n";
      return 77;
    }
    runner.gpuPresent = runShell("nvidia-smi -L > /dev/null 2>&1", 30) == 0;
    if (!runner.gpuPresent)
      std::cout << "cuda: no GPU on this machine: programs are compiled with nvcc but not run\n";
  }
  const char* work = std::getenv("FJORD_TEST_WORKDIR");
  runner.workDir = work ? fs::path(work) : fs::temp_directory_path() / ("fjord-test-" + std::to_string(getpid()));
  fs::create_directories(runner.workDir);
  if (runner.backend == BackendKind::OpenCL && !runner.exportDir) { // exports build nothing
    runner.hostPch = precompiledRuntimeHeader(runner.workDir / "pch", "fjord_runtime_opencl.h");
    runner.mainPch = precompiledRuntimeHeader(runner.workDir / "pch", "fjord_runtime_data.h");
  }

  std::string error;
  auto files = programFiles(args.paths, error);
  if (!error.empty()) {
    std::cerr << "fjord: error: " << error << "\n";
    return 1;
  }
  int jobs = args.jobs > 0 ? args.jobs : std::max(1u, std::thread::hardware_concurrency());
  std::atomic<size_t> next{0};
  std::mutex printLock;
  Outcome total;
  size_t done = 0;
  bool terminal = isatty(STDOUT_FILENO) != 0;
  auto worker = [&] {
    for (size_t i; (i = next++) < files.size();) {
      Outcome o;
      try {
        o = runner.testFile(files[i]);
      } catch (const std::exception& e) {
        o.failed++;
        o.log += std::string("  ") + e.what() + "\n";
      }
      std::lock_guard<std::mutex> lock(printLock);
      // A file with no case that passed, failed or was built counts as one skipped.
      if (!o.passed && !o.failed && !o.skipped && !o.compiled)
        o.skipped = 1;
      total.passed += o.passed;
      total.failed += o.failed;
      total.skipped += o.skipped;
      total.compiled += o.compiled;
      ++done;
      const char* status = o.failed ? "FAIL" : o.passed ? "ok  " : o.compiled ? "nvcc" : "skip";
      if (terminal) // progress, where a person watches
        std::cout << "[" << done << "/" << files.size() << "] ";
      std::cout << status << " " << files[i].string() << " (" << describe(o) << ")";
      if (terminal)
        std::cout << "; so far " << describe(total);
      std::cout << "\n" << o.log << std::flush;
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < jobs; ++t)
    threads.emplace_back(worker);
  for (auto& t : threads)
    t.join();
  bool built = runner.backend != BackendKind::Interp;
  for (const auto& [name, value] : runner.params)
    if (built && !runner.paramsUsed.count(name) && total.passed + total.failed + total.compiled > 0) {
      std::cout << "error: no tested program has the tuning parameter " << name << "\n";
      total.failed++;
    }
  std::cout << args.backend << ": " << describe(total, /*all=*/true);
  if (total.compiled)
    std::cout << " (compiled with nvcc, not run: there is no GPU on this machine)";
  std::cout << "\n";
  return total.failed ? 1 : 0;
}

} // namespace fjord::testing
