// Device functions (Note [Calls in Imp] in Imp.h): a kept function called from kernel code
// and the user's operator of a SegRed/SegScan/SegHist are lowered once, into
// Program::deviceFunctions, and every call site in kernel code calls them.
#include "imp/Lowering.h"
#include "imp/SegCombine.h"

#include "ir/Traverse.h"

#include <cstdint>
#include <variant>

namespace fjord::imp::detail {

std::string ProgramCtx::uniqueGlobalName(const std::string& base) {
  for (int n = 0;; ++n) {
    std::string name = n == 0 ? base : base + "_" + std::to_string(n);
    if (!isReservedName(name) && kernelNames.insert(name).second)
      return name;
  }
}

namespace {

using Source = DeviceFunctionInfo::Source;

/// Lowers one device function. It is kernel code (Load/Store, nested SOACs, inlined calls)
/// whose free scalars and arrays (an operator's) become parameters that each call fills
/// from the caller's scope.
class DeviceFunctionLowerer : public KernelLowerer {
public:
  DeviceFunctionLowerer(KernelLowerer& caller, std::string name)
      : KernelLowerer(caller.host, name, caller.stm()), caller_(caller) {
    info.name = std::move(name);
    names.reserve(info.name);
  }

  DeviceFunctionInfo info;

  void scalarParam(const ir::VName& v, PrimType t, size_t index) {
    std::string c = names.fresh(v.name);
    bindScalar(v, c, t);
    add(Param{Param::Kind::Scalar, c, t, false}, Source{Source::Kind::Argument, index, "", {}});
  }

  void blockParam(const ir::VName& block, size_t index) {
    std::string c = names.fresh(block.name);
    blocks_[block.str()] = c;
    add(Param{Param::Kind::Mem, c, PrimType::U8, false},
        Source{Source::Kind::Argument, index, "", {}});
  }

  /// The finished function: `body` then the return of `results`, cleaned up like a
  /// kernel's body; parameters for memory it never accesses are dropped.
  Function finish(Block body, const std::vector<ExpRef>& results,
                  const std::vector<std::string>& resultNames, std::string doc,
                  const SourceSpan& span) {
    Stm ret;
    ret.kind = Stm::Kind::Return;
    ret.args = results;
    body.push_back(std::move(ret));
    propagateCopies(body);
    removeUnusedScalars(body);
    foldTemporaries(body);
    if (!errorFlag.empty())
      guardFailedChecks(body, errorFlag);
    for (size_t i = kernel.params.size(); i-- > 0;)
      if (kernel.params[i].kind == Param::Kind::Mem && !accessed_.count(kernel.params[i].name)) {
        kernel.params.erase(kernel.params.begin() + static_cast<std::ptrdiff_t>(i));
        info.sources.erase(info.sources.begin() + static_cast<std::ptrdiff_t>(i));
      }
    Function f;
    f.name = info.name;
    f.device = true;
    f.params = kernel.params;
    for (size_t i = 0; i < results.size(); ++i)
      f.results.push_back(
          Param{Param::Kind::Scalar, names.fresh(resultNames.at(i) + "_out"), results[i]->type, true});
    f.body = std::move(body);
    f.doc.push_back(std::move(doc));
    f.span = span;
    info.params = f.params;
    info.results = f.results;
    info.errorMessages = errorMessages;
    return f;
  }

  std::string mem(const ir::VName& block, PrimType elem, bool write) override {
    ir::VName b = resolveAlias(block);
    std::string c;
    if (auto it = blocks_.find(b.str()); it != blocks_.end()) {
      c = it->second;
      for (Param& p : kernel.params)
        if (p.name == c) {
          if (!accessed_.count(c))
            p.type = elem;
          p.written = p.written || write;
        }
    } else { // a free array of an operator: the caller's memory
      size_t before = kernel.params.size();
      c = memParam(b.name, "block " + b.str(), elem, write);
      if (kernel.params.size() > before)
        info.sources.push_back(Source{Source::Kind::Mem, 0, "", b});
    }
    accessed_.insert(c);
    return c;
  }

  std::string errorFlagParam() override {
    size_t before = kernel.params.size();
    errorFlag = memParam("error_flag", "error_flag", PrimType::I32, /*write=*/true);
    if (kernel.params.size() > before)
      info.sources.push_back(Source{Source::Kind::ErrorFlag, 0, "", {}});
    accessed_.insert(errorFlag);
    return errorFlag;
  }

  ExpRef errorCode(int64_t code) override {
    if (errorBase_.empty()) {
      errorBase_ = names.fresh("error_base");
      add(Param{Param::Kind::Scalar, errorBase_, PrimType::I32, false},
          Source{Source::Kind::ErrorBase, 0, "", {}});
    }
    ExpRef base = var(errorBase_, PrimType::I32);
    return code == 1 ? base
                     : binOp(BinOpKind::Add, base, constant(PrimValue::integer(PrimType::I32, code - 1)));
  }

protected:
  ExpRef freeScalar(const std::string& key) override {
    ExpRef outer = caller_.scalarByKey(key);
    std::string c = names.fresh(outer->name);
    scalars_[key] = ScalarVar{c, outer->type};
    add(Param{Param::Kind::Scalar, c, outer->type, false}, Source{Source::Kind::Scalar, 0, key, {}});
    return var(c, outer->type);
  }

  const ArrayVar* freeArray(const std::string& key) override {
    const ArrayVar* a = caller_.findArray(key);
    return a ? &(arrays_[key] = *a) : nullptr;
  }

private:
  void add(Param p, Source s) {
    kernel.params.push_back(std::move(p));
    info.sources.push_back(std::move(s));
  }

  KernelLowerer& caller_;
  std::map<std::string, std::string> blocks_; ///< parameter blocks -> their C names
  std::set<std::string> accessed_;            ///< Mem parameters loaded from or stored to
  std::string errorBase_;
};

/// Whether kept function `f` can be a device function: its arrays (parameters, views and
/// nested lambdas' rows) all live in its parameter blocks, and it allocates nothing.
class LocalMemoryFinder : public ir::Walker {
public:
  explicit LocalMemoryFinder(const ir::FunDef& f) {
    for (const ir::Param& p : f.params)
      if (p.type.kind == ir::Type::Kind::Mem)
        blocks_.insert(p.name);
  }
  bool found = false;

  void param(const ir::Param& p) override {
    if (p.type.kind == ir::Type::Kind::Mem || (p.type.isArray() && (!p.mem || !blocks_.count(p.mem->block))))
      found = true;
    ir::Walker::param(p);
  }
  void stm(const ir::Stm& s) override {
    for (const ir::PatElem& pe : s.pat)
      param(pe);
    if (const auto* op = std::get_if<ir::Op>(&s.exp); op && std::holds_alternative<ir::Alloc>(*op))
      found = true;
    ir::Walker::stm(s);
  }

private:
  std::set<ir::VName> blocks_;
};

std::string citedSpan(const SourceSpan& span) {
  return span.known() ? " (" + span.citedStr() + ")" : "";
}

} // namespace

bool isSingleOperation(const ir::Lambda& lam) {
  if (lam.body.stms.size() > 1)
    return false;
  if (lam.body.stms.empty())
    return true;
  const auto* b = std::get_if<ir::BasicOp>(&lam.body.stms[0].exp);
  return b && (b->kind == ir::BasicOp::Kind::BinOp || b->kind == ir::BasicOp::Kind::CmpOp ||
               b->kind == ir::BasicOp::Kind::UnOp || b->kind == ir::BasicOp::Kind::Convert);
}

const DeviceFunctionInfo* KernelLowerer::deviceFunctionOf(const ir::Stm& stm, const ir::FunDef& f) {
  std::string key = "fun " + f.name;
  if (auto it = prog.deviceFunctions.find(key); it != prog.deviceFunctions.end())
    return &it->second;
  for (const ir::PatElem& pe : stm.pat)
    if (pe.type.kind != ir::Type::Kind::Prim)
      return nullptr;
  for (const ir::Param& p : f.params)
    if (p.type.isArray() && !p.mem)
      return nullptr;
  LocalMemoryFinder local(f);
  local.body(f.body);
  if (local.found)
    return nullptr;

  prog.loweringDevice.insert(f.name);
  DeviceFunctionLowerer d(*this, prog.uniqueGlobalName("dev_fun_" + identChars(f.name)));
  for (size_t i = 0; i < f.params.size(); ++i) {
    const ir::Param& p = f.params[i];
    if (p.type.kind == ir::Type::Kind::Prim)
      d.scalarParam(p.name, p.type.elem, i);
    else if (p.type.kind == ir::Type::Kind::Mem)
      d.blockParam(p.name, i);
    else
      d.bindArray(p);
  }
  Block body;
  d.lowerStms(f.body.stms, body);
  std::vector<ExpRef> results;
  std::vector<std::string> resultNames;
  for (const ir::SubExp& r : f.body.result) {
    results.push_back(d.subExp(r));
    resultNames.push_back(r.isVar() ? r.var().name : "result");
  }
  prog.out.deviceFunctions.push_back(
      d.finish(std::move(body), results, resultNames, "function " + f.name + citedSpan(f.span), f.span));
  prog.loweringDevice.erase(f.name);
  return &(prog.deviceFunctions[key] = d.info);
}

std::vector<ExpRef> KernelLowerer::applyOperator(const ir::Lambda& lam, const std::string& name,
                                                 const std::vector<ExpRef>& args, Block& out) {
  if (isSingleOperation(lam))
    return applyLambda(lam, args, out);
  std::string key = "operator " + std::to_string(reinterpret_cast<std::uintptr_t>(&lam));
  auto it = prog.deviceFunctions.find(key);
  if (it == prog.deviceFunctions.end()) {
    DeviceFunctionLowerer d(*this, prog.uniqueGlobalName("op_" + identChars(name)));
    for (size_t i = 0; i < lam.params.size(); ++i) {
      FJORD_CHECK(lam.params[i].type.kind == ir::Type::Kind::Prim, "operator parameter is not a scalar");
      d.scalarParam(lam.params[i].name, lam.params[i].type.elem, i);
    }
    Block body;
    d.lowerStms(lam.body.stms, body);
    std::vector<ExpRef> results;
    std::vector<std::string> resultNames;
    for (const ir::SubExp& r : lam.body.result) {
      results.push_back(d.subExp(r));
      resultNames.push_back(name + (lam.body.result.size() > 1 ? "_" + std::to_string(resultNames.size()) : ""));
    }
    const SourceSpan& span = stm().prov.span;
    prog.out.deviceFunctions.push_back(d.finish(std::move(body), results, resultNames,
                                                "the operator of `" + name + "`" + citedSpan(span), span));
    it = prog.deviceFunctions.emplace(key, d.info).first;
  }
  auto argument = [&](size_t i, const Param&) { return KernelArg{Param::Kind::Scalar, args.at(i), ""}; };
  std::vector<std::string> resultNames(it->second.results.size(), name + "_op");
  return callDevice(it->second, argument, resultNames, out);
}

std::vector<ExpRef> KernelLowerer::callDevice(
    const DeviceFunctionInfo& fn, const std::function<KernelArg(size_t, const Param&)>& argument,
    const std::vector<std::string>& resultNames, Block& out) {
  // The callee's checks get codes after the caller's (Note [Calls in Imp]). The flag comes
  // first, so that a device function calling another takes (error_flag, error_base) in the
  // same order as one with checks of its own.
  ExpRef errorBase;
  if (!fn.errorMessages.empty()) {
    errorFlagParam();
    errorBase = errorCode(static_cast<int64_t>(errorMessages.size()) + 1);
  }
  Stm call;
  call.kind = Stm::Kind::Call;
  call.name = fn.name;
  for (size_t i = 0; i < fn.params.size(); ++i) {
    const Param& p = fn.params[i];
    const Source& s = fn.sources[i];
    switch (s.kind) {
    case Source::Kind::Argument: call.kernelArgs.push_back(argument(s.index, p)); break;
    case Source::Kind::Scalar:
      call.kernelArgs.push_back(KernelArg{Param::Kind::Scalar, scalarByKey(s.key), ""});
      break;
    case Source::Kind::Mem:
      call.kernelArgs.push_back(KernelArg{Param::Kind::Mem, nullptr, mem(s.block, p.type, p.written)});
      break;
    case Source::Kind::ErrorFlag:
      call.kernelArgs.push_back(KernelArg{Param::Kind::Mem, nullptr, errorFlagParam()});
      break;
    case Source::Kind::ErrorBase:
      call.kernelArgs.push_back(KernelArg{Param::Kind::Scalar, errorBase, ""});
      break;
    }
  }
  errorMessages.insert(errorMessages.end(), fn.errorMessages.begin(), fn.errorMessages.end());
  std::vector<ExpRef> res;
  for (size_t i = 0; i < fn.results.size(); ++i) {
    std::string c = names.fresh(resultNames.at(i));
    out.push_back(declare(c, fn.results[i].type));
    res.push_back(var(c, fn.results[i].type));
    call.outs.push_back(KernelArg{Param::Kind::Scalar, res.back(), ""});
  }
  out.push_back(std::move(call));
  return res;
}

} // namespace fjord::imp::detail
