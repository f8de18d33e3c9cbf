// Code inside one kernel (see Lowering.h): capture-on-use of host values as kernel
// parameters, Load/Store at LMAD-computed element indices, SOACs nested in a kernel body
// as sequential loops in the thread, calls of device functions or inlined calls,
// assertions through an error flag, and the kernel's doc comment.
#include "imp/Lowering.h"

#include "imp/SymbolicToImp.h"

#include <algorithm>
#include <variant>

namespace fjord::imp::detail {

// Note [Assertions in kernels]
// A kernel cannot stop the entry point, so a failing assertion stores its code (1 + its
// index among the assertions of the function's kernels so far: codeBase + its index in the
// kernel) into a device i32 `error_flag` that the entry function allocates and zeroes on
// entry, by a compare-and-swap from 0, so that the first failure's code stays. The host
// reads the flag back where it next depends on the device and fails with the message of
// the code found (Note [Deferred kernel error checks] in DeferErrorChecks.cpp).
//
// The failing thread must not go on to the access the check protects (a bounds check
// precedes its load), but it must not return either: the rest of a reduction or scan
// waits for every thread of the block at its barriers. So a check guards the statements
// after it in its block, as the `else` of `if (!ok) { atomic_cas error_flag[0], 0, code; }`
// (guardFailedChecks, GuardChecks.cpp, run on the finished kernel body). The guarded part
// ends before the first statement that reaches a barrier or assigns a variable declared
// before it (the skeleton's loop counters and accumulators: a `while` loop must still
// advance); variables it declares that the unguarded rest reads are declared before the
// check, zeroed. The failing thread's results are garbage, and are discarded when the
// entry point fails. User code never holds a barrier (nested SOACs run sequentially in
// the thread), so in practice the whole rest of the user's code in that block is guarded.
// A device function's checks store error_base + i, their codes in the calling kernel's
// list, and skip the rest of the function (Note [Calls in Imp] in Imp.h).
// A bounds check that protects only the element reads right after it guards nothing: the
// reads become `ok ? xs[i] : 0` (Note [Checked loads] in CheckedLoads.cpp).

KernelLowerer::KernelLowerer(HostLowerer& host, std::string name, const ir::Stm& stm)
    : Lowerer(host.prog), host(host), stm_(stm) {
  kernel.name = std::move(name);
  codeBase = static_cast<int64_t>(host.kernelErrorMessages().size());
  // Statements that internalisation made without a span of their own (an `iota` for a
  // range, a copy) cite what encloses them: a statement, else the function.
  kernel.span = stm.prov.span.known()           ? stm.prov.span
                : host.enclosingSpan().known() ? host.enclosingSpan()
                                               : host.fun.span;
}

ExpRef KernelLowerer::freeScalar(const std::string& key) {
  ExpRef h = host.scalarByKey(key);
  FJORD_CHECK(h->kind == Exp::Kind::Var, "host scalar is not a variable");
  auto it = scalarParams_.find(h->name);
  std::string c;
  if (it != scalarParams_.end()) {
    c = it->second;
  } else {
    c = names.fresh(h->name);
    scalarParams_[h->name] = c;
    kernel.params.push_back(Param{Param::Kind::Scalar, c, h->type, false});
    args.push_back(KernelArg{Param::Kind::Scalar, h, ""});
  }
  scalars_[key] = ScalarVar{c, h->type};
  return var(c, h->type);
}

const ArrayVar* KernelLowerer::freeArray(const std::string& key) {
  const ArrayVar* a = host.findArray(key);
  if (!a)
    return nullptr;
  return &(arrays_[key] = *a);
}

ExpRef KernelLowerer::param(std::string_view name, ExpRef hostValue) {
  std::string c = names.fresh(name);
  kernel.params.push_back(Param{Param::Kind::Scalar, c, hostValue->type, false});
  args.push_back(KernelArg{Param::Kind::Scalar, hostValue, ""});
  return var(c, hostValue->type);
}

std::string KernelLowerer::memParam(std::string_view name, const std::string& hostMem,
                                    PrimType elem, bool write) {
  auto it = memParams_.find(hostMem);
  if (it == memParams_.end()) {
    std::string c = names.fresh(name);
    it = memParams_.emplace(hostMem, c).first;
    kernel.params.push_back(Param{Param::Kind::Mem, c, elem, write});
    args.push_back(KernelArg{Param::Kind::Mem, nullptr, hostMem});
    return c;
  }
  for (Param& p : kernel.params)
    if (p.kind == Param::Kind::Mem && p.name == it->second)
      p.written = p.written || write;
  return it->second;
}

void KernelLowerer::markNoAlias(const std::string& name) {
  for (Param& p : kernel.params)
    if (p.kind == Param::Kind::Mem && p.name == name)
      p.noAlias = true;
}

ir::VName KernelLowerer::resolveAlias(const ir::VName& block) const {
  ir::VName b = block;
  for (auto it = blockAlias_.find(b.str()); it != blockAlias_.end(); it = blockAlias_.find(b.str()))
    b = it->second;
  return b;
}

std::string KernelLowerer::mem(const ir::VName& block, PrimType elem, bool write) {
  std::string h = host.mem(resolveAlias(block), elem, write);
  return memParam(h, h, elem, write);
}

ExpRef KernelLowerer::let(std::string_view name, ExpRef init, Block& out) {
  std::string c = names.fresh(name);
  out.push_back(declare(c, init->type, init));
  return var(c, init->type);
}

namespace {

/// `lmad` with its variables shown by their source names (`n_12` -> `n`), for docs.
/// `lmad` for a kernel's doc comment: variables the kernel has in C (`bound`: thread and
/// loop indices, sizes) by their C names, so the comment matches the code below it; the
/// others by their source names.
std::string readableLmad(const symbolic::Lmad& lmad, const std::map<std::string, ScalarVar>& bound) {
  std::map<std::string, symbolic::Expr> rename;
  std::set<std::string> shownNames;
  std::vector<std::string> unbound;
  for (const std::string& v : lmad.freeVars()) {
    auto it = bound.find(v);
    if (it == bound.end()) {
      unbound.push_back(v);
      continue;
    }
    shownNames.insert(it->second.cname);
    if (it->second.cname != v)
      rename.emplace(v, symbolic::Expr::var(it->second.cname));
  }
  for (const std::string& v : unbound) {
    size_t us = v.rfind('_');
    bool tagged = us != std::string::npos && us + 1 < v.size() &&
                  v.find_first_not_of("0123456789", us + 1) == std::string::npos;
    std::string shown = v;
    if (tagged)
      shown = v.substr(0, us);
    else if (!v.empty() && (v[0] == '%' || v[0] == '#'))
      shown = v.substr(1);
    // Two variables with one source name (`n_1`, `n_5`) must stay apart: `n`, `n_1`.
    std::string base = shown;
    for (int k = 1; !shownNames.insert(shown).second; ++k)
      shown = base + "_" + std::to_string(k);
    if (shown != v)
      rename.emplace(v, symbolic::Expr::var(shown));
  }
  return lmad.substitute(rename).str();
}

} // namespace

void KernelLowerer::noteArray(bool write, const ArrayVar& a) {
  noteAccess(write, a.source + " @" + mem(a.block, a.elem, write) + " -> " + readableLmad(a.lmad, scalars_));
}

void KernelLowerer::noteAccess(bool write, const std::string& text) {
  auto& list = write ? writes_ : reads_;
  if (std::find(list.begin(), list.end(), text) == list.end())
    list.push_back(text);
}

ExpRef KernelLowerer::readElement(const ArrayVar& a, const std::vector<ExpRef>& idx,
                                  const std::string& as, Block& out) {
  noteArray(false, a);
  std::string m = mem(a.block, a.elem, false);
  std::string c = names.fresh(as);
  ExpRef value = load(m, elemIndex(a, idx), a.elem);
  if (loadGuard_) // Note [Checked loads] in CheckedLoads.cpp
    value = select(loadGuard_, std::move(value), zeroOf(a.elem));
  out.push_back(declare(c, a.elem, std::move(value)));
  return var(c, a.elem);
}

void KernelLowerer::writeElement(const ArrayVar& a, const std::vector<ExpRef>& idx, ExpRef value,
                                 Block& out) {
  noteArray(true, a);
  std::string m = mem(a.block, a.elem, true);
  out.push_back(store(m, elemIndex(a, idx), std::move(value)));
}

void KernelLowerer::fillArray(const ir::Stm&, const ArrayVar& dest, const std::string&,
                              const std::string&, ElemFn gen, Block& out) {
  loopNest(*this, dest.shape,
           [&](const std::vector<ExpRef>& idx, Block& body) {
             ExpRef v = gen(*this, idx, body);
             writeElement(dest, idx, v, body);
           },
           out);
}

void KernelLowerer::lowerAssert(const ir::Stm& stm, ExpRef cond, Block& out) {
  // See Note [Assertions in kernels].
  errorMessages.push_back(std::get<ir::BasicOp>(stm.exp).message);
  std::string flag = errorFlagParam();
  auto code = static_cast<int64_t>(errorMessages.size());
  out.push_back(ifThen(notE(std::move(cond)), {setErrorCode(flag, errorCode(code))}));
}

Stm setErrorCode(const std::string& flag, ExpRef code) {
  // flag[0] = code if it is still 0: the first failure is kept (Note [Deferred kernel
  // error checks] in DeferErrorChecks.cpp).
  Stm cas;
  cas.kind = Stm::Kind::AtomicCas;
  cas.type = PrimType::I32;
  cas.name = flag;
  cas.args = {i64(0), constant(PrimValue::integer(PrimType::I32, 0)), std::move(code)};
  return cas;
}

std::string KernelLowerer::errorFlagParam() {
  errorFlag = memParam("error_flag", host.errorFlag(), PrimType::I32, /*write=*/true);
  return errorFlag;
}

ExpRef KernelLowerer::errorCode(int64_t code) {
  return constant(PrimValue::integer(PrimType::I32, codeBase + code));
}

void KernelLowerer::lowerApply(const ir::Stm& stm, const ir::Apply& ap, Block& out) {
  // Functions called from kernel code stay sequential (gpu/). Those with scalar results
  // become device functions (Note [Calls in Imp]); the others are inlined here. Memory
  // parameters and results (mem/ passes each array's block before it) become aliases of
  // the caller's blocks: kernel code allocates nothing, so every block is a host block.
  const ir::FunDef* f = prog.findFun(ap.fn);
  if (!f)
    unsupported(stm, "calling `" + ap.fn + "` from a kernel");
  // gpu/ rejects recursion in kernels (IR text aside).
  if (!inlining_.insert(ap.fn).second || prog.loweringDevice.count(ap.fn))
    unsupported(stm, "a recursive call of `" + ap.fn + "` in a kernel");
  FJORD_CHECK(f->params.size() == ap.args.size(), "call with the wrong number of arguments");
  if (const DeviceFunctionInfo* fn = deviceFunctionOf(stm, *f)) {
    auto argument = [&](size_t i, const Param& p) {
      if (p.kind == Param::Kind::Mem)
        return KernelArg{Param::Kind::Mem, nullptr, mem(ap.args[i].var(), p.type, p.written)};
      return KernelArg{Param::Kind::Scalar, subExp(ap.args[i]), ""};
    };
    std::vector<std::string> resultNames;
    for (const ir::PatElem& pe : stm.pat)
      resultNames.push_back(pe.name.name);
    std::vector<ExpRef> res = callDevice(*fn, argument, resultNames, out);
    for (size_t i = 0; i < stm.pat.size(); ++i)
      bindScalar(stm.pat[i].name, res[i]->name, stm.pat[i].type.elem);
    inlining_.erase(ap.fn);
    return;
  }
  for (size_t i = 0; i < f->params.size(); ++i) {
    const ir::Param& p = f->params[i];
    const ir::SubExp& a = ap.args[i];
    if (p.type.kind == ir::Type::Kind::Mem)
      blockAlias_[p.name.str()] = a.var();
    else if (p.type.isArray())
      p.mem ? bindArray(p) : bindArray(p.name, array(a.var()));
    else
      declareScalar(p.name, p.type.elem, subExp(a), out);
  }
  lowerStms(f->body.stms, out);
  for (size_t i = 0; i < stm.pat.size(); ++i) {
    const ir::PatElem& pe = stm.pat[i];
    const ir::SubExp& r = f->body.result.at(i);
    if (pe.type.kind == ir::Type::Kind::Mem)
      blockAlias_[pe.name.str()] = r.var();
    else if (pe.type.isArray())
      pe.mem ? bindArray(pe) : bindArray(pe.name, array(r.var()));
    else
      declareScalar(pe.name, pe.type.elem, subExp(r), out);
  }
  inlining_.erase(ap.fn);
}

void KernelLowerer::lowerOp(const ir::Stm& stm, const ir::Op& op, Block& out) {
  if (std::holds_alternative<ir::Alloc>(op))
    unsupported(stm, "memory allocation inside a kernel");
  if (std::holds_alternative<ir::SegOp>(op))
    unsupported(stm, "nested parallelism inside a kernel (a SegOp in a kernel body)");
  const ir::Soac& soac = std::get<ir::Soac>(op);
  if (const auto* s = std::get_if<ir::Screma>(&soac))
    return lowerScrema(stm, *s, out);
  if (const auto* h = std::get_if<ir::Hist>(&soac))
    return lowerNestedHist(stm, *h, out);
  if (const auto* sc = std::get_if<ir::Scatter>(&soac))
    return lowerNestedScatter(stm, *sc, out);
  unsupported(stm, "a stream SOAC inside a kernel");
}

std::vector<std::string> KernelLowerer::doc() const {
  std::vector<std::string> d;
  const SourceSpan& sp = kernel.span;
  if (sp.known()) {
    // A span over several lines is cited by its first and last line (the end is one past
    // its last character, so an end at column 1 means the line before).
    // The citation and the first line quoted share a line: `demo.fut:9: entry sum ...`.
    int last = sp.endLine > sp.line ? (sp.endCol <= 1 ? sp.endLine - 1 : sp.endLine) : sp.line;
    std::string citation = sp.file->citedPath() + ":" + std::to_string(sp.line) +
                           (last > sp.line ? "-" + std::to_string(last) : "");
    auto text = [&](int n) {
      std::string line = sp.file->lineText(n);
      size_t b = line.find_first_not_of(" \t");
      size_t e = line.find_last_not_of(" \t\r");
      return b == std::string::npos ? std::string() : line.substr(b, e - b + 1);
    };
    std::string first = text(sp.line);
    d.push_back(first.empty() ? citation : citation + ": " + first);
    if (last > sp.line + 1)
      d.push_back("  ...");
    if (std::string end = last > sp.line ? text(last) : ""; !end.empty())
      d.push_back("  " + end);
  }
  d.insert(d.end(), describe.begin(), describe.end());
  // The parts of a tuple array (same source name and layout) share a line:
  // `writes r @r_mem, @r_mem_1 -> 0 + {(n : 1)}`.
  auto accesses = [&](const std::string& verb, const std::vector<std::string>& list) {
    for (size_t i = 0; i < list.size(); ++i) {
      std::string merged = list[i];
      size_t at = merged.find(" @"), arrow = merged.find(" -> ");
      for (; at != std::string::npos && arrow != std::string::npos && i + 1 < list.size(); ++i) {
        const std::string& next = list[i + 1];
        size_t nextAt = next.find(" @"), nextArrow = next.find(" -> ");
        if (nextAt == std::string::npos || nextArrow == std::string::npos ||
            next.substr(0, nextAt) != merged.substr(0, at) ||
            next.substr(nextArrow) != merged.substr(merged.find(" -> ")))
          break;
        merged.insert(merged.find(" -> "), "," + next.substr(nextAt, nextArrow - nextAt));
      }
      d.push_back(verb + merged);
    }
  };
  accesses("reads  ", reads_);
  accesses("writes ", writes_);
  return d;
}

// ---------------------------------------------------------------------------------------
// Helpers for SegOp kernels

ExpRef globalThreadId(KernelLowerer& k, const std::string& name, Block& out) {
  return k.let(name, add(mul(blockId(), blockSize()), threadId()), out);
}

std::vector<ExpRef> unflatten(KernelLowerer& k, const std::vector<ExpRef>& dims, ExpRef flat,
                              const std::vector<std::string>& names, Block& out) {
  // Row-major: index d = (flat / (n[d+1] * ... * n[q-1])) % n[d]; the outermost needs no
  // modulo and the innermost no division.
  std::vector<ExpRef> idx;
  for (size_t d = 0; d < dims.size(); ++d) {
    ExpRef inner = i64(1);
    for (size_t e = d + 1; e < dims.size(); ++e)
      inner = mul(inner, dims[e]);
    ExpRef v = quot(flat, inner);
    if (d > 0)
      v = rem(v, dims[d]);
    idx.push_back(k.let(names.at(d), v, out));
  }
  return idx;
}

void storeResults(KernelLowerer& k, const ir::Stm& stm, size_t firstPat,
                  const std::vector<ir::SubExp>& res, size_t firstRes,
                  const std::vector<ExpRef>& point,
                  const std::vector<symbolic::Expr>& symPoint, Block& out) {
  for (size_t j = firstPat; j < stm.pat.size(); ++j) {
    const ir::PatElem& pe = stm.pat[j];
    k.bindArray(pe);
    const ArrayVar d = k.array(pe.name);
    const ir::SubExp& r = res.at(firstRes + (j - firstPat));
    if (!(r.isVar() && k.hasArray(r.var()))) {
      k.writeElement(d, point, k.subExp(r), out);
      continue;
    }
    // An array per point: its row of the result, unless the body built it there already.
    const ArrayVar src = k.array(r.var());
    symbolic::Lmad row = d.lmad;
    for (const symbolic::Expr& p : symPoint)
      row = row.fix(p);
    if (row == src.lmad && d.block == src.block)
      continue;
    ArrayVar from = src;
    loopNest(k, src.shape,
             [&](const std::vector<ExpRef>& inner, Block& body) {
               ExpRef v = k.readElement(from, inner, from.source, body);
               std::vector<ExpRef> full = point;
               full.insert(full.end(), inner.begin(), inner.end());
               k.writeElement(d, full, v, body);
             },
             out);
  }
}

} // namespace fjord::imp::detail
