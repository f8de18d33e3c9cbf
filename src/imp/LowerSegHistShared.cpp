// The histogram kernel with per-block sub-histograms in shared memory (Note [Histograms],
// "<base>_shared", in LowerSegHist.cpp): initialise the block's sub-histograms, stride
// through the input updating them with shared-memory atomics, then fold them into the
// histogram in global memory.
#include "imp/SegHist.h"

#include <functional>

namespace fjord::imp::detail {

namespace {

/// One per-input op inside the kernel: its shared array and the buckets of this pass.
struct SharedOp {
  const HistOpPlan* plan;
  std::string sub;   ///< the shared array: sub-histogram s, bucket b at s * bins + b
  ExpRef bins;       ///< the buckets this pass counts: [bin_start, bin_start + bins)
  const ArrayVar* hist;
};

/// `for (i = tid; i < count; i += block_size) body(i)`, as a counted loop.
void blockStride(KernelLowerer& k, ExpRef tid, ExpRef count, const std::string& name,
                 const std::function<void(ExpRef, Block&)>& body, Block& out) {
  std::string c = k.freshName("round");
  Block loop, guarded;
  ExpRef i = k.let(name, add(mul(var(c, PrimType::I64), blockSize()), tid), loop);
  body(i, guarded);
  loop.push_back(ifThen(lt(i, count), std::move(guarded)));
  out.push_back(forLoop(c, divUp(count, blockSize()), std::move(loop)));
}

} // namespace

void sharedHistKernel(KernelLowerer& k, const ir::Stm& stm, const ir::SegOp& seg,
                      const std::vector<HistOpPlan>& plans, ExpRef hostSubHists,
                      ExpRef hostBinStart, ExpRef hostPassBins) {
  const auto& [dimV, dimN] = seg.space.dims.at(0);
  Block decls, body;
  ExpRef tid = k.let("tid", threadId(), body);
  ExpRef subHists = k.param("sub_histograms", std::move(hostSubHists));
  ExpRef binStart = k.param("bin_start", std::move(hostBinStart));
  ExpRef passBins = k.param("pass_bins", std::move(hostPassBins));
  size_t numOps = 0;
  for (const HistOpPlan& p : plans)
    numOps += p.strategy != HistStrategy::ByBucket;
  std::vector<SharedOp> ops;
  for (const HistOpPlan& p : plans) {
    if (p.strategy == HistStrategy::ByBucket)
      continue;
    SharedOp o{&p, "", nullptr, &histogram(k, stm.pat.at(p.firstPat))};
    o.sub = k.freshName(o.hist->source + "_sub");
    decls.push_back(sharedArray(o.sub, p.type, sharedCapacity(p, numOps)));
    ExpRef inPass = minE(sub(k.subExp(p.op->width), binStart), passBins);
    o.bins = k.let(o.hist->source + "_bins", maxE(inPass, i64(0)), body);
    ops.push_back(o);
  }

  body.push_back(comment("1. every sub-histogram of this block starts as the neutral element"));
  for (const SharedOp& o : ops) {
    ExpRef ne = k.subExp(o.plan->op->op.neutral.at(0));
    blockStride(k, tid, mul(subHists, o.bins), "slot",
                [&](ExpRef i, Block& b) { b.push_back(store(o.sub, i, ne)); }, body);
  }
  body.push_back(barrier());

  body.push_back(comment("2. the threads stride through the input (coalesced), " +
                         std::to_string(kHistUnroll) + " inputs per round a stride apart"));
  body.push_back(comment("   (reads in flight together); thread tid updates sub-histogram "
                         "tid % sub_histograms"));
  ExpRef copy = k.let("copy", rem(tid, subHists), body);
  std::string i = k.freshName("base");
  ExpRef iv = var(i, PrimType::I64);
  body.push_back(declare(i, PrimType::I64, add(mul(blockId(), blockSize()), tid)));
  ExpRef stride = k.let("stride", mul(numBlocks(), blockSize()), body);
  ExpRef n = k.subExp(dimN);
  std::string u = k.freshName("u");
  Block round, element;
  ExpRef at = k.let(dimV.name, add(iv, mul(var(u, PrimType::I64), stride)), round);
  k.bindScalar(dimV, at->name, PrimType::I64);
  k.bindScalar(seg.space.flat, at->name, PrimType::I64);
  k.lowerStms(seg.body.stms, element);
  for (const SharedOp& o : ops) {
    ExpRef bucket = k.subExp(seg.body.result.at(o.plan->index));
    ExpRef value = k.subExp(seg.body.result.at(o.plan->firstValue));
    ExpRef local = k.let("local_bucket", sub(bucket, binStart), element);
    Block update;
    ExpRef slot = k.let("slot", add(mul(copy, o.bins), local), update);
    histUpdate(k, *o.plan, o.sub, slot, value, update);
    // Buckets outside [0, width) are ignored; those of other passes wait for theirs.
    ExpRef counted = andE(inBounds(bucket, k.subExp(o.plan->op->width)),
                          inBounds(local, o.bins));
    element.push_back(ifThen(counted, std::move(update)));
  }
  round.push_back(ifThen(lt(at, n), std::move(element)));
  Block loop;
  loop.push_back(forLoop(u, i64(kHistUnroll), std::move(round)));
  loop.push_back(assign(i, add(iv, mul(i64(kHistUnroll), stride))));
  body.push_back(whileLoop(lt(iv, n), std::move(loop)));
  body.push_back(barrier());

  body.push_back(comment("3. the block folds its sub-histograms and adds the result to the "
                         "histogram in global memory"));
  for (const SharedOp& o : ops) {
    blockStride(k, tid, o.bins, "bucket", [&](ExpRef b, Block& fold) {
      PrimType t = o.plan->type;
      std::string acc = k.freshName(o.hist->source + "_acc");
      fold.push_back(declare(acc, t, load(o.sub, b, t)));
      std::string s = k.freshName("s");
      Block combine;
      ExpRef other = load(o.sub, add(mul(add(var(s, PrimType::I64), i64(1)), o.bins), b), t);
      std::vector<ExpRef> next =
          applySegOperator(k, o.plan->op->op.op, o.plan->firstPat, {var(acc, t), other}, combine);
      combine.push_back(assign(acc, next.at(0)));
      fold.push_back(forLoop(s, sub(subHists, i64(1)), std::move(combine)));
      ExpRef at = k.let("slot", k.elemIndex(*o.hist, {add(binStart, b)}), fold);
      k.noteArray(/*write=*/true, *o.hist);
      histUpdate(k, *o.plan, k.mem(o.hist->block, o.hist->elem, /*write=*/true), at,
                 var(acc, t), fold);
    }, body);
  }
  decls.insert(decls.end(), body.begin(), body.end());
  k.kernel.body = std::move(decls);
  k.describe.push_back("per-block sub-histograms in shared memory of buckets");
  k.describe.push_back("[bin_start, bin_start + pass_bins), then added to the histogram");
}

} // namespace fjord::imp::detail
