// Rendering diagnostics GCC-style with a source excerpt and caret, collecting them, and
// raising internal errors (see Diagnostics.h).
#include "support/Diagnostics.h"

#include <algorithm>

namespace fjord {
namespace {

const char* severityName(Severity s) {
  switch (s) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Note:
    return "note";
  }
  return "error";
}

// The source line and a caret line under the span (tildes for the rest of it on that line).
std::string excerpt(const SourceSpan& span) {
  if (!span.known())
    return "";
  std::string line = span.file->lineText(span.line);
  std::string caret(std::max(0, span.col - 1), ' ');
  for (size_t i = 0; i < caret.size() && i < line.size(); ++i)
    if (line[i] == '\t')
      caret[i] = '\t';
  caret += '^';
  int last = span.endLine == span.line ? span.endCol - 1 : static_cast<int>(line.size());
  for (int c = span.col + 1; c <= last && c <= static_cast<int>(line.size()); ++c)
    caret += '~';
  // A very long line (generated code, a minified expression) is shown as a window around
  // the caret, as Clang does, rather than as thousands of columns.
  const size_t width = 160, before = 60;
  if (line.size() > width) {
    size_t col = static_cast<size_t>(std::max(1, span.col)) - 1;
    size_t start = caret.size() > width && col > before ? col - before : 0;
    std::string shown = line.substr(start, width);
    std::string marks = caret.substr(std::min(start, caret.size()), width);
    std::string head = start > 0 ? "..." : "", tail = start + width < line.size() ? "..." : "";
    return "    " + head + shown + tail + "\n    " + std::string(head.size(), ' ') + marks + "\n";
  }
  return "    " + line + "\n    " + caret + "\n";
}

} // namespace

Diagnostic& Diagnostic::note(SourceSpan where, std::string msg) {
  notes.push_back(Diagnostic{Severity::Note, std::move(where), std::move(msg), {}});
  return *this;
}

std::string Diagnostic::render() const {
  std::string out = span.known() ? span.str() + ": " : std::string("fjord: ");
  out += severityName(severity);
  out += ": " + message + "\n" + excerpt(span);
  for (const auto& n : notes)
    out += n.render();
  return out;
}

Diagnostic& DiagnosticEngine::error(SourceSpan span, std::string msg) {
  diags_.push_back(Diagnostic{Severity::Error, std::move(span), std::move(msg), {}});
  return diags_.back();
}

Diagnostic& DiagnosticEngine::warning(SourceSpan span, std::string msg) {
  diags_.push_back(Diagnostic{Severity::Warning, std::move(span), std::move(msg), {}});
  return diags_.back();
}

Diagnostic& DiagnosticEngine::unsupported(SourceSpan span, const std::string& what) {
  return error(std::move(span), what + " is not supported yet");
}

bool DiagnosticEngine::hasErrors() const {
  return std::any_of(diags_.begin(), diags_.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

std::string DiagnosticEngine::render() const {
  std::string out;
  for (const auto& d : diags_)
    out += d.render();
  return out;
}

void internalError(const std::string& where, const std::string& msg) {
  throw InternalError("internal compiler error: " + where + ": " + msg);
}

} // namespace fjord
