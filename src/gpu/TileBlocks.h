// Block and register tiling of matrix-product-like SegMaps (PLDI'17 §5.2; Note [Tiled
// SegMap] in ir/IR.h): recognition here, the tiled kernel in imp/LowerTiled.cpp.
#pragma once
#include "ir/IR.h"

namespace fjord::gpu {

/// Outputs per side of a block's tile, and a thread's rows of it: imp/LowerTiled.cpp gives
/// each thread 8 rows x 16 columns, so a block of 128 threads computes a 128 x 128 tile of
/// the result (Note [Block and register tiling]).
inline constexpr int64_t kBlockTile = 128;
inline constexpr int64_t kRegisterTile = 8;

/// Marks every host-level SegMap of the matrix-product shape as tiled, and first makes a
/// one-dimensional SegMap whose body maps over the rows of an array into a two-dimensional
/// one when the inner map's body has that shape. The shape: a SegMap over (i < n, j < m)
/// whose body is views (slices, rearranges) then one sequential redomap over k of two rows,
/// one indexed by i only, the other by j only, returning its one scalar; the map and
/// reduction operators are scalar code (no SOACs, calls or assertions).
/// Requires: gpu IR with unique names. Guarantees: gpu IR; new names from `prog.names`.
///   segmap(f; i < n) : {[m]t} { let r = a[i, 0 :+ k * 1]; let bt = rearrange (1, 0) b
///                               let s = screma(m, {bt}) map \(c) -> {redomap(k, {r, c}) ...} }
///   ==> segmap(f; i < n, j < m) tiled 128 8 : {t} {
///         let r = a[i, 0 :+ k * 1]; let bt = rearrange (1, 0) b; let c = bt[j, 0 :+ k * 1]
///         redomap(k, {r, c}) ... }
ir::Prog tileBlocks(ir::Prog prog);

} // namespace fjord::gpu
