// What the program fuzz targets require of every rejection.
#pragma once
#include "support/Diagnostics.h"

namespace fjord::fuzz {

/// A user error without a location is a finding (the standard: file:line:col, always).
inline void requireLocatedErrors(const DiagnosticEngine& diags) {
  for (const Diagnostic& d : diags.all())
    if (d.severity == Severity::Error && !d.span.known())
      __builtin_trap();
}

} // namespace fjord::fuzz
