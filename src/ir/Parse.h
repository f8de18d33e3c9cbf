// Reading textual core IR back (every stage: core, gpu, mem), in the grammar documented in
// ir/Print.h, so that tests can state IR as text and `parse(print(p))` equals `p`
// (ir/Equal.h) at every stage.
//
// What the text does not hold is rebuilt: the name source continues after the largest tag
// seen, and source spans in `#[prov ...]` / `#[span ...]` attributes point into placeholder
// SourceFiles (one per path, with no text). Syntax errors are diagnostics at the line and
// column of the IR text (file name `path`), never exceptions; the result is then nullopt.
// The parser checks only syntax: run ir::verify for types, scoping and stage rules.
#pragma once
#include "ir/IR.h"
#include "support/Diagnostics.h"

#include <optional>
#include <string>

namespace fjord::ir {

/// A whole program: functions as printProg prints them.
std::optional<Prog> parseProg(const std::string& text, DiagnosticEngine& diags,
                              const std::string& path = "<ir>");
/// A body `{ stm* in {results} }` as printBody prints it (for tests of one pass on a body).
std::optional<Body> parseBody(const std::string& text, DiagnosticEngine& diags,
                              const std::string& path = "<ir>");
/// A lambda `\(params) : {types} -> body` as printLambda prints it.
std::optional<Lambda> parseLambda(const std::string& text, DiagnosticEngine& diags,
                                  const std::string& path = "<ir>");

} // namespace fjord::ir
