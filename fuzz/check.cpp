// Fuzz target `check`: any text as a user's file, through the parser and the type checker
// with the prelude (what `fjord check` does, less imports: an input that mentions `import`
// is skipped, as the loader that resolves imports belongs to the driver, fuzzed by
// `pipeline`). A user error must be a located diagnostic; an InternalError or any other
// exception, a crash or a sanitizer report is a finding.
#include "FuzzChecks.h"
#include "prelude/Prelude.h"
#include "sema/Check.h"
#include "syntax/Parse.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace {

std::vector<fjord::ast::Program> parsedPrelude() {
  std::vector<fjord::ast::Program> files;
  for (const auto& src : fjord::prelude::sources()) {
    auto file = std::make_shared<fjord::SourceFile>(
        fjord::SourceFile{"prelude/" + src.name, src.text, ""});
    fjord::DiagnosticEngine diags;
    auto parsed = fjord::parseProgram(file, diags);
    if (!parsed)
      __builtin_trap();
    files.push_back(std::move(*parsed));
  }
  return files;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  if (text.find("import") != std::string::npos)
    return 0;
  // The type checker annotates the ASTs in place: a fresh prelude for every input.
  std::vector<fjord::ast::Program> files = parsedPrelude();
  auto file = std::make_shared<fjord::SourceFile>(fjord::SourceFile{"fuzz.fut", text, ""});
  fjord::DiagnosticEngine diags;
  try {
    auto parsed = fjord::parseProgram(file, diags);
    if (parsed) {
      files.push_back(std::move(*parsed));
      if (!fjord::sema::checkProgram(files, diags) && !diags.hasErrors())
        __builtin_trap(); // rejected without saying why
    } else if (!diags.hasErrors()) {
      __builtin_trap();
    }
  } catch (const fjord::CompilationFailed&) {
    if (!diags.hasErrors())
      __builtin_trap();
  }
  fjord::fuzz::requireLocatedErrors(diags);
  return 0;
}
