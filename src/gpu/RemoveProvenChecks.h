// Removing bounds checks that always hold: an index known to lie in its array's range
// from the loops and segment spaces around it needs no check in the generated code.
#pragma once
#include "ir/IR.h"

namespace fjord::gpu {

/// Drops every assertion whose condition is a conjunction of integer comparisons that the
/// syntactic prover (symbolic/Prover.h, no Z3) shows true from the ranges of the
/// enclosing `for` loops' iterators (0 <= i < bound) and segment indices (0 <= gtid < n),
/// with i64 scalars defined by +, -, *, floor division by a constant, min, max and
/// widening conversions expanded into the comparison. The comparisons are left for dead
/// code removal (imp/ drops unused scalars).
/// Requires: gpu IR with unique names. Guarantees: gpu IR, no new names.
///   loop {acc} for i < n do { let ok = lt.i64 i n  let {} = assert ok "..."  ... xs[i] }
///   ==> loop {acc} for i < n do { let ok = lt.i64 i n  ... xs[i] }   (xs : [n]f32)
ir::Prog removeProvenChecks(ir::Prog prog);

} // namespace fjord::gpu
