// Intra-group SegMaps (Note [Intra-group SegMap] in ir/IR.h; version B of Note
// [Multi-versioned nests] in gpu/DistributeNests.cpp) -> one kernel with a block per point.
//
// Note [Intra-group kernels]
// The block of point p (block_id, unflattened over the SegMap's space) has
// ceil(w / 32) * 32 threads for the inner width w (the host guard checks that they and the
// shared arrays fit the device: Note [Device limits] in ir/IR.h). Every
// thread runs the body's scalar statements and views (the same values in each thread); each
// of the body's Scremas, in order, gives element tid < w to thread tid:
//   x = tid < w ? map_lambda(inputs[tid]) : the operator's neutral element
// where an input that an earlier Screma produced is thread tid's element of it, kept in a
// register (a map-scan-map chain never leaves the thread between its steps);
//   scan:   sh[tid] = x; barrier; for (d = 1; d < block_size; d *= 2) {
//             prev = tid >= d ? sh[tid - d] : _; barrier;
//             if (tid >= d) sh[tid] = op(prev, sh[tid]); barrier }   (Hillis-Steele)
//   reduce: the same scan; every thread then reads the result from sh[block_size - 1]
//           (a tree of adjacent pairs, the usual alternative, gave wrong results on PoCL,
//           cause not found; the scan costs log2(block) steps as the tree does)
// The scan combines only neighbours in order, so non-commutative operators are fine. Array
// results that the body returns are written by thread tid at [p, tid] of the SegMap's
// result, scalar results by thread 0 at [p]. Shared arrays have one element per thread,
// one per scanned or reduced value of each Screma, sized on the host (Note [Dynamic shared
// memory in Imp]).
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
    decls.push_back(dynamicSharedArray(sh.back(), op.op.retTypes.at(q).elem));
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

/// The block's reduction of `values` by `op`: the last element of the block's scan (the
/// threads past the row hold the neutral element); returns it (every thread's).
std::vector<ExpRef> blockReduce(KernelLowerer& k, const ir::RedOp& op,
                                const std::vector<ExpRef>& values, ExpRef tid, Block& decls,
                                Block& out) {
  std::vector<ExpRef> scanned = blockScan(k, op, values, tid, decls, out);
  std::vector<ExpRef> total;
  for (const ExpRef& x : scanned) {
    FJORD_CHECK(x->kind == Exp::Kind::Load, "a block scan's result is a shared load");
    total.push_back(load(x->name, sub(blockSize(), i64(1)), x->type));
  }
  return total;
}

/// Where thread tid keeps element tid of the Scremas' array results (by VName::str()).
using Elements = std::map<std::string, ExpRef>;

/// One Screma of the body, its element tid in thread tid (Note [Intra-group kernels]).
void lowerBlockScrema(KernelLowerer& k, const ir::Stm& stm, const ir::SegOp& op,
                      const ir::Stm& soacStm, const std::vector<ExpRef>& point, ExpRef tid,
                      Elements& elements, Block& decls, Block& body) {
  const ir::Screma& sc = *ir::asScrema(soacStm.exp);
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
  for (size_t i = 0; i < sc.inputs.size(); ++i) {
    auto own = elements.find(sc.inputs[i].str());
    args.push_back(own != elements.end()
                       ? own->second
                       : k.readElement(k.array(sc.inputs[i]), {tid},
                                       sc.map.params.at(i).name.name, apply));
  }
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
      results.push_back(k.let("scanned", x, body));
    v += r.neutral.size();
  }
  for (const ir::RedOp& r : sc.reds) {
    std::vector<ExpRef> xs(values.begin() + v, values.begin() + v + r.neutral.size());
    for (ExpRef x : blockReduce(k, r, xs, tid, decls, body))
      results.push_back(x);
    v += r.neutral.size();
  }
  results.insert(results.end(), values.begin() + v, values.end());

  // Array results: the thread's element, stored in the rows of the SegMap's results that
  // return them; scalars are bound.
  Block stores;
  for (size_t j = 0; j < soacStm.pat.size(); ++j) {
    const ir::PatElem& pe = soacStm.pat[j];
    if (!pe.type.isArray()) {
      k.declareScalar(pe.name, pe.type.elem, results.at(j), body);
      continue;
    }
    elements[pe.name.str()] = results.at(j);
    for (size_t r = 0; r < op.body.result.size(); ++r) {
      const ir::SubExp& res = op.body.result[r];
      if (!res.isVar() || res.var() != pe.name)
        continue;
      std::vector<ExpRef> idx = point;
      idx.push_back(tid);
      k.writeElement(k.array(stm.pat.at(r).name), idx, results.at(j), stores);
    }
  }
  if (!stores.empty())
    body.push_back(ifThen(inRange, std::move(stores)));
}

} // namespace

void lowerIntraGroupSegMap(HostLowerer& host, const ir::Stm& stm, const ir::SegOp& op,
                           Block& out) {
  const ir::Screma* first = nullptr;
  for (const ir::Stm& s : op.body.stms)
    if (!first)
      first = ir::asScrema(s.exp);
  FJORD_CHECK(first, "an intra-group SegMap without a Screma");

  std::string base = kernelBaseName(host.functionName(), stm.prov.what, "map");
  KernelLowerer k(host, host.kernelName(base), stm);
  ir::Shape shape;
  for (const auto& d : op.space.dims)
    shape.push_back(d.second);
  ExpRef blocks = host.hostLet("blocks", shapeCount(host, shape), out);
  ExpRef threads = host.hostLet(
      "intra_block", mul(divUp(maxE(host.subExp(first->width), i64(1)), i64(32)), i64(32)), out);

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

  Elements elements;
  for (const ir::Stm& s : op.body.stms) {
    if (ir::asScrema(s.exp))
      lowerBlockScrema(k, stm, op, s, point, tid, elements, decls, body);
    else
      k.lowerStm(s, body);
  }
  Block scalars;
  for (size_t r = 0; r < op.body.result.size(); ++r)
    if (!op.types.at(r).isArray())
      k.writeElement(k.array(stm.pat[r].name), point, k.subExp(op.body.result[r]), scalars);
  if (!scalars.empty())
    body.push_back(ifThen(eq(tid, i64(0)), std::move(scalars)));

  decls.insert(decls.end(), body.begin(), body.end());
  k.kernel.body = std::move(decls);
  std::string space;
  for (const auto& [iv, n] : op.space.dims)
    space += "[" + (n.isVar() ? n.var().name : std::to_string(n.constant().i)) + "]";
  k.describe.push_back("intra-group map over " + space + ", one block per point: element j < " +
                       (first->width.isVar() ? first->width.var().name : first->width.str()) +
                       " of each inner screma is thread j's,");
  k.describe.push_back("reductions and scans combine in shared memory");
  Block launchB;
  ExpRef shared = dynamicSharedBytes(k.kernel.body, threads);
  host.launch(k, blocks, threads, launchB, shared ? host.hostLet("intra_shared", shared, launchB)
                                                  : nullptr);
  out.push_back(ifThen(cmp(CmpOpKind::Gt, blocks, i64(0)), std::move(launchB)));
  for (const ir::PatElem& pe : stm.pat)
    host.bindArray(pe);
}

} // namespace fjord::imp::detail
