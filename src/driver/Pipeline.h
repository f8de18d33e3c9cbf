// The compiler pipeline: load (parse and type-check with the prelude), internalise, then
// every pass of the pass table (PassTable.h) in order with the verifier after each, then emit
// CUDA or OpenCL. The program can be printed (`fjord dev --print=NAME`) and counted
// (`structure NAME { ... }` in tests) after any named stage or any pass.
#pragma once
#include "ir/IR.h"
#include "support/Diagnostics.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace fjord::driver {

/// The named stages whose output can be printed or counted, in pipeline order: `ast`,
/// `core` (internalisation's output), then those the pass table says its passes end
/// (`simplified`, `fused`, `gpu`, `mem`, `imp`). Futhark's spellings `internalised` and
/// `gpu-mem` are accepted as well; so is the name of any pass (the program after it).
const std::vector<std::string>& stageNames();

/// The names the pipeline can stop at, for help text and errors: "the stages ast, ...
/// (also internalised, gpu-mem), the passes inline, ...".
std::string describeStopNames();
/// True if the pipeline can stop at `name` (a stage, a Futhark spelling or a pass); else
/// reports an error to `diags` that lists the valid names.
bool checkStopName(const std::string& name, DiagnosticEngine& diags);

/// A type-checked program: the prelude and the user's file (opaque to callers).
struct CheckedProgram;
struct CheckedProgramDeleter {
  void operator()(CheckedProgram*) const;
};
using CheckedProgramPtr = std::unique_ptr<CheckedProgram, CheckedProgramDeleter>;

/// Reads, parses and type-checks `path` with the prelude. Null on user errors (reported
/// in `diags`). Generated code cites source files relative to `sourceRoot`, by default the
/// directory of `path` (Note [Cited paths] in LoadFiles.cpp).
CheckedProgramPtr loadProgram(const std::string& path, DiagnosticEngine& diags,
                              const std::string& sourceRoot = "");
/// Same, from text (for tests).
CheckedProgramPtr loadProgramText(const std::string& path, const std::string& text,
                                  DiagnosticEngine& diags, const std::string& sourceRoot = "");

/// Runs the pipeline up to and including `stage` (a stage or pass name) and prints the
/// program there (the AST, the core IR or the imperative IR). nullopt on user errors and
/// unknown names (in `diags`).
std::optional<std::string> printStage(const CheckedProgram&, const std::string& stage,
                                      DiagnosticEngine& diags);
/// Runs the pipeline up to and including `stage` (a stage or pass name from "core" to
/// "mem") and returns its core IR (verified). nullopt on user errors (in `diags`).
std::optional<ir::Prog> irAtStage(const CheckedProgram&, const std::string& stage,
                                  DiagnosticEngine& diags);
/// Runs the pipeline up to `stage` (a stage or pass name) and counts its core IR constructs (`Screma`, `SegRed`, ...), in
/// the whole program or, when `entries` is not empty, in those entry points only.
std::optional<std::map<std::string, int>> countStage(const CheckedProgram&,
                                                     const std::string& stage,
                                                     DiagnosticEngine& diags,
                                                     const std::vector<std::string>& entries = {});

enum class Backend { Cuda, OpenCL };
struct CompileOptions {
  Backend backend = Backend::OpenCL;
  std::string prefix;     ///< C API prefix; default: the file's stem
  bool executable = false;
  std::string tuningFile; ///< `name=int` lines overriding tuning defaults ("" = none)
};
/// Compiles to files (name -> contents). nullopt on user errors.
std::optional<std::vector<std::pair<std::string, std::string>>>
compile(const CheckedProgram&, const CompileOptions&, DiagnosticEngine& diags);

/// The files the program was read from: the user's file and every file it imports, as
/// paths the compiler opened (the prelude, built into the compiler, is not among them).
/// What generated code depends on, for build systems (`--depfile`).
std::vector<std::string> sourceFiles(const CheckedProgram&);

/// Entry points of the user's program: name -> source types of its parameters (for reading
/// test inputs) — see interp for values.
std::vector<std::string> entryPoints(const CheckedProgram&);

} // namespace fjord::driver

namespace fjord::sema {
struct CheckedProgram;
}
namespace fjord::driver {
/// The type checker's view of a loaded program (for the interpreter).
const sema::CheckedProgram& checkedOf(const CheckedProgram&);
} // namespace fjord::driver
