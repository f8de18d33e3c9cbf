// What the program fuzz targets share: the fuzzer's bytes as the text of a user's file,
// parsed and type-checked with the prelude.
#pragma once
#include "driver/Pipeline.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace fjord::fuzz {

/// A user error without a location is a finding (the standard: file:line:col, always).
inline void requireLocatedErrors(const DiagnosticEngine& diags) {
  for (const Diagnostic& d : diags.all())
    if (d.severity == Severity::Error && !d.span.known())
      __builtin_trap();
}

/// Loads `data` as the program `fuzz.fut` in a folder that holds nothing (so an `import`
/// finds no file). Null when the program has user errors, which must all be located.
/// CompilationFailed (a stage stopping at its first user error) counts as a user error;
/// every other exception escapes, for libFuzzer to report.
inline driver::CheckedProgramPtr checkText(const uint8_t* data, size_t size,
                                           DiagnosticEngine& diags) {
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    auto prog = driver::loadProgramText("/nonexistent-fuzz-dir/fuzz.fut", text, diags);
    if (!prog && !diags.hasErrors())
      __builtin_trap(); // rejected without saying why
    requireLocatedErrors(diags);
    return prog;
  } catch (const CompilationFailed&) {
    if (!diags.hasErrors())
      __builtin_trap();
    requireLocatedErrors(diags);
    return nullptr;
  }
}

} // namespace fjord::fuzz
