// The two safety conditions of user-facing LMAD slices (thesis §3.3, Note [LMAD slices] in
// syntax/Ast.h), in one place for the type checker, the interpreter and the compiler:
//
//  * In bounds: every size is >= 0 and, unless some size is 0 (an empty slice), every
//    address `o + sum ik*sk` lies in [0, length). The extreme addresses are
//    `o + sum min(0, (nk-1)*sk)` and `o + sum max(0, (nk-1)*sk)`.
//  * Separated (update targets only): no element is written twice. Fjord demands the
//    thesis's sufficient condition for no self-overlap (eq. 3.2): order the dimensions of
//    size > 1 by |stride| (ties by position), then each |stride| exceeds the sum of
//    `(nk-1)*|sk|` over the dimensions before it. Empty slices are separated.
//    The condition is conservative: `{(2:3), (3:2)}` hits distinct addresses but fails it.
//
// The compiler emits the same formulas as run-time assertions (internalise/InternaliseFlat.cpp),
// so all backends and the interpreter accept exactly the same programs.
#pragma once

#include "symbolic/Lmad.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace fjord::symbolic {

/// One dimension of a concrete LMAD slice.
struct ConcreteDim {
  int64_t size = 0;
  int64_t stride = 0;
};

/// The in-bounds condition for a concrete slice of an array of `length` flat elements.
bool sliceInBounds(int64_t offset, const std::vector<ConcreteDim>& dims, int64_t length);
/// The separation condition for a concrete slice.
bool sliceSeparated(const std::vector<ConcreteDim>& dims);

/// Static verdicts on a symbolic slice: True when the condition provably holds, False when
/// it provably fails (so the run-time check would always fail), Unknown otherwise.
/// `length` may be null when the array's length is not known statically; then only the
/// lower bound can be refuted.
Truth sliceInBounds(const Lmad& slice, const Expr* length, Prover& prover);
Truth sliceSeparated(const Lmad& slice, Prover& prover);

} // namespace fjord::symbolic
