// The warning policy and the dropping of follow-on errors, applied to what a
// DiagnosticEngine collected (see DiagnosticOptions.h). Rendering is in Diagnostics.cpp.
#include "support/DiagnosticOptions.h"

#include <algorithm>

namespace fjord {
namespace {

/// Replaces what `diags` holds by `kept`, in order.
void refill(DiagnosticEngine& diags, const std::vector<Diagnostic>& kept) {
  diags.clear();
  for (const Diagnostic& d : kept) {
    Diagnostic& copy = d.severity == Severity::Warning ? diags.warning(d.span, d.message)
                                                       : diags.error(d.span, d.message);
    copy.notes = d.notes;
  }
}

struct Position {
  int line, col;
  bool operator<(const Position& o) const {
    return line < o.line || (line == o.line && col < o.col);
  }
};

/// Whether two half-open spans share a character (an empty span counts as its first one).
bool overlaps(const SourceSpan& a, const SourceSpan& b) {
  if (!a.known() || !b.known() || a.file != b.file)
    return false;
  auto end = [](const SourceSpan& s) {
    Position begin{s.line, s.col}, e{s.endLine, s.endCol};
    return begin < e ? e : Position{s.line, s.col + 1};
  };
  return Position{a.line, a.col} < end(b) && Position{b.line, b.col} < end(a);
}

} // namespace

std::string render(const DiagnosticEngine& diags, const DiagnosticOptions& options) {
  std::string out;
  for (const Diagnostic& d : diags.all())
    out += renderDiagnostic(d, options.color);
  return out;
}

void applyWarningPolicy(DiagnosticEngine& diags, WarningPolicy policy) {
  if (policy == WarningPolicy::Report)
    return;
  std::vector<Diagnostic> kept;
  for (Diagnostic d : diags.all()) {
    if (d.severity == Severity::Warning) {
      if (policy == WarningPolicy::Ignore)
        continue;
      d.severity = Severity::Error;
      d.message += " [-Werror]";
    }
    kept.push_back(std::move(d));
  }
  refill(diags, kept);
}

void dropOverlappingErrors(DiagnosticEngine& diags, size_t from) {
  const std::vector<Diagnostic>& all = diags.all();
  if (from >= all.size())
    return;
  std::vector<Diagnostic> kept(all.begin(), all.begin() + static_cast<long>(from));
  for (size_t i = from; i < all.size(); ++i) {
    const Diagnostic& d = all[i];
    bool followOn = d.severity == Severity::Error &&
                    std::any_of(kept.begin() + static_cast<long>(from), kept.end(),
                                [&](const Diagnostic& earlier) {
                                  return earlier.severity == Severity::Error &&
                                         overlaps(earlier.span, d.span);
                                });
    if (!followOn)
      kept.push_back(d);
  }
  if (kept.size() != all.size())
    refill(diags, kept);
}

} // namespace fjord
