// The vector load of a scan's tile: four consecutive elements per load. See Note [Vector
// tiles].
#include "imp/ScanKernels.h"

namespace fjord::imp::detail {

// Note [Vector tiles]
// Where a one-dimensional scan's body reads its inputs at the point's own index from
// contiguous arrays of 4-byte elements and otherwise computes scalars from scalars
// (vectorInputs and scalarOnly, GroupReduce.h), the tile kernel loads each input four
// elements at a time (one 16-byte access) instead of one: vector v of thread tid holds the
// tile's elements 4 * (v * block_size + tid) + 0 .. 3, so a warp's vector loads are side by
// side. A whole tile (every tile but the last) loads without any check against n, so the
// loop over a thread's vectors, unrolled by 4, has four loads in flight before the first
// shared-memory store; in the last tile each lane runs the body on its element when the
// element lies before n (the lanes past n were not loaded) and puts the neutral element in
// the tile otherwise. The tile, the fold, the block scan and the rescan are those of Note
// [Single-pass scan]; a thread's items per tile must be a multiple of 4 (the host rounds).
// A filter (Note [One-pass filter], LowerFilter.cpp) loads its flags' inputs the same way;
// its scatter reads the input again, an element at a time.
//
// Measured on an H100 (2^28 elements, median of 30 runs, cold L2, host clock;
// benchmarks/results/h100-2026-11-26-prims-s10.md):
//   - scan of i32: 974 us with scalar loads, 948 with vector loads, 927 with vector stores as
//     well (session 9); 837 with the whole-tile path (and the tile from blockIdx.x, Note
//     [Tiles in block order]), against 929 for the previous code in the same call and 869
//     for CUB. Every vector load used to sit behind its own bounds check, so ptxas issued
//     them one at a time (SASS: LDG.128, four STS, LDG.128, ...); now four LDG.128 lead.
//     Loading all eight vectors of a thread first (hand-written, 40 registers) gave 831 us,
//     within the noise of the unroll by 4.
//   - filter (keep the even elements of i32): 1278 us with scalar loads, 1320 with the old
//     checked vector loads (session 9), 1126 with the whole-tile vector loads (CUB 707).
//     Without the ticket but with scalar loads it took 1400 us (1278 with the ticket, same
//     call), a loss not understood; the vector filter was measured without the ticket only.
//   - What did not pay for the filter (session 9): keeping its 16 values in registers for
//     the scatter instead of reading them again (75 registers, one block of 512 threads per
//     multiprocessor, 2042 us; capped at 64 or 48 registers, 1452 and 1378 us; with the kept
//     elements staged through shared memory as well, 1329 us). Session 10: the tile's
//     fold, block scan and rescan in i32 instead of i64 (offsets within a tile fit) took
//     1355 us against 1400 for the same kernel in i64 (both scalar loads, no ticket): 3 %,
//     not yet generated.

void planVectorTile(Lowerer& L, ScanPlan& p) {
  if (p.segmented)
    return;
  std::vector<VectorInput> ins = vectorInputs(L, p.seg.body, p.seg.space.dims.at(0).first);
  if (!ins.empty() && scalarOnly(withoutInputs(p.seg.body, ins)))
    p.vectorIns = std::move(ins);
}

namespace {

/// Declares the bound scalars of `ins` from element `at` of the private arrays `lanes`.
void bindLanes(KernelLowerer& k, const std::vector<VectorInput>& ins,
               const std::vector<std::string>& lanes, ExpRef at, Block& out) {
  for (size_t j = 0; j < ins.size(); ++j)
    k.declareScalar(ins[j].bound, ins[j].array.elem, load(lanes[j], at, ins[j].array.elem), out);
}

} // namespace

void loadTileVectors(KernelLowerer& k, const ScanPlan& p, ExpRef tid, ExpRef tileStart,
                     ExpRef tileVector, ExpRef items, ExpRef n, const std::vector<std::string>& tileSh,
                     const std::vector<std::string>& lanes, bool storeMapped, Block& out) {
  // One loop over the thread's vectors; `whole`: the tile lies inside the input, so no
  // load or lane is checked against n and the unrolled loads are in flight together.
  auto vectorLoop = [&](bool whole) {
    std::string v = k.freshName("vector"), q = k.freshName("q");
    ExpRef vv = var(v, PrimType::I64), qv = var(q, PrimType::I64);
    Block loop, lane, inRange, past;
    ExpRef g = k.let("g", add(tileVector, add(mul(vv, blockSize()), tid)), loop);
    loadLanes(k, p.vectorIns, lanes, g, whole ? nullptr : n, i64(0), loop);
    ExpRef j = k.let("j", add(mul(add(mul(vv, blockSize()), tid), i64(4)), qv), lane);
    ExpRef i = k.let(p.seg.space.dims.at(0).first.name, add(tileStart, j), lane);
    Block& point = whole ? lane : inRange;
    bindLanes(k, p.vectorIns, lanes, qv, point);
    std::vector<ir::Stm> rest = withoutInputs(p.seg.body, p.vectorIns);
    Vals x = evalPoint(k, p, i, storeMapped ? constant(PrimValue::boolean(true)) : nullptr,
                       point, &rest);
    storeTile(tileSh, p, padded(j), x, point);
    if (!whole) {
      storeTile(tileSh, p, padded(j), neutral(k, p), past);
      lane.push_back(ifThen(lt(i, n), std::move(inRange), std::move(past)));
    }
    Stm lanesLoop = forLoop(q, i64(4), std::move(lane));
    lanesLoop.text = "unroll";
    loop.push_back(std::move(lanesLoop));
    Stm vectors = forLoop(v, quot(items, i64(4)), std::move(loop));
    vectors.text = "unroll 4";
    return Block{std::move(vectors)};
  };
  out.push_back(comment("load (and map) the tile four elements at a time: vector v of the thread\n"
                        "holds elements 4 * (v * block_size + tid) + 0 .. 3. A whole tile loads\n"
                        "unchecked, several vectors in flight; in the last, points past n hold\n"
                        "the neutral element (Note [Vector tiles])"));
  ExpRef tileEnd = add(tileStart, mul(items, blockSize()));
  Block whole = vectorLoop(true);
  out.push_back(ifThen(cmp(CmpOpKind::Le, tileEnd, n), std::move(whole), vectorLoop(false)));
}

bool storeTileVectors(KernelLowerer& k, const ScanPlan& p, ExpRef tid, ExpRef tileVector,
                      ExpRef items, ExpRef n, const std::vector<std::string>& tileSh,
                      Block& decls, Block& out) {
  if (p.vectorIns.empty())
    return false;
  for (size_t o = 0; o < p.operands.size(); ++o) {
    k.bindArray(p.stm.pat[o]);
    const ArrayVar& a = k.array(p.stm.pat[o].name);
    if (!vectorElem(a.elem) || a.elem != p.types[o] || !contiguousFromZero(a))
      return false;
  }
  out.push_back(comment("write the tile back four elements at a time, like the load"));
  std::vector<std::string> mems, lanes;
  for (size_t o = 0; o < p.operands.size(); ++o) {
    const ArrayVar& a = k.array(p.stm.pat[o].name);
    k.noteArray(true, a);
    mems.push_back(k.mem(a.block, a.elem, true));
    lanes.push_back(k.freshName(p.stm.pat[o].name.name + "_lanes"));
    Stm s = sharedArray(lanes.back(), a.elem, 4);
    s.space = MemSpace::Device; // private to the thread
    decls.push_back(std::move(s));
  }
  std::string v = k.freshName("vector"), q = k.freshName("q");
  ExpRef vv = var(v, PrimType::I64), qv = var(q, PrimType::I64);
  Block loop, lane;
  ExpRef g = k.let("g", add(tileVector, add(mul(vv, blockSize()), tid)), loop);
  ExpRef j = k.let("j", add(mul(add(mul(vv, blockSize()), tid), i64(4)), qv), lane);
  for (size_t o = 0; o < p.operands.size(); ++o)
    lane.push_back(store(lanes[o], qv, load(tileSh[o], padded(j), p.types[o])));
  Stm lanesLoop = forLoop(q, i64(4), std::move(lane));
  lanesLoop.text = "unroll";
  loop.push_back(std::move(lanesLoop));
  for (size_t o = 0; o < p.operands.size(); ++o) {
    Stm s; // Note [Warp shuffles and vectors in Imp]
    s.kind = Stm::Kind::StoreLanes;
    s.name = mems[o];
    s.src = lanes[o];
    s.type = p.types[o];
    s.args = {g, n};
    loop.push_back(std::move(s));
  }
  Stm vectors = forLoop(v, quot(items, i64(4)), std::move(loop));
  vectors.text = "unroll 4";
  out.push_back(std::move(vectors));
  return true;
}

} // namespace fjord::imp::detail
