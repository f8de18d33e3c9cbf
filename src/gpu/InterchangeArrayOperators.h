// Before kernel extraction: reductions and scans whose operands are arrays, with an
// elementwise operator, become a map over the arrays' columns (Note [Interchanging array
// operators] in InterchangeArrayOperators.cpp); host-level reductions with other array
// operators are reduced in two stages over chunks of rows (ChunkArrayReductions.h), and
// host-level scans with them are reported as not supported yet.
#pragma once
#include "ir/IR.h"

namespace fjord {
class DiagnosticEngine;
}

namespace fjord::gpu {

/// Rewrites every host-level Screma whose scans or reductions have array operands and an
/// elementwise operator (gpu/ElementwiseOperator.h) into a map over the operands' columns
/// that reduces (scans) each column with the scalar operator; a fused Screma is first split
/// into a Screma computing the operand arrays (and its other results) and the interchanged
/// operators. Scans with such operators nested in kernel code (SOAC lambdas, device
/// functions) are rewritten the same way; nested reductions are left to fold in the thread.
///   let r = reduce (map2 (+)) ne xss         -- xss : [n][m]t
///   ==> let xss_t = rearrange (1,0) xss
///       let r = map (\ne_j col -> reduce (+) ne_j col) ne xss_t
///   let r = scan (map2 (+)) ne xss
///   ==> let r_t = map (\ne_j col -> scan (+) ne_j col) ne (rearrange (1,0) xss)
///       let r = rearrange (1,0) r_t
/// A host-level array reduction whose operator is not elementwise becomes a two-stage
/// reduction over chunks of rows instead (gpu/ChunkArrayReductions.h), after the same split;
/// a host-level array scan whose operator is not elementwise is reported as not supported
/// yet. Requires and guarantees core IR with unique names.
ir::Prog interchangeArrayOperators(ir::Prog prog, DiagnosticEngine& diags);

} // namespace fjord::gpu
