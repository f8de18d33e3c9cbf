// Counting allocations, for `structure gpu-mem { Alloc N }` assertions and tests.
#pragma once
#include "ir/IR.h"

namespace fjord::mem {

/// The number of `alloc` statements anywhere in `prog` (host code, branches, loop bodies
/// and kernel bodies alike).
int countAllocs(const ir::Prog& prog);

} // namespace fjord::mem
