// Intra-group SegMaps (Note [Intra-group SegMap] in ir/IR.h; version B of Note
// [Multi-versioned nests] in gpu/DistributeNests.cpp) -> one kernel with a block per point.
//
// Note [Intra-group kernels]
// The block of point p (block_id, unflattened over the SegMap's space) has
// ceil(w / 32) * 32 threads for the inner width w (the host guard keeps w <= 1024). Every
// thread runs the body's scalar statements and views (the same values in each thread); the
// body's one Screma gives element tid < w to thread tid:
//   x = tid < w ? map_lambda(inputs[tid]) : the operator's neutral element
//   scan:   sh[tid] = x; barrier; for (d = 1; d < block_size; d *= 2) {
//             prev = tid >= d ? sh[tid - d] : _; barrier;
//             if (tid >= d) sh[tid] = op(prev, sh[tid]); barrier }   (Hillis-Steele)
//   reduce: sh[tid] = x; barrier; for (d = 1; d < block_size; d *= 2) {
//             if (tid % 2d == 0 && tid + d < block_size) sh[tid] = op(sh[tid], sh[tid + d]);
//             barrier }                        (a tree of adjacent pairs: order kept)
//           every thread then reads the result from sh[0]
// Both combine only neighbours in order, so non-commutative operators are fine. Array
// results (scanned or mapped values) are written by thread tid at [p, tid] of the SegMap's
// result, scalar results by thread 0 at [p]. Shared arrays have kMaxIntraBlock elements
// (a constant size, as Imp wants), one per scanned or reduced value.
#include "imp/Lowering.h"
#include "imp/Names.h"
#include "ir/Traverse.h"

#include <map>

namespace fjord::imp::detail {

namespace {

/// `name = 1; while (name < bound) { body; name = name * 2; }`.
void doublingLoop(KernelLowerer& k, ExpRef bound, Block& out,
                  const std::function<void(ExpRef, Block&)>& body) {
  std::string d = k.freshName("offset");
  out.push_back(declare(d, PrimType::I64, i64(1)));
  ExpRef dv = var(d, PrimType::I64);
  Block step;
  body(dv, step);
  step.push_back(assign(d, mul(dv, i64(2))));
  out.push_back(whileLoop(lt(dv, bound), std::move(step)));
}

/// The shared arrays of one operator, holding element tid's values.
std::vector<std::string> stage(KernelLowerer& k, const ir::RedOp& op,
                               const std::vector<ExpRef>& values, ExpRef tid, Block& decls,
                               Block& out) {
  std::vector<std::string> sh;
  for (size_t q = 0; q < values.size(); ++q) {
    sh.push_back(k.freshName("shared"));
    decls.push_back(sharedArray(sh.back(), op.op.retTypes.at(q).elem, ir::kMaxIntraBlock));
    out.push_back(store(sh.back(), tid, values[q]));
  }
  out.push_back(barrier());
  return sh;
}

std::vector<ExpRef> loads(const std::vector<std::string>& sh, const ir::RedOp& op, ExpRef at) {
  std::vector<ExpRef> xs;
  for (size_t q = 0; q < sh.size(); ++q)
    xs.push_back(load(sh[q], at, op.op.retTypes.at(q).elem));
  return xs;
}

/// The block's inclusive scan of `values` by `op`; returns tid's results.
std::vector<ExpRef> blockScan(KernelLowerer& k, const ir::RedOp& op,
                              const std::vector<ExpRef>& values, ExpRef tid, Block& decls,
                              Block& out) {
  std::vector<std::string> sh = stage(k, op, values, tid, decls, out);
  doublingLoop(k, blockSize(), out, [&](ExpRef d, Block& step) {
    std::vector<std::string> prev;
    Block read, combine;
    for (size_t q = 0; q < sh.size(); ++q) {
      PrimType t = op.op.retTypes.at(q).elem;
      prev.push_back(k.freshName("prev"));
      step.push_back(declare(prev.back(), t, zeroOf(t)));
      read.push_back(assign(prev.back(), load(sh[q], sub(tid, d), t)));
    }
    ExpRef active = cmp(CmpOpKind::Ge, tid, d);
    step.push_back(ifThen(active, std::move(read)));
    step.push_back(barrier());
    std::vector<ExpRef> args;
    for (size_t q = 0; q < sh.size(); ++q)
      args.push_back(var(prev[q], op.op.retTypes.at(q).elem));
    for (ExpRef x : loads(sh, op, tid))
      args.push_back(x);
    std::vector<ExpRef> r = k.applyLambda(op.op, args, combine);
    for (size_t q = 0; q < sh.size(); ++q)
      combine.push_back(store(sh[q], tid, r.at(q)));
    step.push_back(ifThen(active, std::move(combine)));
    step.push_back(barrier());
  });
  return loads(sh, op, tid);
}

/// The block's reduction of `values` by `op`; returns the result (every thread's).
std::vector<ExpRef> blockReduce(KernelLowerer& k, const ir::RedOp& op,
                                const std::vector<ExpRef>& values, ExpRef tid, Block& decls,
                                Block& out) {
  std::vector<std::string> sh = stage(k, op, values, tid, decls, out);
  doublingLoop(k, blockSize(), out, [&](ExpRef d, Block& step) {
    Block combine;
    std::vector<ExpRef> args = loads(sh, op, tid);
    for (ExpRef x : loads(sh, op, add(tid, d)))
      args.push_back(x);
    std::vector<ExpRef> r = k.applyLambda(op.op, args, combine);
    for (size_t q = 0; q < sh.size(); ++q)
      combine.push_back(store(sh[q], tid, r.at(q)));
    ExpRef active = andE(eq(rem(tid, mul(d, i64(2))), i64(0)), lt(add(tid, d), blockSize()));
    step.push_back(ifThen(active, std::move(combine)));
    step.push_back(barrier());
  });
  return loads(sh, op, i64(0));
}

} // namespace

void lowerIntraGroupSegMap(HostLowerer& host, const ir::Stm& stm, const ir::SegOp& op,
                           Block& out) {
  size_t at = 0;
  while (at < op.body.stms.size() && !ir::asScrema(op.body.stms[at].exp))
    ++at;
  FJORD_CHECK(at < op.body.stms.size(), "an intra-group SegMap without a Screma");
  const ir::Stm& soacStm = op.body.stms[at];
  const ir::Screma& sc = *ir::asScrema(soacStm.exp);

  std::string base = kernelBaseName(host.functionName(), stm.prov.what, "map");
  KernelLowerer k(host, host.kernelName(base), stm);
  ir::Shape shape;
  for (const auto& d : op.space.dims)
    shape.push_back(d.second);
  ExpRef blocks = host.hostLet("blocks", shapeCount(host, shape), out);
  ExpRef threads = host.hostLet(
      "intra_block", mul(divUp(maxE(host.subExp(sc.width), i64(1)), i64(32)), i64(32)), out);

  Block decls, body;
  ExpRef tid = k.let("tid", threadId(), body);
  ExpRef flat = k.let(op.space.flat.name, blockId(), body);
  k.bindScalar(op.space.flat, flat->name, PrimType::I64);
  std::vector<ExpRef> point;
  if (op.space.dims.size() == 1) {
    k.bindScalar(op.space.dims[0].first, flat->name, PrimType::I64);
    point.push_back(flat);
  } else {
    std::vector<ExpRef> dims;
    std::vector<std::string> idxNames;
    for (const auto& [v, n] : op.space.dims) {
      dims.push_back(dims.empty() ? nullptr : k.subExp(n)); // outermost: unused
      idxNames.push_back(v.name);
    }
    point = unflatten(k, dims, flat, idxNames, body);
    for (size_t d = 0; d < point.size(); ++d)
      k.bindScalar(op.space.dims[d].first, point[d]->name, PrimType::I64);
  }
  for (const ir::PatElem& pe : stm.pat)
    k.bindArray(pe);

  std::vector<ir::Stm> before(op.body.stms.begin(), op.body.stms.begin() + at);
  std::vector<ir::Stm> after(op.body.stms.begin() + at + 1, op.body.stms.end());
  k.lowerStms(before, body);

  // Element tid of the Screma: the map lambda's results, or the neutral elements.
  ExpRef w = k.subExp(sc.width);
  ExpRef inRange = k.let("in_row", lt(tid, w), body);
  std::vector<ExpRef> neutral;
  for (const auto* ops : {&sc.scans, &sc.reds})
    for (const ir::RedOp& r : *ops)
      for (const ir::SubExp& ne : r.neutral)
        neutral.push_back(k.subExp(ne));
  std::vector<ExpRef> values;
  Block apply;
  std::vector<ExpRef> args;
  for (size_t i = 0; i < sc.inputs.size(); ++i)
    args.push_back(k.readElement(k.array(sc.inputs[i]), {tid}, sc.map.params.at(i).name.name, apply));
  std::vector<ExpRef> mapped = k.applyLambda(sc.map, args, apply);
  for (size_t i = 0; i < mapped.size(); ++i) {
    PrimType t = sc.map.retTypes.at(i).elem;
    std::string x = k.freshName("x");
    body.push_back(declare(x, t, i < neutral.size() ? neutral[i] : zeroOf(t)));
    apply.push_back(assign(x, mapped[i]));
    values.push_back(var(x, t));
  }
  body.push_back(ifThen(inRange, std::move(apply)));

  // The Screma's results, in its pattern's order (scans, reductions, mapped values).
  std::vector<ExpRef> results;
  size_t v = 0;
  for (const ir::RedOp& r : sc.scans) {
    std::vector<ExpRef> xs(values.begin() + v, values.begin() + v + r.neutral.size());
    for (ExpRef x : blockScan(k, r, xs, tid, decls, body))
      results.push_back(x);
    v += r.neutral.size();
  }
  for (const ir::RedOp& r : sc.reds) {
    std::vector<ExpRef> xs(values.begin() + v, values.begin() + v + r.neutral.size());
    for (ExpRef x : blockReduce(k, r, xs, tid, decls, body))
      results.push_back(x);
    v += r.neutral.size();
  }
  results.insert(results.end(), values.begin() + v, values.end());

  // Arrays go to the rows of the SegMap's results that return them; scalars are bound.
  Block stores;
  for (size_t j = 0; j < soacStm.pat.size(); ++j) {
    const ir::PatElem& pe = soacStm.pat[j];
    if (!pe.type.isArray()) {
      k.declareScalar(pe.name, pe.type.elem, results.at(j), body);
      continue;
    }
    for (size_t r = 0; r < op.body.result.size(); ++r) {
      const ir::SubExp& res = op.body.result[r];
      if (!res.isVar() || res.var() != pe.name)
        continue;
      std::vector<ExpRef> idx = point;
      idx.push_back(tid);
      k.writeElement(k.array(stm.pat.at(r).name), idx, results.at(j), stores);
    }
  }
  body.push_back(ifThen(inRange, std::move(stores)));

  k.lowerStms(after, body);
  Block scalars;
  for (size_t r = 0; r < op.body.result.size(); ++r)
    if (!stm.pat.at(r).type.isArray())
      k.writeElement(k.array(stm.pat[r].name), point, k.subExp(op.body.result[r]), scalars);
  if (!scalars.empty())
    body.push_back(ifThen(eq(tid, i64(0)), std::move(scalars)));

  decls.insert(decls.end(), body.begin(), body.end());
  k.kernel.body = std::move(decls);
  std::string space;
  for (const auto& [iv, n] : op.space.dims)
    space += "[" + (n.isVar() ? n.var().name : std::to_string(n.constant().i)) + "]";
  k.describe.push_back("intra-group map over " + space + ", one block per point: element j < " +
                       (sc.width.isVar() ? sc.width.var().name : sc.width.str()) +
                       " of its inner screma is thread j's,");
  k.describe.push_back("reductions and scans combine in shared memory");
  Block launchB;
  host.launch(k, blocks, threads, launchB);
  out.push_back(ifThen(cmp(CmpOpKind::Gt, blocks, i64(0)), std::move(launchB)));
  for (const ir::PatElem& pe : stm.pat)
    host.bindArray(pe);
}

} // namespace fjord::imp::detail
