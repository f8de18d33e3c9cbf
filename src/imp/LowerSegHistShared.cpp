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
  std::string partial; ///< subword ops: the kernel's Mem parameter for the block results
};

/// The u32 constant `v`.
ExpRef u32c(uint64_t v) { return constant(PrimValue::wrapped(PrimType::U32, v)); }

/// Bucket `slot` of a subword op's shared array, which holds 32-bit words (so that
/// compare-and-swap finds them aligned): the bytes of the word that hold it.
ExpRef loadSubword(const HistOpPlan& p, const std::string& sub, ExpRef slot) {
  int64_t bytes = primBytes(p.type);
  ExpRef byteAt = mul(std::move(slot), i64(bytes));
  ExpRef word = load(sub, quot(byteAt, i64(4)), PrimType::U32);
  ExpRef shift = convert(mul(rem(byteAt, i64(4)), i64(8)), PrimType::U32);
  ExpRef mask = u32c(bytes == 1 ? 0xffu : 0xffffu);
  return convert(binOp(BinOpKind::And, binOp(BinOpKind::LShr, word, shift), mask), p.type);
}

/// The shared words of a subword op holding `count` buckets.
ExpRef subwordWords(const HistOpPlan& p, ExpRef count) {
  return divUp(mul(std::move(count), i64(primBytes(p.type))), i64(4));
}

/// The neutral element of a subword op repeated in every bucket of a 32-bit word.
ExpRef repeatedNeutral(KernelLowerer& k, const HistOpPlan& p, Block& out) {
  int64_t bytes = primBytes(p.type);
  ExpRef one = binOp(BinOpKind::And, convert(k.subExp(p.op->op.neutral.at(0)), PrimType::U32),
                     u32c(bytes == 1 ? 0xffu : 0xffffu));
  ExpRef two = k.let("neutral_word",
                     binOp(BinOpKind::Or, one, binOp(BinOpKind::Shl, one, u32c(8 * bytes))),
                     out);
  if (bytes == 2)
    return two;
  return binOp(BinOpKind::Or, two, binOp(BinOpKind::Shl, two, u32c(16)));
}

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
                      ExpRef hostBinStart, ExpRef hostPassBins,
                      const std::vector<std::string>& hostPartials) {
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
  for (size_t j = 0; j < plans.size(); ++j) {
    const HistOpPlan& p = plans[j];
    if (p.strategy == HistStrategy::ByBucket)
      continue;
    SharedOp o{&p, "", nullptr, &histogram(k, stm.pat.at(p.firstPat)), ""};
    o.sub = k.freshName(o.hist->source + "_sub");
    int64_t capacity = sharedCapacity(p, numOps);
    if (p.subword) {
      decls.push_back(sharedArray(o.sub, PrimType::U32, (capacity * primBytes(p.type) + 3) / 4));
      o.partial = k.memParam(o.hist->source + "_partial", hostPartials.at(j), p.type,
                             /*write=*/true);
      k.noteAccess(/*write=*/true, o.partial + ": this block's bucket values");
    } else {
      decls.push_back(sharedArray(o.sub, p.type, capacity));
    }
    ExpRef inPass = minE(sub(k.subExp(p.op->width), binStart), passBins);
    o.bins = k.let(o.hist->source + "_bins", maxE(inPass, i64(0)), body);
    ops.push_back(o);
  }

  body.push_back(comment("1. every sub-histogram of this block starts as the neutral element"));
  for (const SharedOp& o : ops) {
    if (o.plan->subword) { // whole words, each holding the neutral element in every bucket
      ExpRef ne = repeatedNeutral(k, *o.plan, body);
      blockStride(k, tid, subwordWords(*o.plan, mul(subHists, o.bins)), "word",
                  [&](ExpRef i, Block& b) { b.push_back(store(o.sub, i, ne)); }, body);
      continue;
    }
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
                         "histogram in global memory (1- and 2-byte buckets: writes it to "
                         "its row of the partial results, which a second kernel folds)"));
  for (const SharedOp& o : ops) {
    auto bucketAt = [&](ExpRef slot) {
      return o.plan->subword ? loadSubword(*o.plan, o.sub, std::move(slot))
                             : load(o.sub, std::move(slot), o.plan->type);
    };
    blockStride(k, tid, o.bins, "bucket", [&](ExpRef b, Block& fold) {
      PrimType t = o.plan->type;
      std::string acc = k.freshName(o.hist->source + "_acc");
      fold.push_back(declare(acc, t, bucketAt(b)));
      std::string s = k.freshName("s");
      Block combine;
      ExpRef other = bucketAt(add(mul(add(var(s, PrimType::I64), i64(1)), o.bins), b));
      std::vector<ExpRef> next =
          applySegOperator(k, o.plan->op->op.op, o.plan->firstPat, {var(acc, t), other}, combine);
      combine.push_back(assign(acc, next.at(0)));
      fold.push_back(forLoop(s, sub(subHists, i64(1)), std::move(combine)));
      if (o.plan->subword) {
        fold.push_back(store(o.partial, add(mul(blockId(), passBins), b), var(acc, t)));
        return;
      }
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

void mergePartialsKernel(KernelLowerer& k, const ir::Stm& stm, const HistOpPlan& p,
                         const std::string& hostPartial, ExpRef hostBlocks,
                         ExpRef hostBinStart, ExpRef hostPassBins) {
  const ArrayVar& hist = histogram(k, stm.pat.at(p.firstPat));
  Block body, guarded;
  ExpRef b = globalThreadId(k, "bucket", body);
  ExpRef blocks = k.param("num_blocks", std::move(hostBlocks));
  ExpRef binStart = k.param("bin_start", std::move(hostBinStart));
  ExpRef passBins = k.param("pass_bins", std::move(hostPassBins));
  ExpRef bins = k.let(hist.source + "_bins",
                      maxE(minE(sub(k.subExp(p.op->width), binStart), passBins), i64(0)), body);
  std::string partial = k.memParam(hist.source + "_partial", hostPartial, p.type,
                                   /*write=*/false);
  k.noteAccess(/*write=*/false, partial + ": each block's bucket values");
  std::string mem = k.mem(hist.block, hist.elem, /*write=*/true);
  k.noteArray(/*write=*/true, hist);
  ExpRef at = k.let("slot", k.elemIndex(hist, {add(binStart, b)}), guarded);
  std::string acc = k.freshName(hist.source + "_acc");
  guarded.push_back(declare(acc, p.type, load(mem, at, p.type)));
  std::string g = k.freshName("block");
  Block combine;
  ExpRef other = load(partial, add(mul(var(g, PrimType::I64), passBins), b), p.type);
  std::vector<ExpRef> next =
      applySegOperator(k, p.op->op.op, p.firstPat, {var(acc, p.type), other}, combine);
  combine.push_back(assign(acc, next.at(0)));
  guarded.push_back(forLoop(g, blocks, std::move(combine)));
  guarded.push_back(store(mem, at, var(acc, p.type)));
  body.push_back(ifThen(lt(b, bins), std::move(guarded)));
  k.kernel.body = std::move(body);
  k.describe.push_back("one thread per bucket of this pass folds every block's value of it into");
  k.describe.push_back("the histogram (1- and 2-byte buckets, no compare-and-swap)");
}

} // namespace fjord::imp::detail
