// Fuzz target `check`: any text as a user's file, through the parser and the type checker
// (with the prelude, as `fjord check` does). A user error must be a diagnostic; an
// InternalError or any other exception, a crash or a sanitizer report is a finding.
#include "FuzzProgram.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fjord::DiagnosticEngine diags;
  fjord::fuzz::checkText(data, size, diags);
  return 0;
}
