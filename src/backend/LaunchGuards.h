// Which kernel launches of a host function are known to run over at least one block, so
// that the host printer need not guard them (private to backend/).
#pragma once
#include "imp/Imp.h"

#include <set>

namespace fjord::backend {

/// The Launch statements of `body` (a host function's statements) whose block count is
/// provably positive where they run: a positive constant, a variable that an enclosing
/// `if (x > 0)` tests, or an expression built from those with max, min, +, *, and the
/// rounded-up division `(a + b - 1) / b`, through the declarations of variables that are
/// never reassigned. E.g. imp/ guards a SegMap's launch by `if (n > 0)`, and its block
/// count is `(n + block_size - 1) / block_size` with `block_size = min(max(t, 1), 1024)`:
/// the launch needs no second guard.
std::set<const imp::Stm*> nonEmptyLaunches(const imp::Block& body);

} // namespace fjord::backend
