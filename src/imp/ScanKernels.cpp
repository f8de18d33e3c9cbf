// The kernels of a SegScan (see ScanKernels.h and Note [Single-pass scan]).
#include "imp/ScanKernels.h"

namespace fjord::imp::detail {

namespace {

/// Shared memory for a tile's values: 32 KiB where the tile, the block scan's arrays and the
/// look-back window stay within 44 KiB (CUDA allows 48 KiB of static shared memory per
/// block), else 16 KiB; room for at least one element per thread of the largest block.
/// Larger tiles mean fewer tiles, and so fewer look-backs and block scans.
constexpr int64_t kTileBytes = 32768;
constexpr int64_t kSmallTileBytes = 16384;
constexpr int64_t kSharedBudget = 44 * 1024;
/// How far the loops over a thread's items are unrolled (CUDA), so that the loads of
/// several items are in flight at once.
constexpr int64_t kUnroll = 8;
/// Predecessors warp 0 inspects per step of its look-back (Note [Warp look-back]).
constexpr int64_t kLookBackWindow = 32;

Stm storeVolatile(std::string mem, ExpRef index, ExpRef value) {
  Stm s = store(std::move(mem), std::move(index), std::move(value));
  s.kind = Stm::Kind::StoreVolatile;
  return s;
}

Stm fence() {
  Stm s;
  s.kind = Stm::Kind::Fence;
  return s;
}

ExpRef i32c(int64_t v) { return constant(PrimValue::integer(PrimType::I32, v)); }

} // namespace

void itemLoop(const std::string& c, ExpRef bound, Block body, Block& out) {
  Stm loop = forLoop(c, std::move(bound), std::move(body));
  loop.text = "unroll " + std::to_string(kUnroll);
  out.push_back(std::move(loop));
}

ExpRef padded(ExpRef j) { return add(j, binOp(BinOpKind::Shr, j, i64(5))); }

size_t firstOperand(const ScanPlan& p) { return p.segmented ? 1 : 0; }

namespace {

std::vector<std::string> sharedVals(KernelLowerer& k, const ScanPlan& p,
                                    const std::string& suffix, int64_t count, Block& decls) {
  std::vector<std::string> sh;
  for (size_t j = 0; j < p.types.size(); ++j) {
    sh.push_back(k.freshName(p.names[j] + suffix));
    decls.push_back(sharedArray(sh.back(), p.types[j], count));
  }
  return sh;
}

// Note [Filter offsets in a tile]
// A filter's scan (Note [One-pass filter], LowerFilter.cpp) adds i64 flags of 0 or 1, and
// its results are i64 offsets into the kept elements. Within a tile they count at most
// tileMax elements, so the tile in shared memory holds them as i32: the flags when loaded,
// and after the rescan each point's inclusive offset relative to the tile's start (carry
// minus the tile's exclusive prefix), to which the scatter adds that prefix back. Half the
// shared memory per element of i64 lets a tile hold twice the elements (8192, not 4096),
// so half as many tiles pay a block scan and a look-back, and the fold, the rescan and the
// scatter move half the bytes through shared memory. The thread values, the block scan, the
// look-back and the count stay i64.

/// The tile's shared arrays, one per value, of the types tileType gives.
std::vector<std::string> tileArrays(KernelLowerer& k, const ScanPlan& p, Block& decls) {
  std::vector<std::string> sh;
  for (size_t j = 0; j < p.types.size(); ++j) {
    sh.push_back(k.freshName(p.names[j] + "_tile"));
    decls.push_back(sharedArray(sh.back(), tileType(p, j), p.tileMax + p.tileMax / 32));
  }
  return sh;
}

} // namespace

Vals loadTile(const std::vector<std::string>& sh, const ScanPlan& p, ExpRef i) {
  Vals v;
  for (size_t j = 0; j < sh.size(); ++j) {
    ExpRef x = load(sh[j], i, tileType(p, j));
    v.push_back(tileType(p, j) == p.types[j] ? x : convert(x, p.types[j]));
  }
  return v;
}

void storeTile(const std::vector<std::string>& sh, const ScanPlan& p, ExpRef i, const Vals& v,
               Block& out) {
  for (size_t j = 0; j < sh.size(); ++j) {
    PrimType t = tileType(p, j);
    ExpRef x = v[j];
    if (t != p.types[j])
      x = x->kind == Exp::Kind::Const ? constant(PrimValue::integer(t, x->value.asInt()))
                                      : convert(x, t);
    out.push_back(store(sh[j], i, x));
  }
}

namespace {

std::vector<std::string> bufferParams(KernelLowerer& k, const ScanPlan& p,
                                      const std::vector<std::string>& host,
                                      const std::string& suffix, bool write) {
  std::vector<std::string> ps;
  for (size_t j = 0; j < host.size(); ++j) {
    ps.push_back(k.memParam(p.names[j] + suffix, host[j], p.types[j], write));
    k.noteAccess(write, p.names[j] + suffix + " @" + ps.back() + " -> 0 + {(tiles : 1)}");
  }
  return ps;
}

/// The point of flat index `i` (one index per dimension, bound to the SegSpace's names).
std::vector<ExpRef> bindPoint(KernelLowerer& k, const ScanPlan& p, ExpRef i, Block& out) {
  const auto& dims = p.seg.space.dims;
  k.bindScalar(p.seg.space.flat, i->name, PrimType::I64);
  if (dims.size() == 1) {
    k.bindScalar(dims[0].first, i->name, PrimType::I64);
    return {i};
  }
  std::vector<ExpRef> sizes;
  std::vector<std::string> idxNames;
  for (const auto& [v, n] : dims) {
    sizes.push_back(sizes.empty() ? nullptr : k.subExp(n));
    idxNames.push_back(v.name);
  }
  std::vector<ExpRef> point = unflatten(k, sizes, i, idxNames, out);
  for (size_t d = 0; d < point.size(); ++d)
    k.bindScalar(dims[d].first, point[d]->name, PrimType::I64);
  return point;
}

} // namespace

Vals evalPoint(KernelLowerer& k, const ScanPlan& p, ExpRef i, ExpRef storeIf, Block& out,
               const std::vector<ir::Stm>* stms) {
  std::vector<ExpRef> point = bindPoint(k, p, i, out);
  k.lowerStms(stms ? *stms : p.seg.body.stms, out);
  size_t nops = p.operands.size();
  if (storeIf) {
    std::vector<symbolic::Expr> symPoint;
    for (const auto& d : p.seg.space.dims)
      symPoint.push_back(symbolic::Expr::var(d.first.str()));
    Block stores;
    storeResults(k, p.stm, nops, p.seg.body.result, nops, point, symPoint, stores);
    bool always = storeIf->kind == Exp::Kind::Const && storeIf->value.asBool();
    if (always)
      out.insert(out.end(), stores.begin(), stores.end());
    else if (!stores.empty())
      out.push_back(ifThen(storeIf, std::move(stores)));
  }
  Vals v;
  if (p.segmented)
    v.push_back(eq(point.back(), i64(0)));
  for (size_t j = 0; j < nops; ++j)
    v.push_back(k.subExp(p.seg.body.result.at(j)));
  return v;
}

// Note [Loads in flight]
// A tile kernel's loops over a thread's items are unrolled so that the loads of several
// items are in flight at once; that holds only if no load waits in a branch. Guarding each
// item by `if (i < n)` put every global load in its own branch before the store that uses
// it (into the tile, or of a kept element), so the generated code waited for each load
// before issuing the next: one 4-byte load in flight per thread. Instead every item runs
// the body at min(i, n - 1), a real point, so it reads nothing out of bounds and makes no
// error that point n - 1 would not; past n the tile takes the neutral element by a select,
// and the stores that leave the kernel (mapped results, kept elements) are guarded. A body
// that writes memory runs only before n (Note [Padding points write nothing]).
// A filter's scatter also stores between its loads: the buffers of its kept elements are
// fresh, and its inputs are not written while it runs, so their parameters are marked to
// alias nothing (`__restrict__`: read-only loads on CUDA), and the compiler may issue an
// item's loads before the previous items' stores.

TileItem tileItem(KernelLowerer& k, const std::string& iName, ExpRef item, ExpRef tid,
                  ExpRef tileStart, ExpRef n, Block& out) {
  TileItem t;
  t.j = k.let("j", add(mul(item, blockSize()), tid), out);
  ExpRef at = k.let("at_flat", add(tileStart, t.j), out);
  t.inRange = k.let("in_range", lt(at, n), out);
  t.i = k.let(iName.empty() ? "i" : iName, minE(at, sub(n, i64(1))), out);
  return t;
}

namespace {

/// The look-back of Note [Single-pass scan]: publishes the tile's aggregate, combines the
/// predecessors' published values (window by window) into the tile's exclusive prefix,
/// publishes the inclusive prefix and returns the exclusive one to every thread. With a
/// packed status (packedStatus) a tile's status and value are one i64 word, value * 4 +
/// status, written and read by one access each, so no fence is needed between them.
Vals lookBack(KernelLowerer& k, const ScanPlan& p, const TileStatus& st, ExpRef tid,
              ExpRef tile, const Vals& aggregate, Block& decls, Block& out) {
  bool packed = packedStatus(p);
  PrimType statusType = packed ? PrimType::I64 : PrimType::I32;
  std::string status = k.memParam("tile_status", st.status, statusType, true);
  k.noteAccess(true, "tile_status @" + status + " -> 0 + {(tiles : 1)}");
  std::vector<std::string> aggs, prefs;
  if (!packed) {
    aggs = bufferParams(k, p, st.aggregates, "_aggregates", true);
    prefs = bufferParams(k, p, st.prefixes, "_prefixes", true);
  }
  auto publish = [&](const std::vector<std::string>& mems, const Vals& v, int64_t flag) {
    Block b;
    if (packed) {
      ExpRef word = add(mul(convert(v.at(0), PrimType::I64), i64(4)), i64(flag));
      b.push_back(storeVolatile(status, tile, word));
      return b;
    }
    storeVals(mems, tile, v, b, /*isVolatile=*/true);
    b.push_back(fence());
    b.push_back(storeVolatile(status, tile, i32c(flag)));
    return b;
  };
  out.push_back(comment(packed ? "publish the tile's aggregate (tile 0: its inclusive prefix) "
                                 "with its status\nin one word: value * 4 + status"
                               : "publish the tile's aggregate (tile 0: its inclusive prefix), "
                                 "then its\nstatus, after a fence so that a block seeing the "
                                 "status sees the value"));
  out.push_back(ifThen(eq(tid, i64(0)),
                       {ifThen(eq(tile, i64(0)), publish(prefs, aggregate, 2),
                               publish(aggs, aggregate, 1))}));

  std::vector<std::string> exclSh = sharedVals(k, p, "_exclusive_shared", 1, decls);

  out.push_back(comment(
      "look back: the tiles before this one are combined, nearest last, up to the first\n"
      "inclusive prefix (done); a tile with nothing published yet is read again"));
  Vals excl = declareVals(k, p, "_exclusive", neutral(k, p), out);
  // Reads predecessor `pred`'s status into `seen` (declared 2: before tile 0, nothing to
  // add) and its value into `val` (declared neutral).
  auto readPredecessor = [&](ExpRef pred, const std::string& seen, const Vals& val, Block& b) {
    ExpRef seenV = var(seen, PrimType::I32);
    if (packed) {
      Block read, value;
      ExpRef word = k.let("word", loadVolatile(status, pred, PrimType::I64), read);
      read.push_back(assign(seen, convert(binOp(BinOpKind::And, word, i64(3)), PrimType::I32)));
      value.push_back(
          assign(val[0]->name, convert(binOp(BinOpKind::Shr, word, i64(2)), p.types[0])));
      read.push_back(ifThen(cmp(CmpOpKind::Gt, seenV, i32c(0)), std::move(value)));
      b.push_back(ifThen(cmp(CmpOpKind::Ge, pred, i64(0)), std::move(read)));
      return;
    }
    b.push_back(ifThen(cmp(CmpOpKind::Ge, pred, i64(0)),
                       {assign(seen, loadVolatile(status, pred, PrimType::I32))}));
    b.push_back(fence());
    Block readPrefix, readAggregate;
    assignVals(val, loadVals(prefs, p, pred, true), readPrefix);
    assignVals(val, loadVals(aggs, p, pred, true), readAggregate);
    b.push_back(ifThen(andE(eq(seenV, i32c(2)), cmp(CmpOpKind::Ge, pred, i64(0))),
                       std::move(readPrefix),
                       {ifThen(eq(seenV, i32c(1)), std::move(readAggregate))}));
  };

  Block byWarp, byBlock;
  warpLookBack(k, p, tid, tile, excl, readPredecessor, byWarp);
  {
    // Without shuffles: thread 0 reads one predecessor at a time.
    Block walk, step, add;
    std::string from = k.freshName("look_back_from");
    ExpRef fromV = var(from, PrimType::I64);
    walk.push_back(declare(from, PrimType::I64, sub(tile, i64(1))));
    std::string seen = k.freshName("seen");
    step.push_back(declare(seen, PrimType::I32, i32c(2)));
    ExpRef seenV = var(seen, PrimType::I32);
    Vals val = declareVals(k, p, "_seen", neutral(k, p), step);
    readPredecessor(fromV, seen, val, step);
    assignVals(excl, combineVals(k, p, val, excl, add), add);
    add.push_back(assign(from, select(eq(seenV, i32c(2)), i64(-1), sub(fromV, i64(1)))));
    step.push_back(ifThen(cmp(CmpOpKind::Gt, seenV, i32c(0)), std::move(add)));
    walk.push_back(whileLoop(cmp(CmpOpKind::Ge, fromV, i64(0)), std::move(step)));
    byBlock.push_back(ifThen(eq(tid, i64(0)), std::move(walk)));
  }
  Stm choose;
  choose.kind = Stm::Kind::IfWarpShuffles;
  choose.body = std::move(byWarp);
  choose.elseBody = std::move(byBlock);
  out.push_back(std::move(choose));

  out.push_back(comment("publish the inclusive prefix; share the exclusive one with the block"));
  Block last;
  Vals incl = combineVals(k, p, excl, aggregate, last);
  last.push_back(ifThen(cmp(CmpOpKind::Gt, tile, i64(0)), publish(prefs, incl, 2)));
  storeVals(exclSh, i64(0), excl, last);
  out.push_back(ifThen(eq(tid, i64(0)), std::move(last)));
  out.push_back(barrier());
  return loadVals(exclSh, p, i64(0));
}

} // namespace

Vals neutral(KernelLowerer& k, const ScanPlan& p) {
  Vals v;
  if (p.segmented)
    v.push_back(constant(PrimValue::boolean(false)));
  for (const Operand& o : p.operands)
    v.push_back(k.subExp(o.op->neutral.at(o.indexInOp)));
  return v;
}

Vals declareVals(KernelLowerer& k, const ScanPlan& p, const std::string& suffix,
                 const Vals& init, Block& out) {
  Vals v;
  for (size_t j = 0; j < p.types.size(); ++j) {
    std::string c = k.freshName(p.names[j] + suffix);
    out.push_back(declare(c, p.types[j], init.at(j)));
    v.push_back(var(c, p.types[j]));
  }
  return v;
}

void assignVals(const Vals& to, const Vals& from, Block& out) {
  for (size_t j = 0; j < to.size(); ++j)
    out.push_back(assign(to[j]->name, from.at(j)));
}

Vals loadVals(const std::vector<std::string>& mems, const ScanPlan& p, ExpRef i,
              bool isVolatile) {
  Vals v;
  for (size_t j = 0; j < mems.size(); ++j)
    v.push_back(isVolatile ? loadVolatile(mems[j], i, p.types[j]) : load(mems[j], i, p.types[j]));
  return v;
}

void storeVals(const std::vector<std::string>& mems, ExpRef i, const Vals& v, Block& out,
               bool isVolatile) {
  for (size_t j = 0; j < mems.size(); ++j)
    out.push_back(isVolatile ? storeVolatile(mems[j], i, v.at(j)) : store(mems[j], i, v.at(j)));
}

Vals combineVals(KernelLowerer& k, const ScanPlan& p, const Vals& x, const Vals& y, Block& out) {
  size_t f = firstOperand(p);
  Vals xs(x.begin() + static_cast<long>(f), x.end()), ys(y.begin() + static_cast<long>(f), y.end());
  Vals r = combine(k, p.seg, xs, ys, out);
  if (p.segmented) {
    for (size_t j = 0; j < r.size(); ++j)
      r[j] = select(y[0], ys[j], r[j]);
    r.insert(r.begin(), binOp(BinOpKind::LogOr, x[0], y[0]));
  }
  return declareVals(k, p, "_next", r, out);
}

bool packedStatus(const ScanPlan& p) {
  if (p.segmented || p.types.size() != 1)
    return false;
  PrimType t = p.types[0];
  bool narrow = (isInteger(t) || t == PrimType::Bool) && primBytes(t) <= 4;
  return narrow || p.compact; // a filter's offsets: counts below 2^62
}

ScanPlan makeScanPlan(const ir::Stm& stm, const ir::SegOp& seg) {
  ScanPlan p{stm, seg, operandsOf(stm, seg), false, {}, {}, 0};
  p.segmented = seg.space.dims.size() > 1;
  if (p.segmented) {
    p.types.push_back(PrimType::Bool);
    p.names.push_back("row_start");
  }
  for (const Operand& o : p.operands) {
    p.types.push_back(o.type);
    p.names.push_back(o.name);
  }
  sizeTile(p);
  return p;
}

PrimType tileType(const ScanPlan& p, size_t j) {
  return p.compact && j == firstOperand(p) ? PrimType::I32 : p.types.at(j);
}

void sizeTile(ScanPlan& p) {
  int64_t bytes = 0, inTile = 0; // per value: everywhere, and in the tile
  for (size_t j = 0; j < p.types.size(); ++j) {
    bytes += primBytes(p.types[j]);
    inTile += primBytes(tileType(p, j));
  }
  bytes = std::max<int64_t>(bytes, 1);
  inTile = std::max<int64_t>(inTile, 1);
  auto tileFor = [&](int64_t tileBytes) { return std::max(kMaxBlockSize, tileBytes / inTile); };
  auto sharedFor = [&](int64_t tile) {
    return (tile + tile / 32) * inTile + (kMaxBlockSize + kLookBackWindow + 1) * bytes;
  };
  p.tileMax = sharedFor(tileFor(kTileBytes)) <= kSharedBudget ? tileFor(kTileBytes)
                                                                 : tileFor(kSmallTileBytes);
}

// Note [Tiles in block order]
// The look-back kernel runs only where forward_progress() holds (CUDA; Note [Cross-block
// communication in Imp]), and there a block scans tile blockIdx.x. A block waits only for
// tiles of lower index, and CUDA dispatches the blocks of a launch in index order: by the
// time block b runs, every block before it is running or done, and running blocks finish.
// (CUB's single-pass scan relies on the same order.) An earlier version took the tile from an
// atomic ticket, which makes any dispatch order safe but costs each block an atomic's round
// trip and a barrier before its first load; without it the loads start at once. On an H100
// the scan went from 929 to 837 us with this and the whole-tile loads of Note [Vector
// tiles] (not measured apart); a filter with scalar loads lost (1278 us with the ticket,
// 1400 without, same call), which is not understood
// (benchmarks/results/h100-2026-11-26-prims-s10.md). Targets without that order take the
// reduce-then-scan kernels, which need no order at all (OpenCL, where forward_progress() is
// false).

void tileKernel(KernelLowerer& k, const ScanPlan& p, TileMode mode, const TileStatus& st,
                ExpRef hostItems, ExpRef hostN) {
  Block decls, body;
  ExpRef tid = k.let("tid", threadId(), body);
  ExpRef n = k.param("n", hostN);
  ExpRef items = k.param("items", hostItems);
  std::vector<std::string> tileSh = tileArrays(k, p, decls);
  if (mode == TileMode::LookBack)
    body.push_back(comment("tile = block index: blocks start in index order, so every tile a\n"
                           "block waits for is held by a block already running (Note\n"
                           "[Tiles in block order], ScanKernels.cpp)"));
  ExpRef tile = k.let("tile", blockId(), body);
  ExpRef tileStart = k.let("tile_start", mul(tile, mul(blockSize(), items)), body);
  ExpRef tileVector =
      p.vectorIns.empty() ? nullptr : k.let("tile_vector", quot(tileStart, i64(4)), body);

  bool storeMapped = mode != TileMode::Reduce && !p.compact;
  if (!p.vectorIns.empty()) {
    std::vector<std::string> lanes = laneArrays(k, p.vectorIns, 4, decls);
    loadTileVectors(k, p, tid, tileStart, tileVector, items, n, tileSh, lanes, storeMapped,
                    body);
    body.push_back(barrier());
  } else {
    body.push_back(comment("load (and map) the tile: element item * block_size + tid, so that\n"
                           "neighbouring threads touch neighbouring elements; points past n\n"
                           "read point n - 1 and hold the neutral element"));
    std::string c = k.freshName("item");
    Block loop;
    const std::string& iName =
        p.segmented ? p.seg.space.flat.name : p.seg.space.dims[0].first.name;
    TileItem t = tileItem(k, iName, var(c, PrimType::I64), tid, tileStart, n, loop);
    Vals x = evalTileItem(k, p, t, storeMapped, loop);
    storeTile(tileSh, p, padded(t.j), x, loop);
    itemLoop(c, items, std::move(loop), body);
    body.push_back(barrier());
  }

  body.push_back(comment("each thread folds its own items, tid * items + 0 .. items - 1, in order"));
  Vals acc = declareVals(k, p, "_acc", neutral(k, p), body);
  ExpRef mine = k.let("first_item", mul(tid, items), body);
  {
    std::string c = k.freshName("item");
    Block loop;
    Vals x = loadTile(tileSh, p, padded(add(mine, var(c, PrimType::I64))));
    assignVals(acc, combineVals(k, p, acc, x, loop), loop);
    itemLoop(c, items, std::move(loop), body);
  }
  body.push_back(comment("scan the threads' values across the block"));
  BlockScanned scanned = blockScan(k, p, tid, acc, body);
  const Vals& threadPrefix = scanned.prefix;
  const Vals& aggregate = scanned.aggregate;

  Vals tilePrefix;
  if (mode == TileMode::Reduce) {
    std::vector<std::string> aggs = bufferParams(k, p, st.aggregates, "_aggregates", true);
    Block w;
    storeVals(aggs, tile, aggregate, w);
    body.push_back(comment("the tile's aggregate, for the scan of the aggregates"));
    body.push_back(ifThen(eq(tid, i64(0)), std::move(w)));
    decls.insert(decls.end(), body.begin(), body.end());
    k.kernel.body = std::move(decls);
    return;
  }
  if (mode == TileMode::Rescan) {
    std::vector<std::string> aggs = bufferParams(k, p, st.aggregates, "_tile_prefixes", false);
    body.push_back(comment("the tiles before this one, scanned by the previous kernel"));
    tilePrefix = loadVals(aggs, p, tile);
  } else {
    tilePrefix = lookBack(k, p, st, tid, tile, aggregate, decls, body);
  }

  body.push_back(comment("each thread rescans its items from its carry-in"));
  size_t f = firstOperand(p);
  // A filter's tile keeps offsets relative to the tile (Note [Filter offsets in a tile]).
  ExpRef tileOffset = p.compact ? k.let("tile_offset", tilePrefix.at(f), body) : nullptr;
  if (p.compact)
    tilePrefix[f] = tileOffset;
  Vals carry = declareVals(k, p, "_carry", combineVals(k, p, tilePrefix, threadPrefix, body), body);
  {
    std::string c = k.freshName("item");
    Block loop;
    ExpRef at = k.let("at", padded(add(mine, var(c, PrimType::I64))), loop);
    assignVals(carry, combineVals(k, p, carry, loadTile(tileSh, p, at), loop), loop);
    Vals stored = carry;
    if (p.compact)
      stored[f] = sub(carry[f], tileOffset);
    storeTile(tileSh, p, at, stored, loop);
    itemLoop(c, items, std::move(loop), body);
    body.push_back(barrier());
  }

  if (p.compact) {
    scatterKept(k, p, tid, tileStart, items, n, tileSh, tileOffset, carry, body);
    // What the kernel writes is its own (the kept elements, count, ticket and tile status:
    // fresh buffers; the error flag), so no buffer it only reads changes while it runs:
    // those become read-only loads the compiler may issue early (Note [Loads in flight]).
    for (Param& prm : k.kernel.params)
      if (prm.kind == Param::Kind::Mem && !prm.written)
        prm.noAlias = true;
    decls.insert(decls.end(), body.begin(), body.end());
    k.kernel.body = std::move(decls);
    return;
  }
  if (storeTileVectors(k, p, tid, tileVector, items, n, tileSh, decls, body)) {
    decls.insert(decls.end(), body.begin(), body.end());
    k.kernel.body = std::move(decls);
    return;
  }
  body.push_back(comment("write the tile back, coalesced like the load"));
  {
    std::string c = k.freshName("item");
    Block loop, in;
    ExpRef j = k.let("j", add(mul(var(c, PrimType::I64), blockSize()), tid), loop);
    ExpRef i = k.let("i", add(tileStart, j), loop);
    std::vector<ExpRef> point = bindPoint(k, p, i, in);
    for (size_t o = 0; o < p.operands.size(); ++o)
      k.bindArray(p.stm.pat[o]);
    for (size_t o = 0; o < p.operands.size(); ++o)
      k.writeElement(k.array(p.stm.pat[o].name), point,
                     load(tileSh[o + f], padded(j), p.types[o + f]), in);
    loop.push_back(ifThen(lt(i, n), std::move(in)));
    itemLoop(c, items, std::move(loop), body);
  }
  decls.insert(decls.end(), body.begin(), body.end());
  k.kernel.body = std::move(decls);
}

void resetStatusKernel(KernelLowerer& k, const TileStatus& st, ExpRef hostTiles) {
  Block body;
  ExpRef tiles = k.param("tiles", hostTiles);
  PrimType statusType = st.packed ? PrimType::I64 : PrimType::I32;
  std::string status = k.memParam("tile_status", st.status, statusType, true);
  k.noteAccess(true, "tile_status @" + status + " -> 0 + {(tiles : 1)}");
  ExpRef t = k.let("tile", add(mul(blockId(), blockSize()), threadId()), body);
  ExpRef zero = st.packed ? i64(0) : i32c(0);
  body.push_back(ifThen(lt(t, tiles), {store(status, t, zero)}));
  k.kernel.body = std::move(body);
}

void aggregateScanKernel(KernelLowerer& k, const ScanPlan& p, const TileStatus& st,
                         ExpRef hostTiles) {
  Block decls, body;
  ExpRef tid = k.let("tid", threadId(), body);
  ExpRef tiles = k.param("tiles", hostTiles);
  std::vector<std::string> aggs = bufferParams(k, p, st.aggregates, "_aggregates", true);
  body.push_back(comment("block_size aggregates at a time; carry: the aggregates before them"));
  Vals carry = declareVals(k, p, "_carry", neutral(k, p), body);
  std::string c = k.freshName("chunk");
  Block loop, read, write;
  ExpRef t = k.let("t", add(mul(var(c, PrimType::I64), blockSize()), tid), loop);
  Vals x = declareVals(k, p, "_x", neutral(k, p), loop);
  assignVals(x, loadVals(aggs, p, t), read);
  loop.push_back(ifThen(lt(t, tiles), std::move(read)));
  BlockScanned scanned = blockScan(k, p, tid, x, loop);
  storeVals(aggs, t, combineVals(k, p, carry, scanned.prefix, write), write);
  loop.push_back(ifThen(lt(t, tiles), std::move(write)));
  assignVals(carry, combineVals(k, p, carry, scanned.aggregate, loop), loop);
  loop.push_back(barrier());
  body.push_back(forLoop(c, divUp(tiles, blockSize()), std::move(loop)));
  decls.insert(decls.end(), body.begin(), body.end());
  k.kernel.body = std::move(decls);
}

} // namespace fjord::imp::detail
