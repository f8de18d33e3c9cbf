// SOACs nested in a kernel body (issue #4: no flattening yet) run sequentially in the
// thread, one loop over the SOAC's width; see Note [Nested SOAC memory] in mem/Expand.h for
// where their arrays live:
//   screma   acc = neutral; for (i < w) { params = inputs[i]; body; fold; store map results }
//   hist     for (i < w) { (bucket, value) = f(inputs[i]); dest[bucket] op= value if in range }
//   scatter  for (i < w) { (index, value) = f(inputs[i]); dest[index] = value if in range }
// A multi-dimensional destination takes a whole row per element: scatter copies the value
// row into dest[index]; hist applies its operator to the views dest[bucket] and the value
// row, then copies the result into dest[bucket] unless the operator updated it in place.
#include "imp/Lowering.h"

#include "imp/SymbolicToImp.h"
#include "ir/ElementIndex.h"

namespace fjord::imp::detail {

void KernelLowerer::bindElementParams(const ir::Lambda& lam, const std::vector<ir::VName>& inputs,
                                      const std::string& iv, Block& out) {
  FJORD_CHECK(lam.params.size() == inputs.size(), "SOAC lambda arity");
  if (lam.params.empty())
    return;
  // mem/ wrote the views of array parameters with this index (ir/ElementIndex.h).
  scalars_[ir::elementIndexVar(lam)] = ScalarVar{iv, PrimType::I64};
  for (size_t k = 0; k < inputs.size(); ++k) {
    const ir::Param& p = lam.params[k];
    if (p.type.isArray()) {
      bindArray(p);
      continue;
    }
    const ArrayVar a = array(inputs[k]);
    bindScalar(p.name, readElement(a, {var(iv, PrimType::I64)}, p.name.name, out)->name,
               p.type.elem);
  }
}

void KernelLowerer::foldArrayOp(const ir::Stm& stm, const ir::RedOp& op, size_t accFirst,
                                const std::vector<std::string>& accs,
                                const std::vector<ir::SubExp>& res, size_t resFirst, Block& out) {
  size_t n = op.neutral.size();
  std::vector<std::optional<ArrayVar>> accArrays(n);
  std::vector<ExpRef> accScalars(n);
  for (size_t q = 0; q < n; ++q) {
    const ir::PatElem& pe = stm.pat.at(accFirst + q);
    if (pe.type.isArray())
      accArrays[q] = array(pe.name);
    else
      accScalars[q] = var(accs.at(accFirst + q), pe.type.elem);
  }
  std::vector<ir::SubExp> xs(res.begin() + resFirst, res.begin() + resFirst + n);
  std::vector<ExpRef> next = applyArrayOp(stm, op, accArrays, accScalars, xs, out);
  for (size_t q = 0; q < n; ++q)
    if (!accArrays[q])
      out.push_back(assign(accs.at(accFirst + q), next[q]));
}

std::vector<ExpRef> KernelLowerer::applyArrayOp(
    const ir::Stm& stm, const ir::RedOp& op, const std::vector<std::optional<ArrayVar>>& accArrays,
    const std::vector<ExpRef>& accScalars, const std::vector<ir::SubExp>& xs, Block& out) {
  size_t n = op.neutral.size();
  FJORD_CHECK(op.op.params.size() == 2 * n, "reduction operator arity");
  for (size_t q = 0; q < n; ++q) {
    const ir::Param& acc = op.op.params[q];
    if (acc.type.isArray())
      bindArray(acc.name, accArrays.at(q).value());
    else
      declareScalar(acc.name, acc.type.elem, accScalars.at(q), out);
    const ir::Param& x = op.op.params[n + q];
    if (x.type.isArray())
      bindArray(x.name, array(xs.at(q).var()));
    else
      declareScalar(x.name, x.type.elem, subExp(xs.at(q)), out);
  }
  lowerStms(op.op.body.stms, out);
  // Every scalar result is read before any accumulator changes.
  std::vector<ExpRef> next(n);
  for (size_t q = 0; q < n; ++q)
    if (!accArrays[q])
      next[q] = subExp(op.op.body.result.at(q));
  for (size_t q = 0; q < n; ++q) {
    if (!accArrays[q])
      continue;
    const ArrayVar& dest = *accArrays[q];
    const ArrayVar src = array(op.op.body.result.at(q).var());
    if (src.block == dest.block && src.lmad == dest.lmad)
      continue; // the operator updated its accumulator in place
    for (size_t o = 0; o < n; ++o)
      if (o != q && accArrays[o] && accArrays[o]->block == src.block)
        unsupported(stm, "a reduction operator inside a kernel that returns one array "
                         "accumulator in place of another");
    copyArray(stm, dest, src, out);
  }
  return next;
}

void KernelLowerer::scanArrayOp(const ir::Stm& stm, const ir::RedOp& op, size_t first,
                                const std::vector<std::string>& accs,
                                const std::vector<ir::SubExp>& res, size_t resFirst,
                                const std::string& i, Block& out) {
  // Row i of each array result starts as row i - 1 (the neutral element for i = 0) and the
  // operator folds the element into it (mem/ gave the operator's accumulator that row).
  size_t n = op.neutral.size();
  ExpRef iv = var(i, PrimType::I64);
  symbolic::Expr isym = symIndex(i);
  std::vector<std::optional<ArrayVar>> accArrays(n);
  std::vector<ExpRef> accScalars(n);
  Block atFirst, atLater;
  for (size_t q = 0; q < n; ++q) {
    const ir::PatElem& pe = stm.pat.at(first + q);
    if (!op.op.params.at(q).type.isArray()) {
      accScalars[q] = var(accs.at(first + q), pe.type.elem);
      continue;
    }
    const ArrayVar d = array(pe.name);
    ir::Shape rowShape(d.shape.begin() + 1, d.shape.end());
    ArrayVar row{d.source, d.block, d.lmad.fix(isym), d.elem, rowShape};
    ArrayVar prev{d.source, d.block, d.lmad.fix(isym - 1), d.elem,
                  rowShape};
    copyArray(stm, row, array(op.neutral.at(q).var()), atFirst);
    copyArray(stm, row, prev, atLater);
    accArrays[q] = row;
  }
  out.push_back(ifThen(eq(iv, i64(0)), std::move(atFirst), std::move(atLater)));
  std::vector<ir::SubExp> xs(res.begin() + resFirst, res.begin() + resFirst + n);
  std::vector<ExpRef> next = applyArrayOp(stm, op, accArrays, accScalars, xs, out);
  for (size_t q = 0; q < n; ++q)
    if (!accArrays[q]) {
      const ir::PatElem& pe = stm.pat.at(first + q);
      out.push_back(assign(accs.at(first + q), next[q]));
      writeElement(array(pe.name), {iv}, var(accs.at(first + q), pe.type.elem), out);
    }
}

void KernelLowerer::lowerScrema(const ir::Stm& stm, const ir::Screma& s, Block& out) {
  size_t nScan = 0, nRed = 0;
  for (const ir::RedOp& op : s.scans)
    nScan += op.neutral.size();
  for (const ir::RedOp& op : s.reds)
    nRed += op.neutral.size();
  FJORD_CHECK(stm.pat.size() >= nScan + nRed, "screma pattern too short");
  for (size_t j = 0; j < nScan; ++j)
    if (!stm.pat[j].type.isArray())
      internalError("imp/LowerKernel", "scan result is not an array");
  for (size_t j = 0; j < stm.pat.size(); ++j)
    if (stm.pat[j].type.isArray())
      bindArray(stm.pat[j]);

  // Accumulators, named after the results they become; an array reduction accumulates in
  // its result (mem/), which starts as a copy of the neutral element.
  std::vector<std::string> accs;
  std::vector<PrimType> accTypes;
  auto addAccs = [&](const std::vector<ir::RedOp>& ops, size_t first, bool reduce) {
    size_t j = first;
    for (const ir::RedOp& op : ops)
      for (size_t q = 0; q < op.neutral.size(); ++q) {
        const ir::SubExp& ne = op.neutral[q];
        const ir::PatElem& pe = stm.pat[j++];
        PrimType t = pe.type.elem;
        accTypes.push_back(t);
        if (!reduce && op.op.params.at(q).type.isArray()) {
          accs.emplace_back(); // the scan's rows accumulate in its result (scanArrayOp)
          continue;
        }
        if (reduce && pe.type.isArray()) {
          const ArrayVar acc = array(pe.name), init = array(ne.var());
          if (!(acc.block == init.block && acc.lmad == init.lmad))
            copyArray(stm, acc, init, out);
          accs.emplace_back();
          continue;
        }
        std::string c = names.fresh(pe.type.isArray() ? pe.name.name + "_acc" : pe.name.name);
        out.push_back(declare(c, t, subExp(ne)));
        accs.push_back(c);
      }
  };
  addAccs(s.scans, 0, /*reduce=*/false);
  addAccs(s.reds, nScan, /*reduce=*/true);

  std::string i = names.fresh("i");
  ExpRef iv = var(i, PrimType::I64);
  symbolic::Expr isym = symIndex(i);
  Block body;
  bindElementParams(s.map, s.inputs, i, body);
  lowerStms(s.map.body.stms, body);
  const auto& res = s.map.body.result;

  auto fold = [&](const std::vector<ir::RedOp>& ops, size_t accFirst, size_t resFirst,
                  bool storeScan) {
    size_t a = accFirst, r = resFirst;
    for (const ir::RedOp& op : ops) {
      size_t n = op.neutral.size();
      bool arrays = false; // a scan's results are arrays whatever its operands
      for (size_t q = 0; q < n; ++q)
        arrays = arrays || op.op.params.at(q).type.isArray();
      if (arrays && !storeScan) {
        // The operator's views of the element use its own element index (mem/).
        scalars_[ir::elementIndexVar(op.op)] = ScalarVar{i, PrimType::I64};
        foldArrayOp(stm, op, a, accs, res, r, body);
        a += n;
        r += n;
        continue;
      }
      if (arrays) {
        scalars_[ir::elementIndexVar(op.op)] = ScalarVar{i, PrimType::I64};
        scanArrayOp(stm, op, a, accs, res, r, i, body);
        a += n;
        r += n;
        continue;
      }
      std::vector<ExpRef> args;
      for (size_t q = 0; q < n; ++q)
        args.push_back(var(accs[a + q], accTypes[a + q]));
      for (size_t q = 0; q < n; ++q)
        args.push_back(subExp(res.at(r + q)));
      std::vector<ExpRef> next = applyLambda(op.op, args, body);
      for (size_t q = 0; q < n; ++q) {
        body.push_back(assign(accs[a + q], next.at(q)));
        if (storeScan)
          writeElement(array(stm.pat[a + q].name), {iv}, var(accs[a + q], accTypes[a + q]),
                       body);
      }
      a += n;
      r += n;
    }
  };
  fold(s.scans, 0, 0, /*storeScan=*/true);
  fold(s.reds, nScan, nScan, /*storeScan=*/false);
  for (size_t j = nScan + nRed; j < stm.pat.size(); ++j) {
    const ArrayVar d = array(stm.pat[j].name);
    const ir::SubExp& r = res.at(j);
    if (r.isVar() && hasArray(r.var())) {
      const ArrayVar src = array(r.var());
      ArrayVar row{d.source, d.block, d.lmad.fix(isym), d.elem,
                   ir::Shape(d.shape.begin() + 1, d.shape.end())};
      if (!(row.block == src.block && row.lmad == src.lmad))
        copyArray(stm, row, src, body);
      continue;
    }
    writeElement(d, {iv}, subExp(r), body);
  }
  out.push_back(forLoop(i, subExp(s.width), std::move(body)));
  for (size_t j = nScan; j < nScan + nRed; ++j)
    if (!stm.pat[j].type.isArray())
      bindScalar(stm.pat[j].name, accs[j], accTypes[j]);
}

namespace {

ExpRef inRange(ExpRef i, ExpRef n) {
  return andE(cmp(CmpOpKind::Le, i64(0), i), lt(i, std::move(n)));
}

} // namespace

std::string KernelLowerer::beginNestedUpdate(const ir::Stm& stm, const ir::Lambda& lam,
                                             const std::vector<ir::VName>& inputs, Block& body) {
  for (const ir::PatElem& pe : stm.pat)
    bindArray(pe); // the destination, updated in place (mem/)
  std::string i = names.fresh("i");
  bindElementParams(lam, inputs, i, body);
  lowerStms(lam.body.stms, body);
  return i;
}

namespace {

/// Row `idx` of `a` (a view).
ArrayVar rowOf(const ArrayVar& a, const symbolic::Expr& idx) {
  return ArrayVar{a.source, a.block, a.lmad.fix(idx), a.elem,
                  ir::Shape(a.shape.begin() + 1, a.shape.end())};
}

} // namespace

void KernelLowerer::lowerNestedHist(const ir::Stm& stm, const ir::Hist& h, Block& out) {
  Block body;
  std::string i = beginNestedUpdate(stm, h.bucketFn, h.inputs, body);
  // The bucket function returns one bucket per op, then every op's values, op by op.
  const auto& res = h.bucketFn.body.result;
  size_t dest = 0, value = h.ops.size();
  for (size_t o = 0; o < h.ops.size(); ++o) {
    const ir::HistOp& op = h.ops[o];
    size_t n = op.op.neutral.size();
    bool rows = false;
    for (size_t q = 0; q < n; ++q)
      rows = rows || stm.pat.at(dest + q).type.rank() > 1;
    Block update;
    ExpRef bucket;
    if (rows) {
      // The operator works on views of the destinations' rows at the bucket and of the
      // values (mem/, Note [Nested SOAC memory]).
      bucket = let("bucket", subExp(res.at(o)), body);
      symbolic::Expr bsym = symbolic::Expr::var(ir::bucketIndexVar(op.op.op));
      scalars_[ir::bucketIndexVar(op.op.op)] = ScalarVar{bucket->name, PrimType::I64};
      scalars_[ir::elementIndexVar(op.op.op)] = ScalarVar{i, PrimType::I64};
      std::vector<std::optional<ArrayVar>> accArrays(n);
      std::vector<ExpRef> accScalars(n);
      for (size_t q = 0; q < n; ++q) {
        const ir::PatElem& pe = stm.pat[dest + q];
        if (pe.type.rank() > 1)
          accArrays[q] = rowOf(array(pe.name), bsym);
        else
          accScalars[q] = readElement(array(pe.name), {bucket}, pe.name.name + "_old", update);
      }
      std::vector<ir::SubExp> xs(res.begin() + value, res.begin() + value + n);
      std::vector<ExpRef> next = applyArrayOp(stm, op.op, accArrays, accScalars, xs, update);
      for (size_t q = 0; q < n; ++q)
        if (!accArrays[q])
          writeElement(array(stm.pat[dest + q].name), {bucket}, next[q], update);
    } else {
      bucket = subExp(res.at(o));
      std::vector<ExpRef> args;
      for (size_t q = 0; q < n; ++q) {
        const ir::PatElem& pe = stm.pat.at(dest + q);
        args.push_back(readElement(array(pe.name), {bucket}, pe.name.name + "_old", update));
      }
      for (size_t q = 0; q < n; ++q)
        args.push_back(subExp(res.at(value + q)));
      std::vector<ExpRef> next = applyLambda(op.op.op, args, update);
      for (size_t q = 0; q < n; ++q)
        writeElement(array(stm.pat[dest + q].name), {bucket}, next.at(q), update);
    }
    body.push_back(ifThen(inRange(bucket, subExp(op.width)), std::move(update)));
    dest += n;
    value += n;
  }
  out.push_back(forLoop(i, subExp(h.width), std::move(body)));
}

void KernelLowerer::lowerNestedScatter(const ir::Stm& stm, const ir::Scatter& s, Block& out) {
  Block body;
  std::string i = beginNestedUpdate(stm, s.fn, s.inputs, body);
  // Note [Scattering SegMap]: indices first, then values, one of each per destination.
  const auto& res = s.fn.body.result;
  size_t n = stm.pat.size();
  for (size_t j = 0; j < n; ++j) {
    const ArrayVar dest = array(stm.pat[j].name);
    Block write;
    ExpRef idx;
    if (stm.pat[j].type.rank() > 1) {
      // The value is a row: copy it into the destination's row at the index.
      idx = let("idx", subExp(res.at(j)), body);
      copyArray(stm, rowOf(dest, symIndex(idx->name)), array(res.at(n + j).var()), write);
    } else {
      idx = subExp(res.at(j));
      writeElement(dest, {idx}, subExp(res.at(n + j)), write);
    }
    body.push_back(ifThen(inRange(idx, subExp(stm.pat[j].type.shape.at(0))), std::move(write)));
  }
  out.push_back(forLoop(i, subExp(s.width), std::move(body)));
}

} // namespace fjord::imp::detail
