// The warp- and block-level steps of a SegScan's tile kernels: the scan of one value per
// thread across the block, and the look-back by one warp (see Note [Block scan],
// Note [Warp look-back] and Note [Single-pass scan], LowerSegScan.cpp).
#include "imp/ScanKernels.h"

namespace fjord::imp::detail {

// Note [Block scan]
// Each thread of a tile kernel holds the fold of its items; the block scan gives it the
// combination of the threads before it (its exclusive prefix) and the tile's aggregate.
// Every combine takes the earlier value on the left, so the operators need only be
// associative. The block size is a multiple of 32 (lowerScanTiles rounds it down).
//  - CUDA (IfWarpShuffles): each warp scans its 32 values with __shfl_up_sync (Kogge-Stone:
//        for offset 1, 2, .., 16 a lane combines the value `offset` lanes below with its
//        own); lane 31 writes the warp's total to shared memory; after a barrier, warp 0
//        scans those totals the same way (lanes past the last warp hold the neutral
//        element) and writes them back; after a second barrier a thread's prefix is the
//        totals of the warps before its own combined with the value of the lane below it.
//        Two barriers in all, where the shared-memory scan needs two per step.
//  - elsewhere: Hillis-Steele in shared memory: after the step with `offset`, sh[t] holds
//        threads max(0, t - 2 * offset + 1) .. t; each step reads into private values,
//        waits, then writes.

// Note [Warp look-back]
// On CUDA the look-back runs in warp 0 alone, without block barriers; lane l reads tile
// from - l (from = tile - 1 first), 32 predecessors per window, nearest in lane 0:
//  - each lane turns its status into a stop code: 64 for an aggregate (keep walking),
//    2l + 1 for an inclusive prefix (stop, including it), 2l for nothing yet (stop before
//    it); a prefix minimum over the lanes by __shfl_up_sync, read from lane 31 by every lane
//    (__shfl_down_sync by 31 - l), gives the window's first stop s and its kind;
//  - lanes before s (and s itself when it is an inclusive prefix) keep their value, the
//    others take the neutral element; a reduction by __shfl_down_sync that combines the
//    higher lane (the earlier tile) on the left leaves lane 0 with the window's
//    combination in tile order, which goes in front of the exclusive prefix so far;
//  - every lane computes the same next `from` (done after an inclusive prefix, else from -
//    s, so a tile with nothing published yet is read again), so the loop stays uniform.
// Elsewhere (never used today: only CUDA takes the single pass) the block's threads 0..31
// read a window into shared memory and thread 0 walks it, with barriers.

namespace {

/// A Kogge-Stone scan of `v` within each warp, in place (every lane must reach it).
void warpScan(KernelLowerer& k, const ScanPlan& p, ExpRef lane, const Vals& v, Block& out) {
  std::string offset = k.freshName("offset");
  ExpRef off = var(offset, PrimType::I64);
  out.push_back(declare(offset, PrimType::I64, i64(1)));
  Block step, take;
  Vals below;
  for (size_t j = 0; j < v.size(); ++j)
    below.push_back(k.let(p.names[j] + "_below", shuffleUp(v[j], off), step));
  assignVals(v, combineVals(k, p, below, v, take), take);
  step.push_back(ifThen(cmp(CmpOpKind::Ge, lane, off), std::move(take)));
  step.push_back(assign(offset, mul(off, i64(2))));
  out.push_back(whileLoop(lt(off, i64(32)), std::move(step)));
}

/// Shared arrays `sh` of `count` elements, one per value.
void declareShared(const ScanPlan& p, const std::vector<std::string>& sh, int64_t count,
                   Block& out) {
  for (size_t j = 0; j < sh.size(); ++j)
    out.push_back(sharedArray(sh[j], p.types[j], count));
}

Block shuffleScan(KernelLowerer& k, const ScanPlan& p, ExpRef tid, const Vals& accs,
                  const std::vector<std::string>& sh, const BlockScanned& r) {
  Block out;
  declareShared(p, sh, kMaxBlockSize / 32, out); // one total per warp
  out.push_back(comment("scan within each warp by shuffles, then across the warps' totals"));
  ExpRef lane = k.let("lane", rem(tid, i64(32)), out);
  ExpRef warp = k.let("warp", quot(tid, i64(32)), out);
  ExpRef warps = k.let("warps", quot(blockSize(), i64(32)), out);
  Vals v = declareVals(k, p, "_in_warp", accs, out);
  warpScan(k, p, lane, v, out);
  Block last;
  storeVals(sh, warp, v, last);
  out.push_back(ifThen(eq(lane, i64(31)), std::move(last)));
  out.push_back(barrier());
  Block first;
  Vals totals = declareVals(k, p, "_total", neutral(k, p), first);
  Block read;
  assignVals(totals, loadVals(sh, p, lane), read);
  first.push_back(ifThen(lt(lane, warps), std::move(read)));
  warpScan(k, p, lane, totals, first);
  storeVals(sh, lane, totals, first);
  out.push_back(ifThen(lt(tid, i64(32)), std::move(first)));
  out.push_back(barrier());
  Vals lower;
  for (size_t j = 0; j < v.size(); ++j)
    lower.push_back(k.let(p.names[j] + "_lower", shuffleUp(v[j], i64(1)), out));
  Vals zero = neutral(k, p);
  Vals before = declareVals(k, p, "_warps_before", zero, out);
  Block fromWarps;
  assignVals(before, loadVals(sh, p, sub(warp, i64(1))), fromWarps);
  out.push_back(ifThen(cmp(CmpOpKind::Gt, warp, i64(0)), std::move(fromWarps)));
  Vals inWarp;
  for (size_t j = 0; j < v.size(); ++j)
    inWarp.push_back(select(eq(lane, i64(0)), zero[j], lower[j]));
  assignVals(r.prefix, combineVals(k, p, before, inWarp, out), out);
  assignVals(r.aggregate, loadVals(sh, p, sub(warps, i64(1))), out);
  return out;
}

Block sharedScan(KernelLowerer& k, const ScanPlan& p, ExpRef tid, const Vals& accs,
                 const std::vector<std::string>& sh, const BlockScanned& r) {
  Block out;
  declareShared(p, sh, kMaxBlockSize, out); // one value per thread
  storeVals(sh, tid, accs, out);
  out.push_back(barrier());
  std::string offset = k.freshName("offset");
  ExpRef off = var(offset, PrimType::I64);
  out.push_back(declare(offset, PrimType::I64, i64(1)));
  Block step, read;
  Vals mine = declareVals(k, p, "_step", loadVals(sh, p, tid), step);
  ExpRef active = cmp(CmpOpKind::Ge, tid, off);
  assignVals(mine, combineVals(k, p, loadVals(sh, p, sub(tid, off)), mine, read), read);
  step.push_back(ifThen(active, std::move(read)));
  step.push_back(barrier());
  storeVals(sh, tid, mine, step);
  step.push_back(barrier());
  step.push_back(assign(offset, mul(off, i64(2))));
  out.push_back(whileLoop(lt(off, blockSize()), std::move(step)));
  Block fromLeft;
  assignVals(r.prefix, loadVals(sh, p, sub(tid, i64(1))), fromLeft);
  out.push_back(ifThen(cmp(CmpOpKind::Gt, tid, i64(0)), std::move(fromLeft)));
  assignVals(r.aggregate, loadVals(sh, p, sub(blockSize(), i64(1))), out);
  return out;
}

} // namespace

void warpLookBack(KernelLowerer& k, const ScanPlan& p, ExpRef tid, ExpRef tile, const Vals& excl,
                  const ReadPredecessor& read, Block& out) {
  Block warp0, window;
  ExpRef lane = k.let("lane", tid, warp0);
  std::string from = k.freshName("look_back_from");
  ExpRef fromV = var(from, PrimType::I64);
  warp0.push_back(declare(from, PrimType::I64, sub(tile, i64(1))));

  ExpRef pred = k.let("predecessor", sub(fromV, lane), window);
  std::string seen = k.freshName("seen");
  window.push_back(declare(seen, PrimType::I32, constant(PrimValue::integer(PrimType::I32, 2))));
  ExpRef seenV = var(seen, PrimType::I32);
  Vals val = declareVals(k, p, "_seen", neutral(k, p), window);
  read(pred, seen, val, window);

  window.push_back(comment("the window's first stop: a prefix minimum of the lanes' stop codes\n"
                           "(i32: one shuffle a step)"));
  auto i32c = [](int64_t v) { return constant(PrimValue::integer(PrimType::I32, v)); };
  ExpRef stopHere = add(convert(mul(lane, i64(2)), PrimType::I32),
                        convert(eq(seenV, i32c(2)), PrimType::I32));
  std::string code = k.freshName("stop_code");
  ExpRef codeV = var(code, PrimType::I32);
  window.push_back(declare(code, PrimType::I32, select(eq(seenV, i32c(1)), i32c(64), stopHere)));
  {
    std::string offset = k.freshName("offset");
    ExpRef off = var(offset, PrimType::I64);
    window.push_back(declare(offset, PrimType::I64, i64(1)));
    Block step;
    ExpRef below = k.let("code_below", shuffleUp(codeV, off), step);
    step.push_back(ifThen(andE(cmp(CmpOpKind::Ge, lane, off), lt(below, codeV)),
                          {assign(code, below)}));
    step.push_back(assign(offset, mul(off, i64(2))));
    window.push_back(whileLoop(lt(off, i64(32)), std::move(step)));
  }
  ExpRef first = k.let("first_stop", shuffleDown(codeV, sub(i64(31), lane)), window);
  ExpRef stopLane = k.let("stop_lane", convert(quot(first, i32c(2)), PrimType::I64), window);
  ExpRef inclusive = eq(rem(first, i32c(2)), i32c(1));

  window.push_back(comment("combine the values before the stop, the earlier tile (higher lane) "
                           "on the left"));
  Vals zero = neutral(k, p);
  Vals kept;
  ExpRef keep = binOp(BinOpKind::LogOr, lt(lane, stopLane), andE(eq(lane, stopLane), inclusive));
  for (size_t j = 0; j < val.size(); ++j)
    kept.push_back(select(keep, val[j], zero[j]));
  Vals w = declareVals(k, p, "_window", kept, window);
  {
    std::string offset = k.freshName("offset");
    ExpRef off = var(offset, PrimType::I64);
    window.push_back(declare(offset, PrimType::I64, i64(1)));
    Block step, take;
    Vals above;
    for (size_t j = 0; j < w.size(); ++j)
      above.push_back(k.let(p.names[j] + "_earlier", shuffleDown(w[j], off), step));
    assignVals(w, combineVals(k, p, above, w, take), take);
    step.push_back(ifThen(lt(add(lane, off), i64(32)), std::move(take)));
    step.push_back(assign(offset, mul(off, i64(2))));
    window.push_back(whileLoop(lt(off, i64(32)), std::move(step)));
  }
  assignVals(excl, combineVals(k, p, w, excl, window), window);
  window.push_back(assign(from, select(inclusive, i64(-1), sub(fromV, stopLane))));
  warp0.push_back(whileLoop(cmp(CmpOpKind::Ge, fromV, i64(0)), std::move(window)));
  out.push_back(ifThen(lt(tid, i64(32)), std::move(warp0)));
}

BlockScanned blockScan(KernelLowerer& k, const ScanPlan& p, ExpRef tid, const Vals& accs,
                       Block& out) {
  // The same names in both variants; each declares its own size (the printer hoists only
  // the shared arrays of the variant it prints).
  std::vector<std::string> sh;
  for (const std::string& name : p.names)
    sh.push_back(k.freshName(name + "_scan"));
  BlockScanned r;
  r.prefix = declareVals(k, p, "_prefix", neutral(k, p), out);
  r.aggregate = declareVals(k, p, "_aggregate", neutral(k, p), out);
  Stm s;
  s.kind = Stm::Kind::IfWarpShuffles;
  s.body = shuffleScan(k, p, tid, accs, sh, r);
  s.elseBody = sharedScan(k, p, tid, accs, sh, r);
  out.push_back(std::move(s));
  return r;
}

} // namespace fjord::imp::detail
