// Calls of the functions the core IR keeps (opt/Inline.h), from host code: the callee
// becomes a host Function that is not an entry point, and the call a Call statement
// (Note [Calls in Imp] in Imp.h). Calls from kernel code call device functions
// (LowerDeviceFunction.cpp) or are inlined (LowerKernel.cpp).
#include "imp/Lowering.h"
#include "imp/Names.h"

#include <algorithm>

namespace fjord::imp::detail {

void ProgramCtx::requestFunction(const std::string& name) {
  if (std::find(requested.begin(), requested.end(), name) == requested.end())
    requested.push_back(name);
}

void HostLowerer::lowerApply(const ir::Stm& stm, const ir::Apply& ap, Block& out) {
  const ir::FunDef* f = prog.findFun(ap.fn);
  if (!f || f->entry)
    unsupported(stm, "calling `" + ap.fn + "` from host code");
  FJORD_CHECK(f->params.size() == ap.args.size(), "call with the wrong number of arguments");
  prog.requestFunction(f->name);
  Stm call;
  call.kind = Stm::Kind::Call;
  call.name = identChars(f->name);
  for (size_t i = 0; i < ap.args.size(); ++i) {
    const ir::Param& p = f->params[i];
    if (p.type.kind == ir::Type::Kind::Prim)
      call.kernelArgs.push_back(KernelArg{Param::Kind::Scalar, subExp(ap.args[i]), ""});
    else if (p.type.kind == ir::Type::Kind::Mem)
      call.kernelArgs.push_back(
          KernelArg{Param::Kind::Mem, nullptr, mem(ap.args[i].var(), PrimType::U8, false)});
  }
  for (const ir::PatElem& pe : stm.pat) {
    if (pe.type.kind == ir::Type::Kind::Prim) {
      std::string c = declareScalar(pe.name, pe.type.elem, nullptr, out);
      call.outs.push_back(KernelArg{Param::Kind::Scalar, var(c, pe.type.elem), ""});
    } else if (pe.type.kind == ir::Type::Kind::Mem) {
      declareExistential(stm, pe.name, out);
      call.outs.push_back(
          KernelArg{Param::Kind::Mem, nullptr, mem(pe.name, PrimType::U8, true)});
    }
  }
  out.push_back(std::move(call));
  for (const ir::PatElem& pe : stm.pat)
    if (pe.type.isArray())
      bindArray(pe);
}

Function HostLowerer::lowerFunction() {
  Function f;
  f.name = identChars(fun.name);
  f.span = fun.span;
  f.doc.push_back("function " + fun.name + (fun.span.known() ? " (" + fun.span.citedStr() + ")" : ""));
  names.reserve(f.name);
  for (const ir::Param& p : fun.params) {
    switch (p.type.kind) {
    case ir::Type::Kind::Prim: {
      std::string c = names.fresh(p.name.name);
      bindScalar(p.name, c, p.type.elem);
      f.params.push_back(Param{Param::Kind::Scalar, c, p.type.elem, false});
      break;
    }
    case ir::Type::Kind::Mem: {
      std::string c = names.fresh(p.name.name);
      f.params.push_back(Param{Param::Kind::Mem, c, PrimType::U8, false});
      mems_[p.name.str()] = c;
      paramMems_.insert(p.name.str());
      break;
    }
    case ir::Type::Kind::Array: bindArray(p); break;
    }
  }
  // Array results whose block the body allocates at the top level, row-major from offset
  // 0, are built in their out-parameter; the others are copied there (lowerResults).
  std::vector<std::string> resNames;
  for (const ir::SubExp& r : fun.body.result)
    resNames.push_back(r.isVar() ? r.var().name : "result");
  claimResultBlocks(resNames);
  Block body;
  lowerStms(fun.body.stms, body);
  // The IR function returns its result sizes as results of their own (Note [Calls in Imp]).
  lowerResults(f, resNames, body, /*shapeResults=*/false, "_out");
  finishBody(f, body);
  return f;
}

} // namespace fjord::imp::detail
