// A filter in one pass: the SegScan of its flags, the count and the scatter of
// Note [Filter as scan and scatter] (internalise/InternaliseFilter.cpp) become one scan
// kernel that also scatters. See Note [One-pass filter].
#include "imp/ScanKernels.h"
#include "ir/Traverse.h"

namespace fjord::imp::detail {

// Note [One-pass filter]
// Internalisation writes `filter p xs` as
//   (offsets, flags) = segscan (+) 0 over i of (f, f) where f = i64(p xs[i])
//   count            = if n == 0 then 0 else offsets[n-1]
//   dest             = replicate count 0            (after mem/: alloc, then replicate)
//   kept             = segmap scatter into dest: (flags[i] * offsets[i] - 1, xs[i])
// which costs three kernels and 8 + 8 bytes of offsets and flags per element. The host
// lowering recognises this group of statements (the scan and scatter have provenance
// "filter", the scan's results are used only by the count and the scatter, the
// destinations are one-dimensional) and emits instead:
//   - before the scan: one buffer of n elements per destination (`<dest>_kept`) and an i64
//     for the count;
//   - the tile scan of Note [Single-pass scan] over the flags, whose write stage runs the
//     scatter's body at each point with offsets[i] taken from the tile in shared memory
//     and flags[i] from the scan's body run again, storing the kept values into the
//     `_kept` buffers; the thread with the last point stores the count (its inclusive
//     offset);
//   - the count read back; the other statements lowered as usual, except the replicates,
//     which become moves of the `_kept` buffers into the destinations' memory (n elements
//     for an array of count: the LMAD only reads the first count);
//   - the allocations of the offsets and flags (8n bytes each) and their byte counts, which
//     come before the scan, are left out (unusedByFusedFilter): nothing writes them.
// Anything else (partition, which needs the count before scattering; rows as elements)
// keeps the three kernels.
//
// Its tiles default to 512 threads of 16 items (scans: 256 of 32; both 8192 elements, the
// most a tile of i32 offsets holds, Note [Filter offsets in a tile]). Measured on the H200
// (20 runs, --flush-l2, keep the even elements of 2^28 i32): 1.332 ms with 256 x 32,
// 1.278 ms with 512 x 16, 1.896 ms with 128 x 64. A block of 512 threads holds one tile in
// shared memory for twice the threads, so more threads of a multiprocessor (whose blocks
// are limited by shared memory) have loads in flight.

namespace {

/// The defaults of the filter kernel's `.block_size` and `.items_per_thread`.
constexpr int64_t kFilterBlockSize = 512;
constexpr int64_t kFilterItemsPerThread = 16;

const ir::SegOp* segOpOf(const ir::Stm& s, ir::SegOp::Kind kind) {
  const auto* op = std::get_if<ir::Op>(&s.exp);
  const ir::SegOp* seg = op ? std::get_if<ir::SegOp>(op) : nullptr;
  return seg && seg->kind == kind ? seg : nullptr;
}

bool uses(const ir::Stm& s, const ir::VName& v) { return ir::freeVars(s).count(v) > 0; }

/// The statements of one filter: indices into the enclosing statement list.
struct FilterGroup {
  size_t scan = 0, countIf = 0, scatter = 0;
  std::vector<size_t> replicates; ///< per destination
};

std::optional<FilterGroup> match(const std::vector<ir::Stm>& stms, size_t i) {
  const ir::Stm& scanStm = stms[i];
  const ir::SegOp* scan = segOpOf(scanStm, ir::SegOp::Kind::Scan);
  if (!scan || scanStm.prov.what != "filter" || scan->space.dims.size() != 1 ||
      scan->ops.size() != 1 || scan->ops[0].neutral.size() != 1 || scanStm.pat.size() != 2 ||
      scanStm.pat[0].type.elem != PrimType::I64)
    return std::nullopt;
  const ir::VName &offsets = scanStm.pat[0].name, &flags = scanStm.pat[1].name;
  FilterGroup g;
  g.scan = i;
  for (size_t s = i + 1; s < stms.size(); ++s) {
    const ir::SegOp* sc = segOpOf(stms[s], ir::SegOp::Kind::Map);
    if (sc && !sc->writeDests.empty() && stms[s].prov.what == "filter" &&
        uses(stms[s], offsets)) {
      g.scatter = s;
      break;
    }
  }
  if (g.scatter == 0)
    return std::nullopt;
  const ir::Stm& scatterStm = stms[g.scatter];
  const ir::SegOp& sc = *segOpOf(scatterStm, ir::SegOp::Kind::Map);
  if (sc.space.dims.size() != 1 || !(sc.space.dims[0].second == scan->space.dims[0].second))
    return std::nullopt;
  for (const ir::PatElem& pe : scatterStm.pat)
    if (pe.type.rank() != 1 || !pe.mem)
      return std::nullopt;
  // The scatter reads the scan's results only as offsets[i] and flags[i].
  for (const ir::Stm& s : sc.body.stms) {
    const auto* b = std::get_if<ir::BasicOp>(&s.exp);
    bool index = b && b->kind == ir::BasicOp::Kind::Index && (b->arr == offsets || b->arr == flags);
    if (index) {
      if (b->slice.size() != 1 || !b->slice[0].fixed ||
          !(b->slice[0].index == ir::SubExp(sc.space.dims[0].first)))
        return std::nullopt;
    } else if (uses(s, offsets) || uses(s, flags)) {
      return std::nullopt;
    }
  }
  g.replicates.assign(sc.writeDests.size(), 0);
  for (size_t s = i + 1; s < g.scatter; ++s) {
    const ir::Stm& st = stms[s];
    if (std::holds_alternative<ir::If>(st.exp) && st.pat.size() == 1 && uses(st, offsets) &&
        g.countIf == 0 && !uses(st, flags)) {
      g.countIf = s;
      continue;
    }
    if (uses(st, offsets) || uses(st, flags))
      return std::nullopt;
    const auto* b = std::get_if<ir::BasicOp>(&st.exp);
    if (b && b->kind == ir::BasicOp::Kind::Replicate && st.pat.size() == 1)
      for (size_t d = 0; d < sc.writeDests.size(); ++d)
        if (sc.writeDests[d] == st.pat[0].name)
          g.replicates[d] = s;
  }
  if (g.countIf == 0)
    return std::nullopt;
  for (size_t r : g.replicates)
    if (r == 0)
      return std::nullopt;
  for (size_t s = g.scatter + 1; s < stms.size(); ++s)
    if (uses(stms[s], offsets) || uses(stms[s], flags))
      return std::nullopt;
  return g;
}

} // namespace

size_t lowerFusedFilter(HostLowerer& host, const std::vector<ir::Stm>& stms, size_t i,
                        Block& out) {
  std::optional<FilterGroup> g = match(stms, i);
  if (!g)
    return 0;
  const ir::Stm& scanStm = stms[g->scan];
  const ir::SegOp& seg = std::get<ir::SegOp>(std::get<ir::Op>(scanStm.exp));
  const ir::Stm& scatterStm = stms[g->scatter];
  Compaction c;
  c.scatter = &scatterStm;
  c.offsets = scanStm.pat[0].name;
  c.flags = scanStm.pat[1].name;
  ScanPlan p = makeScanPlan(scanStm, seg);
  p.compact = &c;
  sizeTile(p);
  planVectorTile(host, p); // whole tiles load four flags' inputs at a time (Note [Vector tiles])

  out.push_back(comment("filter in one pass: scan of the flags and scatter of the kept elements"));
  ExpRef n = host.hostLet("n", host.subExp(seg.space.dims[0].second), out);
  for (const ir::PatElem& pe : scatterStm.pat)
    c.kept.push_back(
        host.allocTemp(pe.name.name + "_kept", mul(n, i64(primBytes(pe.type.elem))), out));
  c.count = host.allocTemp("kept_count", i64(8), out);
  std::string base =
      host.kernelName(kernelBaseName(host.functionName(), scanStm.prov.what, "filter"));
  // Registered before lowerScanTiles, whose defaults are for scans (first one wins).
  host.prog.addTuning(base + ".block_size", kFilterBlockSize,
                      "threads per block of " + base + " (at most " +
                          std::to_string(kMaxBlockSize) + ")");
  host.prog.addTuning(base + ".items_per_thread", kFilterItemsPerThread,
                      "elements each thread of scan " + base + " handles per tile");
  lowerScanTiles(host, p, base, n, out);

  std::string count = host.freshName("count");
  out.push_back(declare(count, PrimType::I64, i64(0)));
  Stm read;
  read.kind = Stm::Kind::ReadScalar;
  read.name = count;
  read.src = c.count;
  read.type = PrimType::I64;
  read.args.push_back(i64(0));
  out.push_back(ifThen(cmp(CmpOpKind::Gt, n, i64(0)), {read}));
  host.bindScalar(stms[g->countIf].pat[0].name, count, PrimType::I64);

  for (size_t s = g->scan + 1; s < g->scatter; ++s) {
    if (s == g->countIf)
      continue;
    auto r = std::find(g->replicates.begin(), g->replicates.end(), s);
    if (r == g->replicates.end()) {
      host.lowerStm(stms[s], out);
      continue;
    }
    const ir::PatElem& pe = stms[s].pat[0];
    Stm move;
    move.kind = Stm::Kind::MoveMem;
    move.name = host.mem(pe.mem->block, pe.type.elem, true);
    move.src = c.kept[static_cast<size_t>(r - g->replicates.begin())];
    out.push_back(std::move(move));
    host.bindArray(pe);
  }
  for (const ir::PatElem& pe : scatterStm.pat)
    host.bindArray(pe);
  return g->scatter - g->scan + 1;
}

/// The write stage of a one-pass filter: the scatter's body runs at every point of the tile, reading the scanned offsets from the tile
/// and the flags from the scan's body, run again (cheaper than keeping them in shared
/// memory), instead of from arrays; its kept values go to the `kept` buffers. The thread
/// holding the last point writes the count.
void scatterKept(KernelLowerer& k, const ScanPlan& p, ExpRef tid, ExpRef tileStart,
                 ExpRef items, ExpRef n, const std::vector<std::string>& tileSh,
                 ExpRef tileOffset, const Vals& carry, Block& body) {
  const Compaction& c = *p.compact;
  const auto& sc = std::get<ir::SegOp>(std::get<ir::Op>(c.scatter->exp));
  size_t dests = sc.writeDests.size();
  std::vector<std::string> kept;
  for (size_t d = 0; d < dests; ++d) {
    const ir::PatElem& pe = c.scatter->pat.at(d);
    kept.push_back(k.memParam(pe.name.name + "_kept", c.kept[d], pe.type.elem, true));
    // Fresh buffers: the scatter's loads need not wait for its stores (Note [Loads in flight]).
    k.markNoAlias(kept.back());
    k.noteAccess(true, pe.name.name + "_kept @" + kept.back() + " -> 0 + {(n : 1)} (scattered)");
  }
  std::string count = k.memParam("count", c.count, PrimType::I64, true);
  k.noteAccess(true, "count @" + count + " -> 0 + {(1 : 1)}");
  body.push_back(comment("scatter the kept elements to their offsets, in index order"));
  std::string it = k.freshName("item");
  Block loop;
  TileItem t = tileItem(k, sc.space.dims[0].first.name, var(it, PrimType::I64), tid, tileStart,
                        n, loop);
  ExpRef j = t.j, i = t.i;
  Block in;
  k.bindScalar(sc.space.dims[0].first, i->name, PrimType::I64);
  k.bindScalar(sc.space.flat, i->name, PrimType::I64);
  size_t f = firstOperand(p);
  ExpRef flag;
  for (const ir::Stm& s : sc.body.stms) {
    const auto* b = std::get_if<ir::BasicOp>(&s.exp);
    bool fromScan = b && b->kind == ir::BasicOp::Kind::Index &&
                    (b->arr == c.offsets || b->arr == c.flags);
    if (!fromScan) {
      k.lowerStm(s, in);
      continue;
    }
    if (b->arr == c.flags && !flag) {
      evalPoint(k, p, i, /*storeIf=*/nullptr, in);
      flag = k.subExp(p.seg.body.result.at(p.operands.size()));
    }
    ExpRef v = b->arr == c.offsets ? add(tileOffset, loadTile(tileSh, p, padded(j))[f]) : flag;
    k.declareScalar(s.pat[0].name, s.pat[0].type.elem, v, in);
  }
  // Points past n run the bodies at n - 1 unless they write memory (Note [Padding points
  // write nothing], ScanPaddingPoints.cpp).
  bool guard = writesMemory(k, in, nullptr);
  ExpRef keep = guard ? nullptr : t.inRange;
  for (size_t d = 0; d < dests; ++d) {
    ExpRef idx = k.subExp(sc.body.result.at(d));
    ExpRef inDest = cmp(CmpOpKind::Ge, idx, i64(0));
    in.push_back(ifThen(keep ? andE(keep, inDest) : inDest,
                        {store(kept[d], idx, k.subExp(sc.body.result.at(dests + d)))}));
  }
  if (guard)
    loop.push_back(ifThen(t.inRange, std::move(in)));
  else
    loop.insert(loop.end(), in.begin(), in.end());
  itemLoop(it, items, std::move(loop), body);
  body.push_back(comment("the count: the inclusive offset at the end of the last tile"));
  ExpRef lastTile = cmp(CmpOpKind::Ge, add(tileStart, mul(blockSize(), items)), n);
  body.push_back(ifThen(andE(lastTile, eq(tid, sub(blockSize(), i64(1)))),
                        {store(count, i64(0), carry.at(f))}));
}

namespace {

/// Whether statement i allocates memory only for the scan results of a filter that
/// lowerFusedFilter takes (which never writes them), or computes the byte count of such an
/// allocation and nothing else: then it is left out.
bool unusedByFusedFilter(const std::vector<ir::Stm>& stms, size_t i) {
  const ir::Stm& st = stms[i];
  if (st.prov.what != "filter" || st.pat.size() != 1)
    return false;
  const ir::VName& name = st.pat[0].name;
  std::vector<size_t> users;
  for (size_t s = i + 1; s < stms.size(); ++s)
    if (uses(stms[s], name))
      users.push_back(s);
  const auto* op = std::get_if<ir::Op>(&st.exp);
  if (!op || !std::holds_alternative<ir::Alloc>(*op)) {
    // The byte count: its only user is such an allocation.
    return std::holds_alternative<ir::BasicOp>(st.exp) && users.size() == 1 &&
           unusedByFusedFilter(stms, users[0]);
  }
  for (size_t s = i + 1; s < stms.size(); ++s) {
    bool holds = false;
    for (const ir::PatElem& pe : stms[s].pat)
      holds = holds || (pe.mem && pe.mem->block == name);
    if (holds) // the scan must be the only statement that mentions the block
      return segOpOf(stms[s], ir::SegOp::Kind::Scan) && match(stms, s) &&
             (users.empty() || (users.size() == 1 && users[0] == s));
  }
  return false;
}

} // namespace

size_t HostLowerer::lowerGroup(const std::vector<ir::Stm>& stms, size_t i, Block& out) {
  if (size_t n = lowerFusedFilter(*this, stms, i, out))
    return n;
  return unusedByFusedFilter(stms, i) ? 1 : 0;
}

} // namespace fjord::imp::detail
