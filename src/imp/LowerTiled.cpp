// Tiled SegMaps (Note [Tiled SegMap] in ir/IR.h) -> one block- and register-tiled kernel.
//
// Note [Block and register tiling]
// The SegMap computes res[i][j] = red over k of f(as_i[k], bs_j[k]), where the row as_i
// depends on i only and bs_j on j only (PLDI'17 §5.2). One thread per (i, j) would read
// each element of both rows n or m times from global memory. Instead a block of T x T
// threads computes a B x B tile of the result (B = T * R), each thread an R x R register
// tile: rows ty, ty + T, ..., columns tx, tx + T, ... of the block's tile (strided, so that
// neighbouring threads read neighbouring shared words and write neighbouring results).
// Over chunks of CHUNK k's, the block copies the B x CHUNK elements of its rows as_i and
// of its rows bs_j into shared memory (threads walk the source's unit-stride dimension,
// so the reads coalesce), synchronises, and every thread then reads R values of each
// tile per k into registers and applies f and the reduction operator to its R x R
// accumulators, in the order k = 0, 1, ... as the sequential redomap does. Each element
// loaded from global memory is thus used B times. Edge tiles skip the loads and stores
// outside [0, n) x [0, m) and the last chunk stops at k; threads of an edge tile apply the
// operators to shared words they never load, but store nothing from them, so sizes need
// not be multiples of the tiles. Shared arrays have a constant size in Imp, so the tile
// sizes are fixed at compile time (gpu/TileBlocks.h).
#include "imp/Lowering.h"
#include "imp/SegCombine.h"

#include <string>

namespace fjord::imp::detail {

namespace {

constexpr int64_t kChunk = 8; // k's per shared-memory stage

/// One of the two rows the redomap reads: the view the body binds, its thread index and the
/// extent of that index.
struct TiledRow {
  ir::VName view;
  size_t dim = 0;   ///< 0: indexed by i, 1: by j
  PrimType elem = PrimType::F32;
  std::string tile; ///< its shared array
};

/// The thread index (0 or 1) the view `v` depends on: follows the body's views back.
size_t dimOf(const ir::SegOp& op, const ir::VName& v) {
  for (auto it = op.body.stms.rbegin(); it != op.body.stms.rend(); ++it) {
    if (it->pat.empty() || !(it->pat[0].name == v))
      continue;
    const auto& b = std::get<ir::BasicOp>(it->exp);
    for (const ir::DimIndex& d : b.slice)
      if (d.fixed && d.index.isVar())
        for (size_t q = 0; q < 2; ++q)
          if (d.index.var() == op.space.dims[q].first)
            return q;
    return dimOf(op, b.arr);
  }
  FJORD_CHECK(false, "tiled SegMap row " + v.str() + " depends on no thread index");
  return 0;
}

/// Whether consecutive k's of row view `a` are adjacent in memory.
bool unitStrideAlongK(const ArrayVar& a) {
  int64_t s = 0;
  return a.lmad.rank() == 1 && a.lmad.dims[0].stride.isConst(&s) && s == 1;
}

std::string extentName(const ir::SubExp& n) {
  return n.isVar() ? n.var().name : std::to_string(n.constant().i);
}

} // namespace

void lowerTiledSegMap(HostLowerer& host, const ir::Stm& stm, const ir::SegOp& op, Block& out) {
  const ir::Stm& last = op.body.stms.back();
  const auto& red = std::get<ir::Screma>(std::get<ir::Soac>(std::get<ir::Op>(last.exp)));
  const ir::RedOp& redOp = red.reds.at(0);
  const int64_t B = op.tile.block, R = op.tile.reg, T = B / R;
  std::string base = kernelBaseName(host.functionName(), stm.prov.what, "tiled");
  KernelLowerer k(host, host.kernelName(base), stm);

  ExpRef n = host.subExp(op.space.dims[0].second), m = host.subExp(op.space.dims[1].second);
  ExpRef tilesJ = host.hostLet("tiles_j", divUp(m, i64(B)), out);
  ExpRef numBlocks = host.hostLet("num_blocks", mul(divUp(n, i64(B)), tilesJ), out);

  Block decls, body;
  std::vector<TiledRow> rows;
  for (const ir::VName& in : red.inputs)
    rows.push_back(TiledRow{in, dimOf(op, in), PrimType::F32, ""});
  PrimType accType = redOp.op.params.at(0).type.elem;
  std::string acc = k.freshName("acc");
  ExpRef tid = k.let("tid", threadId(), body);
  ExpRef tx = k.let("tx", rem(tid, i64(T)), body);
  ExpRef ty = k.let("ty", quot(tid, i64(T)), body);
  ExpRef blk = k.let("blk", blockId(), body);
  ExpRef tilesJK = k.param("tiles_j", tilesJ);
  // The block's first output row and column; thread (ty, tx) owns rows
  // first[0] + ty + T * r and columns first[1] + tx + T * c.
  ExpRef first[2] = {k.let("i0", mul(quot(blk, tilesJK), i64(B)), body),
                     k.let("j0", mul(rem(blk, tilesJK), i64(B)), body)};
  ExpRef own[2] = {ty, tx};
  ExpRef extent[2] = {k.subExp(op.space.dims[0].second), k.subExp(op.space.dims[1].second)};
  ExpRef width = k.subExp(red.width);
  // The body's views, bound once: their LMADs name the thread indices, which the loads
  // below rebind to the row they read.
  for (size_t q = 0; q < 2; ++q)
    k.bindScalar(op.space.dims[q].first, first[q]->name, PrimType::I64);
  std::vector<ir::Stm> views(op.body.stms.begin(), op.body.stms.end() - 1);
  k.lowerStms(views, body);
  for (TiledRow& row : rows) {
    const ArrayVar& a = k.array(row.view);
    row.elem = a.elem;
    row.tile = k.freshName((a.source.empty() ? row.view.name : a.source) + "_tile");
    decls.push_back(sharedArray(row.tile, row.elem, kChunk * B));
  }
  Stm accDecl = sharedArray(acc, accType, R * R);
  accDecl.space = MemSpace::Device; // private: the thread's registers
  body.push_back(comment("the thread's " + std::to_string(R) + "x" + std::to_string(R) +
                         " register tile of accumulators"));
  body.push_back(std::move(accDecl));
  ExpRef neutral = k.subExp(redOp.neutral.at(0));
  std::string q0 = k.freshName("q");
  body.push_back(forLoop(q0, i64(R * R), {store(acc, var(q0, PrimType::I64), neutral)}));

  // One chunk: stage, synchronise, accumulate, synchronise.
  std::string chunk = k.freshName("chunk");
  Block chunkB;
  ExpRef k0 = k.let("k0", mul(var(chunk, PrimType::I64), i64(kChunk)), chunkB);
  ExpRef kc = k.let("chunk_len", minE(i64(kChunk), sub(width, k0)), chunkB);
  for (const TiledRow& row : rows) {
    const ArrayVar a = k.array(row.view);
    bool alongK = unitStrideAlongK(a);
    chunkB.push_back(comment("stage " + std::to_string(B) + " rows x " + std::to_string(kChunk) +
                             " k's of " + (a.source.empty() ? row.view.name : a.source) +
                             " in " + row.tile + "[k][row], threads along " +
                             (alongK ? "k" : "the rows")));
    std::string q = k.freshName("q");
    Block load;
    ExpRef e = k.let("e", add(tid, mul(var(q, PrimType::I64), i64(T * T))), load);
    ExpRef pos = k.let("pos", alongK ? quot(e, i64(kChunk)) : rem(e, i64(B)), load);
    ExpRef kk = k.let("kk", alongK ? rem(e, i64(kChunk)) : quot(e, i64(B)), load);
    ExpRef g = k.let(op.space.dims[row.dim].first.name, add(first[row.dim], pos), load);
    k.bindScalar(op.space.dims[row.dim].first, g->name, PrimType::I64);
    Block guarded;
    ExpRef x = k.readElement(a, {add(k0, kk)}, row.view.name, guarded);
    guarded.push_back(store(row.tile, add(mul(kk, i64(B)), pos), x));
    load.push_back(ifThen(andE(lt(g, extent[row.dim]), lt(kk, kc)), std::move(guarded)));
    chunkB.push_back(forLoop(q, i64(B * kChunk / (T * T)), std::move(load)));
  }
  chunkB.push_back(barrier());
  chunkB.push_back(comment("accumulate the chunk into the register tile"));
  std::string kv = k.freshName("kk");
  Block step;
  std::string regs[2];
  for (size_t d = 0; d < 2; ++d) {
    const TiledRow& row = rows[d];
    regs[d] = k.freshName(row.view.name + "_regs");
    step.push_back(sharedArray(regs[d], row.elem, R));
    step.back().space = MemSpace::Device;
    std::string r = k.freshName("r");
    ExpRef at = add(mul(var(kv, PrimType::I64), i64(B)),
                    add(own[row.dim], mul(var(r, PrimType::I64), i64(T))));
    step.push_back(forLoop(r, i64(R), {store(regs[d], var(r, PrimType::I64),
                                             load(row.tile, at, row.elem))}));
  }
  std::string r = k.freshName("r"), c = k.freshName("c");
  Block inner;
  ExpRef idx[2] = {var(r, PrimType::I64), var(c, PrimType::I64)};
  std::vector<ExpRef> args;
  for (size_t d = 0; d < 2; ++d)
    args.push_back(load(regs[d], idx[rows[d].dim], rows[d].elem));
  std::vector<ExpRef> mapped = k.applyLambda(red.map, args, inner);
  ExpRef slot = add(mul(idx[0], i64(R)), idx[1]);
  std::vector<ExpRef> folded = k.applyLambda(redOp.op, {load(acc, slot, accType), mapped.at(0)}, inner);
  inner.push_back(store(acc, slot, folded.at(0)));
  step.push_back(forLoop(r, i64(R), {forLoop(c, i64(R), std::move(inner))}));
  chunkB.push_back(forLoop(kv, kc, std::move(step)));
  chunkB.push_back(barrier());
  body.push_back(forLoop(chunk, divUp(width, i64(kChunk)), std::move(chunkB)));

  body.push_back(comment("write the register tile"));
  const ir::PatElem& pe = stm.pat.at(0);
  k.bindArray(pe);
  const ArrayVar dest = k.array(pe.name);
  std::string wr = k.freshName("r"), wc = k.freshName("c");
  Block write;
  ExpRef i = k.let(op.space.dims[0].first.name,
                   add(first[0], add(ty, mul(var(wr, PrimType::I64), i64(T)))), write);
  ExpRef j = k.let(op.space.dims[1].first.name,
                   add(first[1], add(tx, mul(var(wc, PrimType::I64), i64(T)))), write);
  Block guarded;
  k.writeElement(dest, {i, j},
                 load(acc, add(mul(var(wr, PrimType::I64), i64(R)), var(wc, PrimType::I64)),
                      accType),
                 guarded);
  write.push_back(ifThen(andE(lt(i, extent[0]), lt(j, extent[1])), std::move(guarded)));
  body.push_back(forLoop(wr, i64(R), {forLoop(wc, i64(R), std::move(write))}));

  decls.insert(decls.end(), body.begin(), body.end());
  k.kernel.body = std::move(decls);
  k.describe.push_back("matrix-product-like map over [" + extentName(op.space.dims[0].second) +
                       "][" + extentName(op.space.dims[1].second) + "] reducing with " +
                       describeOps(red.reds) + ", tiled:");
  k.describe.push_back(std::to_string(B) + "x" + std::to_string(B) + " outputs per block of " +
                       std::to_string(T) + "x" + std::to_string(T) + " threads, " +
                       std::to_string(R) + "x" + std::to_string(R) + " per thread, " +
                       std::to_string(kChunk) + " k's per shared-memory stage");
  Block launchB;
  host.launch(k, numBlocks, i64(T * T), launchB);
  out.push_back(ifThen(cmp(CmpOpKind::Gt, numBlocks, i64(0)), std::move(launchB)));
  for (const ir::PatElem& p : stm.pat)
    host.bindArray(p);
}

} // namespace fjord::imp::detail
