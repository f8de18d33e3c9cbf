// Memory block merging (thesis ch. 5; issue #5 item 6): allocations whose lifetimes do not
// overlap share one block.
//
// Runs on the mem stage's output (after memory introduction and memory expansion). In each
// host body (a function's body, and the branches and loop bodies nested in it on the host),
// the allocations are visited in order and coloured greedily: an allocation reuses the
// first earlier block of the same body and space that
//  - is dead before it: every statement touching the earlier block (or anything that may
//    alias it, LastUse.h) comes strictly before the new allocation, and the earlier block is
//    not returned from the body (function results, entry-point results, branch results,
//    loop results carried across the back-edge);
//  - is large enough: the new size is provably at most the earlier block's allocated size
//    (the symbolic Prover, over the sizes' definitions and the facts that array sizes are
//    non-negative and asserted size equalities hold). The earlier block is never grown.
// The later `alloc` is then removed (with its size computation when nothing else uses it)
// and every annotation, operand and result naming the later block names the earlier one.
// Once merged, the earlier block is live until the later block's last use.
//
// Blocks of different bodies are never merged, and kernel bodies allocate nothing.
//
//   let a_mem = alloc(4n)                       let a_mem = alloc(4n)
//   let a @a_mem = segmap ... xs ...            let a @a_mem = segmap ... xs ...
//   let b_mem = alloc(4n)                       let b_mem = alloc(4n)
//   let b @b_mem = segmap ... a ...      ==>    let b @b_mem = segmap ... a ...
//   let c_mem = alloc(4n)                       let c @a_mem = segmap ... b ...
//   let c @c_mem = segmap ... b ...
#pragma once
#include "ir/IR.h"

namespace fjord::mem {

/// Merges the blocks of non-interfering allocations (see the file comment).
ir::Prog mergeBlocks(ir::Prog prog);

} // namespace fjord::mem
