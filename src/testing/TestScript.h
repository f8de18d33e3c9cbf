// `script input { e }` of test blocks: the input is the value of a FutharkScript expression
// (Futhark's futhark-literate language). Fjord evaluates the simple forms that real test
// programs use:
//   $loaddata "file"          the values in a data file (text, binary or .gz)
//   f v1 v2 ...               a call of the program's entry point `f` on literal values in
//                             the data format (a tuple result is passed as several values)
//   v1 v2 ...                 literal values
// in the reference interpreter. Anything else (nested calls, `let`, records, `$loadbytes`,
// other builtins) is "not supported yet": the case is skipped with that reason.
#pragma once
#include "driver/Pipeline.h"

#include <filesystem>
#include <optional>
#include <string>

namespace fjord::testing {

struct ScriptResult {
  std::optional<std::string> data; ///< the input values in the binary data format
  std::string error;               ///< when `data` is nullopt: why
  bool unsupported = false;        ///< the expression uses what Fjord does not evaluate yet
};

/// Evaluates `script` for a case of `program` (data files are relative to its folder).
/// `prog` may be null: then calls of entry points are "not supported yet".
ScriptResult evalScriptInput(const std::string& script, const std::filesystem::path& program,
                             const driver::CheckedProgram* prog);

} // namespace fjord::testing
