// Walking the host code of a function before kernel extraction (private to gpu/).
#pragma once
#include "ir/IR.h"

#include <functional>

namespace fjord::gpu {

/// Rebuilds the host-level body `b`: every statement, once the host code nested in it (the
/// branches of an `if`, a loop's body, and a host-level stream's function, which kernel
/// extraction inlines as host code) has been rebuilt the same way, is handed to `rewrite`,
/// which appends what replaces it. SOAC lambdas are kernel code and are not entered.
ir::Body rewriteHostCode(const ir::Body& b,
                         const std::function<void(ir::Stm, std::vector<ir::Stm>&)>& rewrite);

} // namespace fjord::gpu
