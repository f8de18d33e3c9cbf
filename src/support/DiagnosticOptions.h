// What the command line decides about diagnostics (`--color`, `-w`, `-Werror`), and the
// dropping of follow-on errors. Kept apart from Diagnostics.h, which collects diagnostics
// and knows nothing of terminals: the driver applies these to what a stage collected.
#pragma once
#include "support/Diagnostics.h"

#include <string>

namespace fjord {

/// What warnings become: reported, dropped (`-w`), or errors (`-Werror`).
enum class WarningPolicy { Report, Ignore, AsError };

struct DiagnosticOptions {
  /// GCC's colours: error red, warning magenta, note cyan (all bold), the caret bold green,
  /// locations and `quoted` names bold.
  bool color = false;
  WarningPolicy warnings = WarningPolicy::Report;
};

/// `d` as Diagnostic::render() writes it, in GCC's colours when `color`.
std::string renderDiagnostic(const Diagnostic& d, bool color);

/// Everything `diags` collected, in the order reported, coloured if the options say so.
std::string render(const DiagnosticEngine& diags, const DiagnosticOptions& options);

/// Applies `policy` to what `diags` collected so far: `-w` drops the warnings, `-Werror`
/// makes each an error whose message ends in ` [-Werror]` (then hasErrors() is true).
void applyWarningPolicy(DiagnosticEngine& diags, WarningPolicy policy);

/// Follow-on errors: drops each error reported from index `from` on whose span overlaps
/// (contains or lies within) the span of an earlier error from there. One mistake in a
/// declaration then gives one error, not also one for each expression around it or for
/// the declared return type that no longer matches.
void dropOverlappingErrors(DiagnosticEngine& diags, size_t from);

} // namespace fjord
