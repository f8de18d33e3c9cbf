// Diagnostics, kept apart in three kinds (see docs/architecture.md, "Errors"):
//  - user errors: collected in a DiagnosticEngine, printed GCC-style, exit status 1;
//  - known limitations: user errors whose message says "not supported yet";
//  - internal compiler errors: thrown as InternalError, printed with context, exit status 2.
// Messages start lower-case and have no final period.
#pragma once
#include "support/SourceSpan.h"

#include <fmt/format.h>
#include <stdexcept>
#include <string>
#include <vector>

namespace fjord {

enum class Severity { Error, Warning, Note };

struct Diagnostic {
  Severity severity = Severity::Error;
  SourceSpan span;
  std::string message;
  std::vector<Diagnostic> notes; ///< related places ("consumed here", "defined here")

  /// Attaches a note at `where`; returns *this so notes chain.
  Diagnostic& note(SourceSpan where, std::string msg);
  /// GCC-style text: `file:line:col: error: msg`, the source line, a caret line, then notes.
  std::string render() const;
};

/// Collects diagnostics; stages report here instead of throwing.
class DiagnosticEngine {
public:
  Diagnostic& error(SourceSpan span, std::string msg);
  Diagnostic& warning(SourceSpan span, std::string msg);
  /// A known limitation: the message gets the suffix " is not supported yet".
  Diagnostic& unsupported(SourceSpan span, const std::string& what);

  bool hasErrors() const;
  const std::vector<Diagnostic>& all() const { return diags_; }
  /// Everything collected, rendered, in the order reported.
  std::string render() const;
  void clear() { diags_.clear(); }

private:
  std::vector<Diagnostic> diags_;
};

/// Thrown by stages that must stop at the first user error (the driver catches it and prints
/// the diagnostics already collected). Carries no message of its own.
struct CompilationFailed : std::exception {
  const char* what() const noexcept override { return "compilation failed"; }
};

/// An internal compiler error: a violated invariant, never caused by bad input.
struct InternalError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Throws InternalError("internal compiler error: <where>: <msg>").
[[noreturn]] void internalError(const std::string& where, const std::string& msg);

/// Checks an internal invariant; on failure reports an internal compiler error with context.
#define FJORD_CHECK(cond, msg)                                                              \
  do {                                                                                      \
    if (!(cond))                                                                            \
      ::fjord::internalError(std::string(__FILE__) + ":" + std::to_string(__LINE__), (msg)); \
  } while (0)

} // namespace fjord
