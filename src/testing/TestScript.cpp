// Evaluating the simple forms of `script input` (TestScript.h).
#include "testing/TestScript.h"

#include "testing/DataFile.h"
#include "testing/TestData.h"
#include "interp/DataFormat.h"
#include "interp/Interpreter.h"
#include "sema/Check.h"

#include <cctype>

namespace fjord::testing {
namespace {

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  size_t e = s.find_last_not_of(" \t\r\n");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

ScriptResult unsupported(const std::string& what) {
  ScriptResult r;
  r.unsupported = true;
  r.error = "script input is not supported yet: " + what;
  return r;
}

ScriptResult failure(const std::string& error) {
  ScriptResult r;
  r.error = error;
  return r;
}

// The values in the binary data format, one after another (the program reads either form).
ScriptResult binaryOf(const std::vector<interp::Value>& values,
                      const std::vector<TypeRef>& types = {}) {
  ScriptResult r;
  std::string out;
  for (size_t i = 0; i < values.size(); ++i) {
    using K = interp::Value::Kind;
    if (values[i].kind() != K::Prim && values[i].kind() != K::Array)
      return unsupported("its value is not a scalar or an array");
    out += interp::writeBinary(values[i], i < types.size() ? types[i] : nullptr);
  }
  r.data = out;
  return r;
}

bool isIdentifierStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}

} // namespace

ScriptResult evalScriptInput(const std::string& script, const std::filesystem::path& program,
                             const driver::CheckedProgram* prog) {
  std::string expr = trim(script);
  // One pair of parentheses around the whole expression changes nothing.
  while (expr.size() >= 2 && expr.front() == '(' && expr.back() == ')' &&
         expr.find_first_of("(),", 1) == expr.size() - 1)
    expr = trim(expr.substr(1, expr.size() - 2));
  if (expr.empty())
    return failure("empty script input");

  if (expr.compare(0, 9, "$loaddata") == 0) {
    std::string arg = trim(expr.substr(9));
    if (arg.size() < 2 || arg.front() != '"' || arg.back() != '"' ||
        arg.find('"', 1) != arg.size() - 1)
      return unsupported("`$loaddata` takes one file name in quotes");
    std::string error;
    auto data = readDataFile(program.parent_path() / arg.substr(1, arg.size() - 2), error);
    return data ? ScriptResult{data, "", false} : failure(error);
  }
  if (expr.front() == '$') {
    size_t end = expr.find_first_of(" \t\n(");
    return unsupported("the builtin `" + expr.substr(0, end) + "`");
  }
  if (expr.find_first_of("(),{}") != std::string::npos || expr.find("let ") != std::string::npos)
    return unsupported("only a call of an entry point on literal values, literal values or "
                       "`$loaddata \"file\"`");

  if (!isIdentifierStart(expr.front()) || expr == "true" || expr == "false" ||
      expr.compare(0, 5, "true ") == 0 || expr.compare(0, 6, "false ") == 0) {
    std::string error;
    auto values = interp::readAllValues(expr, error);
    if (!values)
      return failure("cannot read the script's values: " + error);
    return binaryOf(*values);
  }

  size_t nameEnd = 0;
  while (nameEnd < expr.size() &&
         (std::isalnum(static_cast<unsigned char>(expr[nameEnd])) || expr[nameEnd] == '_' ||
          expr[nameEnd] == '\''))
    ++nameEnd;
  std::string entry = expr.substr(0, nameEnd);
  if (!prog)
    return unsupported("calls of entry points need the program");
  const ast::Decl* decl = driver::checkedOf(*prog).findEntry(entry);
  if (!decl)
    return failure("script input calls `" + entry + "`, which is not an entry point");
  std::string error;
  auto results = interpretEntry(*prog, entry, expr.substr(nameEnd), error);
  if (!results)
    return failure("script input `" + expr + "`: " + error);
  return binaryOf(*results, interp::entryResultTypes(*decl));
}

} // namespace fjord::testing
