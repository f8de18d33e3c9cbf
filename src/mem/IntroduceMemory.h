// Memory introduction (FUNMEM, IFL'22 §4; thesis §4.5): gives every array a memory block
// and an LMAD, and makes allocation explicit.
//
// What the mem-stage IR guarantees (read by imp/ when lowering):
//  - Every array-typed Param and PatElem has `mem` = {block, lmad}; `block` is a variable
//    of type `mem@device` in scope, and element (i1..iq) lives `lmad.apply(i1..iq)` elements
//    (not bytes) from the block's start. Scalars and blocks have no `mem`.
//  - Functions: each array parameter is directly preceded by a `mem@device` parameter, its
//    block, and has LMAD `0 + row-major(shape)`. Each array result is directly preceded by
//    its block among the results (and a `mem@device` entry in `retTypes`); the array is
//    row-major at offset 0 in it. Entry points return arrays in fresh blocks, never in a
//    parameter's block and never two results in one block. Calls (`Apply`) pass and bind
//    blocks the same way (arguments are copied to row-major first when needed).
//  - Fresh arrays: each SegOp array result and each Iota, Replicate, Copy, ArrayLit and
//    Concat gets `let b = alloc(bytes, device)` right before its statement, with `bytes`
//    an i64 operand (element size times the shape's product, each multiplication an
//    explicit `mul.i64` statement; constants are folded), and LMAD `0 + row-major(shape)`.
//  - Views reuse the source block: Index (slices, reversal by negative strides), Rearrange
//    (permuted LMAD), Reshape (when one LMAD describes it, with sizes known non-negative
//    and equalities from earlier assertions as facts; otherwise the source is first
//    copied into a fresh row-major block), aliases (`let y = x`) and Update results (same
//    block and LMAD as the updated array: in place). SegHist results are in place in their
//    destination histograms' memory.
//  - FlatIndex (Note [Flat ops] in ir/IR.h) is a view as well: the LMAD slice applied
//    (thesis slice_LMAD) to the one-dimensional LMAD of the source's row-major elements,
//    e.g. `7 + {(n : 1)}` sliced by `o + {(a : s)}` is `7 + o + {(a : s)}`. A FlatUpdate
//    keeps the updated array's block. When no single LMAD describes the source's elements
//    in row-major order (a transposed view), the source is first copied row-major.
//  - `if` with array results: if both branches return the same outer block with equal
//    LMADs, the pattern uses it. If they return the same outer block with different LMADs,
//    the pattern keeps the block and each offset or stride the prover cannot show equal
//    becomes an i64 result of the `if` right before the array, named by its LMAD (Note
//    [Existential LMADs] in Existential.cpp); no copy. Otherwise the result's block is
//    existential: the `if` returns a `mem@device` value before the array (in `types`, the pattern, and both
//    branch results), and each branch makes its array row-major at offset 0 (copying when
//    it is not) and returns its block. Loops do this for every array merge parameter: a
//    `mem@device` merge parameter precedes it; when the body returns a view of the
//    parameter (reviewsMergeParam), its offset and strides are i64 merge parameters
//    between the block and the array, and the view stays in the block (no copy).
//    Function results stay row-major at offset 0 (Note [Existential memory]).
//  - Kernel bodies (SegOp bodies, their operators, and functions called from kernels)
//    allocate nothing: every block is allocated on the host. An array created in a SegOp
//    body (or a SOAC nested there) is built in its row of the SegOp's result when it is
//    (through in-place updates) the point's result; otherwise it lives in an expanded block
//    allocated right before the SegOp, with the point index innermost and stride 1
//    (IFL'22 §5; Note [Memory expansion] in Expand.h). Arrays of thread-dependent size,
//    arrays created in SegOp operators, in functions called from kernels or in a SegHist
//    body, and arrays created in a kernel that an `if` or call returns in differing memory,
//    are reported as not supported yet. A loop in a kernel gives each array merge
//    parameter one memory for the whole loop (Note [Loops in kernels] in the .cpp).
#pragma once
#include "ir/IR.h"

namespace fjord {
class DiagnosticEngine;
}

namespace fjord::mem {

/// Introduces memory blocks, LMADs and allocations (see the file comment for the result).
/// Requires: the gpu/ stage's output (no SOAC at host level), unique names. Reports the first
/// unsupported construct to `diags` and stops; the caller checks `diags.hasErrors()` (the
/// returned program is then not meaningful).
///   let ys = segmap (gtid < n) {...}   ==>   let ys_bytes = mul.i64 n_1 4i64
///                                            let ys_mem = alloc(ys_bytes, device)
///                                            let ys @ys_mem -> 0 + {(n_1 : 1)} = segmap ...
ir::Prog introduceMemory(ir::Prog prog, DiagnosticEngine& diags);

} // namespace fjord::mem
