// The inliner: every function call in the core IR is replaced by the callee's body.
#pragma once
#include "ir/IR.h"

namespace fjord::opt {

/// Replaces each `apply g(args)` (at any depth: if and loop bodies, SOAC lambdas) by g's
/// body with fresh names for everything it binds and g's parameters replaced by the
/// arguments; the call's pattern names then stand for g's results (uses of them are
/// rewritten, so no copies remain). Calls inside the inlined body are inlined too; a
/// recursive call is an internal error (Futhark has no recursion). Afterwards the
/// functions that no root reaches are removed: the roots are the entry points, or, in a
/// program without entry points (IR text), the functions no function calls.
/// Requires: core stage. Guarantees: no Apply remains.
///   fun g(x) = { let y = mul x 2  in {y} }   let {r} = apply g(a)
///   ==>  let {y_9} = mul a 2   (and uses of r read y_9)
ir::Prog inlineCalls(ir::Prog prog);

} // namespace fjord::opt
