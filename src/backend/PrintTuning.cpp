// prog_tuning.h: every tuning parameter as an overridable macro with its documentation, the
// struct of run-time values a context carries, and the name table that
// `<prefix>_context_config_set_tuning_param` searches.
#include "backend/PrintHost.h"

namespace fjord::backend {

std::string printTuningHeader(const imp::Program& prog, const std::string& p) {
  std::string m = macroPrefix(p);
  std::string o = fileHeader(prog);
  o += "// Tuning parameters of module `" + p +
       "`. Each default is a macro that a build may override\n// (-D" + m +
       "_<NAME>=<value>); " + p +
       "_context_config_set_tuning_param and the executable's\n"
       "// --tuning/--param options change them at run time.\n";
  o += "#ifndef " + m + "_TUNING_H\n#define " + m + "_TUNING_H\n\n";
  o += "#include \"fjord_runtime_common.h\"\n\n#include <array>\n#include <cstdint>\n\n";

  std::vector<std::string> idents = tuningMembers(prog);

  for (size_t i = 0; i < prog.tuning.size(); ++i) {
    const imp::TuningParam& t = prog.tuning[i];
    std::string macro = m + "_" + macroPrefix(idents[i]).substr(6);
    o += "// " + t.name + (t.doc.empty() ? "" : ": " + t.doc) + "\n";
    o += "#ifndef " + macro + "\n#define " + macro + " " + std::to_string(t.defaultValue) +
         "\n#endif\n\n";
  }

  o += "/// The tuning values of one context.\nstruct " + p + "_tuning {\n";
  for (size_t i = 0; i < prog.tuning.size(); ++i)
    o += "    int64_t " + idents[i] + " = " + m + "_" + macroPrefix(idents[i]).substr(6) + ";\n";
  o += "};\n\n";

  o += "/// The parameters by name.\nstatic constexpr std::array<fjord_rt::TuningParam<" + p +
       "_tuning>, " + std::to_string(prog.tuning.size()) + "> " + p + "_tuning_params = {{\n";
  for (size_t i = 0; i < prog.tuning.size(); ++i)
    o += "    {" + stringLiteral(prog.tuning[i].name) + ", &" + p + "_tuning::" + idents[i] +
         "},\n";
  o += "}};\n\n#endif // " + m + "_TUNING_H\n";
  return o;
}

} // namespace fjord::backend
