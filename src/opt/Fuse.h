// SOAC fusion (PLDI'17 §4): producer-consumer (vertical) and sibling (horizontal) fusion of
// Scremas, greedily and at every nesting level.
#pragma once
#include "ir/IR.h"

namespace fjord::opt {

/// Fuses Scremas within each body, innermost bodies first, until nothing changes:
///  - vertical: a consumer Screma whose inputs include map results of an earlier Screma
///    with the same width absorbs it; the producer's map lambda is inlined in front of the
///    consumer's, so `reduce (+) 0 (map2 (*) xs ys)` becomes one Screma with a 2-parameter
///    map lambda and one reduction (a "redomap"); a map into a scan likewise;
///  - horizontal: two independent Scremas of the same width reading a common input become one
///    Screma computing both (the "banana split").
/// Never fuses when the consumer reads a producer's scan or reduce results, refers to a
/// producer result other than as an input (e.g. by indexing it), when a statement between
/// the two uses the producer's results, or when one consumes (updates in place) an array
/// the producer reads. Producer results still used elsewhere remain results of the fused
/// Screma, so no work is duplicated.
/// Requires: unique names, core stage. Guarantees: core stage, unique names, same values.
///   let ys = screma(n, {xs}) map \(x) -> {f x}
///   let r  = screma(n, {ys}) map \(y) -> {y} reduce {(+, 0)}
///     ==>  let r = screma(n, {xs}) map \(x) -> {f x} reduce {(+, 0)}
ir::Prog fuse(ir::Prog prog);

} // namespace fjord::opt
