// Reading the imperative IR's text (imp/Print.h) back, so that lowering and backend tests
// can state imp as text and parse(print(p)) equals p (imp/Equal.h).
//
// Variables and memory carry no types in the text: the parser takes them from the
// declaration in scope (parameters, results, DeclareScalar, DeclareArray, a `for`'s index,
// which is i64), and builds every expression with Imp.h's constructors, so the fields those
// set (a BinOp's type is its left operand's) come out as lowering sets them. Source spans
// point into placeholder SourceFiles (one per path, with no text).
//
// Errors (syntax, a name used before its declaration, loading from memory whose element
// type is unknown) are diagnostics at the line and column of the text (file name `path`);
// the result is then nullopt. Run imp::verify for the other invariants.
#pragma once
#include "imp/Imp.h"
#include "support/Diagnostics.h"

#include <optional>
#include <string>

namespace fjord::imp {

std::optional<Program> parseProgram(const std::string& text, DiagnosticEngine& diags,
                                    const std::string& path = "<imp>");

} // namespace fjord::imp
