// The vector load of a scan's tile: four consecutive elements per load, and a filter's values
// kept in registers for its scatter. See Note [Vector tiles].
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
// A filter (Note [One-pass filter], LowerFilter.cpp) also needs every value again in its
// scatter. Its thread takes a fixed count of items per tile (ScanPlan::fixedItems, a
// constant in the kernel rather than a tuning parameter), and its lane arrays hold all of
// them: each array index is a constant once the target compiler unrolls the loops over
// vectors and lanes (both have constant bounds and an `unroll` hint), so the values live in
// registers from the load to the scatter, and the scatter reads nothing from memory but the
// offsets in shared memory. Before, it read every input a second time (from L2).

void planVectorTile(Lowerer& L, ScanPlan& p) {
  if (p.segmented)
    return;
  std::vector<VectorInput> ins = vectorInputs(L, p.seg.body, p.seg.space.dims.at(0).first);
  if (!ins.empty() && scalarOnly(withoutInputs(p.seg.body, ins)))
    p.vectorIns = std::move(ins);
}

ExpRef vectorsOf(ExpRef items) {
  return items->kind == Exp::Kind::Const ? i64(items->value.asInt() / 4) : quot(items, i64(4));
}

void bindLanes(KernelLowerer& k, const std::vector<VectorInput>& ins,
               const std::vector<std::string>& lanes, ExpRef at, Block& out) {
  for (size_t j = 0; j < ins.size(); ++j)
    k.declareScalar(ins[j].bound, ins[j].array.elem, load(lanes[j], at, ins[j].array.elem), out);
}

void loadTileVectors(KernelLowerer& k, const ScanPlan& p, ExpRef tid, ExpRef tileStart,
                     ExpRef items, ExpRef n, const std::vector<std::string>& tileSh,
                     const std::vector<std::string>& lanes, bool keepValues, bool storeMapped,
                     Block& out) {
  out.push_back(comment("load (and map) the tile four elements at a time: vector v of the thread\n"
                        "holds elements 4 * (v * block_size + tid) + 0 .. 3; points past n hold\n"
                        "the neutral element"));
  ExpRef tileVector = k.let("tile_vector", quot(tileStart, i64(4)), out);
  std::string v = k.freshName("vector"), q = k.freshName("q");
  ExpRef vv = var(v, PrimType::I64), qv = var(q, PrimType::I64);
  Block loop, lane, inRange, past;
  ExpRef g = k.let("g", add(tileVector, add(mul(vv, blockSize()), tid)), loop);
  ExpRef first = keepValues ? mul(vv, i64(4)) : i64(0);
  loadLanes(k, p.vectorIns, lanes, g, n, first, loop);
  ExpRef j = k.let("j", add(mul(sub(g, tileVector), i64(4)), qv), lane);
  ExpRef i = k.let(p.seg.space.dims.at(0).first.name, add(tileStart, j), lane);
  bindLanes(k, p.vectorIns, lanes, add(first, qv), inRange);
  std::vector<ir::Stm> rest = withoutInputs(p.seg.body, p.vectorIns);
  Vals x = evalPoint(k, p, i, storeMapped ? constant(PrimValue::boolean(true)) : nullptr,
                     inRange, &rest);
  storeTile(tileSh, p, padded(j), x, inRange);
  storeTile(tileSh, p, padded(j), neutral(k, p), past);
  lane.push_back(ifThen(lt(i, n), std::move(inRange), std::move(past)));
  Stm lanesLoop = forLoop(q, i64(4), std::move(lane));
  lanesLoop.text = "unroll";
  loop.push_back(std::move(lanesLoop));
  Stm vectors = forLoop(v, vectorsOf(items), std::move(loop));
  vectors.text = keepValues ? "unroll" : "unroll 4";
  out.push_back(std::move(vectors));
}

} // namespace fjord::imp::detail
