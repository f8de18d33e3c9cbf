// `fjord run`: runs an entry point in the reference interpreter. Arguments come on stdin in
// Futhark's data format (text or binary, mixed per value); results are printed in the text
// format, one per line.
#include "driver/Commands.h"
#include "driver/Pipeline.h"
#include "interp/DataFormat.h"
#include "interp/Interpreter.h"

#include <iostream>
#include <iterator>

namespace fjord::driver {

int cmdRun(const std::string& file, const std::string& entry, const DiagnosticOptions& diag) {
  DiagnosticEngine diags;
  auto prog = loadProgram(file, diags);
  applyWarningPolicy(diags, diag.warnings);
  std::cerr << render(diags, diag); // errors, or warnings
  if (!prog || diags.hasErrors())
    return 1;
  diags.clear();
  const sema::CheckedProgram& checked = checkedOf(*prog);
  const ast::Decl* decl = checked.findEntry(entry);
  if (!decl) {
    std::cerr << "fjord: error: " << file << " has no entry point `" << entry << "`\n";
    return 1;
  }
  std::string input((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
  std::string error;
  auto args = interp::readValues(input, interp::entryParamTypes(*decl), error, "argument");
  if (!args) {
    std::cerr << "fjord: error: invalid input: " << error << "\n";
    return 1;
  }
  interp::Interpreter interpreter(checked);
  auto results = interpreter.callEntry(entry, *args, diags);
  if (!results) {
    std::cerr << render(diags, diag);
    return 1;
  }
  auto types = interp::entryResultTypes(*decl);
  for (size_t i = 0; i < results->size(); ++i)
    std::cout << interp::printValue((*results)[i], i < types.size() ? types[i] : nullptr) << "\n";
  return 0;
}

} // namespace fjord::driver
