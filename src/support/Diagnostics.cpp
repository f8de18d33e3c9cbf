// Rendering diagnostics GCC-style with a source excerpt and caret (in GCC's colours when
// asked, DiagnosticOptions.h), collecting them, and raising internal errors (see
// Diagnostics.h).
#include "support/Diagnostics.h"
#include "support/DiagnosticOptions.h"

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

// GCC's default colours (GCC_COLORS): error=01;31, warning=01;35, note=01;36, locus=01,
// quote=01; the caret as Clang draws it, bold green.
constexpr const char* kReset = "\033[0m";
constexpr const char* kBold = "\033[1m";
constexpr const char* kCaret = "\033[1;32m";

const char* severityColor(Severity s) {
  switch (s) {
  case Severity::Error:
    return "\033[1;31m";
  case Severity::Warning:
    return "\033[1;35m";
  case Severity::Note:
    return "\033[1;36m";
  }
  return "";
}

std::string painted(const std::string& text, const char* color, bool on) {
  return on ? color + text + kReset : text;
}

// The message with each `quoted` name in bold, as GCC shows quoted text.
std::string paintedQuotes(const std::string& msg, bool on) {
  if (!on)
    return msg;
  std::string out;
  size_t pos = 0;
  for (;;) {
    size_t open = msg.find('`', pos);
    size_t close = open == std::string::npos ? open : msg.find('`', open + 1);
    if (close == std::string::npos)
      return out + msg.substr(pos);
    out += msg.substr(pos, open - pos) + kBold + msg.substr(open, close + 1 - open) + kReset;
    pos = close + 1;
  }
}

// The source line and a caret line under the span (tildes for the rest of it on that line).
std::string excerpt(const SourceSpan& span, bool color) {
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
    return "    " + head + shown + tail + "\n    " + std::string(head.size(), ' ') +
           painted(marks, kCaret, color) + "\n";
  }
  return "    " + line + "\n    " + painted(caret, kCaret, color) + "\n";
}

} // namespace

Diagnostic& Diagnostic::note(SourceSpan where, std::string msg) {
  notes.push_back(Diagnostic{Severity::Note, std::move(where), std::move(msg), {}});
  return *this;
}

std::string renderDiagnostic(const Diagnostic& d, bool color) {
  std::string where = d.span.known() ? d.span.str() + ":" : std::string("fjord:");
  std::string severity = std::string(severityName(d.severity)) + ":";
  std::string out = painted(where, kBold, color);
  out += " " + painted(severity, severityColor(d.severity), color);
  out += " " + paintedQuotes(d.message, color) + "\n" + excerpt(d.span, color);
  for (const auto& n : d.notes)
    out += renderDiagnostic(n, color);
  return out;
}

std::string Diagnostic::render() const { return renderDiagnostic(*this, /*color=*/false); }

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
