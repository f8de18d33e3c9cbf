// Host code of one entry point (see Lowering.h and the calling convention in LowerToImp.h):
// parameters and out-parameters, Alloc/Free of device memory, element reads and writes
// from the host, device copies (CopyMem when both sides are dense, a tiled transpose kernel
// when the two innermost dimensions swap order, else a copy kernel),
// assertions as Error, SegOps as kernels plus launches.
#include "imp/Lowering.h"

#include "imp/SymbolicToImp.h"

#include <variant>

namespace fjord::imp::detail {

namespace {

const ir::PatElem* findPatElem(const ir::Body& body, const ir::VName& v) {
  for (const ir::Stm& s : body.stms)
    for (const ir::PatElem& pe : s.pat)
      if (pe.name == v)
        return &pe;
  return nullptr;
}

bool allocatedAtTopLevel(const ir::Body& body, const ir::VName& block) {
  for (const ir::Stm& s : body.stms)
    if (const auto* op = std::get_if<ir::Op>(&s.exp))
      if (std::holds_alternative<ir::Alloc>(*op) && s.pat.size() == 1 && s.pat[0].name == block)
        return true;
  return false;
}

} // namespace

HostLowerer::HostLowerer(ProgramCtx& prog, const ir::FunDef& fun) : Lowerer(prog), fun(fun) {}

ExpRef HostLowerer::freeScalar(const std::string& key) {
  internalError("imp/LowerHost", "scalar " + key + " is not in scope in " + fun.name);
}

const ArrayVar* HostLowerer::freeArray(const std::string&) { return nullptr; }

std::string HostLowerer::mem(const ir::VName& block, PrimType elem, bool) {
  auto it = mems_.find(block.str());
  FJORD_CHECK(it != mems_.end(), "memory block " + block.str() + " is not in scope");
  return it->second;
}

std::string HostLowerer::kernelName(const std::string& base) {
  for (;;) {
    int n = kernelOrdinals[base]++;
    std::string name = n == 0 ? base : base + "_" + std::to_string(n);
    if (prog.kernelNames.insert(name).second)
      return name;
  }
}

ExpRef HostLowerer::hostLet(std::string_view name, ExpRef init, Block& out) {
  std::string c = names.fresh(name);
  out.push_back(declare(c, init->type, init));
  return var(c, init->type);
}

ExpRef HostLowerer::blockSizeFor(const std::string& base, Block& out) {
  std::string param = base + ".block_size";
  prog.addTuning(param, kDefaultBlockSize,
                 "threads per block of " + base + " (at most " +
                     std::to_string(kMaxBlockSize) + ")");
  return hostLet("block_size", minE(maxE(tuning(param), i64(1)), i64(kMaxBlockSize)), out);
}

std::string HostLowerer::allocTemp(std::string_view name, ExpRef bytes, Block& out) {
  std::string c = names.fresh(name);
  Stm s;
  s.kind = Stm::Kind::Alloc;
  s.name = c;
  s.space = MemSpace::Device;
  s.args.push_back(std::move(bytes));
  out.push_back(std::move(s));
  temps_.push_back(c);
  return c;
}

void HostLowerer::freeTemps(size_t mark, Block& out) {
  while (temps_.size() > mark) {
    Stm s;
    s.kind = Stm::Kind::Free;
    s.name = temps_.back();
    temps_.pop_back();
    out.push_back(std::move(s));
  }
}

ExpRef HostLowerer::readElement(const ArrayVar& a, const std::vector<ExpRef>& idx,
                                const std::string& as, Block& out) {
  std::string c = names.fresh(as);
  out.push_back(declare(c, a.elem));
  Stm s;
  s.kind = Stm::Kind::ReadScalar;
  s.name = c;
  s.src = mem(a.block, a.elem, false);
  s.type = a.elem;
  s.args.push_back(elemIndex(a, idx));
  out.push_back(std::move(s));
  return var(c, a.elem);
}

void HostLowerer::writeElement(const ArrayVar& a, const std::vector<ExpRef>& idx, ExpRef value,
                               Block& out) {
  Stm s;
  s.kind = Stm::Kind::WriteScalar;
  s.name = mem(a.block, a.elem, true);
  s.type = a.elem;
  s.args = {elemIndex(a, idx), std::move(value)};
  out.push_back(std::move(s));
}

void HostLowerer::fillArray(const ir::Stm& stm, const ArrayVar& dest, const std::string& kind,
                            const std::string& what, ElemFn gen, Block& out) {
  // One thread per element of `dest`.
  std::string base = kernelBaseName(fun.name, stm.prov.what, kind);
  KernelLowerer k(*this, kernelName(base), stm);
  ExpRef bs = blockSizeFor(base, out);
  std::vector<ExpRef> dims;
  for (const ir::SubExp& d : dest.shape)
    dims.push_back(dims.empty() ? nullptr : k.subExp(d)); // the outermost size is not needed
  ExpRef total = hostLet("total", shapeCount(*this, dest.shape), out);
  Block body;
  ExpRef gtid = globalThreadId(k, "gtid", body);
  ExpRef totalK = k.param("total", total);
  Block guarded;
  std::vector<std::string> idxNames;
  for (size_t i = 0; i < dims.size(); ++i)
    idxNames.push_back(dims.size() == 1 ? "i" : "i" + std::to_string(i));
  std::vector<ExpRef> idx = unflatten(k, dims, gtid, idxNames, guarded);
  ExpRef v = gen(k, idx, guarded);
  k.writeElement(dest, idx, v, guarded);
  body.push_back(ifThen(lt(gtid, totalK), std::move(guarded)));
  k.kernel.body = std::move(body);
  k.describe.push_back(what + ", one thread per element");
  launch(k, divUp(total, bs), bs, out); // an empty grid launches nothing
}

void HostLowerer::copyArray(const ir::Stm& stm, const ArrayVar& dest, const ArrayVar& src,
                            Block& out) {
  // Dense on both sides and the same element type: one CopyMem.
  if (dest.elem == src.elem && isRowMajor(dest.lmad) && isRowMajor(src.lmad) &&
      lmadCount(dest.lmad) == lmadCount(src.lmad)) {
    ExpRef bytes = i64(primBytes(dest.elem));
    Stm s;
    s.kind = Stm::Kind::CopyMem;
    s.name = mem(dest.block, dest.elem, true);
    s.src = mem(src.block, src.elem, false);
    s.args = {mul(sym(lmadOffset(dest.lmad)), bytes), mul(sym(lmadOffset(src.lmad)), bytes),
              mul(sym(lmadCount(src.lmad)), bytes)};
    out.push_back(comment("copy " + src.source + " to " + dest.source));
    out.push_back(std::move(s));
    return;
  }
  // Swapping the two innermost dimensions: a tiled kernel coalesces both sides.
  if (lowerTransposeCopy(*this, stm, dest, src, out))
    return;
  Lowerer::copyArray(stm, dest, src, out);
}

void HostLowerer::launch(KernelLowerer& k, ExpRef numBlocks, ExpRef blockSize, Block& out,
                         ExpRef sharedBytes) {
  if (!versionNotes.empty())
    k.describe.insert(k.describe.begin(), versionNotes.back().begin(), versionNotes.back().end());
  k.kernel.doc = k.doc();
  propagateCopies(k.kernel.body);
  removeUnusedScalars(k.kernel.body);
  foldTemporaries(k.kernel.body);
  if (!k.errorFlag.empty())
    guardFailedChecks(k.kernel.body, k.errorFlag, k.loadChecks);
  Stm s;
  s.kind = Stm::Kind::Launch;
  s.name = k.kernel.name;
  s.args = {std::move(numBlocks), std::move(blockSize)};
  if (sharedBytes) // Note [Dynamic shared memory in Imp]
    s.args.push_back(std::move(sharedBytes));
  s.kernelArgs = k.args;
  out.push_back(std::move(s));
  // The flag is read back later (Note [Deferred kernel error checks] in DeferErrorChecks.cpp).
  FJORD_CHECK(k.errorMessages.empty() ||
                  k.codeBase == static_cast<int64_t>(kernelErrors_.size()),
              "kernel " + k.kernel.name + "'s check codes overlap another kernel's");
  kernelErrors_.insert(kernelErrors_.end(), k.errorMessages.begin(), k.errorMessages.end());
  prog.out.kernels.push_back(std::move(k.kernel));
}

std::string HostLowerer::errorFlag() {
  if (errorFlag_.empty())
    errorFlag_ = names.fresh("error_flag");
  return errorFlag_;
}

void HostLowerer::lowerAssert(const ir::Stm& stm, ExpRef cond, Block& out) {
  Stm e;
  e.kind = Stm::Kind::Error;
  e.text = std::get<ir::BasicOp>(stm.exp).message;
  e.args.push_back(notE(std::move(cond)));
  out.push_back(std::move(e));
}

void HostLowerer::lowerOp(const ir::Stm& stm, const ir::Op& op, Block& out) {
  if (std::holds_alternative<ir::Soac>(op))
    unsupported(stm, "a SOAC outside a kernel (run kernel extraction first)");
  if (const auto* a = std::get_if<ir::Alloc>(&op)) {
    FJORD_CHECK(stm.pat.size() == 1, "alloc binds one memory block");
    if (a->space != MemSpace::Device)
      unsupported(stm, "host-side or shared memory allocation outside a kernel");
    const ir::VName& block = stm.pat[0].name;
    auto res = resultBlocks_.find(block.str());
    std::string c = res != resultBlocks_.end() ? res->second : names.fresh(block.name);
    Stm s;
    s.kind = Stm::Kind::Alloc;
    s.name = c;
    s.space = MemSpace::Device;
    s.args.push_back(subExp(a->bytes));
    out.push_back(std::move(s));
    if (res == resultBlocks_.end())
      temps_.push_back(c);
    mems_[block.str()] = c;
    return;
  }
  const auto& seg = std::get<ir::SegOp>(op);
  switch (seg.kind) {
  case ir::SegOp::Kind::Map:
    if (seg.tile.block > 0)
      return lowerTiledSegMap(*this, stm, seg, out);
    if (seg.intra)
      return lowerIntraGroupSegMap(*this, stm, seg, out);
    if (lowerStencilSegMap(*this, stm, seg, out))
      return;
    return lowerSegMap(*this, stm, seg, out);
  case ir::SegOp::Kind::Red:
    return lowerSegRed(*this, stm, seg, out);
  case ir::SegOp::Kind::Scan:
    return lowerSegScan(*this, stm, seg, out);
  case ir::SegOp::Kind::Hist:
    return lowerSegHist(*this, stm, seg, out);
  }
}

void HostLowerer::enterScope() { scopeMarks_.push_back(temps_.size()); }

void HostLowerer::exitScope(Block& out) {
  size_t mark = scopeMarks_.back();
  scopeMarks_.pop_back();
  freeTemps(mark, out);
}

// ---------------------------------------------------------------------------------------
// The entry function

bool HostLowerer::isBlockResult(size_t i) const {
  return i < fun.retTypes.size() && fun.retTypes[i].kind == ir::Type::Kind::Mem;
}

Function HostLowerer::lower() {
  Function f;
  f.name = identChars(fun.name); // always printed after a prefix (`entry_dot`)
  f.entry = true;
  f.entryParams = fun.entryParams;
  f.entryResults = fun.entryResults;
  f.span = fun.span;
  f.doc.push_back("entry point " + fun.name + (fun.span.known() ? " (" + fun.span.citedStr() + ")" : ""));
  names.reserve(f.name);
  Block sizeChecks;
  bindParams(f, sizeChecks);

  // Out-parameters. mem/ lists each array result's block just before it; the block is not
  // an out-parameter of its own but the array's Mem out-parameter. Array results whose block
  // is allocated at the top level (dense from offset 0, as mem/ guarantees) are built in
  // place in their out-parameter; others are copied.
  std::vector<std::string> resNames(fun.body.result.size());
  size_t sourceResult = 0;
  for (size_t i = 0; i < fun.body.result.size(); ++i) {
    if (isBlockResult(i))
      continue;
    resNames[i] = sourceResult < fun.entryResults.size()
                      ? fun.entryResults[sourceResult].name
                      : "result_" + std::to_string(sourceResult);
    ++sourceResult;
  }
  claimResultBlocks(resNames);

  Block body = std::move(sizeChecks);
  lowerStms(fun.body.stms, body);
  lowerResults(f, resNames, body);
  finishBody(f, body);
  return f;
}

void HostLowerer::claimResultBlocks(const std::vector<std::string>& resNames) {
  std::set<std::string> claimed;
  for (size_t i = 0; i < fun.body.result.size(); ++i) {
    const ir::SubExp& r = fun.body.result[i];
    if (!r.isVar() || isBlockResult(i))
      continue;
    const ir::PatElem* pe = findPatElem(fun.body, r.var());
    if (!pe || !pe->type.isArray() || !pe->mem)
      continue;
    const ir::MemInfo& m = *pe->mem;
    if (!allocatedAtTopLevel(fun.body, m.block) || claimed.count(m.block.str()) ||
        !isRowMajor(m.lmad) || lmadOffset(m.lmad) != symbolic::Expr(0))
      continue;
    claimed.insert(m.block.str());
    resultBlocks_[m.block.str()] = names.fresh(resNames[i] + "_mem");
  }
}

void HostLowerer::finishBody(Function& f, Block& body) {
  freeTemps(0, body);
  if (!errorFlag_.empty())
    deferErrorChecks(body, errorFlag_, kernelErrors_, names);
  if (!errorFlag_.empty()) {
    Block pre;
    Stm a;
    a.kind = Stm::Kind::Alloc;
    a.name = errorFlag_;
    a.args.push_back(i64(4));
    pre.push_back(std::move(a));
    Stm w;
    w.kind = Stm::Kind::WriteScalar;
    w.name = errorFlag_;
    w.type = PrimType::I32;
    w.args = {i64(0), constant(PrimValue::integer(PrimType::I32, 0))};
    pre.push_back(std::move(w));
    body.insert(body.begin(), pre.begin(), pre.end());
    Stm fr;
    fr.kind = Stm::Kind::Free;
    fr.name = errorFlag_;
    body.push_back(std::move(fr));
  }
  std::set<std::string> outs;
  for (const Param& r : f.results)
    outs.insert(r.name);
  propagateCopies(body, outs);
  removeUnusedScalars(body, outs);
  foldTemporaries(body, outs);
  f.body = std::move(body);
}

void HostLowerer::lowerResults(Function& f, const std::vector<std::string>& resNames,
                               Block& out, bool shapeResults, const std::string& suffix) {
  for (size_t i = 0; i < fun.body.result.size(); ++i) {
    const ir::SubExp& r = fun.body.result[i];
    if (isBlockResult(i))
      continue;
    if (!r.isVar() || !hasArray(r.var())) {
      PrimType t = r.isVar() ? scalar(r.var())->type : r.constant().type;
      std::string c = names.fresh(resNames[i] + suffix);
      f.results.push_back(Param{Param::Kind::Scalar, c, t, true});
      out.push_back(assign(c, subExp(r)));
      continue;
    }
    const ArrayVar a = array(r.var());
    for (size_t d = 0; shapeResults && d < a.shape.size(); ++d) {
      std::string c = names.fresh(resNames[i] + "_dim" + std::to_string(d));
      f.results.push_back(Param{Param::Kind::Scalar, c, PrimType::I64, true});
      out.push_back(assign(c, subExp(a.shape[d])));
    }
    f.results.push_back(Param{Param::Kind::Mem, resultMemory(a, resNames[i], i, out), a.elem, true});
  }
}

std::string HostLowerer::resultMemory(const ArrayVar& a, const std::string& resName, size_t i,
                                      Block& out) {
  auto inPlace = resultBlocks_.find(a.block.str());
  if (inPlace != resultBlocks_.end() && isRowMajor(a.lmad) &&
      lmadOffset(a.lmad) == symbolic::Expr(0)) {
    std::string c = inPlace->second;
    resultBlocks_.erase(inPlace); // a second result in the same block is copied
    return c;
  }
  // Copy into a fresh dense buffer that the caller owns.
  std::string c = names.fresh(resName + "_mem");
  Stm s;
  s.kind = Stm::Kind::Alloc;
  s.name = c;
  s.args.push_back(mul(shapeCount(*this, a.shape), i64(primBytes(a.elem))));
  out.push_back(std::move(s));
  ir::VName fake{c, -1 - static_cast<int>(i)};
  mems_[fake.str()] = c;
  std::vector<symbolic::Expr> shape;
  for (const ir::SubExp& d : a.shape)
    shape.push_back(d.isVar() ? symbolic::Expr::var(d.var().str())
                              : symbolic::Expr(d.constant().i));
  ArrayVar dest{resName, fake, symbolic::Lmad::rowMajor(0, shape), a.elem, a.shape};
  ir::Stm where;
  where.prov.span = fun.span;
  where.prov.what = resName;
  copyArray(where, dest, a, out);
  return c;
}

} // namespace fjord::imp::detail
