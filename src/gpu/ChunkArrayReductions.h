// Before kernel extraction: a host-level reduction whose operands are arrays and whose
// operator is not elementwise becomes a two-stage reduction over contiguous chunks of rows
// (Note [Chunked array reductions] in ChunkArrayReductions.cpp).
#pragma once
#include "ir/IR.h"

#include <vector>

namespace fjord::gpu {

/// Appends to `out` statements binding `results` (one per operand, of the operator's row
/// types) to `reduce op ne operands`, where each operand is an array of `n` rows:
///   let T = min n (1 + i64 (sqrt (f64 n)))          -- threads of stage 1
///   let c = (n + max T 1 - 1) / max T 1             -- rows per thread
///   let partials = map (\t -> let lo = min n (t*c)
///                             let hi = min n ((t+1)*c)
///                             in reduce op ne operands[lo : hi]) (iota T)
///   let final = map (\_ -> reduce op ne partials) (iota 1)
///   let results = final[0]
/// Each chunk is folded in order and the partials are combined in order, so the operator
/// need only be associative. Names are fresh; the operator is renamed for each use.
void chunkArrayReduction(const ir::RedOp& op, const ir::SubExp& n,
                         const std::vector<ir::VName>& operands,
                         const std::vector<ir::PatElem>& results, const ir::Provenance& prov,
                         ir::NameSource& names, std::vector<ir::Stm>& out);

} // namespace fjord::gpu
