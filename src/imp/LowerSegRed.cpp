// SegRed -> a two-stage parallel reduction (one dimension) or a segmented reduction with a
// group of threads per segment (several dimensions). See Note [Two-stage reduction] and
// Note [Segmented reduction].
#include "imp/GroupReduce.h"

namespace fjord::imp::detail {

// Note [Two-stage reduction]
// A SegRed over `n` points with operators ops (each with k_j operands: tuples are several
// operands, fused reductions several ops) becomes two kernels, correct for operators that
// are associative but not commutative:
//
// Stage 1 (`<base>_stage1`, G blocks of B threads): when every operator is commutative,
//   threads stride through the input, i = gtid, gtid + G*B, ... (neighbouring threads read
//   neighbouring elements: coalesced); where the inputs allow it they take four
//   consecutive elements at a time with one vector load (Note [Vectorised inputs]), four
//   such vectors per step (g, g + G*B, g + 2*G*B, g + 3*G*B in units of four elements) so
//   that several loads are in flight before the thread folds them. Steps that lie wholly
//   inside the input check nothing; the rest (less than a step per thread) goes a vector
//   at a time with checks, so the unchecked loop keeps few registers (32 for a sum on
//   sm_90: eight blocks of 256 threads per multiprocessor, the default grid in one wave).
//   Otherwise thread t of the grid (t = b * B + tid) folds the contiguous chunk
//   [t * per_thread, min((t + 1) * per_thread, n)) in index order, per_thread =
//   ceil(n / (G * B)), so block b owns a contiguous range too. The body runs once per element (and
//   stores the SegRed's mapped results); its values are folded into per-thread
//   accumulators that start from the neutral elements. The block's accumulators are then
//   combined in thread order (Note [Group reduction], with the whole block as the group)
//   and thread 0 writes the block's value to partials[b] (a temporary buffer per operand).
// Stage 2 (`<base>_stage2`, 1 block of B threads): the same over the G partials in block
//   order (contiguous sub-chunks per thread, then the group reduction); thread 0 writes the
//   result over partials[0] (every thread read its partials before the group reduction's
//   barriers), which the host reads back with ReadScalar.
// Sizes: B = `<base>.block_size` rounded down to a multiple of 32 (at least 32, at most
//   1024) and G = clamp(`<base>.num_blocks`, 1, ceil(n / B)), both tuning parameters. Every
//   block and thread tolerates empty chunks (their accumulators stay neutral), so any
//   n works, including n not a multiple of B and n = 0 (G = 1: the result is the neutral
//   element, with no special case on the host).
//
// Note [Segmented reduction]
// A SegRed over [n0]...[nk][m] reduces the innermost dimension: S = n0 * ... * nk segments
// of m elements. One kernel gives each segment a group of T consecutive threads, T chosen
// by the host from m:
//   T = B (a block per segment)     when m >= `<base>.block_per_segment` (default 2048);
//   T = the least power of two with T * 8 >= m, at most 32, otherwise (a warp or part of
//       one per segment, a single thread for m <= 8).
// The T threads of a segment fold its elements (striding by T when the operators are
// commutative, so a group reads consecutive elements; else contiguous sub-chunks in
// order), combine their accumulators (Note [Group reduction], group size T) and the
// group's first thread writes the segment's result. Threads past the last segment still
// take part in the combine. S = 0 launches nothing; m = 0 gives neutral elements.

namespace {

/// The docs' description of what the reduction computes.
std::string describe(const ir::SegOp& seg) {
  return "reduction with " + describeOps(seg.ops) + describeInputs(seg.body);
}

// ---------------------------------------------------------------------------------------

/// Binds point `i` (dimension `dimV` and the flat index), runs `stms` of the body, folds
/// its values into `accs` and stores the mapped results of element `point`.
void element(KernelLowerer& k, const ir::Stm& stm, const ir::SegOp& seg,
             const std::vector<ir::Stm>& stms, size_t numOperands,
             const std::vector<ExpRef>& accs, const std::vector<ExpRef>& point,
             const std::vector<symbolic::Expr>& symPoint, Block& loop) {
  k.lowerStms(stms, loop);
  std::vector<ExpRef> xs;
  for (size_t j = 0; j < numOperands; ++j)
    xs.push_back(k.subExp(seg.body.result.at(j)));
  fold(k, seg, accs, xs, loop);
  storeResults(k, stm, numOperands, seg.body.result, numOperands, point, symPoint, loop);
}

/// Vector loads per input that a thread issues before it folds (Note [Two-stage reduction]).
constexpr int64_t kVectorsPerStep = 4;

/// Commutative operators and vectorisable inputs: each thread takes kVectorsPerStep groups
/// of four consecutive elements per step, striding through the input (Note [Vectorised
/// inputs]). Steps whose vectors all lie inside the input load and fold without checks;
/// what is left (less than one step per thread) goes a vector at a time, each element
/// checked, which keeps the registers of the whole steps free.
void vectorisedLoop(KernelLowerer& k, const ir::Stm& stm, const ir::SegOp& seg,
                    const std::vector<VectorInput>& ins, const std::vector<ExpRef>& accs,
                    ExpRef n, ExpRef start, Block& decls, Block& body) {
  const ir::VName& dimV = seg.space.dims.at(0).first;
  body.push_back(comment("commutative: per step, each thread loads " +
                         std::to_string(kVectorsPerStep) + " vectors of 4 consecutive elements "
                         "per input;\nthe grid's threads read side by side (coalesced)"));
  std::vector<std::string> lanes = laneArrays(k, ins, 4 * kVectorsPerStep, decls);
  ExpRef groups = k.let("groups", divUp(n, i64(4)), body);
  ExpRef wholeGroups = k.let("whole_groups", quot(n, i64(4)), body);
  std::string g = k.freshName("g");
  ExpRef gv = var(g, PrimType::I64);
  body.push_back(declare(g, PrimType::I64, start));
  ExpRef stride = k.let("stride", mul(numBlocks(), blockSize()), body);
  // One step at g of `vectors` vectors, `stride` apart: the loads (checked against n unless
  // `checked` is false), then the body and the fold of each of their elements.
  auto step = [&](int64_t vectors, bool checked) {
    Block loop, loads, lane, inRange;
    std::string q = k.freshName("q");
    ExpRef qv = var(q, PrimType::I64);
    ExpRef first;
    if (vectors == 1) {
      loadLanes(k, ins, lanes, gv, checked ? n : nullptr, i64(0), loop);
      first = add(mul(gv, i64(4)), qv);
    } else {
      std::string u = k.freshName("u");
      ExpRef uv = var(u, PrimType::I64);
      loadLanes(k, ins, lanes, add(gv, mul(uv, stride)), checked ? n : nullptr,
                mul(uv, i64(4)), loads);
      loop.push_back(forLoop(u, i64(vectors), std::move(loads)));
      first = add(mul(add(gv, mul(quot(qv, i64(4)), stride)), i64(4)), rem(qv, i64(4)));
    }
    ExpRef i = k.let(dimV.name, first, lane);
    k.bindScalar(dimV, i->name, PrimType::I64);
    k.bindScalar(seg.space.flat, i->name, PrimType::I64);
    for (size_t j = 0; j < ins.size(); ++j)
      k.declareScalar(ins[j].bound, ins[j].array.elem, load(lanes[j], qv, ins[j].array.elem),
                      inRange);
    element(k, stm, seg, withoutInputs(seg.body, ins), accs.size(), accs, {i},
            {symbolic::Expr::var(dimV.str())}, inRange);
    if (checked)
      lane.push_back(ifThen(lt(i, n), std::move(inRange)));
    else
      lane.insert(lane.end(), inRange.begin(), inRange.end());
    loop.push_back(forLoop(q, i64(4 * vectors), std::move(lane)));
    loop.push_back(assign(g, add(gv, mul(stride, i64(vectors)))));
    return loop;
  };
  body.push_back(comment("whole steps: every vector of the step lies inside the input"));
  body.push_back(whileLoop(lt(add(gv, mul(stride, i64(kVectorsPerStep - 1))), wholeGroups),
                           step(kVectorsPerStep, false)));
  body.push_back(comment("the rest, a vector at a time; elements past the input are skipped"));
  body.push_back(whileLoop(lt(gv, groups), step(1, true)));
}

void stage1(KernelLowerer& k, const ir::Stm& stm, const ir::SegOp& seg,
            const std::vector<Operand>& operands, ExpRef hostPerThread,
            const std::vector<std::string>& partials) {
  Block decls, body;
  const auto& [dimV, dimN] = seg.space.dims.at(0);
  ExpRef tid = k.let("tid", threadId(), body);
  ExpRef blk = k.let("block", blockId(), body);
  ExpRef n = k.subExp(dimN);
  std::vector<ExpRef> accs = declareAccs(k, operands, "_acc", body);
  std::vector<symbolic::Expr> symPoint{symbolic::Expr::var(dimV.str())};
  auto bindPoint = [&](ExpRef i) {
    k.bindScalar(dimV, i->name, PrimType::I64);
    k.bindScalar(seg.space.flat, i->name, PrimType::I64);
  };

  std::vector<VectorInput> ins;
  if (allCommutative(seg))
    ins = vectorInputs(k, seg.body, dimV);
  if (!ins.empty()) {
    vectorisedLoop(k, stm, seg, ins, accs, n, add(mul(blk, blockSize()), tid), decls, body);
  } else if (allCommutative(seg)) {
    body.push_back(comment("commutative: threads stride through the input (coalesced)"));
    std::string i = k.freshName(dimV.name);
    ExpRef iv = var(i, PrimType::I64);
    body.push_back(declare(i, PrimType::I64, add(mul(blk, blockSize()), tid)));
    ExpRef stride = k.let("stride", mul(numBlocks(), blockSize()), body);
    Block loop;
    bindPoint(iv);
    element(k, stm, seg, seg.body.stms, operands.size(), accs, {iv}, symPoint, loop);
    loop.push_back(assign(i, add(iv, stride)));
    body.push_back(whileLoop(lt(iv, n), std::move(loop)));
  } else {
    body.push_back(comment("each thread folds a contiguous chunk, in order"));
    Chunk chunk = threadChunk(k, blk, tid, k.param("per_thread", hostPerThread), n, body);
    std::string c = k.freshName("chunk_i");
    Block loop;
    ExpRef i = k.let(dimV.name, add(chunk.start, var(c, PrimType::I64)), loop);
    bindPoint(i);
    element(k, stm, seg, seg.body.stms, operands.size(), accs, {i}, symPoint, loop);
    body.push_back(forLoop(c, chunk.length(), std::move(loop)));
  }

  std::vector<std::string> sh = sharedArrays(k, operands, decls);
  groupReduce(k, seg, operands, tid, blockSize(), accs, sh, body);
  Block write;
  for (size_t j = 0; j < operands.size(); ++j) {
    std::string p = k.memParam(operands[j].name + "_partials", partials[j], operands[j].type,
                               /*write=*/true);
    k.noteAccess(true, operands[j].name + "_partials @" + p + " -> 0 + {(num_blocks : 1)}");
    write.push_back(store(p, blk, accs[j]));
  }
  body.push_back(ifThen(eq(tid, i64(0)), std::move(write)));
  decls.insert(decls.end(), body.begin(), body.end());
  k.kernel.body = std::move(decls);
  k.describe.push_back(describe(seg) + ", stage 1 of 2: one partial result per block");
}

/// Stage 2: one block combines the partials and its first thread writes the result over
/// partial 0, whose reads are all done by then (the group reduction's barriers).
void stage2(KernelLowerer& k, const ir::SegOp& seg, const std::vector<Operand>& operands,
            ExpRef hostNumBlocks, const std::vector<std::string>& partials) {
  Block decls, body;
  ExpRef tid = k.let("tid", threadId(), body);
  ExpRef g = k.param("num_partials", hostNumBlocks);
  std::vector<ExpRef> accs = declareAccs(k, operands, "_acc", body);
  std::vector<std::string> pin;
  for (size_t j = 0; j < operands.size(); ++j) {
    pin.push_back(k.memParam(operands[j].name + "_partials", partials[j], operands[j].type,
                             /*write=*/true));
    k.noteAccess(false, operands[j].name + "_partials @" + pin[j] + " -> 0 + {(num_partials : 1)}");
  }
  body.push_back(comment("each thread folds a contiguous chunk of the partials, in order"));
  ExpRef perThread = k.let("per_thread", divUp(g, blockSize()), body);
  ExpRef start = k.let("start", mul(tid, perThread), body);
  ExpRef end = k.let("end", minE(add(start, perThread), g), body);
  std::string c = k.freshName("chunk_i");
  Block loop;
  std::vector<ExpRef> xs;
  for (size_t j = 0; j < operands.size(); ++j)
    xs.push_back(k.let(operands[j].name,
                       load(pin[j], add(start, var(c, PrimType::I64)), operands[j].type), loop));
  fold(k, seg, accs, xs, loop);
  body.push_back(forLoop(c, maxE(sub(end, start), i64(0)), std::move(loop)));
  std::vector<std::string> sh = sharedArrays(k, operands, decls);
  groupReduce(k, seg, operands, tid, blockSize(), accs, sh, body);
  Block write;
  for (size_t j = 0; j < operands.size(); ++j) {
    k.noteAccess(true, operands[j].name + "_partials @" + pin[j] + " -> 0 + {(1 : 1)}");
    write.push_back(store(pin[j], i64(0), accs[j]));
  }
  body.push_back(ifThen(eq(tid, i64(0)), std::move(write)));
  decls.insert(decls.end(), body.begin(), body.end());
  k.kernel.body = std::move(decls);
  k.describe.push_back(describe(seg) + ", stage 2 of 2: combines the partial results");
}

void lowerTwoStage(HostLowerer& host, const ir::Stm& stm, const ir::SegOp& seg, Block& out) {
  std::vector<Operand> operands = operandsOf(stm, seg);
  for (size_t j = 0; j < operands.size(); ++j)
    if (stm.pat[j].type.isArray())
      host.unsupported(stm, "a reduction whose operands are arrays");
  std::string base =
      host.kernelName(kernelBaseName(host.functionName(), stm.prov.what, "reduce"));
  out.push_back(comment(describe(seg)));
  ExpRef bs = warpMultipleBlockSize(host, base, out);
  ExpRef n = host.subExp(seg.space.dims.at(0).second);

  std::vector<std::string> results;
  for (size_t j = 0; j < operands.size(); ++j) {
    std::string c = host.freshName(operands[j].name);
    out.push_back(declare(c, operands[j].type));
    results.push_back(c);
  }
  // No special case for an empty input: stage 1's one block writes the neutral element
  // (Note [Two-stage reduction]).
  std::string numBlocksParam = base + ".num_blocks";
  host.prog.addTuning(numBlocksParam, kDefaultNumBlocks,
                      "blocks in the first stage of reduction " + base);
  ExpRef g = host.hostLet("num_blocks",
                          maxE(minE(tuning(numBlocksParam), divUp(n, bs)), i64(1)), out);
  ExpRef perThread;
  if (!allCommutative(seg))
    perThread = host.hostLet("per_thread", divUp(n, mul(g, bs)), out);
  size_t mark = host.tempMark();
  std::vector<std::string> partials;
  for (const Operand& o : operands)
    partials.push_back(host.allocTemp(o.name + "_partials", mul(g, i64(primBytes(o.type))), out));

  KernelLowerer k1(host, host.kernelName(base + "_stage1"), stm);
  stage1(k1, stm, seg, operands, perThread, partials);
  host.launch(k1, g, bs, out);
  KernelLowerer k2(host, host.kernelName(base + "_stage2"), stm);
  stage2(k2, seg, operands, g, partials);
  host.launch(k2, i64(1), bs, out);
  for (size_t j = 0; j < operands.size(); ++j) {
    Stm r;
    r.kind = Stm::Kind::ReadScalar;
    r.name = results[j];
    r.src = partials[j];
    r.type = operands[j].type;
    r.args.push_back(i64(0));
    out.push_back(std::move(r));
  }
  host.freeTemps(mark, out);
  for (size_t j = 0; j < operands.size(); ++j)
    host.bindScalar(stm.pat[j].name, results[j], operands[j].type);
  for (size_t j = operands.size(); j < stm.pat.size(); ++j)
    host.bindArray(stm.pat[j]);
}

// A segmented reduction: a group of threads per segment (Note [Segmented reduction]).
void lowerSegmented(HostLowerer& host, const ir::Stm& stm, const ir::SegOp& seg, Block& out) {
  std::vector<Operand> operands = operandsOf(stm, seg);
  std::string base = kernelBaseName(host.functionName(), stm.prov.what, "reduce");
  KernelLowerer k(host, host.kernelName(base), stm);
  out.push_back(comment("segmented " + describe(seg)));
  ExpRef bs = warpMultipleBlockSize(host, base, out);
  const auto& dims = seg.space.dims;
  ir::Shape outer;
  for (size_t d = 0; d + 1 < dims.size(); ++d)
    outer.push_back(dims[d].second);
  ExpRef segments = host.hostLet("segments", shapeCount(host, outer), out);
  ExpRef m = host.subExp(dims.back().second);
  std::string thresholdParam = base + ".block_per_segment";
  host.prog.addTuning(thresholdParam, 2048,
                      "segment size from which reduction " + base + " gives each segment a "
                      "whole block (below: up to a warp per segment)");
  // The threads per segment: the least power of two T with 8 T >= m, at most 32, or the
  // whole block for long segments.
  std::string t = host.freshName("threads_per_segment");
  ExpRef tv = var(t, PrimType::I64);
  out.push_back(declare(t, PrimType::I64, i64(1)));
  Block grow;
  grow.push_back(assign(t, mul(tv, i64(2))));
  out.push_back(whileLoop(andE(lt(tv, i64(32)), lt(mul(tv, i64(8)), m)), std::move(grow)));
  Block whole;
  whole.push_back(assign(t, bs));
  out.push_back(ifThen(cmp(CmpOpKind::Ge, m, tuning(thresholdParam)), std::move(whole)));

  Block decls, body;
  ExpRef tid = k.let("tid", threadId(), body);
  ExpRef tps = k.param("threads_per_segment", tv);
  ExpRef segK = k.param("segments", segments);
  ExpRef gtid = k.let("gtid", add(mul(blockId(), blockSize()), tid), body);
  ExpRef segment = k.let("segment", quot(gtid, tps), body);
  ExpRef lane = k.let("lane", rem(gtid, tps), body);
  std::vector<ExpRef> outerDims;
  std::vector<std::string> idxNames;
  std::vector<symbolic::Expr> symPoint;
  for (size_t d = 0; d + 1 < dims.size(); ++d) {
    outerDims.push_back(d == 0 ? nullptr : k.subExp(dims[d].second)); // outermost: unused
    idxNames.push_back(dims[d].first.name);
    symPoint.push_back(symbolic::Expr::var(dims[d].first.str()));
  }
  std::vector<ExpRef> point = unflatten(k, outerDims, segment, idxNames, body);
  for (size_t d = 0; d < point.size(); ++d)
    k.bindScalar(dims[d].first, point[d]->name, PrimType::I64);
  std::vector<ExpRef> accs = declareAccs(k, operands, "_acc", body);
  ExpRef mK = k.subExp(dims.back().second);

  Block fold;
  std::string j = k.freshName(dims.back().first.name);
  ExpRef jv = var(j, PrimType::I64);
  k.bindScalar(dims.back().first, j, PrimType::I64);
  std::vector<ExpRef> full = point;
  full.push_back(jv);
  symPoint.push_back(symbolic::Expr::var(dims.back().first.str()));
  Block loop;
  ExpRef flat = k.let(seg.space.flat.name, add(mul(segment, mK), jv), loop);
  k.bindScalar(seg.space.flat, flat->name, PrimType::I64);
  element(k, stm, seg, seg.body.stms, operands.size(), accs, full, symPoint, loop);
  if (allCommutative(seg)) {
    fold.push_back(comment("commutative: the segment's threads stride through it (coalesced)"));
    fold.push_back(declare(j, PrimType::I64, lane));
    loop.push_back(assign(j, add(jv, tps)));
    fold.push_back(whileLoop(lt(jv, mK), std::move(loop)));
  } else {
    fold.push_back(comment("each thread of the segment folds a contiguous chunk, in order"));
    ExpRef perThread = k.let("per_thread", divUp(mK, tps), fold);
    ExpRef start = k.let("start", mul(lane, perThread), fold);
    ExpRef end = k.let("end", minE(add(start, perThread), mK), fold);
    fold.push_back(declare(j, PrimType::I64, start));
    loop.push_back(assign(j, add(jv, i64(1))));
    fold.push_back(whileLoop(lt(jv, end), std::move(loop)));
  }
  body.push_back(ifThen(lt(segment, segK), std::move(fold)));

  std::vector<std::string> sh = sharedArrays(k, operands, decls);
  groupReduce(k, seg, operands, tid, tps, accs, sh, body);
  Block write;
  for (size_t q = 0; q < operands.size(); ++q) {
    k.bindArray(stm.pat[q]);
    k.writeElement(k.array(stm.pat[q].name), point, accs[q], write);
  }
  body.push_back(ifThen(andE(eq(lane, i64(0)), lt(segment, segK)), std::move(write)));
  decls.insert(decls.end(), body.begin(), body.end());
  k.kernel.body = std::move(decls);
  k.describe.push_back("segmented " + describe(seg) +
                       ", a group of threads_per_segment threads per segment");

  host.launch(k, divUp(mul(segments, tv), bs), bs, out); // an empty grid launches nothing
  for (const ir::PatElem& pe : stm.pat)
    host.bindArray(pe);
}

} // namespace

void lowerSegRed(HostLowerer& host, const ir::Stm& stm, const ir::SegOp& op, Block& out) {
  FJORD_CHECK(!op.space.dims.empty(), "SegRed over an empty space");
  if (op.space.dims.size() == 1)
    return lowerTwoStage(host, stm, op, out);
  return lowerSegmented(host, stm, op, out);
}

} // namespace fjord::imp::detail
