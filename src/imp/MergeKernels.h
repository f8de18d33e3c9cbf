// Printing a kernel once where several operations lower to the same code (see
// MergeKernels.cpp).
#pragma once
#include "imp/Imp.h"

namespace fjord::imp::detail {

/// Keeps the first of every set of kernels with the same parameters and body, launching it
/// in place of the others, whose sources its doc comment then lists.
/// Requires: a verified program. Guarantees: the same launches (by another kernel name),
/// deterministic (the kept kernel is the earliest).
///   kernel sum_reduce_stage2 { B }; kernel dot_map_reduce_stage2 { B }
///     ==>  kernel sum_reduce_stage2 { B }, launched by `sum` and by `dot`
void mergeIdenticalKernels(Program& prog);

} // namespace fjord::imp::detail
