// Tiled SegMaps (Note [Tiled SegMap] in ir/IR.h) -> one block- and register-tiled kernel.
//
// Note [Block and register tiling]
// The SegMap computes res[i][j] = red over k of f(as_i[k], bs_j[k]), where the row as_i
// depends on i only and bs_j on j only (PLDI'17 §5.2). One thread per (i, j) would read
// each element of both rows n or m times from global memory. Instead a block of T0 x T1
// threads computes a B x B tile of the result, each thread an R0 x R1 register tile
// (R0 = R, the SegMap's register tile, R1 = 2R where B allows; T0 = B / R0, T1 = B / R1):
// runs of 4 adjacent rows 4 * T0 apart (rows 4 ty .. 4 ty + 3, 4 T0 + 4 ty .. ), and
// likewise columns, so that a run is one vector read from shared memory (as in the usual
// hand-written SGEMM kernels); the tiles' rows are padded against bank conflicts.
// Over chunks of CHUNK k's, the block copies the B x CHUNK elements of its rows as_i and
// of its rows bs_j into shared memory (threads walk the source's unit-stride dimension,
// so the reads coalesce), and every thread then reads R0 and R1 values of the tiles per k
// into registers (runs of four by one 16-byte vector read where the elements are 4 bytes:
// the tiles are 16-byte aligned and their rows a multiple of four elements long) and
// applies f and the reduction operator to its R0 x R1 accumulators, in the order k = 0, 1,
// ... as the sequential redomap does. Each element loaded from global memory is thus used
// B times. The tiles have two stages: while the block computes on one chunk, the next is
// fetched from global memory into registers (its latency overlapping the arithmetic) and
// then stored into the other stage, so one barrier per chunk suffices. A warp's threads
// are 4 rows x 8 columns of the T0 x T1 (not 2 x 16), so each of its vector reads touches
// 4 or 8 distinct runs: one shared-memory wavefront. Full chunks run a fully unrolled k
// loop (the register tiles' indices must be constants for them to live in registers, and
// the target compiler then issues a chunk's shared reads early); only the last, partial
// chunk runs a loop to the remaining k's. Edge tiles skip the loads and stores outside
// [0, n) x [0, m); threads of an edge tile apply the operators to shared words they never
// load, but store nothing from them, so sizes need not be multiples of the tiles. Shared
// arrays have a constant size in Imp, so the tile sizes are fixed at compile time
// (gpu/TileBlocks.h); the block size is then fixed too, and the kernel says so
// (`max_block`, CUDA's __launch_bounds__), which lets nvcc give a thread up to 255
// registers: 8 x 16 accumulators and the staged chunk need about 250, so two blocks of
// 128 threads share an SM. Elements of 8 bytes take R x R per thread and half the k's per
// stage, so that registers and the 48 KB of shared memory a kernel may declare suffice.
// Tiles of 4-byte elements move between global and shared memory four elements at a time:
// one 16-byte read per group of four adjacent elements of the source, and one 16-byte
// shared store where the group is adjacent in the tile too. The block tests once
// (`vector_fetch`) whether every group of every full chunk is contiguous, aligned and
// inside the arrays, and whether the indices fit 32 bits; then full chunks read their
// groups with no tests, their indices two 32-bit multiply-adds from the block's corner
// (64-bit products and a signed division by four took about 140 instructions per chunk).
// Otherwise each group is tested, so any sizes and layouts work. Likewise the register
// tile is written one 16-byte store per run of four columns where the block's tile lies
// inside a contiguous, aligned result (`vector_write`). Measurements:
// benchmarks/results/s9-h100-tiling.md, s10-h100-tiling.md.
#include "imp/Lowering.h"
#include "imp/SegCombine.h"

#include <algorithm>
#include <string>

namespace fjord::imp::detail {

namespace {

// k's per shared-memory stage: 16 halves the barriers and loop overhead per k of 8 (on an
// H100, 8 x 16 per thread: 3146 us with 16, 3284 us with 8 for SGEMM 4096^3).
constexpr int64_t kChunk = 16;
// Shared-memory stages: the block computes on one while the other is filled, so one barrier
// per chunk suffices.
constexpr int64_t kStages = 2;
// Shared tiles are [kChunk][B + kPad]: with 8 k's per row of a warp's loads along k, the pad
// puts the warp's 32 stores in 32 different banks.
constexpr int64_t kPad = 4;
// A thread's rows (and columns) come in runs of kRun adjacent ones, which it reads from
// shared memory with one vector load where the compiler can prove the alignment.
constexpr int64_t kRun = 4;
// A warp's threads form 32 / kWarpCols rows of kWarpCols columns of the block's threads.
constexpr int64_t kWarpCols = 8;
// A thread's register tile is R rows x kWiden * R columns (the SegMap's tile says R): per
// k it reads R + kWiden * R values from shared memory for kWiden * R^2 operations, and the
// block of B x B outputs has half the threads, so the fetch and the loop's bookkeeping are
// shared by twice the arithmetic (as in cuBLAS's FP32 kernels: 128 threads for 128 x 128).
constexpr int64_t kWiden = 2;


/// Thread `t`'s `r`-th owned row (or column) within the block's tile of T threads along it:
/// runs of kRun, the runs T * kRun apart: (r / kRun) * T * kRun + t * kRun + r % kRun.
ExpRef owned(ExpRef t, ExpRef r, int64_t T) {
  return add(mul(quot(r, i64(kRun)), i64(T * kRun)), add(mul(t, i64(kRun)), rem(r, i64(kRun))));
}

/// One of the two rows the redomap reads: the view the body binds, its thread index and the
/// extent of that index.
struct TiledRow {
  ir::VName view;
  size_t dim = 0;   ///< 0: indexed by i, 1: by j
  PrimType elem = PrimType::F32;
  std::string tile; ///< its shared array
  std::string source; ///< the source name of the array it is a row of
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

/// The source name of the array the body's view `v` is a view of (followed back).
std::string rootName(const ir::SegOp& op, const ir::VName& v) {
  for (const ir::Stm& s : op.body.stms)
    if (!s.pat.empty() && s.pat[0].name == v)
      return rootName(op, std::get<ir::BasicOp>(s.exp).arr);
  return v.name;
}

/// Whether consecutive k's of row view `a` are adjacent in memory.
bool unitStrideAlongK(const ArrayVar& a) {
  int64_t s = 0;
  return a.lmad.rank() == 1 && a.lmad.dims[0].stride.isConst(&s) && s == 1;
}

std::string extentName(const ir::SubExp& n) {
  return n.isVar() ? n.var().name : std::to_string(n.constant().i);
}

/// A loop the target compiler is asked to unroll (fully, or `times` times), so that the
/// register tiles' indices become constants and the arrays registers.
Stm unrolled(Stm loop, int64_t times = 0) {
  loop.text = times > 0 ? "unroll " + std::to_string(times) : "unroll";
  return loop;
}

} // namespace

void lowerTiledSegMap(HostLowerer& host, const ir::Stm& stm, const ir::SegOp& op, Block& out) {
  const ir::Stm& last = op.body.stms.back();
  const auto& red = std::get<ir::Screma>(std::get<ir::Soac>(std::get<ir::Op>(last.exp)));
  const ir::RedOp& redOp = red.reds.at(0);
  // Outputs per thread along i (rows) and j (columns), and threads along each.
  const int64_t B = op.tile.block;
  // Elements wider than 4 bytes: half the k's per stage (the tiles then take the same 33 KB
  // of shared memory, under the 48 KB a kernel may declare) and R x R outputs per thread
  // (8 x 16 accumulators of 8 bytes would not fit in 255 registers).
  int64_t widest = primBytes(redOp.op.params.at(0).type.elem);
  for (const ir::Param& p : red.map.params)
    widest = std::max<int64_t>(widest, primBytes(p.type.elem));
  const int64_t chunkK = widest > 4 ? kChunk / 2 : kChunk;
  const int64_t widen = widest <= 4 && B % (kWiden * op.tile.reg) == 0 ? kWiden : 1;
  const int64_t R[2] = {op.tile.reg, widen * op.tile.reg}, T[2] = {B / R[0], B / R[1]};
  const int64_t threads = T[0] * T[1];
  FJORD_CHECK(R[0] % kRun == 0, "register tile of a tiled SegMap is not a multiple of 4");
  std::string base = kernelBaseName(host.functionName(), stm.prov.what, "tiled");
  KernelLowerer k(host, host.kernelName(base), stm);

  ExpRef n = host.subExp(op.space.dims[0].second), m = host.subExp(op.space.dims[1].second);
  ExpRef tilesJ = host.hostLet("tiles_j", divUp(m, i64(B)), out);
  ExpRef numBlocks = host.hostLet("num_blocks", mul(divUp(n, i64(B)), tilesJ), out);

  Block decls, body;
  std::vector<TiledRow> rows;
  for (const ir::VName& in : red.inputs)
    rows.push_back(TiledRow{in, dimOf(op, in), PrimType::F32, "", rootName(op, in)});
  PrimType accType = redOp.op.params.at(0).type.elem;
  std::string acc = k.freshName("acc");
  ExpRef tid = k.let("tid", threadId(), body);
  // Thread (ty, tx) of the T[0] x T[1] threads. A warp covers 4 rows x 8 columns of them
  // (where T[1] is a multiple of 8), so that its vector reads of a k's values hit 4 and 8
  // runs of the tiles: one shared-memory wavefront each, where a warp of 2 x 16 needs three.
  ExpRef tx, ty;
  if (T[1] % kWarpCols == 0 && threads % 32 == 0) {
    ExpRef warp = k.let("warp", quot(tid, i64(32)), body);
    ExpRef lane = k.let("lane", rem(tid, i64(32)), body);
    ExpRef col = rem(lane, i64(kWarpCols));
    tx = k.let("tx", T[1] == kWarpCols ? col : add(mul(rem(warp, i64(T[1] / kWarpCols)),
                                                        i64(kWarpCols)),
                                                    col),
               body);
    ty = k.let("ty", add(mul(quot(warp, i64(T[1] / kWarpCols)), i64(32 / kWarpCols)),
                         quot(lane, i64(kWarpCols))),
               body);
  } else {
    tx = k.let("tx", rem(tid, i64(T[1])), body);
    ty = k.let("ty", quot(tid, i64(T[1])), body);
  }
  ExpRef blk = k.let("blk", blockId(), body);
  ExpRef tilesJK = k.param("tiles_j", tilesJ);
  // The block's first output row and column; thread (ty, tx) owns rows
  // first[0] + owned(ty, r) and columns first[1] + owned(tx, c).
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
  const int64_t stageSize = chunkK * (B + kPad);
  for (TiledRow& row : rows) {
    const ArrayVar& a = k.array(row.view);
    row.elem = a.elem;
    row.tile = k.freshName(row.source + "_tile");
    decls.push_back(sharedArray(row.tile, row.elem, kStages * stageSize));
  }
  Stm accDecl = sharedArray(acc, accType, R[0] * R[1]);
  accDecl.space = MemSpace::Device; // private: the thread's registers
  body.push_back(comment("the thread's " + std::to_string(R[0]) + "x" + std::to_string(R[1]) +
                         " register tile of accumulators"));
  body.push_back(std::move(accDecl));
  ExpRef neutral = k.subExp(redOp.neutral.at(0));
  std::string q0 = k.freshName("q");
  body.push_back(
      unrolled(forLoop(q0, i64(R[0] * R[1]), {store(acc, var(q0, PrimType::I64), neutral)})));

  // Each chunk's elements are fetched from global memory into registers one chunk ahead
  // (while the block computes on the current one), then stored to the other stage.
  const int64_t perThread = B * chunkK / threads;
  std::vector<std::string> next;
  for (const TiledRow& row : rows) {
    next.push_back(k.freshName(row.source + "_next"));
    body.push_back(sharedArray(next.back(), row.elem, perThread));
    body.back().space = MemSpace::Device;
  }
  // A tile of 4-byte elements moves in groups of kRun elements adjacent along the source's
  // unit-stride dimension (k, or the rows): one 16-byte global read per group where the
  // group is contiguous, aligned and inside the arrays, and a 16-byte shared store where
  // the group is adjacent in the tile too (rows). Other element types move one by one.
  auto grouped = [&](const TiledRow& row) {
    return primBytes(row.elem) == 4 && perThread % kRun == 0 && chunkK % kRun == 0;
  };
  // Element (or group) q of this thread's share of a chunk: its position in the tile and
  // its k, and the position or k divided by kRun along the grouped dimension.
  struct Place {
    ExpRef pos, kk, run;
  };
  auto element = [&](const TiledRow& row, const std::string& q, Block& out) {
    bool alongK = unitStrideAlongK(k.array(row.view));
    int64_t g = grouped(row) ? kRun : 1;
    ExpRef e = k.let("e", add(tid, mul(var(q, PrimType::I64), i64(threads))), out);
    int64_t across = alongK ? chunkK / g : B / g; // groups along the unit-stride dimension
    ExpRef run = k.let("run", rem(e, i64(across)), out);
    ExpRef pos = k.let("pos", alongK ? quot(e, i64(across)) : mul(run, i64(g)), out);
    ExpRef kk = k.let("kk", alongK ? mul(run, i64(g)) : quot(e, i64(across)), out);
    return Place{pos, kk, run};
  };
  // Per tile, for the fetch without tests: the element index of the block's first row at
  // k = 0 and the steps along a row and along k, as 32-bit values (the block checks that
  // every index it reads fits), so that a group's index is two 32-bit multiply-adds.
  struct Index32 {
    ExpRef at, rowStep, kStep; ///< kStep or rowStep null where it is 1
  };
  std::vector<Index32> index32(rows.size());
  auto i32 = [](int64_t v) { return constant(PrimValue::integer(PrimType::I32, v)); };
  auto to32 = [](ExpRef e) { return convert(std::move(e), PrimType::I32); };
  // With `checked` false, the chunk is known to be inside the arrays and every group
  // contiguous and aligned (the block's `vector_fetch` below): groups move as vectors with no
  // tests.
  auto fetchChecked = [&](ExpRef k0, bool checked, Block& out) {
    for (size_t d = 0; d < rows.size(); ++d) {
      const TiledRow& row = rows[d];
      const ArrayVar a = k.array(row.view);
      bool alongK = unitStrideAlongK(a), vec = grouped(row);
      int64_t g = vec ? kRun : 1;
      out.push_back(comment("fetch " + std::to_string(B) + " rows x " +
                            std::to_string(chunkK) + " k's of " + row.source +
                            ", threads along " + (alongK ? "k" : "the rows") +
                            (vec ? ", four at a time" : "")));
      const ir::VName& gtid = op.space.dims[row.dim].first;
      std::string q = k.freshName("q");
      Block load;
      Place at = element(row, q, load);
      ExpRef gRow = k.let(gtid.name, add(first[row.dim], at.pos), load);
      ExpRef kg = k.let("k", add(k0, at.kk), load);
      // The group's elements one by one, each only where it lies inside the arrays.
      auto oneByOne = [&](Block& out) {
        ExpRef qv = var(q, PrimType::I64);
        if (g == 1) {
          k.bindScalar(gtid, gRow->name, PrimType::I64);
          Block guarded;
          ExpRef x = k.readElement(a, {kg}, row.view.name, guarded);
          guarded.push_back(store(next[d], qv, x));
          out.push_back(ifThen(andE(lt(gRow, extent[row.dim]), lt(kg, width)), std::move(guarded)));
          return;
        }
        std::string l = k.freshName("l");
        ExpRef lv = var(l, PrimType::I64);
        Block one, guarded;
        ExpRef gl = alongK ? gRow : k.let(gtid.name, add(gRow, lv), one);
        ExpRef kl = alongK ? k.let("k", add(kg, lv), one) : kg;
        k.bindScalar(gtid, gl->name, PrimType::I64);
        ExpRef x = k.readElement(a, {kl}, row.view.name, guarded);
        guarded.push_back(store(next[d], add(mul(qv, i64(g)), lv), x));
        one.push_back(ifThen(andE(lt(gl, extent[row.dim]), lt(kl, width)), std::move(guarded)));
        out.push_back(unrolled(forLoop(l, i64(g), std::move(one))));
      };
      if (!vec) {
        oneByOne(load);
      } else {
        // The group's first element index, and the distance to the next element along the
        // grouped dimension (1 where the group is contiguous).
        k.bindScalar(gtid, gRow->name, PrimType::I64);
        ExpRef first0;
        if (checked) {
          first0 = k.let("at", k.elemIndex(a, {kg}), load);
        } else {
          const Index32& ix = index32[d];
          ExpRef r = to32(at.pos), kk32 = to32(kg);
          ExpRef byRow = ix.rowStep ? binOp(BinOpKind::Mul, r, ix.rowStep) : r;
          ExpRef byK = ix.kStep ? binOp(BinOpKind::Mul, kk32, ix.kStep) : kk32;
          first0 = binOp(BinOpKind::Add, binOp(BinOpKind::Add, ix.at, byRow), byK);
        }
        k.noteArray(false, a);
        std::string vecName = k.freshName(row.source + "_group");
        Stm vload;
        vload.kind = Stm::Kind::DeclareVector;
        vload.name = vecName;
        vload.src = k.mem(a.block, a.elem, false);
        vload.type = a.elem;
        // Without tests the index is a non-negative i32: a shift divides it by four.
        vload.args.push_back(checked ? quot(first0, i64(g))
                                     : convert(binOp(BinOpKind::Shr, first0, i32(2)),
                                               PrimType::I64));
        Block fast{vload};
        for (int64_t l = 0; l < g; ++l)
          fast.push_back(store(next[d], add(mul(var(q, PrimType::I64), i64(g)), i64(l)),
                               lane(vecName, l, a.elem)));
        if (!checked) {
          load.insert(load.end(), fast.begin(), fast.end());
          out.push_back(unrolled(forLoop(q, i64(perThread / g), std::move(load))));
          continue;
        }
        ExpRef step;
        if (alongK) {
          step = sub(k.elemIndex(a, {add(kg, i64(1))}), first0);
        } else {
          ExpRef gNext = k.let(gtid.name, add(gRow, i64(1)), load);
          k.bindScalar(gtid, gNext->name, PrimType::I64);
          step = sub(k.elemIndex(a, {kg}), first0);
        }
        ExpRef inside = alongK ? andE(lt(gRow, extent[row.dim]), lt(add(kg, i64(g - 1)), width))
                               : andE(lt(add(gRow, i64(g - 1)), extent[row.dim]), lt(kg, width));
        ExpRef whole = andE(andE(inside, eq(step, i64(1))), eq(rem(first0, i64(g)), i64(0)));
        Block slow;
        oneByOne(slow);
        load.push_back(ifThen(whole, std::move(fast), std::move(slow)));
      }
      out.push_back(unrolled(forLoop(q, i64(perThread / g), std::move(load))));
    }
  };
  // Whether the block's groups are all contiguous, aligned and inside the arrays, for every
  // full chunk: the index of a row's element is affine in the row and k, so this holds
  // where it holds at the block's first row and k = 0 and for one step along each; and
  // whether the indices fit 32 bits (they are in bounds, so non-negative, and largest at
  // a corner of the block's rows x [0, width)). Rows that cannot move as vectors make it
  // false.
  ExpRef vectorFetch = nullptr;
  for (size_t d = 0; d < rows.size(); ++d) {
    const TiledRow& row = rows[d];
    const ArrayVar a = k.array(row.view);
    if (!grouped(row)) {
      vectorFetch = zeroOf(PrimType::Bool);
      break;
    }
    const ir::VName& gtid = op.space.dims[row.dim].first;
    bool alongK = unitStrideAlongK(a);
    k.bindScalar(gtid, first[row.dim]->name, PrimType::I64);
    ExpRef at = k.let("at", k.elemIndex(a, {i64(0)}), body);
    ExpRef kStep = k.let("k_step", sub(k.elemIndex(a, {i64(1)}), at), body);
    ExpRef nextRow = k.let(gtid.name, add(first[row.dim], i64(1)), body);
    k.bindScalar(gtid, nextRow->name, PrimType::I64);
    ExpRef rowStep = k.let("row_step", sub(k.elemIndex(a, {i64(0)}), at), body);
    ExpRef unit = alongK ? kStep : rowStep, across = alongK ? rowStep : kStep;
    ExpRef lastRow = mul(i64(B - 1), rowStep), lastK = mul(sub(width, i64(1)), kStep);
    ExpRef limit = i64(int64_t{1} << 31);
    ExpRef fits = andE(andE(lt(add(at, lastRow), limit), lt(add(at, lastK), limit)),
                       lt(add(add(at, lastRow), lastK), limit));
    ExpRef ok = andE(cmp(CmpOpKind::Le, add(first[row.dim], i64(B)), extent[row.dim]),
                     andE(andE(andE(eq(unit, i64(1)), eq(rem(across, i64(kRun)), i64(0))),
                               eq(rem(at, i64(kRun)), i64(0))),
                          fits));
    vectorFetch = vectorFetch ? andE(vectorFetch, ok) : ok;
    index32[d] = Index32{k.let("at32", to32(at), body),
                         alongK ? k.let("row_step32", to32(rowStep), body) : nullptr,
                         alongK ? nullptr : k.let("k_step32", to32(kStep), body)};
  }
  ExpRef vectorBlock =
      vectorFetch->kind == Exp::Kind::Const ? nullptr : k.let("vector_fetch", vectorFetch, body);
  // The chunk from k0 on: without tests where the block and the chunk allow.
  auto fetch = [&](ExpRef k0, Block& out) {
    if (!vectorBlock)
      return fetchChecked(k0, true, out);
    Block fast, checked;
    fetchChecked(k0, false, fast);
    fetchChecked(k0, true, checked);
    out.push_back(ifThen(andE(vectorBlock, cmp(CmpOpKind::Le, add(k0, i64(chunkK)), width)),
                         std::move(fast),
                         std::move(checked)));
  };
  // Stores the fetched chunk into stage `stage` (0 or 1) of each tile.
  auto storeStage = [&](ExpRef stage, Block& out) {
    for (size_t d = 0; d < rows.size(); ++d) {
      const TiledRow& row = rows[d];
      bool alongK = unitStrideAlongK(k.array(row.view)), vec = grouped(row);
      int64_t g = vec ? kRun : 1;
      out.push_back(comment("store the fetched chunk of " + row.source + " as " + row.tile +
                            "[stage][k][row]"));
      std::string q = k.freshName("q");
      Block st;
      Place at = element(row, q, st);
      ExpRef qv = var(q, PrimType::I64);
      if (vec && !alongK) { // the group's rows are adjacent in the tile: one vector store
        Stm vstore;
        vstore.kind = Stm::Kind::StoreVector;
        vstore.name = row.tile;
        vstore.type = row.elem;
        vstore.args.push_back(add(mul(stage, i64(stageSize / kRun)),
                                  add(mul(at.kk, i64((B + kPad) / kRun)), at.run)));
        for (int64_t l = 0; l < kRun; ++l)
          vstore.args.push_back(load(next[d], add(mul(qv, i64(kRun)), i64(l)), row.elem));
        st.push_back(std::move(vstore));
      } else {
        for (int64_t l = 0; l < g; ++l)
          st.push_back(store(row.tile,
                             add(mul(stage, i64(stageSize)),
                                 add(mul(add(at.kk, i64(l)), i64(B + kPad)), at.pos)),
                             load(next[d], add(mul(qv, i64(g)), i64(l)), row.elem)));
      }
      out.push_back(unrolled(forLoop(q, i64(perThread / g), std::move(st))));
    }
  };
  // One k of the chunk in stage `stage`: each thread reads its R values of each
  // tile (runs of four by one vector read where the elements are 4 bytes) and folds
  // f(a, b) into its R x R accumulators.
  auto step = [&](ExpRef stage, const std::string& kv, Block& out) {
    std::string regs[2];
    for (size_t d = 0; d < 2; ++d) {
      const TiledRow& row = rows[d];
      regs[d] = k.freshName(row.source + "_regs");
      const int64_t Rd = R[row.dim], Td = T[row.dim];
      out.push_back(sharedArray(regs[d], row.elem, Rd));
      out.back().space = MemSpace::Device;
      ExpRef kVar = var(kv, PrimType::I64);
      if (primBytes(row.elem) == 4) {
        std::string v = k.freshName("v"), vec = k.freshName(row.source + "_run");
        Stm vload;
        vload.kind = Stm::Kind::DeclareVector;
        vload.name = vec;
        vload.src = row.tile;
        vload.type = row.elem;
        // The run's first element over kRun: B + kPad and the stages are multiples of
        // kRun, so the run is one aligned vector.
        vload.args.push_back(add(add(mul(stage, i64(stageSize / kRun)),
                                     mul(kVar, i64((B + kPad) / kRun))),
                                 add(mul(var(v, PrimType::I64), i64(Td)), own[row.dim])));
        Block runB{vload};
        for (int64_t l = 0; l < kRun; ++l)
          runB.push_back(store(regs[d], add(mul(var(v, PrimType::I64), i64(kRun)), i64(l)),
                               lane(vec, l, row.elem)));
        out.push_back(unrolled(forLoop(v, i64(Rd / kRun), std::move(runB))));
      } else {
        std::string r = k.freshName("r");
        ExpRef at = add(add(mul(stage, i64(stageSize)), mul(kVar, i64(B + kPad))),
                        owned(own[row.dim], var(r, PrimType::I64), Td));
        out.push_back(unrolled(forLoop(r, i64(Rd), {store(regs[d], var(r, PrimType::I64),
                                                          load(row.tile, at, row.elem))})));
      }
    }
    std::string r = k.freshName("r"), c = k.freshName("c");
    Block inner;
    ExpRef idx[2] = {var(r, PrimType::I64), var(c, PrimType::I64)};
    std::vector<ExpRef> args;
    for (size_t d = 0; d < 2; ++d)
      args.push_back(load(regs[d], idx[rows[d].dim], rows[d].elem));
    std::vector<ExpRef> mapped = k.applyLambda(red.map, args, inner);
    ExpRef slot = add(mul(idx[0], i64(R[1])), idx[1]);
    std::vector<ExpRef> folded =
        k.applyLambda(redOp.op, {load(acc, slot, accType), mapped.at(0)}, inner);
    inner.push_back(store(acc, slot, folded.at(0)));
    out.push_back(
        unrolled(forLoop(r, i64(R[0]), {unrolled(forLoop(c, i64(R[1]), std::move(inner)))})));
  };

  fetch(i64(0), body);
  storeStage(i64(0), body);
  body.push_back(barrier());
  std::string chunk = k.freshName("chunk");
  ExpRef chunks = k.let("chunks", divUp(width, i64(chunkK)), body);
  Block chunkB;
  ExpRef chunkV = var(chunk, PrimType::I64);
  ExpRef k0 = k.let("k0", mul(chunkV, i64(chunkK)), chunkB);
  ExpRef stage = k.let("stage", rem(chunkV, i64(kStages)), chunkB);
  ExpRef more = lt(add(chunkV, i64(1)), chunks);
  Block prefetch;
  fetch(add(k0, i64(chunkK)), prefetch);
  chunkB.push_back(ifThen(more, std::move(prefetch)));
  chunkB.push_back(comment("accumulate the chunk into the register tile: all " +
                           std::to_string(chunkK) + " k's (unrolled) or the last few"));
  std::string kFull = k.freshName("kk"), kPart = k.freshName("kk");
  Block full, part;
  step(stage, kFull, full);
  step(stage, kPart, part);
  chunkB.push_back(ifThen(lt(width, add(k0, i64(chunkK))),
                          {forLoop(kPart, sub(width, k0), std::move(part))},
                          {unrolled(forLoop(kFull, i64(chunkK), std::move(full)))}));
  Block store;
  storeStage(sub(i64(1), stage), store);
  chunkB.push_back(ifThen(more, std::move(store)));
  // One barrier per chunk: the next chunk's stage was last read before the previous one.
  chunkB.push_back(barrier());
  body.push_back(forLoop(chunk, chunks, std::move(chunkB)));

  body.push_back(comment("write the register tile"));
  const ir::PatElem& pe = stm.pat.at(0);
  k.bindArray(pe);
  const ArrayVar dest = k.array(pe.name);
  std::string wr = k.freshName("r"), wc = k.freshName("c");
  Block write;
  ExpRef i = k.let(op.space.dims[0].first.name,
                   add(first[0], owned(ty, var(wr, PrimType::I64), T[0])), write);
  ExpRef j = k.let(op.space.dims[1].first.name,
                   add(first[1], owned(tx, var(wc, PrimType::I64), T[1])), write);
  Block guarded;
  k.writeElement(dest, {i, j},
                 load(acc, add(mul(var(wr, PrimType::I64), i64(R[1])), var(wc, PrimType::I64)),
                      accType),
                 guarded);
  write.push_back(ifThen(andE(lt(i, extent[0]), lt(j, extent[1])), std::move(guarded)));
  Stm byElement =
      unrolled(forLoop(wr, i64(R[0]), {unrolled(forLoop(wc, i64(R[1]), std::move(write)))}));
  if (primBytes(accType) != 4) {
    body.push_back(std::move(byElement));
  } else {
    // Where the block's tile lies inside the result and its rows are contiguous and
    // aligned, each run of four columns is one 16-byte store: a warp's scalar stores touch
    // a sector per thread, four times the sectors its vector stores do.
    ExpRef at = k.let("at", k.elemIndex(dest, {first[0], first[1]}), body);
    ExpRef colStep = sub(k.elemIndex(dest, {first[0], add(first[1], i64(1))}), at);
    ExpRef rowStep = sub(k.elemIndex(dest, {add(first[0], i64(1)), first[1]}), at);
    ExpRef vectorWrite =
        andE(andE(cmp(CmpOpKind::Le, add(first[0], i64(B)), extent[0]),
                  cmp(CmpOpKind::Le, add(first[1], i64(B)), extent[1])),
             andE(andE(eq(colStep, i64(1)), eq(rem(rowStep, i64(kRun)), i64(0))),
                  eq(rem(at, i64(kRun)), i64(0))));
    std::string vr = k.freshName("r"), vv = k.freshName("v");
    ExpRef rv = var(vr, PrimType::I64), vvar = var(vv, PrimType::I64);
    Block runB;
    ExpRef vi = k.let(op.space.dims[0].first.name, add(first[0], owned(ty, rv, T[0])), runB);
    ExpRef vj = k.let(op.space.dims[1].first.name,
                      add(first[1], add(mul(vvar, i64(T[1] * kRun)), mul(tx, i64(kRun)))), runB);
    k.noteArray(true, dest);
    Stm vstore;
    vstore.kind = Stm::Kind::StoreVector;
    vstore.name = k.mem(dest.block, dest.elem, true);
    vstore.type = dest.elem;
    vstore.args.push_back(quot(k.elemIndex(dest, {vi, vj}), i64(kRun)));
    for (int64_t l = 0; l < kRun; ++l)
      vstore.args.push_back(
          load(acc, add(mul(rv, i64(R[1])), add(mul(vvar, i64(kRun)), i64(l))), accType));
    runB.push_back(std::move(vstore));
    body.push_back(ifThen(k.let("vector_write", vectorWrite, body),
                          {unrolled(forLoop(vr, i64(R[0]), {unrolled(forLoop(
                                                               vv, i64(R[1] / kRun),
                                                               std::move(runB)))}))},
                          {std::move(byElement)}));
  }

  decls.insert(decls.end(), body.begin(), body.end());
  k.kernel.body = std::move(decls);
  k.describe.push_back("matrix-product-like map over [" + extentName(op.space.dims[0].second) +
                       "][" + extentName(op.space.dims[1].second) + "] reducing with " +
                       describeOps(red.reds) + ", tiled:");
  k.describe.push_back(std::to_string(B) + "x" + std::to_string(B) + " outputs per block of " +
                       std::to_string(T[0]) + "x" + std::to_string(T[1]) + " threads, " +
                       std::to_string(R[0]) + "x" + std::to_string(R[1]) + " per thread, " +
                       std::to_string(chunkK) + " k's per shared-memory stage, " +
                       std::to_string(kStages) + " stages");
  Block launchB;
  // The block's size is fixed: nvcc may then give each thread up to 255 registers.
  k.kernel.maxBlockSize = threads;
  host.launch(k, numBlocks, i64(threads), launchB);
  out.push_back(ifThen(cmp(CmpOpKind::Gt, numBlocks, i64(0)), std::move(launchB)));
  for (const ir::PatElem& p : stm.pat)
    host.bindArray(p);
}

} // namespace fjord::imp::detail
