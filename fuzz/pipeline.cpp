// Fuzz target `pipeline`: any text as a user's file, loaded as `fjord opencl` does (parse,
// imports, type check), then through the whole compiler to OpenCL C and CUDA source text
// (with the executable's main; nothing is built). A program may be rejected at any stage,
// but only with a located diagnostic ("... is not supported yet"); an InternalError or any
// other exception, a crash or a sanitizer report is a finding.
#include "FuzzChecks.h"
#include "driver/Pipeline.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace {

// Runs `f`, which reports user errors to `diags`, and checks what it reported.
template <class F> auto checked(fjord::DiagnosticEngine& diags, F f) -> decltype(f()) {
  decltype(f()) result{};
  try {
    result = f();
    if (!result && !diags.hasErrors())
      __builtin_trap(); // rejected without saying why
  } catch (const fjord::CompilationFailed&) {
    if (!diags.hasErrors())
      __builtin_trap();
  }
  fjord::fuzz::requireLocatedErrors(diags);
  return result;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  fjord::DiagnosticEngine diags;
  // A folder that holds nothing: an `import` finds no file.
  auto prog = checked(diags, [&] {
    return fjord::driver::loadProgramText("/nonexistent-fuzz-dir/fuzz.fut", text, diags);
  });
  if (!prog)
    return 0;
  for (auto backend : {fjord::driver::Backend::OpenCL, fjord::driver::Backend::Cuda}) {
    fjord::DiagnosticEngine compileDiags;
    fjord::driver::CompileOptions opts;
    opts.backend = backend;
    opts.executable = true;
    checked(compileDiags, [&] { return fjord::driver::compile(*prog, opts, compileDiags); });
  }
  return 0;
}
