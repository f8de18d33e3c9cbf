// The inliner: function calls in the core IR are replaced by the callee's body, except
// calls of the functions that the inlining policy keeps (Note [Inlining policy] in Inline.cpp).
#pragma once
#include "ir/IR.h"

namespace fjord::opt {

/// Replaces each `apply g(args)` of a function g that the policy does not keep (recursive,
/// `#[noinline]`, or large scalar code called from several places; Note [Inlining
/// policy]), at any depth (if and loop bodies, SOAC lambdas), by g's body with fresh names
/// for everything it binds and g's parameters replaced by the arguments; a result that g's
/// body binds takes the name of the call's pattern element, and uses of the other pattern
/// names are rewritten to g's results (so no copies remain; Note [Names of inlined
/// results]). Calls inside the inlined body are inlined by the same
/// rule. Afterwards the functions that no root reaches are removed: the roots are the
/// entry points, or, in a program without entry points (IR text), the functions no
/// function calls.
/// Requires: core stage. Guarantees: every Apply left calls a kept function.
///   fun g(x) = { let y = mul x 2  in {y} }   let {r} = apply g(a)
///   ==>  let {r} = mul a 2
ir::Prog inlineCalls(ir::Prog prog);

} // namespace fjord::opt
