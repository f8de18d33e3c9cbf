// Fuzz target `pipeline`: any text as a user's file, through the whole compiler to OpenCL C
// and CUDA source text (what `fjord opencl` and `fjord cuda` write; nothing is built). A
// program the type checker accepts may still be rejected by a later stage, but only with a
// located diagnostic ("... is not supported yet"); an InternalError is a finding.
#include "FuzzProgram.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fjord::DiagnosticEngine diags;
  auto prog = fjord::fuzz::checkText(data, size, diags);
  if (!prog)
    return 0;
  for (auto backend : {fjord::driver::Backend::OpenCL, fjord::driver::Backend::Cuda}) {
    fjord::DiagnosticEngine compileDiags;
    fjord::driver::CompileOptions opts;
    opts.backend = backend;
    opts.executable = true;
    try {
      auto files = fjord::driver::compile(*prog, opts, compileDiags);
      if (!files && !compileDiags.hasErrors())
        __builtin_trap();
      fjord::fuzz::requireLocatedErrors(compileDiags);
    } catch (const fjord::CompilationFailed&) {
      if (!compileDiags.hasErrors())
        __builtin_trap();
      fjord::fuzz::requireLocatedErrors(compileDiags);
    }
  }
  return 0;
}
