// SegRed -> a two-stage parallel reduction (one dimension) or one thread per segment
// (several dimensions). See Note [Two-stage reduction].
#include "imp/SegCombine.h"

namespace fjord::imp::detail {

// Note [Two-stage reduction]
// A SegRed over `n` points with operators ops (each with k_j operands: tuples are several
// operands, fused reductions several ops) becomes two kernels, correct for operators that
// are associative but not commutative:
//
// Stage 1 (`<base>_stage1`, G blocks of B threads): block b owns a contiguous chunk of the
//   input, [b * per_block, min((b + 1) * per_block, n)) with per_block = ceil(n / G). Each
//   thread folds a contiguous sub-chunk of ceil(per_block / B) elements, in index order,
//   into its accumulators (starting from the neutral elements; the body runs once per
//   element and also stores the SegRed's mapped results). When every operator is
//   commutative the thread instead visits i = gtid, gtid + G*B, ... so that neighbouring
//   threads read neighbouring elements (coalesced); order does not matter then.
//   The B accumulators go to shared memory (one array per operand, sized for the largest
//   block, kMaxBlockSize) and are combined by a tree that only ever combines neighbours in
//   index order:
//       for (offset = 1; offset < B; offset *= 2)
//         if (tid % (2 * offset) == 0 && tid + offset < B)
//           sh[tid] = sh[tid] op sh[tid + offset]
//         barrier
//   after the step with `offset`, sh[t] (t a multiple of 2*offset) holds the reduction of
//   threads t .. t + 2*offset - 1, so sh[0] ends with the whole block's value, for any B.
//   Thread 0 writes it to partials[b] (a temporary device buffer per operand).
// Stage 2 (`<base>_stage2`, 1 block of B threads): the same scheme over the G partials in
//   block order (contiguous sub-chunks per thread, then the tree); thread 0 writes the result
//   to a one-element device buffer that the host reads back with ReadScalar.
// Sizes: B = clamp(`<base>.block_size`, 1, 1024) and G = clamp(`<base>.num_blocks`, 1,
//   ceil(n / B)), both tuning parameters. Every block and thread tolerates empty chunks
//   (their accumulators stay neutral), so any n >= 1 works, including n not a multiple of
//   B, and n = 10^7 gives 1024 blocks of ~9766 elements. For n = 0 the host skips both
//   kernels and the result is the neutral element.

namespace {

/// The docs' description of what the reduction computes.
std::string describe(const ir::SegOp& seg) {
  return "reduction with " + describeOps(seg.ops) + describeInputs(seg.body);
}

// ---------------------------------------------------------------------------------------

void stage1(KernelLowerer& k, const ir::Stm& stm, const ir::SegOp& seg,
            const std::vector<Operand>& operands, ExpRef hostPerBlock,
            const std::vector<std::string>& partials) {
  Block decls, body;
  const auto& [dimV, dimN] = seg.space.dims.at(0);
  ExpRef tid = k.let("tid", threadId(), body);
  ExpRef blk = k.let("block", blockId(), body);
  ExpRef n = k.subExp(dimN);
  std::vector<ExpRef> accs = declareAccs(k, operands, "_acc", body);

  // The per-element work: bind the point, run the body, fold, store mapped results.
  auto element = [&](ExpRef i, Block& loop) {
    k.bindScalar(dimV, i->name, PrimType::I64);
    k.bindScalar(seg.space.flat, i->name, PrimType::I64);
    k.lowerStms(seg.body.stms, loop);
    std::vector<ExpRef> xs;
    for (size_t j = 0; j < operands.size(); ++j)
      xs.push_back(k.subExp(seg.body.result.at(j)));
    fold(k, seg, accs, xs, loop);
    storeResults(k, stm, operands.size(), seg.body.result, operands.size(), {i},
                 {symbolic::Expr::var(dimV.str())}, loop);
  };

  if (allCommutative(seg)) {
    body.push_back(comment("commutative: threads stride through the input (coalesced)"));
    std::string i = k.freshName(dimV.name);
    ExpRef iv = var(i, PrimType::I64);
    body.push_back(declare(i, PrimType::I64, add(mul(blk, blockSize()), tid)));
    ExpRef stride = k.let("stride", mul(numBlocks(), blockSize()), body);
    Block loop;
    element(iv, loop);
    loop.push_back(assign(i, add(iv, stride)));
    body.push_back(whileLoop(lt(iv, n), std::move(loop)));
  } else {
    body.push_back(comment("each thread folds a contiguous chunk, in order"));
    Chunk chunk = threadChunk(k, blk, tid, k.param("per_block", hostPerBlock), n, body);
    std::string c = k.freshName("chunk_i");
    Block loop;
    ExpRef i = k.let(dimV.name, add(chunk.start, var(c, PrimType::I64)), loop);
    element(i, loop);
    body.push_back(forLoop(c, chunk.length(), std::move(loop)));
  }

  std::vector<std::string> sh = sharedArrays(k, operands, decls);
  blockReduce(k, seg, operands, tid, accs, sh, body);
  Block write;
  for (size_t j = 0; j < operands.size(); ++j) {
    std::string p = k.memParam(operands[j].name + "_partials", partials[j], operands[j].type,
                               /*write=*/true);
    k.noteAccess(true, operands[j].name + "_partials @" + p + " -> 0 + {(num_blocks : 1)}");
    write.push_back(store(p, blk, load(sh[j], i64(0), operands[j].type)));
  }
  body.push_back(ifThen(eq(tid, i64(0)), std::move(write)));
  decls.insert(decls.end(), body.begin(), body.end());
  k.kernel.body = std::move(decls);
  k.describe.push_back(describe(seg) + ", stage 1 of 2: one partial result per block");
}

void stage2(KernelLowerer& k, const ir::SegOp& seg, const std::vector<Operand>& operands,
            ExpRef hostNumBlocks, const std::vector<std::string>& partials,
            const std::vector<std::string>& results) {
  Block decls, body;
  ExpRef tid = k.let("tid", threadId(), body);
  ExpRef g = k.param("num_partials", hostNumBlocks);
  std::vector<ExpRef> accs = declareAccs(k, operands, "_acc", body);
  std::vector<std::string> pin;
  for (size_t j = 0; j < operands.size(); ++j) {
    pin.push_back(k.memParam(operands[j].name + "_partials", partials[j], operands[j].type,
                             /*write=*/false));
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
  blockReduce(k, seg, operands, tid, accs, sh, body);
  Block write;
  for (size_t j = 0; j < operands.size(); ++j) {
    std::string r = k.memParam(operands[j].name + "_result", results[j], operands[j].type,
                               /*write=*/true);
    k.noteAccess(true, operands[j].name + "_result @" + r + " -> 0 + {(1 : 1)}");
    write.push_back(store(r, i64(0), load(sh[j], i64(0), operands[j].type)));
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
  ExpRef bs = host.blockSizeFor(base, out);
  ExpRef n = host.subExp(seg.space.dims.at(0).second);

  std::vector<std::string> results;
  for (size_t j = 0; j < operands.size(); ++j) {
    std::string c = host.freshName(operands[j].name);
    out.push_back(declare(c, operands[j].type));
    results.push_back(c);
  }
  Block empty;
  for (size_t j = 0; j < operands.size(); ++j)
    empty.push_back(assign(results[j],
                           host.subExp(operands[j].op->neutral.at(operands[j].indexInOp))));

  Block run;
  std::string numBlocksParam = base + ".num_blocks";
  host.prog.addTuning(numBlocksParam, kDefaultNumBlocks,
                      "blocks in the first stage of reduction " + base);
  ExpRef g = host.hostLet("num_blocks",
                          maxE(minE(tuning(numBlocksParam), divUp(n, bs)), i64(1)), run);
  ExpRef perBlock;
  if (!allCommutative(seg))
    perBlock = host.hostLet("per_block", divUp(n, g), run);
  size_t mark = host.tempMark();
  std::vector<std::string> partials, resultMems;
  for (const Operand& o : operands)
    partials.push_back(host.allocTemp(o.name + "_partials", mul(g, i64(primBytes(o.type))), run));
  for (const Operand& o : operands)
    resultMems.push_back(host.allocTemp(o.name + "_result", i64(primBytes(o.type)), run));

  KernelLowerer k1(host, base + "_stage1", stm);
  host.prog.kernelNames.insert(k1.kernel.name);
  stage1(k1, stm, seg, operands, perBlock, partials);
  host.launch(k1, g, bs, run);
  KernelLowerer k2(host, base + "_stage2", stm);
  host.prog.kernelNames.insert(k2.kernel.name);
  stage2(k2, seg, operands, g, partials, resultMems);
  host.launch(k2, i64(1), bs, run);
  for (size_t j = 0; j < operands.size(); ++j) {
    Stm r;
    r.kind = Stm::Kind::ReadScalar;
    r.name = results[j];
    r.src = resultMems[j];
    r.type = operands[j].type;
    r.args.push_back(i64(0));
    run.push_back(std::move(r));
  }
  host.freeTemps(mark, run);
  out.push_back(ifThen(eq(n, i64(0)), std::move(empty), std::move(run)));
  for (size_t j = 0; j < operands.size(); ++j)
    host.bindScalar(stm.pat[j].name, results[j], operands[j].type);
  for (size_t j = operands.size(); j < stm.pat.size(); ++j)
    host.bindArray(stm.pat[j]);
}

// A segmented reduction: one thread per segment folds its segment sequentially.
void lowerSegmented(HostLowerer& host, const ir::Stm& stm, const ir::SegOp& seg, Block& out) {
  std::vector<Operand> operands = operandsOf(stm, seg);
  std::string base = kernelBaseName(host.functionName(), stm.prov.what, "reduce");
  KernelLowerer k(host, host.kernelName(base), stm);
  ExpRef bs = host.blockSizeFor(base, out);
  const auto& dims = seg.space.dims;
  ir::Shape outer;
  for (size_t d = 0; d + 1 < dims.size(); ++d)
    outer.push_back(dims[d].second);
  ExpRef segments = host.hostLet("segments", shapeCount(host, outer), out);

  Block body;
  ExpRef gtid = globalThreadId(k, "gtid", body);
  ExpRef segK = k.param("segments", segments);
  Block guarded;
  std::vector<ExpRef> outerDims;
  std::vector<std::string> idxNames;
  std::vector<symbolic::Expr> symOuter;
  for (size_t d = 0; d + 1 < dims.size(); ++d) {
    outerDims.push_back(d == 0 ? nullptr : k.subExp(dims[d].second)); // outermost: unused
    idxNames.push_back(dims[d].first.name);
    symOuter.push_back(symbolic::Expr::var(dims[d].first.str()));
  }
  std::vector<ExpRef> point = unflatten(k, outerDims, gtid, idxNames, guarded);
  for (size_t d = 0; d < point.size(); ++d)
    k.bindScalar(dims[d].first, point[d]->name, PrimType::I64);
  std::vector<ExpRef> accs = declareAccs(k, operands, "_acc", guarded);
  std::string j = k.freshName(dims.back().first.name);
  ExpRef jv = var(j, PrimType::I64);
  k.bindScalar(dims.back().first, j, PrimType::I64);
  Block loop;
  ExpRef flat = k.let(seg.space.flat.name, add(mul(gtid, k.subExp(dims.back().second)), jv), loop);
  k.bindScalar(seg.space.flat, flat->name, PrimType::I64);
  k.lowerStms(seg.body.stms, loop);
  std::vector<ExpRef> xs;
  for (size_t q = 0; q < operands.size(); ++q)
    xs.push_back(k.subExp(seg.body.result.at(q)));
  fold(k, seg, accs, xs, loop);
  std::vector<ExpRef> full = point;
  full.push_back(jv);
  std::vector<symbolic::Expr> symFull = symOuter;
  symFull.push_back(symbolic::Expr::var(dims.back().first.str()));
  storeResults(k, stm, operands.size(), seg.body.result, operands.size(), full, symFull, loop);
  guarded.push_back(forLoop(j, k.subExp(dims.back().second), std::move(loop)));
  for (size_t q = 0; q < operands.size(); ++q) {
    k.bindArray(stm.pat[q]);
    k.writeElement(k.array(stm.pat[q].name), point, accs[q], guarded);
  }
  body.push_back(ifThen(lt(gtid, segK), std::move(guarded)));
  k.kernel.body = std::move(body);
  k.describe.push_back("segmented " + describe(seg) + ", one thread per segment");

  Block launchB;
  host.launch(k, divUp(segments, bs), bs, launchB);
  out.push_back(ifThen(cmp(CmpOpKind::Gt, segments, i64(0)), std::move(launchB)));
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
