// prog_tuning.h: every tuning parameter as an overridable macro with its documentation, the
// struct of run-time values a context carries, and the name table that
// `<prefix>_context_config_set_tuning_param` searches.
#include "backend/PrintHost.h"

#include <map>
#include <utility>

namespace fjord::backend {
namespace {

/// Which thresholds guard each threshold: the enclosing host `if`s on a threshold
/// comparison, outermost first, with the branch (true: the comparison held) the threshold
/// is compared in. Found in the host code, so the tree is what the program does.
class ThresholdTree {
public:
  using Guards = std::vector<std::pair<std::string, bool>>;
  std::vector<std::pair<std::string, Guards>> order; ///< thresholds as first compared

  explicit ThresholdTree(const imp::Program& prog) {
    for (const imp::Function& f : prog.functions)
      block(f.body);
  }

private:
  std::map<std::string, std::string> compares_; ///< scalar -> the threshold it holds
  Guards guards_;

  void exp(const imp::ExpRef& e) {
    if (!e)
      return;
    if (e->kind == imp::Exp::Kind::CmpSize) {
      bool seen = false;
      for (const auto& [name, g] : order)
        seen = seen || name == e->name;
      if (!seen)
        order.emplace_back(e->name, guards_);
    }
    for (const imp::ExpRef& a : e->args)
      exp(a);
  }

  /// The threshold `e` compares: a comparison, a scalar holding one, or a conjunction with
  /// one (version B's `suff_intra && fits`); "" for none.
  std::string threshold(const imp::ExpRef& e) {
    if (e->kind == imp::Exp::Kind::CmpSize)
      return e->name;
    if (e->kind == imp::Exp::Kind::Var && compares_.count(e->name))
      return compares_[e->name];
    if (e->kind == imp::Exp::Kind::BinOp && e->binOp == BinOpKind::LogAnd)
      for (const imp::ExpRef& a : e->args)
        if (std::string t = threshold(a); !t.empty())
          return t;
    return "";
  }

  void block(const imp::Block& b) {
    for (const imp::Stm& s : b) {
      for (const imp::ExpRef& a : s.args)
        exp(a);
      if ((s.kind == imp::Stm::Kind::DeclareScalar || s.kind == imp::Stm::Kind::Assign) &&
          !s.args.empty())
        if (std::string t = threshold(s.args[0]); !t.empty())
          compares_[s.name] = t;
      const imp::ExpRef* cond = s.kind == imp::Stm::Kind::If ? &s.args.at(0) : nullptr;
      std::string guard = cond ? threshold(*cond) : "";
      for (bool branch : {true, false}) {
        if (!guard.empty())
          guards_.emplace_back(guard, branch);
        block(branch ? s.body : s.elseBody);
        if (!guard.empty())
          guards_.pop_back();
      }
    }
  }
};

/// `// Thresholds (...)` lines: each threshold with the comparisons that must have gone
/// its way for it to be compared (Futhark's threshold tree, for autotuners).
std::string thresholdTree(const imp::Program& prog) {
  ThresholdTree tree(prog);
  if (tree.order.empty())
    return "";
  std::string o = "//\n// Thresholds and the comparisons under which each is made (`name <= value`\n"
                  "// picks the version before the `else`; Note [Thresholds] in Fjord's ir/IR.h):\n";
  for (const auto& [name, guards] : tree.order) {
    o += "//   " + name;
    if (guards.empty())
      o += " (always compared)";
    for (size_t i = 0; i < guards.size(); ++i)
      o += std::string(i ? ", " : " when ") + guards[i].first + (guards[i].second ? " held" : " failed");
    o += "\n";
  }
  return o;
}

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
  o += thresholdTree(prog);
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
