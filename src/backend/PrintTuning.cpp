// prog_tuning.h: every tuning parameter as an overridable macro with its documentation, the
// struct of run-time values a context carries, and the name table that
// `<prefix>_context_config_set_tuning_param` searches.
#include "backend/PrintHost.h"

namespace fjord::backend {
namespace {

/// Whether some parameter's name ends in `.kind`.
bool hasKind(const imp::Program& prog, const std::string& kind) {
  for (const imp::TuningParam& t : prog.tuning) {
    std::string suffix = "." + kind;
    if (t.name.size() > suffix.size() &&
        t.name.compare(t.name.size() - suffix.size(), suffix.size(), suffix) == 0)
      return true;
  }
  return false;
}

/// What each kind of parameter in this module controls (see Note [Tuning parameters in Imp]).
std::string kindsLegend(const imp::Program& prog) {
  std::string o;
  if (hasKind(prog, "block_size"))
    o += "//   <kernel>.block_size  threads per block (OpenCL: work-group size) of the kernels\n"
         "//                        <kernel>*; the host clamps it to [1, 1024] (reductions\n"
         "//                        and scans: rounded down to a multiple of 32, at least 32)\n";
  if (hasKind(prog, "num_blocks"))
    o += "//   <kernel>.num_blocks  blocks of the first stage of reduction <kernel>, each of\n"
         "//                        which folds a contiguous chunk into one partial result; the\n"
         "//                        host clamps it to [1, ceil(n / block_size)]\n";
  if (hasKind(prog, "items_per_thread"))
    o += "//   <kernel>.items_per_thread  elements each thread of scan <kernel> handles per\n"
         "//                        tile; the host clamps it so that a tile fits the shared\n"
         "//                        memory the kernel reserves\n";
  if (hasKind(prog, "block_per_segment"))
    o += "//   <kernel>.block_per_segment  the segment length from which segmented reduction\n"
         "//                        <kernel> gives each segment a whole block (shorter ones get\n"
         "//                        a power of two of threads, at most a warp)\n";
  return o.empty() ? o : "//\n// Kinds of parameter:\n" + o;
}

} // namespace

std::string printTuningHeader(const imp::Program& prog, const std::string& p) {
  std::string m = macroPrefix(p);
  std::string o = fileHeader(prog);
  o += "// Tuning parameters of module `" + p +
       "`: they change how fast its kernels run, never what\n"
       "// they compute. Each default below is a macro that a build may override with\n"
       "// -D" + m + "_<NAME>=<value>. At run time, " + p +
       "_context_config_set_tuning_param(cfg,\n"
       "// \"<name>\", value) and the executable's --tuning FILE (`<name>=<value>` lines) and\n"
       "// --param <name>=<value> options change them.\n";
  o += kindsLegend(prog);
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
