// Statement lowering shared by host and kernel code (see Lowering.h): scalar BasicOps become
// declarations, array views (index, rearrange, reshape, aliases) only rebind the array to its
// LMAD from mem/, array-producing ops fill their destination through the context's
// fillArray, and `if`/`loop` become If/For/While over scalar variables.
#include "imp/Lowering.h"

#include "imp/SymbolicToImp.h"

#include <variant>

namespace fjord::imp::detail {

namespace {

symbolic::Expr toSym(const ir::SubExp& se) {
  if (se.isVar())
    return symbolic::Expr::var(se.var().str());
  return symbolic::Expr(se.constant().i);
}

bool allFixed(const ir::Slice& slice) {
  for (const ir::DimIndex& d : slice)
    if (!d.fixed)
      return false;
  return true;
}

/// The view of `lmad` through `slice` (the LMAD of `arr[slice]`).
/// `a`'s layout sliced by `slice`; dimensions past the slice are kept whole.
symbolic::Lmad sliceLmad(const ArrayVar& a, const ir::Slice& slice) {
  std::vector<symbolic::DimSlice> ds;
  for (const ir::DimIndex& d : slice)
    ds.push_back(d.fixed ? symbolic::DimSlice::fix(toSym(d.index))
                         : symbolic::DimSlice::range(toSym(d.start), toSym(d.count),
                                                     toSym(d.stride)));
  for (size_t k = slice.size(); k < a.shape.size(); ++k)
    ds.push_back(symbolic::DimSlice::all(toSym(a.shape[k])));
  return a.lmad.slice(ds);
}

/// The view of `a`'s flat elements through a FlatIndex / FlatUpdate's LMAD (Note [Flat ops]):
/// the LMAD slice applied to `a`'s layout flattened to one dimension, which mem/ guarantees.
ArrayVar flatView(const ArrayVar& a, const ir::BasicOp& op) {
  symbolic::Expr count = 1;
  for (const ir::SubExp& n : a.shape)
    count = count * toSym(n);
  std::optional<symbolic::Lmad> flat = a.lmad.reshape({count});
  FJORD_CHECK(flat.has_value(), "LMAD slice of an array that does not flatten (run mem/ first)");
  size_t k = ir::flatOffsetArg(op);
  symbolic::Lmad view{toSym(op.args.at(k)), {}};
  ir::Shape shape;
  for (size_t d = 0; d < ir::flatRank(op); ++d) {
    const ir::SubExp& n = op.args.at(k + 1 + 2 * d);
    view.dims.push_back(symbolic::Dim{toSym(n), toSym(op.args.at(k + 2 + 2 * d))});
    shape.push_back(n);
  }
  return ArrayVar{a.source, a.block, flat->sliceByLmad(view), a.elem, std::move(shape)};
}

/// The shape of `a` sliced by `slice` (dimensions past the slice kept whole).
ir::Shape sliceShape(const ArrayVar& a, const ir::Slice& slice) {
  ir::Shape s;
  for (const ir::DimIndex& d : slice)
    if (!d.fixed)
      s.push_back(d.count);
  for (size_t k = slice.size(); k < a.shape.size(); ++k)
    s.push_back(a.shape[k]);
  return s;
}

} // namespace

// ---------------------------------------------------------------------------------------
// Environments

ExpRef Lowerer::subExp(const ir::SubExp& se) {
  if (se.isVar())
    return scalar(se.var());
  return constant(se.constant());
}

ExpRef Lowerer::scalar(const ir::VName& v) { return scalarByKey(v.str()); }

ExpRef Lowerer::scalarByKey(const std::string& key) {
  auto it = scalars_.find(key);
  if (it != scalars_.end())
    return var(it->second.cname, it->second.type);
  return freeScalar(key);
}

const ArrayVar* Lowerer::findArray(const std::string& key) {
  auto it = arrays_.find(key);
  if (it != arrays_.end())
    return &it->second;
  return freeArray(key);
}

bool Lowerer::hasArray(const ir::VName& v) { return findArray(v.str()) != nullptr; }

const ArrayVar& Lowerer::array(const ir::VName& v) {
  const ArrayVar* a = findArray(v.str());
  FJORD_CHECK(a, "array " + v.str() + " is not in scope");
  return *a;
}

symbolic::Expr Lowerer::symIndex(const std::string& cname) {
  // '%' never occurs in a VName::str(), so helper variables cannot shadow source ones.
  std::string key = "%" + cname;
  scalars_[key] = ScalarVar{cname, PrimType::I64};
  return symbolic::Expr::var(key);
}

void Lowerer::copyArray(const ir::Stm& stm, const ArrayVar& dest, const ArrayVar& src,
                        Block& out) {
  ArrayVar from = src;
  fillArray(stm, dest, "copy", "copy of " + src.source,
            [from](Lowerer& L, const std::vector<ExpRef>& idx, Block& out) {
              return L.readElement(from, idx, from.source, out);
            },
            out);
}

ExpRef Lowerer::sym(const symbolic::Expr& e) {
  return fromSymbolic(e, [this](const std::string& name) { return scalarByKey(name); });
}

ExpRef Lowerer::elemIndex(const ArrayVar& a, const std::vector<ExpRef>& idx) {
  return applyLmad(a.lmad, idx, [this](const std::string& name) { return scalarByKey(name); });
}

std::string Lowerer::declareScalar(const ir::VName& v, PrimType t, ExpRef init, Block& out) {
  std::string cname = names.fresh(v.name);
  out.push_back(declare(cname, t, std::move(init)));
  bindScalar(v, cname, t);
  return cname;
}

void Lowerer::bindScalar(const ir::VName& v, std::string cname, PrimType t) {
  scalars_[v.str()] = ScalarVar{std::move(cname), t};
}

void Lowerer::bindArray(const ir::Param& p) {
  FJORD_CHECK(p.mem, "array " + p.name.str() + " has no memory annotation (run mem/ first)");
  bindArray(p.name, ArrayVar{p.name.name, p.mem->block, p.mem->lmad, p.type.elem, p.type.shape});
}

void Lowerer::bindArray(const ir::VName& v, ArrayVar a) { arrays_[v.str()] = std::move(a); }

void Lowerer::unsupported(const ir::Stm& stm, const std::string& what) {
  prog.diags.unsupported(stm.prov.span, what);
  throw Unsupported{};
}

void Lowerer::lowerApply(const ir::Stm& stm, const ir::Apply& ap, Block&) {
  unsupported(stm, "calling function `" + ap.fn + "` from host code");
}

// ---------------------------------------------------------------------------------------
// Statements

void Lowerer::lowerStms(const std::vector<ir::Stm>& stms, Block& out) {
  for (size_t i = 0; i < stms.size();) {
    size_t grouped = lowerGroup(stms, i, out);
    if (grouped == 0)
      lowerStm(stms[i++], out);
    else
      i += grouped;
  }
}

void Lowerer::lowerStm(const ir::Stm& stm, Block& out) {
  SourceSpan outer = enclosingSpan_;
  if (stm.prov.span.known())
    enclosingSpan_ = stm.prov.span;
  std::visit(
      [&](const auto& e) {
        using T = std::decay_t<decltype(e)>;
        if constexpr (std::is_same_v<T, ir::BasicOp>)
          lowerBasicOp(stm, e, out);
        else if constexpr (std::is_same_v<T, ir::If>)
          lowerIf(stm, e, out);
        else if constexpr (std::is_same_v<T, ir::Loop>)
          lowerLoop(stm, e, out);
        else if constexpr (std::is_same_v<T, ir::Apply>)
          lowerApply(stm, e, out);
        else
          lowerOp(stm, e, out);
      },
      stm.exp);
  enclosingSpan_ = outer;
}

std::vector<ExpRef> Lowerer::applyLambda(const ir::Lambda& lam, const std::vector<ExpRef>& args,
                                         Block& out) {
  FJORD_CHECK(lam.params.size() == args.size(), "lambda applied to the wrong number of args");
  for (size_t i = 0; i < args.size(); ++i) {
    const ir::Param& p = lam.params[i];
    FJORD_CHECK(p.type.kind == ir::Type::Kind::Prim, "operator parameter is not a scalar");
    declareScalar(p.name, p.type.elem, args[i], out);
  }
  lowerStms(lam.body.stms, out);
  std::vector<ExpRef> res;
  for (const ir::SubExp& r : lam.body.result)
    res.push_back(subExp(r));
  return res;
}

void Lowerer::lowerBasicOp(const ir::Stm& stm, const ir::BasicOp& op, Block& out) {
  using K = ir::BasicOp::Kind;
  auto scalarResult = [&](ExpRef value) {
    FJORD_CHECK(stm.pat.size() == 1, "scalar operation with several results");
    const ir::PatElem& pe = stm.pat[0];
    declareScalar(pe.name, pe.type.elem, std::move(value), out);
  };
  /// The array a pattern element denotes (its memory and LMAD from mem/).
  auto dest = [&](const ir::PatElem& pe) {
    bindArray(pe);
    return array(pe.name);
  };

  switch (op.kind) {
  case K::SubExp:
    if (stm.pat.at(0).type.isArray()) {
      ArrayVar a = array(op.args.at(0).var());
      if (stm.pat[0].mem)
        bindArray(stm.pat[0]);
      else
        bindArray(stm.pat[0].name, a);
      return;
    }
    return scalarResult(subExp(op.args.at(0)));
  case K::UnOp:
    return scalarResult(unOp(op.unOp, subExp(op.args.at(0))));
  case K::BinOp:
    // `suff_intra && fits` chooses version B (Note [Intra-group SegMap] in ir/IR.h).
    if (op.binOp == BinOpKind::LogAnd)
      for (const ir::SubExp& a : op.args)
        if (auto t = a.isVar() ? thresholdOf_.find(a.var().str()) : thresholdOf_.end();
            t != thresholdOf_.end())
          thresholdOf_[stm.pat.at(0).name.str()] = t->second;
    return scalarResult(binOp(op.binOp, subExp(op.args.at(0)), subExp(op.args.at(1))));
  case K::CmpOp:
    return scalarResult(cmp(op.cmpOp, subExp(op.args.at(0)), subExp(op.args.at(1))));
  case K::Convert:
    return scalarResult(convert(subExp(op.args.at(0)), op.toType));
  case K::Call: {
    std::vector<ExpRef> args;
    for (const ir::SubExp& a : op.args)
      args.push_back(subExp(a));
    return scalarResult(call(op.fn, std::move(args), stm.pat.at(0).type.elem));
  }
  case K::Index: {
    const ArrayVar a = array(op.arr);
    const ir::PatElem& pe = stm.pat.at(0);
    if (!pe.type.isArray()) {
      FJORD_CHECK(allFixed(op.slice) && op.slice.size() == a.shape.size(),
                  "scalar index with a partial slice");
      std::vector<ExpRef> idx;
      for (const ir::DimIndex& d : op.slice)
        idx.push_back(subExp(d.index));
      ExpRef v = readElement(a, idx, pe.name.name, out);
      bindScalar(pe.name, v->name, pe.type.elem);
      return;
    }
    if (pe.mem)
      return bindArray(pe);
    return bindArray(pe.name, ArrayVar{pe.name.name, a.block, sliceLmad(a, op.slice), a.elem,
                                       sliceShape(a, op.slice)});
  }
  case K::Update: {
    const ArrayVar target = array(op.arr);
    const ir::PatElem& pe = stm.pat.at(0);
    if (pe.mem)
      bindArray(pe);
    else
      bindArray(pe.name, target);
    const ArrayVar d = array(pe.name);
    const ir::SubExp& v = op.args.at(0);
    if (allFixed(op.slice) && !(v.isVar() && hasArray(v.var()))) {
      std::vector<ExpRef> idx;
      for (const ir::DimIndex& di : op.slice)
        idx.push_back(subExp(di.index));
      writeElement(d, idx, subExp(v), out);
      return;
    }
    ArrayVar view{d.source, d.block, sliceLmad(d, op.slice), d.elem, sliceShape(d, op.slice)};
    if (v.isVar() && hasArray(v.var()))
      return copyArray(stm, view, array(v.var()), out);
    return fillArray(stm, view, "replicate", "slice update of " + op.arr.name,
                     [v](Lowerer& L, const std::vector<ExpRef>&, Block&) { return L.subExp(v); },
                     out);
  }
  case K::FlatIndex: {
    const ir::PatElem& pe = stm.pat.at(0);
    if (pe.mem)
      return bindArray(pe);
    ArrayVar view = flatView(array(op.arr), op);
    view.source = pe.name.name;
    return bindArray(pe.name, std::move(view));
  }
  case K::FlatUpdate: {
    const ir::PatElem& pe = stm.pat.at(0);
    if (pe.mem)
      bindArray(pe);
    else
      bindArray(pe.name, array(op.arr));
    return copyArray(stm, flatView(array(pe.name), op), array(op.args.at(0).var()), out);
  }
  case K::Rearrange:
  case K::Reshape: {
    const ir::PatElem& pe = stm.pat.at(0);
    if (pe.mem)
      return bindArray(pe);
    const ArrayVar a = array(op.arr);
    if (op.kind == K::Rearrange) {
      std::vector<size_t> perm(op.perm.begin(), op.perm.end());
      return bindArray(pe.name, ArrayVar{pe.name.name, a.block, a.lmad.permute(perm), a.elem,
                                         pe.type.shape});
    }
    std::vector<symbolic::Expr> shape;
    for (const ir::SubExp& s : op.shape)
      shape.push_back(toSym(s));
    auto r = a.lmad.reshape(shape);
    if (!r)
      unsupported(stm, "a reshape that needs a copy (no memory annotation from mem/)");
    return bindArray(pe.name, ArrayVar{pe.name.name, a.block, *r, a.elem, pe.type.shape});
  }
  case K::Copy: {
    const ArrayVar src = array(op.arr);
    return copyArray(stm, dest(stm.pat.at(0)), src, out);
  }
  case K::Iota: {
    // Start and step are read through the generator's Lowerer, so that a kernel captures
    // them as parameters.
    ir::SubExp startSe = op.args.at(1), stepSe = op.args.at(2);
    PrimType t = op.type;
    return fillArray(stm, dest(stm.pat.at(0)), "iota", "iota",
                     [startSe, stepSe, t](Lowerer& L, const std::vector<ExpRef>& idx, Block&) {
                       ExpRef start = L.subExp(startSe), step = L.subExp(stepSe);
                       if (t == PrimType::I64) // folds the usual start 0 and step 1
                         return add(start, mul(idx[0], step));
                       ExpRef i = convert(idx[0], t);
                       return binOp(BinOpKind::Add, start, binOp(BinOpKind::Mul, i, step));
                     },
                     out);
  }
  case K::Replicate: {
    const ir::SubExp& v = op.args.at(0);
    size_t outer = op.shape.size();
    if (v.isVar() && hasArray(v.var())) {
      ir::VName src = v.var();
      return fillArray(stm, dest(stm.pat.at(0)), "replicate", "replicate of " + src.name,
                       [src, outer](Lowerer& L, const std::vector<ExpRef>& idx, Block& out) {
                         std::vector<ExpRef> inner(idx.begin() + outer, idx.end());
                         return L.readElement(L.array(src), inner, src.name, out);
                       },
                       out);
    }
    return fillArray(stm, dest(stm.pat.at(0)), "replicate", "replicate",
                     [v](Lowerer& L, const std::vector<ExpRef>&, Block&) { return L.subExp(v); },
                     out);
  }
  case K::Concat: {
    const ArrayVar d = dest(stm.pat.at(0));
    symbolic::Expr offset = 0;
    for (const ir::VName& part : op.arrs) {
      const ArrayVar p = array(part);
      std::vector<symbolic::DimSlice> ds{symbolic::DimSlice::range(offset, toSym(p.shape.at(0)))};
      for (size_t k = 1; k < p.shape.size(); ++k)
        ds.push_back(symbolic::DimSlice::all(toSym(p.shape[k])));
      ArrayVar view{d.source, d.block, d.lmad.slice(ds), d.elem, p.shape};
      copyArray(stm, view, p, out);
      offset = offset + toSym(p.shape[0]);
    }
    return;
  }
  case K::ArrayLit: {
    const ArrayVar d = dest(stm.pat.at(0));
    if (op.rowType.isArray()) {
      // Each row is an array: copy it into row k of the destination.
      for (size_t k = 0; k < op.args.size(); ++k) {
        const ArrayVar row = array(op.args[k].var());
        std::vector<symbolic::DimSlice> ds{symbolic::DimSlice::fix(static_cast<int64_t>(k))};
        for (const ir::SubExp& n : row.shape)
          ds.push_back(symbolic::DimSlice::all(toSym(n)));
        copyArray(stm, ArrayVar{d.source, d.block, d.lmad.slice(ds), d.elem, row.shape}, row,
                  out);
      }
      return;
    }
    for (size_t k = 0; k < op.args.size(); ++k)
      writeElement(d, {i64(static_cast<int64_t>(k))}, subExp(op.args[k]), out);
    return;
  }
  case K::Assert:
    return lowerAssert(stm, subExp(op.args.at(0)), out);
  case K::DeviceLimit: // Note [Device limits] in ir/IR.h
    return scalarResult(deviceLimit(ir::deviceLimitName(op.limit)));
  case K::CmpSize: { // Note [Thresholds] in ir/IR.h
    bool outer = op.thresholdClass == ir::ThresholdClass::SuffOuterPar;
    prog.addTuning(op.threshold, ir::thresholdDefault(op.thresholdClass),
                   outer ? "the outer parallelism from which version A runs"
                         : "the inner parallelism from which version B runs (where its "
                           "block fits the device)");
    thresholdOf_[stm.pat.at(0).name.str()] = op.threshold;
    return scalarResult(cmpSize(op.threshold, subExp(op.args.at(0))));
  }
  }
}

bool Lowerer::moveArrayResult(const ir::Stm& stm, const ArrayVar& dest, const ArrayVar& src,
                              Block& out) {
  // Same block: equal layouts, or (Note [Existential LMADs] in mem/Existential.cpp) dest's
  // LMAD names existential offset/strides that the branch or iteration sets to src's.
  if (dest.block == src.block)
    return true;
  copyArray(stm, dest, src, out);
  return true;
}

namespace {

/// Whether array `at(i)` has an existential block: mem/ puts the block right before it, or
/// before the existential offset and strides that its LMAD names (Note [Existential LMADs]
/// in mem/Existential.cpp).
bool existentialBlock(size_t i, const std::function<const ir::Param&(size_t)>& at) {
  std::set<std::string> vars = at(i).mem->lmad.freeVars();
  while (i > 0 && at(i - 1).type == ir::Type::prim(PrimType::I64) &&
         vars.count(at(i - 1).name.str()))
    --i;
  return i > 0 && at(i - 1).type.kind == ir::Type::Kind::Mem;
}

} // namespace

void Lowerer::lowerIf(const ir::Stm& stm, const ir::If& e, Block& out) {
  ExpRef cond = subExp(e.cond);
  std::vector<std::string> cnames(stm.pat.size());
  for (size_t i = 0; i < stm.pat.size(); ++i) {
    const ir::PatElem& pe = stm.pat[i];
    switch (pe.type.kind) {
    case ir::Type::Kind::Mem:
      declareExistential(stm, pe.name, out);
      break;
    case ir::Type::Kind::Array:
      bindArray(pe);
      mem(pe.mem->block, pe.type.elem, /*write=*/true); // must be in scope already
      break;
    case ir::Type::Kind::Prim:
      cnames[i] = names.fresh(pe.name.name);
      out.push_back(declare(cnames[i], pe.type.elem));
      break;
    }
  }
  auto branch = [&](const ir::Body& body) {
    Block b;
    enterScope();
    lowerStms(body.stms, b);
    for (size_t i = 0; i < stm.pat.size(); ++i) {
      const ir::PatElem& pe = stm.pat[i];
      if (pe.type.kind == ir::Type::Kind::Mem)
        continue; // filled with its array, which follows it
      if (!pe.type.isArray()) {
        b.push_back(assign(cnames[i], subExp(body.result.at(i))));
        continue;
      }
      const ArrayVar& res = array(body.result.at(i).var());
      if (existentialBlock(i, [&](size_t k) -> const ir::Param& { return stm.pat[k]; }))
        fillExistential(stm, array(pe.name), res, soleUser(body.result, i), b);
      else
        moveArrayResult(stm, array(pe.name), res, b);
    }
    exitScope(b);
    return b;
  };
  // The branches of a choice between versions (Note [Thresholds] in ir/IR.h).
  auto threshold = e.cond.isVar() ? thresholdOf_.find(e.cond.var().str()) : thresholdOf_.end();
  bool versions = threshold != thresholdOf_.end();
  bool intra = versions && threshold->second.find(".suff_intra_par_") != std::string::npos;
  if (intra)
    versionNotes.push_back({"version B: intra-group, one block per outer point running the "
                            "inner parallelism in shared memory,",
                            "chosen when " + threshold->second + " <= the inner parallelism",
                            "and its block fits the device (and version A is not)"});
  else if (versions)
    versionNotes.push_back({"version A: outer parallelism only, the inner parallelism runs "
                            "sequentially in each thread,",
                            "chosen when " + threshold->second + " <= the outer parallelism"});
  Block thenB = branch(e.thenBody);
  if (intra)
    versionNotes.back() = {"version C: the inner parallelism flattened into kernels of its own,",
                           "chosen when the inner parallelism < " + threshold->second,
                           "or version B's block does not fit the device (and version A is not)"};
  else if (versions)
    versionNotes.back() = {"version C: the inner parallelism flattened into kernels of its own,",
                           "chosen when the outer parallelism < " + threshold->second};
  Block elseB = branch(e.elseBody);
  if (versions)
    versionNotes.pop_back();
  out.push_back(ifThen(cond, std::move(thenB), std::move(elseB)));
  for (size_t i = 0; i < stm.pat.size(); ++i)
    if (!stm.pat[i].type.isArray())
      bindScalar(stm.pat[i].name, cnames[i], stm.pat[i].type.elem);
}

// Note [Loops exchanging their arrays]
// A loop whose array results lie in the blocks of other merge parameters (`loop (a, b) =
// ... do (b, a)`, a double buffer) cannot fill each parameter's block in turn: the first
// filled would overwrite a block still to be read. Those results are staged first, each in
// a memory variable of the iteration's scope -- copies before take-overs, since a copy
// reads a block that a take-over empties -- and the blocks then take the staged memory
// over. On the host a take-over exchanges two buffers (MoveMem), so a two-array swap costs
// two exchanges and no copy; what a staging variable holds at the end of the iteration is
// freed with it. A result that shares its block with another result is copied.
std::map<size_t, ArrayVar> Lowerer::stageExchangedResults(const ir::Stm& stm,
                                                          const ir::Loop& e, Block& body) {
  auto mergeParam = [&](size_t k) -> const ir::Param& { return e.merge[k].first; };
  std::set<std::string> mergeBlocks;
  for (const auto& m : e.merge)
    if (m.first.type.kind == ir::Type::Kind::Mem)
      mergeBlocks.insert(m.first.name.str());
  std::vector<size_t> copies, takes;
  for (size_t i = 0; i < e.merge.size(); ++i) {
    const ir::Param& p = e.merge[i].first;
    const ir::SubExp& r = e.body.result.at(i);
    if (!p.type.isArray() || !r.isVar() || !existentialBlock(i, mergeParam))
      continue;
    const ArrayVar& res = array(r.var());
    if (!mergeBlocks.count(res.block.str()) || res.block == array(p.name).block)
      continue;
    (soleUser(e.body.result, i) ? takes : copies).push_back(i);
  }
  std::map<size_t, ArrayVar> staged;
  for (bool take : {false, true})
    for (size_t i : take ? takes : copies)
      staged.emplace(i, stageResult(stm, array(e.body.result[i].var()), take, body));
  return staged;
}

void Lowerer::lowerLoop(const ir::Stm& stm, const ir::Loop& e, Block& out) {
  // Merge parameters become variables declared before the loop and reassigned at the end
  // of each iteration; array merge parameters must live in memory bound before the loop.
  std::vector<std::string> cnames(e.merge.size());
  auto mergeParam = [&](size_t k) -> const ir::Param& { return e.merge[k].first; };
  for (size_t i = 0; i < e.merge.size(); ++i) {
    const auto& [p, init] = e.merge[i];
    if (p.type.kind == ir::Type::Kind::Mem) {
      declareExistential(stm, p.name, out);
      continue;
    }
    if (p.type.isArray()) {
      bindArray(p);
      mem(p.mem->block, p.type.elem, /*write=*/true);
      if (existentialBlock(i, mergeParam))
        fillExistential(stm, array(p.name), array(init.var()), /*mayTake=*/false, out);
      else
        moveArrayResult(stm, array(p.name), array(init.var()), out);
      continue;
    }
    cnames[i] = declareScalar(p.name, p.type.elem, subExp(init), out);
  }
  Block body;
  std::string iter;
  if (e.kind == ir::Loop::Kind::For) {
    iter = names.fresh(e.iterator.name);
    bindScalar(e.iterator, iter, PrimType::I64);
  }
  enterScope();
  lowerStms(e.body.stms, body);
  // Results that read another merge variable go through temporaries, since the assignments
  // happen one after another (e.g. a loop that swaps two accumulators).
  std::set<std::string> mergeKeys;
  for (const auto& m : e.merge)
    mergeKeys.insert(m.first.name.str());
  bool needTemps = false;
  for (size_t i = 0; i < e.merge.size(); ++i) {
    const ir::SubExp& r = e.body.result.at(i);
    if (r.isVar() && mergeKeys.count(r.var().str()) && !(r.var() == e.merge[i].first.name))
      needTemps = true;
  }
  std::map<size_t, ArrayVar> staged = stageExchangedResults(stm, e, body);
  std::vector<ExpRef> values;
  for (size_t i = 0; i < e.merge.size(); ++i) {
    const auto& p = e.merge[i].first;
    const ir::SubExp& r = e.body.result.at(i);
    if (p.type.kind == ir::Type::Kind::Mem) {
      values.push_back(nullptr); // filled with its array, which follows it
      continue;
    }
    if (p.type.isArray()) {
      auto st = staged.find(i);
      const ArrayVar& res = st != staged.end() ? st->second : array(r.var());
      if (existentialBlock(i, mergeParam))
        fillExistential(stm, array(p.name), res,
                        st != staged.end() || soleUser(e.body.result, i), body);
      else
        moveArrayResult(stm, array(p.name), res, body);
      values.push_back(nullptr);
      continue;
    }
    ExpRef v = subExp(r);
    if (needTemps) {
      std::string t = names.fresh(p.name.name + "_next");
      body.push_back(declare(t, p.type.elem, v));
      v = var(t, p.type.elem);
    }
    values.push_back(v);
  }
  for (size_t i = 0; i < e.merge.size(); ++i)
    if (values[i] && !(values[i]->kind == Exp::Kind::Var && values[i]->name == cnames[i]))
      body.push_back(assign(cnames[i], values[i]));
  exitScope(body);
  if (e.kind == ir::Loop::Kind::For) {
    out.push_back(forLoop(iter, subExp(e.bound), std::move(body)));
  } else {
    out.push_back(whileLoop(scalar(e.whileCond), std::move(body)));
  }
  for (size_t i = 0; i < stm.pat.size(); ++i) {
    const ir::PatElem& pe = stm.pat[i];
    const ir::Param& p = e.merge.at(i).first;
    if (pe.type.kind == ir::Type::Kind::Mem)
      aliasBlock(pe.name, p.name);
    else if (pe.type.isArray())
      bindArray(pe.name, array(p.name));
    else
      bindScalar(pe.name, cnames[i], pe.type.elem);
  }
}

} // namespace fjord::imp::detail
