// Parses OpenCL C 1.2 with Clang's front end in-process (no files, no subprocess) and
// returns its diagnostics: the tests' check that generated .cl files are valid.
#pragma once
#include <string>

namespace fjord::testutil {

/// Clang's diagnostics (warnings and errors) for `source` as OpenCL C 1.2, as text; empty
/// when it is clean.
std::string checkOpenCL(const std::string& source, const std::string& fileName = "kernels.cl");

} // namespace fjord::testutil
