// SegScan -> a three-stage parallel scan (reduce, scan the block sums, scan with carry-in).
// See Note [Three-stage scan].
#include "imp/SegCombine.h"

namespace fjord::imp::detail {

// Note [Three-stage scan]
// A SegScan over `n` points with operators ops (tuples are several operands, fused scans
// several ops; the body may also return mapped results) becomes three kernels, correct for
// operators that are associative but not commutative. Like Note [Two-stage reduction],
// block b of G owns the contiguous chunk [b * per_block, min((b + 1) * per_block, n)),
// per_block = ceil(n / G), and each of its B threads a contiguous sub-chunk of
// ceil(per_block / B) elements.
//
// Stage 1 (`<base>_stage1`, G blocks): each thread runs the body on its sub-chunk in index
//   order, stores every result at its index (the scan operands go to the scan's result
//   arrays, to be scanned in place by stage 3; mapped results are final) and folds the
//   operands into its accumulators. The in-order tree of Note [Two-stage reduction]
//   combines the B accumulators, and thread 0 writes the block's total to partials[b].
// Stage 2 (`<base>_stage2`, 1 block): scans the G partials in place, exclusively: each
//   thread folds a contiguous sub-chunk of partials, a block-level exclusive scan of the
//   thread totals in shared memory (Hillis-Steele: for offset = 1, 2, 4, ... < B, thread t
//   >= offset combines sh[t - offset] op sh[t], with a barrier between reading and writing)
//   gives each thread its prefix, and the thread rewalks its sub-chunk writing, for each
//   partial, the combination of everything before it. partials[b] is then the combination
//   of blocks 0 .. b-1 (the neutral element for block 0).
// Stage 3 (`<base>_stage3`, G blocks): each thread folds the stored operands of its
//   sub-chunk, the same block-level exclusive scan gives its prefix within the block, and
//   its carry-in is partials[b] op prefix. It rewalks its sub-chunk: carry = carry op x[i];
//   x[i] = carry, leaving the inclusive scan in place.
// Sizes: B = clamp(`<base>.block_size`, 1, 1024), G = clamp(`<base>.num_blocks`, 1,
//   ceil(n / B)). Empty chunks leave accumulators neutral, so any n >= 1 works (n not a
//   multiple of B included); for n = 0 the host launches nothing, as every result is empty.

namespace {

/// The docs' description of what the scan computes.
std::string describe(const ir::SegOp& seg) {
  return "inclusive scan with " + describeOps(seg.ops) + describeInputs(seg.body);
}

/// The per-element values of the scan operands as stage 1 stored them (in the scan's
/// result arrays), read at index `i`.
std::vector<ExpRef> readStored(KernelLowerer& k, const ir::Stm& stm,
                               const std::vector<Operand>& operands, ExpRef i, Block& out) {
  std::vector<ExpRef> xs;
  for (size_t j = 0; j < operands.size(); ++j)
    xs.push_back(k.readElement(k.array(stm.pat[j].name), {i}, operands[j].name, out));
  return xs;
}

/// Mem parameters for the partials buffers, with their doc lines.
std::vector<std::string> partialsParams(KernelLowerer& k, const std::vector<Operand>& operands,
                                        const std::vector<std::string>& partials, bool write) {
  std::vector<std::string> ps;
  for (size_t j = 0; j < operands.size(); ++j) {
    std::string name = operands[j].name + "_partials";
    ps.push_back(k.memParam(name, partials[j], operands[j].type, write));
    k.noteAccess(write, name + " @" + ps.back() + " -> 0 + {(num_blocks : 1)}");
  }
  return ps;
}

void stage1(KernelLowerer& k, const ir::Stm& stm, const ir::SegOp& seg,
            const std::vector<Operand>& operands, ExpRef hostPerBlock,
            const std::vector<std::string>& partials) {
  Block decls, body;
  const auto& [dimV, dimN] = seg.space.dims.at(0);
  ExpRef tid = k.let("tid", threadId(), body);
  ExpRef blk = k.let("block", blockId(), body);
  std::vector<ExpRef> accs = declareAccs(k, operands, "_acc", body);
  body.push_back(comment("each thread maps and folds a contiguous chunk, in order"));
  Chunk chunk =
      threadChunk(k, blk, tid, k.param("per_block", hostPerBlock), k.subExp(dimN), body);
  std::string c = k.freshName("chunk_i");
  Block loop;
  ExpRef i = k.let(dimV.name, add(chunk.start, var(c, PrimType::I64)), loop);
  k.bindScalar(dimV, i->name, PrimType::I64);
  k.bindScalar(seg.space.flat, i->name, PrimType::I64);
  k.lowerStms(seg.body.stms, loop);
  std::vector<ExpRef> xs;
  for (size_t j = 0; j < operands.size(); ++j)
    xs.push_back(k.subExp(seg.body.result.at(j)));
  fold(k, seg, accs, xs, loop);
  storeResults(k, stm, 0, seg.body.result, 0, {i}, {symbolic::Expr::var(dimV.str())}, loop);
  body.push_back(forLoop(c, chunk.length(), std::move(loop)));

  std::vector<std::string> sh = sharedArrays(k, operands, decls);
  blockReduce(k, seg, operands, tid, accs, sh, body);
  std::vector<std::string> out = partialsParams(k, operands, partials, /*write=*/true);
  Block write;
  for (size_t j = 0; j < operands.size(); ++j)
    write.push_back(store(out[j], blk, load(sh[j], i64(0), operands[j].type)));
  body.push_back(ifThen(eq(tid, i64(0)), std::move(write)));
  decls.insert(decls.end(), body.begin(), body.end());
  k.kernel.body = std::move(decls);
  k.describe.push_back(describe(seg) + ", stage 1 of 3: maps, and reduces each block's chunk");
}

void stage2(KernelLowerer& k, const ir::SegOp& seg, const std::vector<Operand>& operands,
            ExpRef hostNumBlocks, const std::vector<std::string>& partials) {
  Block decls, body;
  ExpRef tid = k.let("tid", threadId(), body);
  ExpRef g = k.param("num_partials", hostNumBlocks);
  std::vector<std::string> ps = partialsParams(k, operands, partials, /*write=*/true);
  std::vector<ExpRef> accs = declareAccs(k, operands, "_acc", body);
  body.push_back(comment("each thread folds a contiguous chunk of the partials, in order"));
  ExpRef perThread = k.let("per_thread", divUp(g, blockSize()), body);
  ExpRef start = k.let("start", mul(tid, perThread), body);
  ExpRef end = k.let("end", minE(add(start, perThread), g), body);
  ExpRef count = maxE(sub(end, start), i64(0));
  auto readPartials = [&](const std::string& c, Block& loop) {
    std::vector<ExpRef> xs;
    for (size_t j = 0; j < operands.size(); ++j)
      xs.push_back(k.let(operands[j].name,
                         load(ps[j], add(start, var(c, PrimType::I64)), operands[j].type), loop));
    return xs;
  };
  std::string c = k.freshName("chunk_i");
  Block loop;
  fold(k, seg, accs, readPartials(c, loop), loop);
  body.push_back(forLoop(c, count, std::move(loop)));

  std::vector<std::string> sh = sharedArrays(k, operands, decls);
  std::vector<ExpRef> carry = blockExclusiveScan(k, seg, operands, tid, accs, sh, body);
  body.push_back(comment("each partial becomes the combination of the blocks before it"));
  std::string c2 = k.freshName("chunk_i");
  Block rewalk;
  std::vector<ExpRef> xs = readPartials(c2, rewalk);
  for (size_t j = 0; j < operands.size(); ++j)
    rewalk.push_back(store(ps[j], add(start, var(c2, PrimType::I64)), carry[j]));
  fold(k, seg, carry, xs, rewalk);
  body.push_back(forLoop(c2, count, std::move(rewalk)));
  decls.insert(decls.end(), body.begin(), body.end());
  k.kernel.body = std::move(decls);
  k.describe.push_back(describe(seg) +
                       ", stage 2 of 3: exclusive scan of the block totals, in one block");
}

void stage3(KernelLowerer& k, const ir::Stm& stm, const ir::SegOp& seg,
            const std::vector<Operand>& operands, ExpRef hostPerBlock,
            const std::vector<std::string>& partials) {
  Block decls, body;
  const auto& [dimV, dimN] = seg.space.dims.at(0);
  ExpRef tid = k.let("tid", threadId(), body);
  ExpRef blk = k.let("block", blockId(), body);
  for (size_t j = 0; j < operands.size(); ++j)
    k.bindArray(stm.pat[j]);
  std::vector<std::string> ps = partialsParams(k, operands, partials, /*write=*/false);
  std::vector<ExpRef> accs = declareAccs(k, operands, "_acc", body);
  body.push_back(comment("each thread folds its contiguous chunk, in order"));
  Chunk chunk =
      threadChunk(k, blk, tid, k.param("per_block", hostPerBlock), k.subExp(dimN), body);
  std::string c = k.freshName("chunk_i");
  Block loop;
  ExpRef i = k.let(dimV.name, add(chunk.start, var(c, PrimType::I64)), loop);
  fold(k, seg, accs, readStored(k, stm, operands, i, loop), loop);
  body.push_back(forLoop(c, chunk.length(), std::move(loop)));

  std::vector<std::string> sh = sharedArrays(k, operands, decls);
  std::vector<ExpRef> prefix = blockExclusiveScan(k, seg, operands, tid, accs, sh, body);
  body.push_back(comment("carry-in: the blocks before this one, then the threads before this one"));
  std::vector<ExpRef> blockCarry;
  for (size_t j = 0; j < operands.size(); ++j)
    blockCarry.push_back(load(ps[j], blk, operands[j].type));
  std::vector<ExpRef> carryIn = combine(k, seg, blockCarry, prefix, body);
  std::vector<ExpRef> carry;
  for (size_t j = 0; j < operands.size(); ++j) {
    std::string name = k.freshName(operands[j].name + "_carry");
    body.push_back(declare(name, operands[j].type, carryIn[j]));
    carry.push_back(var(name, operands[j].type));
  }
  std::string c2 = k.freshName("chunk_i");
  Block rewalk;
  ExpRef i2 = k.let(dimV.name, add(chunk.start, var(c2, PrimType::I64)), rewalk);
  fold(k, seg, carry, readStored(k, stm, operands, i2, rewalk), rewalk);
  for (size_t j = 0; j < operands.size(); ++j)
    k.writeElement(k.array(stm.pat[j].name), {i2}, carry[j], rewalk);
  body.push_back(forLoop(c2, chunk.length(), std::move(rewalk)));
  decls.insert(decls.end(), body.begin(), body.end());
  k.kernel.body = std::move(decls);
  k.describe.push_back(describe(seg) + ", stage 3 of 3: scans each chunk with its carry-in");
}

} // namespace

void lowerSegScan(HostLowerer& host, const ir::Stm& stm, const ir::SegOp& seg, Block& out) {
  if (seg.space.dims.size() != 1)
    host.unsupported(stm, "a segmented scan on the GPU");
  std::vector<Operand> operands = operandsOf(stm, seg);
  for (size_t j = 0; j < operands.size(); ++j)
    if (stm.pat[j].type.rank() != 1)
      host.unsupported(stm, "a scan whose operands are arrays");
  std::string base = host.kernelName(kernelBaseName(host.functionName(), stm.prov.what, "scan"));
  out.push_back(comment(describe(seg)));
  ExpRef bs = host.blockSizeFor(base, out);
  ExpRef n = host.subExp(seg.space.dims.at(0).second);

  Block run;
  std::string numBlocksParam = base + ".num_blocks";
  host.prog.addTuning(numBlocksParam, kDefaultNumBlocks,
                      "blocks in the first and last stages of scan " + base);
  ExpRef g = host.hostLet("num_blocks",
                          maxE(minE(tuning(numBlocksParam), divUp(n, bs)), i64(1)), run);
  ExpRef perBlock = host.hostLet("per_block", divUp(n, g), run);
  size_t mark = host.tempMark();
  std::vector<std::string> partials;
  for (const Operand& o : operands)
    partials.push_back(host.allocTemp(o.name + "_partials", mul(g, i64(primBytes(o.type))), run));

  KernelLowerer k1(host, base + "_stage1", stm);
  host.prog.kernelNames.insert(k1.kernel.name);
  stage1(k1, stm, seg, operands, perBlock, partials);
  host.launch(k1, g, bs, run);
  KernelLowerer k2(host, base + "_stage2", stm);
  host.prog.kernelNames.insert(k2.kernel.name);
  stage2(k2, seg, operands, g, partials);
  host.launch(k2, i64(1), bs, run);
  KernelLowerer k3(host, base + "_stage3", stm);
  host.prog.kernelNames.insert(k3.kernel.name);
  stage3(k3, stm, seg, operands, perBlock, partials);
  host.launch(k3, g, bs, run);
  host.freeTemps(mark, run);
  out.push_back(ifThen(cmp(CmpOpKind::Gt, n, i64(0)), std::move(run)));
  for (const ir::PatElem& pe : stm.pat)
    host.bindArray(pe);
}

} // namespace fjord::imp::detail
