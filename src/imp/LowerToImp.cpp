// Entry of the imp/ stage: one host Function per entry point (see LowerToImp.h).
#include "imp/LowerToImp.h"

#include "imp/Lowering.h"
#include "imp/MergeKernels.h"

namespace fjord::imp {

namespace detail {

void ProgramCtx::addTuning(const std::string& name, int64_t defaultValue,
                           const std::string& doc) {
  for (const TuningParam& t : out.tuning)
    if (t.name == name)
      return;
  out.tuning.push_back(TuningParam{name, defaultValue, doc});
}

const ir::FunDef* ProgramCtx::findFun(const std::string& name) const {
  for (const ir::FunDef& f : prog.funs)
    if (f.name == name)
      return &f;
  return nullptr;
}

} // namespace detail

Program lowerToImp(const ir::Prog& prog, const std::string& sourcePath, DiagnosticEngine& diags) {
  Program out;
  out.sourcePath = sourcePath;
  detail::ProgramCtx ctx{prog, out, diags, {}, {}};
  std::vector<Function> called; // Note [Calls in Imp]; printed before the entry points
  std::set<std::string> lowered;
  for (const ir::FunDef& fun : prog.funs) {
    if (!fun.entry)
      continue;
    // Lower into a scratch program so an abandoned entry point leaves nothing behind,
    // together with the functions it calls that are not lowered yet.
    Program scratch;
    detail::ProgramCtx local{prog, scratch, diags, ctx.kernelNames, {}};
    local.deviceFunctions = ctx.deviceFunctions;
    scratch.tuning = out.tuning;
    std::vector<Function> calledHere;
    try {
      detail::HostLowerer host(local, fun);
      Function f = host.lower();
      scratch.functions.push_back(std::move(f));
      for (size_t i = 0; i < local.requested.size(); ++i) {
        const std::string& name = local.requested[i];
        if (lowered.count(name))
          continue;
        detail::HostLowerer callee(local, *local.findFun(name));
        calledHere.push_back(callee.lowerFunction());
      }
    } catch (const detail::Unsupported&) {
      continue;
    }
    for (const std::string& name : local.requested)
      lowered.insert(name);
    for (Function& f : calledHere)
      called.push_back(std::move(f));
    ctx.kernelNames = local.kernelNames;
    ctx.deviceFunctions = local.deviceFunctions;
    for (Function& f : scratch.deviceFunctions)
      out.deviceFunctions.push_back(std::move(f));
    out.tuning = std::move(scratch.tuning);
    for (Kernel& k : scratch.kernels)
      out.kernels.push_back(std::move(k));
    for (Function& f : scratch.functions)
      out.functions.push_back(std::move(f));
  }
  out.functions.insert(out.functions.begin(), std::make_move_iterator(called.begin()),
                       std::make_move_iterator(called.end()));
  detail::mergeIdenticalKernels(out);
  return out;
}

} // namespace fjord::imp
