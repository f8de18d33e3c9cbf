// SegScan -> a single-pass scan with decoupled look-back where blocks progress
// independently, else reduce-then-scan over the same tiles. See Note [Single-pass scan].
#include "imp/GroupReduce.h"
#include "imp/ScanKernels.h"

namespace fjord::imp::detail {

// Note [Single-pass scan]
// A SegScan over `n` points with operators ops (tuples are several operands, fused scans
// several ops; the body may also return mapped results) is cut into tiles of
// T = B * items consecutive points (B = `<base>.block_size`, default 256, at most 1024,
// rounded down to a multiple of 32 so that every warp is full for the shuffles;
// items = `<base>.items_per_thread`, default 32, at most tileMax / B where tileMax holds
// 32 KiB of the scanned values, 16 KiB for wide tuples; see ScanKernels.cpp). One block
// scans one tile. Each tile pays a block scan and a look-back, so larger tiles were faster
// (on the H100, 2^28 i32 with a Hillis-Steele block scan and a look-back walked by thread
// 0 behind barriers: tiles of 2048 took 2.9 ms, 4096 1.8 ms, 8192 1.43 ms; with the
// shuffle block scan and the packed status, 4096 1.45 ms and 8192 1.06 ms, CUB 0.87 ms;
// the warp look-back came after that measurement; on the H200, 0.905 ms, CUB 0.681 ms
// in an earlier run; on the H100 with the whole-tile vector loads of Note [Vector tiles],
// 0.837 ms, CUB 0.872 ms). The loops over items are unrolled so that a thread's loads are in
// flight together (Note [Loads in flight], ScanKernels.cpp):
//
//   load     thread tid maps points tile_start + k * B + tid (k < items): neighbouring
//            threads touch neighbouring elements, so loads and mapped stores coalesce. The
//            scanned values go to a tile in shared memory (a pad word every 32 elements keeps
//            both access patterns free of bank conflicts); points past n hold the neutral
//            element.
//   fold     thread tid folds its own items tid * items .. + items - 1, in order.
//   block    a scan of the B thread values gives each thread its exclusive prefix within
//            the tile, and the tile's aggregate (Note [Block scan], ScanBlock.cpp: warp
//            shuffles and two barriers on CUDA, Hillis-Steele in shared memory elsewhere).
//   prefix   the tile's exclusive prefix: the combination of every tile before it (below).
//   rescan   each thread rescans its items from prefix op thread-prefix, in place.
//   write    the tile goes back to the result arrays, coalesced like the load.
// Every combine keeps index order, so the operators need only be associative.
//
// Where blocks progress independently (CUDA), the tile prefix comes from a decoupled
// look-back (Merrill & Garland, "Single-pass Parallel Prefix Scan with Decoupled
// Look-back", 2016), in one kernel `<base>` after `<base>_reset` zeroes the status:
//   - block b scans tile b: blocks start in index order, so every tile a block waits for
//     is held by a running or finished block (Note [Tiles in block order], ScanKernels.cpp);
//   - after the block scan, thread 0 publishes the tile's aggregate (tile 0: its inclusive
//     prefix) and then its status (1 aggregate, 2 inclusive prefix; 0 nothing yet), with a
//     fence between, using volatile accesses (Note [Cross-block communication in Imp]).
//     Where the scan has one value that fits 62 bits once widened to i64 (integers of up to
//     32 bits, bool, a filter's offsets; packedStatus), status and value are one i64 word,
//     value * 4 + status, stored and loaded in one access each: no fence, one load per
//     predecessor;
//   - warp 0 reads the status and value of the 32 tiles before (nearest in lane 0) and
//     combines them with shuffles up to the first inclusive prefix, which ends the
//     look-back; at a status 0 it reads a new window from that tile (it spins until it is
//     published) (Note [Warp look-back], ScanBlock.cpp). Blocks that start together see
//     only aggregates before them and walk back to the previous wave of tiles, hundreds of
//     predecessors: a window costs one load and a few shuffles, no block barrier;
//   - thread 0 publishes the inclusive prefix (status 2) and shares the exclusive one.
// The status buffers hold one entry per tile and are reset before each scan.
//
// Where they may not (OpenCL: 1.2 promises no progress between work-groups, and PoCL on the
// CPU runs them in any order), the same tile code runs as reduce-then-scan:
//   `<base>_reduce`      one block per tile: load, fold, block scan; stores the aggregate.
//   `<base>_aggregates`  one block: scans the aggregates into exclusive prefixes in place.
//   `<base>_rescan`      one block per tile: load (mapping again), fold, block scan, then the
//                        rescan and write from the tile's prefix.
// The host chooses by forward_progress(), which the backend folds per target. f16 values
// always take the second scheme (volatile accesses to them are not printed).
//
// A segmented scan (a space of rank r > 1) scans each row of the innermost dimension: the
// points are flattened and every value carries a flag "this point starts a row"; the
// combination (f, x) op (g, y) = (f || g, g ? y : x op y) is associative and restarts at each
// row, so both schemes scan rows that cross tiles as one flat scan.
// For n = 0 the host launches nothing, as every result is empty.

namespace {

std::string describe(const ir::SegOp& seg) {
  return std::string(seg.space.dims.size() > 1 ? "segmented " : "") + "inclusive scan with " +
         describeOps(seg.ops) + describeInputs(seg.body);
}

/// Allocates one buffer per scanned value with an element per tile.
std::vector<std::string> perTile(HostLowerer& host, const ScanPlan& p, const std::string& suffix,
                                 ExpRef tiles, Block& out) {
  std::vector<std::string> bufs;
  for (size_t j = 0; j < p.types.size(); ++j)
    bufs.push_back(
        host.allocTemp(p.names[j] + suffix, mul(tiles, i64(primBytes(p.types[j]))), out));
  return bufs;
}

/// Launches the kernel `base` + `suffix`. The base is already unique; a suffixed name is made
/// unique too, since another kernel's base may be spelled the same (`main_filter_reduce`).
void launchKernel(HostLowerer& host, const ir::Stm& stm, const std::string& base,
                  const std::string& suffix, const std::string& what, ExpRef grid, ExpRef bs,
                  const std::function<void(KernelLowerer&)>& build, Block& out) {
  KernelLowerer k(host, suffix.empty() ? base : host.kernelName(base + suffix), stm);
  host.prog.kernelNames.insert(k.kernel.name);
  build(k);
  k.describe.push_back(what);
  host.launch(k, std::move(grid), std::move(bs), out);
}

/// The single-pass scheme: reset the status, then one kernel.
Block singlePass(HostLowerer& host, const ScanPlan& p, const std::string& base, ExpRef n,
                 ExpRef bs, ExpRef items, ExpRef tiles) {
  Block run;
  size_t mark = host.tempMark();
  TileStatus st;
  st.packed = packedStatus(p);
  st.status = host.allocTemp("tile_status", mul(tiles, i64(st.packed ? 8 : 4)), run);
  if (!st.packed) {
    st.aggregates = perTile(host, p, "_aggregates", tiles, run);
    st.prefixes = perTile(host, p, "_prefixes", tiles, run);
  }
  std::string what = describe(p.seg);
  launchKernel(host, p.stm, base, "_reset", "resets the tile status of " + base,
               divUp(tiles, bs), bs, [&](KernelLowerer& k) { resetStatusKernel(k, st, tiles); },
               run);
  launchKernel(host, p.stm, base, "", what + ", in one pass (decoupled look-back)", tiles, bs,
               [&](KernelLowerer& k) { tileKernel(k, p, TileMode::LookBack, st, items, n); },
               run);
  host.freeTemps(mark, run);
  return run;
}

/// The fallback: reduce the tiles, scan their aggregates, rescan the tiles.
Block reduceThenScan(HostLowerer& host, const ScanPlan& p, const std::string& base, ExpRef n,
                     ExpRef bs, ExpRef items, ExpRef tiles) {
  Block run;
  size_t mark = host.tempMark();
  TileStatus st;
  st.aggregates = perTile(host, p, "_aggregates", tiles, run);
  std::string what = describe(p.seg);
  launchKernel(host, p.stm, base, "_reduce", what + ", stage 1 of 3: each tile's aggregate",
               tiles, bs,
               [&](KernelLowerer& k) { tileKernel(k, p, TileMode::Reduce, st, items, n); }, run);
  launchKernel(host, p.stm, base, "_aggregates",
               what + ", stage 2 of 3: exclusive scan of the tile aggregates, in one block",
               i64(1), bs, [&](KernelLowerer& k) { aggregateScanKernel(k, p, st, tiles); }, run);
  launchKernel(host, p.stm, base, "_rescan",
               what + ", stage 3 of 3: scans each tile from its prefix", tiles, bs,
               [&](KernelLowerer& k) { tileKernel(k, p, TileMode::Rescan, st, items, n); }, run);
  host.freeTemps(mark, run);
  return run;
}

} // namespace

void lowerScanTiles(HostLowerer& host, const ScanPlan& p, const std::string& base, ExpRef n,
                    Block& out) {
  ExpRef bs = warpMultipleBlockSize(host, base, out);
  // A tile holds at most tileMax elements, and vector tiles need 4 items per thread.
  if (!p.vectorIns.empty() && p.tileMax / 4 < kMaxBlockSize)
    bs = host.hostLet("tile_block_size", minE(bs, i64(p.tileMax / 4 / 32 * 32)), out);
  Block run;
  std::string itemsParam = base + ".items_per_thread";
  host.prog.addTuning(itemsParam, kDefaultItemsPerThread,
                      "elements each thread of scan " + base + " handles per tile");
  ExpRef fit = maxE(minE(tuning(itemsParam), quot(i64(p.tileMax), bs)), i64(1));
  if (!p.vectorIns.empty()) // whole vectors
    fit = maxE(mul(quot(fit, i64(4)), i64(4)), i64(4));
  ExpRef items = host.hostLet("items", fit, run);
  ExpRef tiles = host.hostLet("tiles", divUp(n, mul(bs, items)), run);
  bool halfValues = false;
  for (PrimType t : p.types)
    halfValues = halfValues || t == PrimType::F16;
  Block fallback = reduceThenScan(host, p, base, n, bs, items, tiles);
  if (halfValues) {
    run.insert(run.end(), fallback.begin(), fallback.end());
  } else {
    Block fast = singlePass(host, p, base, n, bs, items, tiles);
    run.push_back(ifThen(forwardProgress(), std::move(fast), std::move(fallback)));
  }
  out.push_back(ifThen(cmp(CmpOpKind::Gt, n, i64(0)), std::move(run)));
}

void lowerSegScan(HostLowerer& host, const ir::Stm& stm, const ir::SegOp& seg, Block& out) {
  ScanPlan p = makeScanPlan(stm, seg);
  planVectorTile(host, p);
  for (size_t j = 0; j < p.operands.size(); ++j)
    if (stm.pat[j].type.rank() != static_cast<int>(seg.space.dims.size()))
      host.unsupported(stm, "a scan whose operands are arrays");
  std::string base = host.kernelName(kernelBaseName(host.functionName(), stm.prov.what, "scan"));
  out.push_back(comment(describe(seg)));
  ir::Shape shape;
  for (const auto& d : seg.space.dims)
    shape.push_back(d.second);
  ExpRef n = host.hostLet("n", shapeCount(host, shape), out);
  lowerScanTiles(host, p, base, n, out);
  for (const ir::PatElem& pe : stm.pat)
    host.bindArray(pe);
}

} // namespace fjord::imp::detail
