// The compiler pipeline as one readable list of stages (docs/architecture.md):
//   parse -> check -> internalise -> simplify -> fuse -> simplify -> extract kernels
//         -> introduce memory -> lower to imp -> emit CUDA | OpenCL
// Every stage's output can be printed (`fjord dev --print=STAGE`) and counted
// (`structure STAGE { ... }` in tests).
#pragma once
#include "ir/IR.h"
#include "support/Diagnostics.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace fjord::driver {

/// The stages whose output can be printed or counted, in pipeline order.
const std::vector<std::string>& stageNames();

/// A type-checked program: the prelude and the user's file (opaque to callers).
struct CheckedProgram;
struct CheckedProgramDeleter {
  void operator()(CheckedProgram*) const;
};
using CheckedProgramPtr = std::unique_ptr<CheckedProgram, CheckedProgramDeleter>;

/// Reads, parses and type-checks `path` with the prelude. Null on user errors (reported
/// in `diags`).
CheckedProgramPtr loadProgram(const std::string& path, DiagnosticEngine& diags);
/// Same, from text (for tests).
CheckedProgramPtr loadProgramText(const std::string& path, const std::string& text,
                                  DiagnosticEngine& diags);

/// Runs the pipeline up to and including `stage` and prints that stage's output.
/// nullopt on user errors (in `diags`).
std::optional<std::string> printStage(const CheckedProgram&, const std::string& stage,
                                      DiagnosticEngine& diags);
/// Runs the pipeline up to and including the IR stage `stage` ("core" ... "mem") and
/// returns its IR (verified). nullopt on user errors (in `diags`).
std::optional<ir::Prog> irAtStage(const CheckedProgram&, const std::string& stage,
                                  DiagnosticEngine& diags);
/// Runs the pipeline up to `stage` and counts its constructs (`Screma`, `SegRed`, ...), in
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
