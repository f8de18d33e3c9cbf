// Fusing a filter into the reduction that consumes it (private to opt/; used by Fuse.cpp).
#pragma once
#include "ir/IR.h"

#include <vector>

namespace fjord::opt::detail {

// Note [Filter into reduce]
// Because ne is the neutral element of op (PLDI'17 §4),
//   reduce op ne (map f (filter p xs)) == reduce op ne (map (\x -> if p x then f x else ne) xs)
// Filter is internalised as a scan and a scatter (internalise/InternaliseFilter.cpp):
//   let {offsets, flags} = screma(n, ..) map \.. -> {f, f, ..} scan {(+, 0i64)}  -- f = i64(p x)
//   let count = if n == 0 then 0 else offsets[n - 1]
//   let D     = replicate [count] v
//   let kept  = scatter(n, {flags, offsets, xs..}, {D}) \(flag, offset, x..) ->
//                 {flag * offset - 1, g x..}          -- g: a map fused into the scatter
//   let r     = screma(count, {kept}) map h reduce {(op, ne)}
// The scatter writes the kept elements, in order, to positions 0 .. count - 1 (an element
// with flag 1 goes to its inclusive count minus 1; one with flag 0 to -1, ignored), so the
// reduction sees exactly the kept elements in order and the rewrite is valid for operators
// that are not commutative too. It becomes
//   let r = screma(n, {flags, xs..}) map \(flag, x..) ->
//             if flag != 0 then h (g x..) else ne
//           reduce {(op, ne)}
// after which the scatter, its destinations, `count` and the scan (when nothing else uses
// them) are dead and removed, and the flags' producer fuses into the reduction: one
// Screma, no scatter. The rule applies only to this exact shape, where the consumer is a
// reduction (no scans, no mapped results) whose inputs are all results of the scatter.
// Other uses of the filtered arrays or of `count` (`length`) keep what they need alive;
// several reductions of one filter are rewritten one after the other.

/// Rewrites one filter feeding a reduction in `stms` (a body with result `result`) as in
/// Note [Filter into reduce]; returns whether it did.
bool fuseFilterIntoReduce(std::vector<ir::Stm>& stms, const std::vector<ir::SubExp>& result,
                          ir::NameSource& names);

} // namespace fjord::opt::detail
