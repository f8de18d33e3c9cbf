// Helpers shared by the syntax stage's unit tests (tests/unit/syntax_*.cpp): parse a snippet
// and return its AST as S-expressions (syntax/PrintAst.h), or its first error as
// "line:col: message".
#pragma once
#include "support/Diagnostics.h"
#include "syntax/Parse.h"
#include "syntax/PrintAst.h"

#include <memory>
#include <string>

namespace fjord::syntax_test {

inline SourceFileRef makeFile(std::string text) {
  auto f = std::make_shared<SourceFile>();
  f->path = "test.fut";
  f->text = std::move(text);
  return f;
}

/// "line:col: message" of the first diagnostic, or "" if there is none.
inline std::string firstDiagnostic(const DiagnosticEngine& diags) {
  if (diags.all().empty())
    return "";
  const Diagnostic& d = diags.all().front();
  return std::to_string(d.span.line) + ":" + std::to_string(d.span.col) + ": " + d.message;
}

/// The expression `src` as an S-expression, or "error " + its first diagnostic.
inline std::string expr(const std::string& src) {
  DiagnosticEngine diags;
  ast::ExprPtr e = parseExpression(makeFile(src), diags);
  if (!e)
    return "error " + firstDiagnostic(diags);
  return ast::printExpr(*e);
}

/// The program `src`, one declaration per line, or "error " + its first diagnostic.
inline std::string prog(const std::string& src) {
  DiagnosticEngine diags;
  std::optional<ast::Program> p = parseProgram(makeFile(src), diags);
  if (!p)
    return "error " + firstDiagnostic(diags);
  return ast::printProgram(*p);
}

/// The first error for program `src` ("line:col: message"), or "" if it parses.
inline std::string programError(const std::string& src) {
  DiagnosticEngine diags;
  std::optional<ast::Program> p = parseProgram(makeFile(src), diags);
  return p ? "" : firstDiagnostic(diags);
}

/// The first error for expression `src`, or "" if it parses.
inline std::string exprError(const std::string& src) {
  DiagnosticEngine diags;
  ast::ExprPtr e = parseExpression(makeFile(src), diags);
  return e ? "" : firstDiagnostic(diags);
}

} // namespace fjord::syntax_test
