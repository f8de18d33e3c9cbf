// The syntax stage's entry points: source text to AST (syntax/Ast.h), with a source span on
// every node. Syntax errors are reported through the DiagnosticEngine in Fjord's own words
// (`unexpected `)`, expected an expression`); parsing stops at the first syntax error, never
// throws, and never crashes on any input. An accepted expression is at most 1000 levels
// deep, so later stages may recurse over the AST.
#pragma once
#include "support/Diagnostics.h"
#include "syntax/Ast.h"

#include <optional>

namespace fjord {

/// Parses a whole file. Returns nullopt when any error was reported (syntax errors, invalid
/// literals, unsupported constructs such as module declarations).
std::optional<ast::Program> parseProgram(SourceFileRef file, DiagnosticEngine& diags);

/// Parses `file`'s text as one expression (tests, `fjord dev`). Returns null on error.
ast::ExprPtr parseExpression(SourceFileRef file, DiagnosticEngine& diags);

} // namespace fjord
