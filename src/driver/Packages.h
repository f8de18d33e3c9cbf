// Futhark's package layout without a package manager: a program's packages live in `lib/`
// next to it (`import "lib/github.com/owner/repo/file"` is an ordinary relative import), and
// its `futhark.pkg` lists them (`require { github.com/owner/repo 1.0.0 #hash }`). Fjord
// fetches nothing (no network); it reports a required package that is not in `lib/`.
#pragma once
#include "support/Diagnostics.h"

#include <string>

namespace fjord::driver {

/// Reads the `futhark.pkg` next to `programPath`, if there is one, and reports (located in
/// that file) every required package whose folder `lib/<package>` is missing; false then.
bool checkPackages(const std::string& programPath, DiagnosticEngine& diags);

/// For an import path that could not be read: a hint when it looks like a package's.
std::string missingPackageHint(const std::string& importPath);

} // namespace fjord::driver
