// The simplifier: local clean-ups that every later pass relies on.
#pragma once
#include "ir/IR.h"

namespace fjord::opt {

/// Simplifies every function to a fixed point (at most a few rounds):
///  - constant folding and algebraic identities on basic ops (the rule table in
///    opt/SimplifyRules.cpp: `x + 0`, `x * 1`, `c1 < c2`, `true && x`, ...);
///  - copy propagation: `let y = x` is removed and `y` replaced by `x`;
///  - common-subexpression elimination of pure basic ops (never of arrays that are
///    consumed later, which would break uniqueness);
///  - `if` on a constant condition is replaced by the taken branch; `assert true` removed;
///  - a Screma of width 0 is replaced by its results: empty arrays and neutral elements
///    (opt/SimplifySoac.h);
///  - dead-code removal (statements that cannot fail and whose results are unused), including
///    unused results, operators and inputs of a Screma;
///  - hoisting loop-invariant, non-failing basic ops out of `loop` bodies.
/// Requires: unique names; a verified core, gpu or mem program. Guarantees: the same stage
/// invariants, unique names; the program computes the same values and fails the same way.
///   let a = add.i64 n 0i64; let b = mul.i64 a 1i64; let c = mul.i64 a 1i64; in {b, c}
///     ==>  in {n, n}
ir::Prog simplify(ir::Prog prog);

} // namespace fjord::opt
