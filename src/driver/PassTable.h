// Every pass after internalisation, in one table: name, one-line summary, the IR stage it
// consumes and produces, and its run function (Futhark's `Passes.hs` together with the
// `Pass "name" "summary"` records, MLIR's `Passes.td`). The table's order is the pipeline's
// order: `Pipeline.cpp` runs it as a loop with the verifier after each pass, and
// `fjord dev --print=PASS`, `--passes` and `--help` are built from it. A pass's contract
// (requires, guarantees, an example) stays with its declaration in its own folder.
#pragma once
#include "imp/Imp.h"
#include "ir/IR.h"
#include "ir/Verify.h"

#include <string>
#include <variant>
#include <vector>

namespace fjord {
class DiagnosticEngine;
}

namespace fjord::driver {

/// The program between two passes: core IR (core, gpu or mem stage) until the lowering to
/// imp, the imperative IR after it.
using StageProgram = std::variant<ir::Prog, imp::Program>;

/// What a pass may use besides the program.
struct PassContext {
  DiagnosticEngine& diags; ///< user errors and "not supported yet" (the pipeline stops)
  std::string sourcePath;  ///< the user's .fut file as generated code cites it
};

/// One run signature for every pass; adapters in PassTable.cpp wrap the passes' own ones.
using PassRun = StageProgram (*)(StageProgram, PassContext&);

struct Pass {
  const char* name;    ///< "extract-kernels"
  const char* summary; ///< one line, lower-case, no final period
  ir::Stage consumes;
  ir::Stage produces;
  PassRun run;
  /// The named stage (`--print=NAME`, `structure NAME`) that ends with this pass, or null.
  const char* endsStage = nullptr;
};

/// Every pass, in the order the pipeline runs them. The first consumes the core IR that
/// internalisation produces; each consumes what the one before produces.
const std::vector<Pass>& passTable();

/// The pass named `name`, or null.
const Pass* findPass(const std::string& name);

/// One line per pass, in pipeline order: name, consumed -> produced stage, the stage it
/// ends (if any) and its summary (`fjord dev --passes`, `fjord dev --help`).
std::string describePasses();

} // namespace fjord::driver
