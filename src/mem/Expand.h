// Private to mem/ (and its unit tests): the layout of memory expansion (FUNMEM, IFL'22 §5),
// which gives every array created inside a kernel a slice of one block allocated on the host
// before the launch.
//
// Note [Memory expansion]
// A kernel cannot allocate. An array created in a kernel body (an iota, a replicate, a copy,
// the result of a sequential map or scan, ...) whose per-thread shape depends only on values
// bound outside the kernel gets one block for the whole kernel, allocated on the host right
// before the SegOp, of `points * per-thread elements` elements, where `points` is the number
// of points of the SegOp's space. The point with flat index `p` (the SegSpace's flat index;
// in one dimension the same value as the space's index, which names it then) owns the
// elements
//
//     p + points * (row-major index of (i1, ..., iq) in the per-thread shape)
//
// i.e. the LMAD `p + {(d1 : points*s1), ..., (dq : points*sq)}` with `sk` the row-major
// strides of the per-thread shape `[d1]...[dq]`. The point index is the innermost, stride-1
// dimension of the block: when consecutive threads touch the same element of their arrays
// they touch consecutive addresses, so the accesses coalesce (IFL'22 §5's GPU variant; the
// CPU variant `p * elems + row-major` would give each thread a contiguous chunk instead).
// A size the kernel computes from outside values by arithmetic that cannot fail (`concat`'s
// `m + m`) is computed again on the host for the allocation; any other size bound in the
// kernel depends on the thread and is reported as not supported yet.
//
// The slices of two points never overlap, and a point's arrays are touched only by the
// thread running it: imp/ binds the SegSpace's flat index to the point being run, and no two
// threads run one point at the same time. (SegHist's by-bucket kernel reruns every point in
// every bucket thread, so mem/ reports arrays created in a SegHist body as not supported.)
// An array in a sequential loop inside the kernel reuses its slice in every iteration.
//
// An array that is (through in-place updates) a SegMap's, SegRed's or SegScan's per-point
// result needs no expansion: it is built directly in the result's row for the point.
//
// Note [Nested SOAC memory]
// A SOAC inside a kernel body (issue #4: no flattening yet) becomes a sequential loop in the
// thread (imp/LowerKernel). Its memory:
//  * a lambda parameter that is a row of an array input is a view of that row: the input's
//    LMAD with its outer dimension fixed at the loop's index, written as the lambda's
//    element index variable `%iter.x_7` (ir/ElementIndex.h; the verifier has it in scope
//    in the lambda, and imp/ binds it to the loop's variable);
//  * a reduction over arrays accumulates in its result (expanded, or its row of the SegOp's
//    result): the operator's first parameters are views of that accumulator, the others the
//    map's per-element result (with the operator's element index in place of the map's:
//    both are the same iteration); imp/ copies the operator's result back unless it
//    already lives in the accumulator;
//  * a histogram or scatter updates its (consumed) destinations in place, so its results
//    are its destinations' memory; a histogram over rows applies its operator to views:
//    the accumulator is the destination's row at the bucket, written as the operator's
//    bucket index variable `%bucket.x_7` (ir/ElementIndex.h, bound by imp/ to the bucket),
//    the value the bucket function's result (with the operator's element index in place
//    of the bucket function's); imp/ copies the operator's result into the row unless it
//    already lives there;
//  * every other array result is expanded as above.
#pragma once
#include "symbolic/Lmad.h"

#include <vector>

namespace fjord::mem {

/// The LMAD of the copy owned by point `point` of a per-point array of shape `shape`, when
/// `points` points share one block (Note [Memory expansion]).
///   expandedLmad({m, 4}, p, P) == p + {(m : 4*P), (4 : P)}
symbolic::Lmad expandedLmad(const std::vector<symbolic::Expr>& shape,
                            const symbolic::Expr& point, const symbolic::Expr& points);

/// The view of row `i` of an array laid out by `lmad` (Note [Nested SOAC memory]).
///   rowAt(o + {(n : s), (m : t)}, i) == o + i*s + {(m : t)}
symbolic::Lmad rowAt(const symbolic::Lmad& lmad, const symbolic::Expr& i);

} // namespace fjord::mem
