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
// side, and the loop over a thread's vectors is unrolled so that several are in flight
// before the first is used. Each lane runs the body on its element when the element lies
// before n (the lanes past n were not loaded) and puts the neutral element in the tile
// otherwise. The tile, the fold, the block scan and the rescan are those of Note
// [Single-pass scan]; a thread's items per tile must be a multiple of 4 (the host rounds).
//
// Measured on an H100 (2^28 i32, median of 20 or 30 runs, cold L2): the scan went from 974
// to 948 us with vector loads, and to 927 us with vector stores as well (CUB: 870 us).
//
// A filter (Note [One-pass filter], LowerFilter.cpp) keeps its tile of scalar loads. With a
// vector tile it took 1320 us against 1300 for scalar loads (the latter measured in another
// session, after a cache flush that cost it about 20 us more: see the CUDA runtime's
// flushL2). Keeping its values in registers for the scatter instead of reading them again
// (16 items per thread, private arrays indexed by constants once the loops unroll) took 75
// registers, so one block of 512 threads per multiprocessor, and 2042 us; capped at 64 or
// 48 registers, 1452 and 1378 us; with the kept elements staged through shared memory as
// well, 1329 us. The re-read keeps 32 registers and four blocks per multiprocessor.

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
