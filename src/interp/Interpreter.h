// The reference interpreter: runs entry points of a checked program on values (`fjord run`,
// and the oracle that `fjord test` compares compiled code against).
//
//   Interpreter in(checked);
//   auto results = in.callEntry("dot", {xs, ys}, diags); // nullopt after a run-time error
//
// Run-time errors (index out of bounds, division by zero, failed assertion, size mismatch)
// become diagnostics at the offending expression. A tuple result gives one value per
// component, as Futhark prints them on separate lines.
#pragma once
#include "interp/Value.h"
#include "sema/Check.h"
#include "support/Diagnostics.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace fjord::interp {

class Evaluator;

class Interpreter {
public:
  explicit Interpreter(const sema::CheckedProgram& prog);
  ~Interpreter();

  std::optional<std::vector<Value>> callEntry(const std::string& name,
                                              const std::vector<Value>& args,
                                              DiagnosticEngine& diags);

private:
  const sema::CheckedProgram& prog_;
  std::unique_ptr<Evaluator> eval_;
};

/// The types of an entry point's parameters (for reading arguments).
std::vector<TypeRef> entryParamTypes(const ast::Decl& entry);
/// The types of an entry point's results: the components of a tuple result, else the result.
std::vector<TypeRef> entryResultTypes(const ast::Decl& entry);

} // namespace fjord::interp
