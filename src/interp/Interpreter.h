// The reference interpreter: runs entry points of a checked program on values (`fjord run`,
// and the oracle that `fjord test` compares compiled code against).
//
//   Interpreter in(checked);
//   auto results = in.callEntry("dot", {xs, ys}, diags); // nullopt after a run-time error
//
// Run-time errors (index out of bounds, division by zero, failed assertion, size mismatch)
// become diagnostics at the offending expression. Arguments and results are entry values:
// tuples and arrays of tuples pass as their components (see entryLeafTypes below), as
// Futhark prints a tuple result's components on separate lines.
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

/// The types of an entry point's arguments as passed from outside (for reading them): the
/// leaves of its parameters' types (see entryLeafTypes).
std::vector<TypeRef> entryParamTypes(const ast::Decl& entry);
/// The types of an entry point's results as passed to the outside: the leaves of its result
/// type (a tuple result gives one value per component).
std::vector<TypeRef> entryResultTypes(const ast::Decl& entry);

// Entry values as Futhark (and the compiled code) pass them (EntryValues.cpp): a tuple or
// record is passed as its components, and an array of tuples or records as one array per
// component, recursively; scalars and arrays of scalars are leaves.

/// The leaf types of `t`: `[n](i32, [m]f32)` gives `[n]i32` and `[n][m]f32`.
std::vector<TypeRef> entryLeafTypes(const TypeRef& t);
/// The leaves of value `v` of type `t` (arrays of tuples unzipped).
std::vector<Value> entryLeaves(const Value& v, const TypeRef& t);
/// The value of type `t` from its leaves `leaves[pos...]`, advancing `pos`; nullopt (with
/// `error` set) when the component arrays of an array of tuples differ in size.
std::optional<Value> assembleEntryValue(const TypeRef& t, const std::vector<Value>& leaves,
                                        size_t& pos, std::string& error);

} // namespace fjord::interp
