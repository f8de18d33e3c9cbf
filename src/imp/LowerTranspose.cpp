// Device copies that transpose the two innermost dimensions, as tiled kernels (issue #5
// item 3). HostLowerer::copyArray asks here before falling back to the element-wise copy.
//
// Note [Tiled transpose]
// A copy between a row-major array and one whose two innermost dimensions are swapped
// (`transpose xs` made manifest, or the column-major layouts of mem/Coalesce.cpp) reads or
// writes with a stride of a whole row between consecutive threads if done one thread per
// element: every thread of a warp touches a different memory segment. The tiled kernel
// stages a TILE x TILE tile in shared memory instead: the block reads it along the source's
// unit-stride dimension, synchronises, and writes it along the destination's unit-stride
// dimension, so both global sides coalesce. Tile rows are TILE + 1 long, so that walking a
// tile column in shared memory hits TILE different banks. A block is TILE x ROWS threads
// (flat: tx = tid % TILE, ty = tid / TILE); each thread moves TILE / ROWS elements per
// phase. Edge tiles guard every global access, so sizes need not be multiples of TILE.
// Outer (batch) dimensions are spread over the grid: the flat block index unflattens into
// (batch..., tile row, tile column). The tile size is fixed because shared arrays have a
// constant size in Imp; the block shape follows from it.
#include "imp/Lowering.h"

#include "imp/SymbolicToImp.h"

#include <functional>

namespace fjord::imp::detail {

namespace {

constexpr int64_t kTile = 32;
constexpr int64_t kTileRows = 8; // threads per tile column; kTile / kTileRows elements each

/// 0 if `lmad` is row-major, 1 if it is row-major once its two innermost dimensions are
/// swapped, -1 otherwise (rank >= 2).
int innerOrder(const symbolic::Lmad& lmad) {
  if (lmad.isRowMajor())
    return 0;
  size_t r = lmad.rank();
  if (lmad.swapDims(r - 2, r - 1).isRowMajor())
    return 1;
  return -1;
}

} // namespace

bool isTransposingCopy(const ArrayVar& dest, const ArrayVar& src) {
  if (dest.elem != src.elem || dest.shape.size() < 2 || dest.lmad.rank() != dest.shape.size() ||
      src.lmad.rank() != dest.shape.size())
    return false;
  int d = innerOrder(dest.lmad), s = innerOrder(src.lmad);
  return d >= 0 && s >= 0 && d != s;
}

bool lowerTransposeCopy(HostLowerer& host, const ir::Stm& stm, const ArrayVar& dest,
                        const ArrayVar& src, Block& out) {
  if (!isTransposingCopy(dest, src))
    return false;
  size_t r = dest.shape.size();
  // Which of the two inner dimensions (0: i, the second innermost; 1: j, the innermost) is
  // contiguous in the source; the destination's contiguous one is the other.
  bool readAlongJ = innerOrder(src.lmad) == 0;

  std::string base = kernelBaseName(host.functionName(),
                                    src.source.empty() ? stm.prov.what : src.source,
                                    "transpose");
  KernelLowerer k(host, host.kernelName(base), stm);
  ExpRef n = host.subExp(dest.shape[r - 2]);
  ExpRef m = host.subExp(dest.shape[r - 1]);
  ExpRef tilesI = host.hostLet("tiles_i", divUp(n, i64(kTile)), out);
  ExpRef tilesJ = host.hostLet("tiles_j", divUp(m, i64(kTile)), out);
  ir::Shape batchShape(dest.shape.begin(), dest.shape.end() - 2);
  ExpRef numBlocks =
      host.hostLet("num_blocks", mul(shapeCount(host, batchShape), mul(tilesI, tilesJ)), out);

  Block decls, body;
  std::string tile = k.freshName(src.source.empty() ? "tile" : src.source + "_tile");
  decls.push_back(sharedArray(tile, dest.elem, kTile * (kTile + 1)));
  ExpRef tid = k.let("tid", threadId(), body);
  ExpRef tx = k.let("tx", rem(tid, i64(kTile)), body);
  ExpRef ty = k.let("ty", quot(tid, i64(kTile)), body);
  ExpRef tilesJK = k.param("tiles_j", tilesJ);
  ExpRef blk = k.let("blk", blockId(), body);
  ExpRef tileJ = k.let("tile_j", rem(blk, tilesJK), body);
  ExpRef rest = k.let(batchShape.empty() ? "tile_i" : "tile_rest", quot(blk, tilesJK), body);
  std::vector<ExpRef> batch;
  ExpRef tileI = rest;
  if (!batchShape.empty()) {
    ExpRef tilesIK = k.param("tiles_i", tilesI);
    tileI = k.let("tile_i", rem(rest, tilesIK), body);
    std::vector<ExpRef> dims;
    std::vector<std::string> names;
    for (size_t d = 0; d < batchShape.size(); ++d) {
      dims.push_back(d == 0 ? nullptr : k.subExp(batchShape[d]));
      names.push_back("b" + std::to_string(d));
    }
    batch = unflatten(k, dims, k.let("batch", quot(rest, tilesIK), body), names, body);
  }
  ExpRef nK = k.subExp(dest.shape[r - 2]);
  ExpRef mK = k.subExp(dest.shape[r - 1]);
  ExpRef i0 = k.let("i0", mul(tileI, i64(kTile)), body);
  ExpRef j0 = k.let("j0", mul(tileJ, i64(kTile)), body);

  // One phase moves rows ty, ty + ROWS, ... of the tile; `fastJ` says whether tx runs along
  // j (the innermost dimension) or along i.
  auto phase = [&](bool fastJ, const std::function<void(ExpRef row, std::vector<ExpRef>& idx,
                                                         Block& guarded)>& move) {
    std::string step = k.freshName("r");
    Block loop;
    ExpRef row = k.let("row", add(ty, mul(var(step, PrimType::I64), i64(kTileRows))), loop);
    ExpRef i = k.let("i", add(i0, fastJ ? row : tx), loop);
    ExpRef j = k.let("j", add(j0, fastJ ? tx : row), loop);
    std::vector<ExpRef> idx = batch;
    idx.push_back(i);
    idx.push_back(j);
    Block guarded;
    move(row, idx, guarded);
    loop.push_back(ifThen(andE(lt(i, nK), lt(j, mK)), std::move(guarded)));
    body.push_back(forLoop(step, i64(kTile / kTileRows), std::move(loop)));
  };
  body.push_back(comment("read the tile along the source's contiguous dimension"));
  phase(readAlongJ, [&](ExpRef row, std::vector<ExpRef>& idx, Block& g) {
    ExpRef x = k.readElement(src, idx, src.source.empty() ? "x" : src.source, g);
    g.push_back(store(tile, add(mul(row, i64(kTile + 1)), tx), x));
  });
  body.push_back(barrier());
  body.push_back(comment("write it along the destination's contiguous dimension"));
  phase(!readAlongJ, [&](ExpRef row, std::vector<ExpRef>& idx, Block& g) {
    k.writeElement(dest, idx, load(tile, add(mul(tx, i64(kTile + 1)), row), dest.elem), g);
  });
  decls.insert(decls.end(), body.begin(), body.end());
  k.kernel.body = std::move(decls);
  // Two short lines: a longer one would be reflowed by clang-format into the LMAD lines below.
  k.describe.push_back("transposing copy of " + src.source +
                       " (its two innermost dimensions swap their order in memory)");
  k.describe.push_back("in " + std::to_string(kTile) + "x" + std::to_string(kTile) +
                       " tiles through shared memory, " + std::to_string(kTile) + "x" +
                       std::to_string(kTileRows) + " threads per tile");
  out.push_back(comment("copy " + src.source + " to " + dest.source + " (tiled transpose)"));
  Block launchB;
  host.launch(k, numBlocks, i64(kTile * kTileRows), launchB);
  out.push_back(ifThen(cmp(CmpOpKind::Gt, numBlocks, i64(0)), std::move(launchB)));
  return true;
}

} // namespace fjord::imp::detail
