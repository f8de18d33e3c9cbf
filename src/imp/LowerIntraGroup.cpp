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
//   scan:   the block's scan of Note [Block scan] (ScanBlock.cpp, shared with SegScan's tile
//           kernels): on CUDA each warp scans by shuffles and one warp scans the warps'
//           totals, two barriers in all; elsewhere Hillis-Steele in shared memory. Thread
//           tid's result is its exclusive prefix combined with its own value;
//   reduce: the same scan's aggregate (every thread's).
// The scan combines only neighbours in order, so non-commutative operators are fine. Array
// results that the body returns are written by thread tid at [p, tid] of the SegMap's
// result, scalar results by thread 0 at [p]. The scans' shared arrays have a fixed size
// (a total per warp on CUDA; 1024 values elsewhere), within the shared memory that the
// host guard of version B reserves for them.
// A body without a Screma is scalar code around one reducible loop whose trip count k
// varies per point (Note [Irregular reductions] in gpu/DistributeNests.cpp): the block has
// a fixed 256 threads, thread tid runs iterations tid, tid + 256, ... < k of the loop's body
// into its own accumulator (from the operator's neutral element), and the block scan's
// aggregate combines the accumulators; the operator is commutative, so the order is free.
#include "gpu/ReducibleLoops.h"
#include "imp/Lowering.h"
#include "imp/Names.h"
#include "imp/ScanKernels.h"
#include "ir/Traverse.h"

#include <map>

namespace fjord::imp::detail {

namespace {

/// The block's scan of `values` (element tid's, the neutral element past the row) by `op`:
/// Note [Block scan] in ScanBlock.cpp (warp shuffles on CUDA, Hillis-Steele elsewhere).
BlockScanned scanInBlock(KernelLowerer& k, const ir::RedOp& op, const std::vector<ExpRef>& values,
                         ExpRef tid, Block& out) {
  ir::SegOp& one = k.prog.blockScanOps.emplace_back();
  one.ops.push_back(op);
  ScanPlan p{k.stm(), one, {}, false, {}, {}, 0};
  for (size_t q = 0; q < values.size(); ++q) {
    PrimType t = op.op.retTypes.at(q).elem;
    p.operands.push_back(Operand{t, "scanned", &one.ops[0], q});
    p.types.push_back(t);
    p.names.push_back("scanned");
  }
  Vals accs = declareVals(k, p, "_own", values, out);
  BlockScanned r = blockScan(k, p, tid, accs, out);
  // Every thread has read the shared totals before a later scan (in a loop) writes them.
  out.push_back(barrier());
  r.prefix = combineVals(k, p, r.prefix, accs, out); // inclusive
  return r;
}

/// Where thread tid keeps element tid of the Scremas' array results (by VName::str()).
using Elements = std::map<std::string, ExpRef>;

/// One Screma of the body, its element tid in thread tid (Note [Intra-group kernels]).
void lowerBlockScrema(KernelLowerer& k, const ir::Stm& stm, const ir::SegOp& op,
                      const ir::Stm& soacStm, const std::vector<ExpRef>& point, ExpRef tid,
                      Elements& elements, Block& body) {
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
    for (ExpRef x : scanInBlock(k, r, xs, tid, body).prefix)
      results.push_back(x);
    v += r.neutral.size();
  }
  for (const ir::RedOp& r : sc.reds) {
    std::vector<ExpRef> xs(values.begin() + v, values.begin() + v + r.neutral.size());
    for (ExpRef x : scanInBlock(k, r, xs, tid, body).aggregate)
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

/// The block's threads a SegMap with an irregular reduction runs on (Note [Irregular
/// reductions] in gpu/DistributeNests.cpp).
constexpr int64_t kStridingBlock = 256;

/// A reducible loop of an intra-group body (Note [Loops as reductions] in
/// gpu/ReducibleLoops.cpp): thread tid takes iterations tid, tid + B, ... of the block of B
/// threads into its own accumulator, which the block then reduces.
void lowerStridedLoop(KernelLowerer& k, const ir::Stm& stm, const gpu::ReducibleLoop& r,
                      ExpRef tid, Block& body) {
  const ir::Loop& loop = std::get<ir::Loop>(stm.exp);
  const ir::Param& acc = loop.merge.at(0).first;
  ir::RedOp op = gpu::reductionOperator(stm, r);
  std::string own = k.declareScalar(acc.name, r.type, k.subExp(op.neutral[0]), body);
  ExpRef bound = k.subExp(loop.bound);
  // ceil((bound - tid) / B) iterations, none when tid >= bound.
  ExpRef iterations =
      k.let("iterations", quot(sub(add(bound, i64(kStridingBlock - 1)), tid), i64(kStridingBlock)),
            body);
  std::string c = k.freshName("chunk");
  Block step;
  ExpRef j = k.let(loop.iterator.name, add(tid, mul(var(c, PrimType::I64), i64(kStridingBlock))),
                   step);
  k.bindScalar(loop.iterator, j->name, PrimType::I64);
  k.lowerStms(loop.body.stms, step);
  step.push_back(assign(own, k.subExp(loop.body.result[0])));
  body.push_back(forLoop(c, iterations, std::move(step)));
  BlockScanned total = scanInBlock(k, op, {var(own, r.type)}, tid, body);
  k.declareScalar(stm.pat.at(0).name, r.type, total.aggregate.at(0), body);
}

} // namespace

void lowerIntraGroupSegMap(HostLowerer& host, const ir::Stm& stm, const ir::SegOp& op,
                           Block& out) {
  const ir::Screma* first = nullptr;
  for (const ir::Stm& s : op.body.stms)
    if (!first)
      first = ir::asScrema(s.exp);
  // Without a Screma, the body is scalar code around one reducible loop whose bound
  // varies per point (Note [Irregular reductions] in gpu/DistributeNests.cpp).
  std::optional<gpu::ReducibleLoop> strided;
  for (const ir::Stm& s : op.body.stms)
    if (!first && !strided)
      strided = gpu::reducibleLoop(s);
  FJORD_CHECK(first || strided, "an intra-group SegMap without a Screma or reducible loop");

  std::string base = kernelBaseName(host.functionName(), stm.prov.what, "map");
  KernelLowerer k(host, host.kernelName(base), stm);
  // The block is one thread per element of the inner width, up to the largest block the
  // guard admits.
  k.kernel.maxBlockSize = first ? kMaxBlockSize : kStridingBlock;
  ir::Shape shape;
  for (const auto& d : op.space.dims)
    shape.push_back(d.second);
  ExpRef blocks = host.hostLet("blocks", shapeCount(host, shape), out);
  ExpRef threads = host.hostLet(
      "intra_block",
      first ? mul(divUp(maxE(host.subExp(first->width), i64(1)), i64(32)), i64(32))
            : i64(kStridingBlock),
      out);

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
      lowerBlockScrema(k, stm, op, s, point, tid, elements, body);
    else if (std::optional<gpu::ReducibleLoop> r = first ? std::nullopt : gpu::reducibleLoop(s))
      lowerStridedLoop(k, s, *r, tid, body);
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
  if (first) {
    k.describe.push_back("intra-group map over " + space + ", one block per point: element j < " +
                         (first->width.isVar() ? first->width.var().name : first->width.str()) +
                         " of each inner screma is thread j's,");
    k.describe.push_back("reductions and scans combine in shared memory");
  } else {
    k.describe.push_back("map over " + space + ", one block of " + std::to_string(kStridingBlock) +
                         " threads per point: thread t takes iterations t, t + " +
                         std::to_string(kStridingBlock) + ", ... of the loop,");
    k.describe.push_back("a reduction whose partial results combine in shared memory");
  }
  Block launchB;
  ExpRef shared = dynamicSharedBytes(k.kernel.body, threads);
  host.launch(k, blocks, threads, launchB, shared ? host.hostLet("intra_shared", shared, launchB)
                                                  : nullptr);
  out.push_back(ifThen(cmp(CmpOpKind::Gt, blocks, i64(0)), std::move(launchB)));
  for (const ir::PatElem& pe : stm.pat)
    host.bindArray(pe);
}

} // namespace fjord::imp::detail
