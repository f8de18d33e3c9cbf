// Row-valued scatters and histograms become one-dimensional ones over all the elements of
// the rows (Note [Flattening row updates] in FlattenRowUpdates.cpp), so that kernel
// extraction and imp/ only meet destinations of rank one.
#pragma once
#include "ir/IR.h"

namespace fjord {
class DiagnosticEngine;
}

namespace fjord::gpu {

/// Rewrites every host-level `scatter` into a destination of rank > 1, and every host-level
/// `hist` whose buckets are arrays and whose operator is elementwise on them (its body is
/// maps over its own parameters), into the same operation over the flattened destination
/// (a `reshape`), one element per (input, position in the row), followed by a `reshape`
/// back. A host-level histogram with any other operator on array buckets is left unchanged
/// and reported to `diags` as not supported yet; SOACs inside kernel code (lambdas,
/// functions called from kernels) are left unchanged.
/// Requires: core IR with unique names. Guarantees: core IR; new names from `prog.names`.
///   let r = scatter(n, {is, vss}, {dest : [k][m]t})
///   ==>  let r_flat = scatter(n*m, {iota (n*m), reshape [n*m] vss}, {reshape [k*m] dest})
///          \(t, v) -> { i = t / m ... in {if 0 <= is[i] < k then is[i]*m + t%m else -1, v} }
///        let r = reshape [k][m] r_flat
ir::Prog flattenRowUpdates(ir::Prog prog, DiagnosticEngine& diags);

} // namespace fjord::gpu
