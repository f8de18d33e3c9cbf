// Coalescing by transposition (issue #5 item 5; PLDI'17 §5.2).
//
// Runs on the mem stage (after memory introduction, before block merging). When each thread
// of a kernel walks a row of a row-major matrix sequentially, consecutive threads read
// addresses a whole row apart: no access coalesces. The pass gives the kernel a
// column-major copy of the matrix instead (a transposing copy, which imp/ lowers to a tiled
// transpose kernel), so that at every step of the walk consecutive threads read
// consecutive addresses. See Note [Coalescing by transposition] in Coalesce.cpp for the
// exact conditions.
#pragma once
#include "ir/IR.h"

namespace fjord::mem {

ir::Prog coalesceAccesses(ir::Prog prog);

} // namespace fjord::mem
