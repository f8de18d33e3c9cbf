// Two-dimensional SegMaps that read a neighbourhood of their point (stencils) -> one kernel
// of two-dimensional thread blocks, several points per thread.
//
// Note [Stencil blocks]
// The flat lowering of a SegMap over (i < n, j < m) (LowerSegMap.cpp) gives a block
// consecutive points of one row: a 5-point stencil's block then reads three rows of the
// input that no other block shares, and every thread splits its flat index by m. Here a
// block is 32 columns (a warp, so each row's reads coalesce) by `block_size / 32` rows of
// threads, and each thread computes kStencilPoints points of its column, one block height
// apart, covering a tile of 32 columns by kStencilPoints * block_size / 32 rows:
//   for (p < kStencilPoints)  if (i_p < n && j < m) res[p] = <body at (i_p, j)>
//   for (p < kStencilPoints)  if (i_p < n && j < m) out[i_p][j] = res[p]
// The neighbours a block reads lie mostly in its own tile (its rows are read again from the
// L1 cache, not from memory), and all the points' reads are issued before the first result is
// stored (a store could alias them), so a thread keeps several loads in flight. The body is
// lowered once, inside a loop the target compiler unrolls. Taken where the body reads one
// free two-dimensional array at two or more points that move with both indices (up, left,
// ...), returns scalars, and holds no SOACs, loops, calls or checks (a failing check would
// need the flat kernel's error handling per point).
#include "imp/Lowering.h"

#include <set>

namespace fjord::imp::detail {

namespace {

/// Points per thread, one block height apart along the first dimension (H100: four keep
/// enough loads in flight to stream the grid at a block of 256 threads).
constexpr int64_t kStencilPoints = 4;
constexpr int64_t kWarp = 32;
/// Threads per block by default: 2 rows of 32 (H100, 8192^2 Jacobi x 100, one run: 23.7 ms at
/// 64 threads, 24.5 at 128, 25.3 at 256; benchmarks/results/s9-h100-tiling.md).
constexpr int64_t kStencilBlockSize = 64;

/// The thread indices `e` depends on (bit 0: i, bit 1: j), through the body's scalars.
int dependence(const ir::SubExp& e, const std::map<std::string, int>& deps) {
  if (!e.isVar())
    return 0;
  auto it = deps.find(e.var().str());
  return it == deps.end() ? 0 : it->second;
}

/// Whether `op` is a stencil in the sense of Note [Stencil blocks].
bool stencilLike(const ir::SegOp& op) {
  if (op.kind != ir::SegOp::Kind::Map || op.space.dims.size() != 2 || !op.writeDests.empty() ||
      op.intra || op.tile.block > 0 || op.types.empty())
    return false;
  for (const ir::Type& t : op.types)
    if (t.isArray())
      return false;
  std::map<std::string, int> deps{{op.space.dims[0].first.str(), 1},
                                  {op.space.dims[1].first.str(), 2}};
  std::set<std::string> bound;                  // arrays the body binds
  std::map<std::string, std::set<std::string>> points; // free array -> the index pairs read
  for (const ir::Stm& s : op.body.stms) {
    const auto* b = std::get_if<ir::BasicOp>(&s.exp);
    if (!b || b->kind == ir::BasicOp::Kind::Assert)
      return false;
    int d = 0;
    for (const ir::SubExp& a : b->args)
      d |= dependence(a, deps);
    for (const ir::PatElem& pe : s.pat) {
      if (pe.type.isArray())
        bound.insert(pe.name.str());
      deps[pe.name.str()] = d;
    }
    if (b->kind != ir::BasicOp::Kind::Index)
      continue;
    if (s.pat.size() != 1 || s.pat[0].type.isArray() || b->slice.size() != 2 ||
        bound.count(b->arr.str()) || !b->slice[0].fixed || !b->slice[1].fixed)
      continue;
    int di = dependence(b->slice[0].index, deps), dj = dependence(b->slice[1].index, deps);
    deps[s.pat[0].name.str()] = di | dj;
    if (di == 1 && dj == 2)
      points[b->arr.str()].insert(b->slice[0].index.str() + "," + b->slice[1].index.str());
  }
  for (const auto& [arr, at] : points)
    if (at.size() >= 2)
      return true;
  return false;
}

std::string extentName(const ir::SubExp& n) {
  return n.isVar() ? n.var().name : std::to_string(n.constant().i);
}

} // namespace

bool lowerStencilSegMap(HostLowerer& host, const ir::Stm& stm, const ir::SegOp& op, Block& out) {
  if (!stencilLike(op))
    return false;
  std::string base = kernelBaseName(host.functionName(), stm.prov.what, "stencil");
  KernelLowerer k(host, host.kernelName(base), stm);
  // Threads per block, rounded down to whole warps: block_size / 32 rows of 32 threads.
  std::string param = base + ".block_size";
  host.prog.addTuning(param, kStencilBlockSize,
                      "threads per block of " + base + " (at most " +
                          std::to_string(kMaxBlockSize) + "; whole warps are used)");
  ExpRef bs = host.hostLet("block_size", minE(maxE(tuning(param), i64(1)), i64(kMaxBlockSize)), out);
  ExpRef rows = host.hostLet("rows", maxE(quot(bs, i64(kWarp)), i64(1)), out);
  ExpRef n = host.subExp(op.space.dims[0].second), m = host.subExp(op.space.dims[1].second);
  ExpRef tilesJ = host.hostLet("tiles_j", divUp(m, i64(kWarp)), out);
  ExpRef numBlocks = host.hostLet(
      "num_blocks", mul(divUp(n, mul(rows, i64(kStencilPoints))), tilesJ), out);

  Block decls, body;
  ExpRef tid = k.let("tid", threadId(), body);
  ExpRef blk = k.let("blk", blockId(), body);
  ExpRef tilesJK = k.param("tiles_j", tilesJ), rowsK = k.param("rows", rows);
  ExpRef extent[2] = {k.subExp(op.space.dims[0].second), k.subExp(op.space.dims[1].second)};
  // The thread's column, and the first row of its block's tile.
  ExpRef j = k.let(op.space.dims[1].first.name,
                   add(mul(rem(blk, tilesJK), i64(kWarp)), rem(tid, i64(kWarp))), body);
  ExpRef firstRow = k.let("i0", add(mul(quot(blk, tilesJK), mul(rowsK, i64(kStencilPoints))),
                                    quot(tid, i64(kWarp))),
                          body);
  k.bindScalar(op.space.dims[1].first, j->name, PrimType::I64);
  std::vector<std::string> res;
  for (size_t q = 0; q < op.types.size(); ++q) {
    res.push_back(k.freshName(stm.pat.at(q).name.name + "_points"));
    Stm decl = sharedArray(res.back(), op.types[q].elem, kStencilPoints);
    decl.space = MemSpace::Device; // private: the thread's registers
    body.push_back(std::move(decl));
  }
  auto pointRow = [&](const std::string& p, Block& out) {
    return k.let(op.space.dims[0].first.name,
                 add(firstRow, mul(var(p, PrimType::I64), rowsK)), out);
  };

  body.push_back(comment("compute the thread's " + std::to_string(kStencilPoints) +
                         " points, a block height apart"));
  std::string p = k.freshName("p");
  Block compute, guarded;
  ExpRef i = pointRow(p, compute);
  k.bindScalar(op.space.dims[0].first, i->name, PrimType::I64);
  ExpRef flat = k.let(op.space.flat.name.empty() ? "flat" : op.space.flat.name,
                      add(mul(i, extent[1]), j), guarded);
  k.bindScalar(op.space.flat, flat->name, PrimType::I64);
  k.lowerStms(op.body.stms, guarded);
  for (size_t q = 0; q < res.size(); ++q)
    guarded.push_back(store(res[q], var(p, PrimType::I64), k.subExp(op.body.result.at(q))));
  ExpRef inside = andE(lt(i, extent[0]), lt(j, extent[1]));
  compute.push_back(ifThen(inside, std::move(guarded)));
  Stm computeLoop = forLoop(p, i64(kStencilPoints), std::move(compute));
  computeLoop.text = "unroll";
  body.push_back(std::move(computeLoop));

  body.push_back(comment("store them"));
  std::string w = k.freshName("p");
  Block write, stores;
  ExpRef wi = pointRow(w, write);
  for (size_t q = 0; q < res.size(); ++q) {
    const ir::PatElem& pe = stm.pat.at(q);
    k.bindArray(pe);
    k.writeElement(k.array(pe.name), {wi, j}, load(res[q], var(w, PrimType::I64), op.types[q].elem),
                   stores);
  }
  write.push_back(ifThen(andE(lt(wi, extent[0]), lt(j, extent[1])), std::move(stores)));
  Stm writeLoop = forLoop(w, i64(kStencilPoints), std::move(write));
  writeLoop.text = "unroll";
  body.push_back(std::move(writeLoop));

  k.kernel.body = std::move(body);
  k.describe.push_back("stencil-like map over [" + extentName(op.space.dims[0].second) + "][" +
                       extentName(op.space.dims[1].second) + "] (Note [Stencil blocks]):");
  k.describe.push_back("blocks of 32 columns x block_size / 32 rows of threads, " +
                       std::to_string(kStencilPoints) + " points per thread a block height apart");
  Block launchB;
  host.launch(k, numBlocks, mul(rows, i64(kWarp)), launchB);
  out.push_back(ifThen(cmp(CmpOpKind::Gt, numBlocks, i64(0)), std::move(launchB)));
  for (const ir::PatElem& pe : stm.pat)
    host.bindArray(pe);
  return true;
}

} // namespace fjord::imp::detail
