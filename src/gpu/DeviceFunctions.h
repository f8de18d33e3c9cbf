// Which functions run inside kernels. Kernel extraction leaves their SOACs sequential, and
// memory introduction treats their bodies as kernel code (no allocation).
#pragma once
#include "ir/IR.h"
#include "support/Diagnostics.h"

#include <set>
#include <string>

namespace fjord::gpu {

/// The functions called (by `Apply`) from code that runs inside a kernel: SOAC lambdas and
/// operators, SegOp bodies and operators, and transitively everything those functions call.
/// A Stream's function at host level counts as host code (extraction inlines it).
std::set<std::string> deviceFunctions(const ir::Prog& prog);

/// Reports each call of a recursive function (FunDef::recursive) from code that runs inside
/// a kernel, at the call: Futhark allows recursion only outside parallel code. Returns
/// whether there was one.
bool rejectRecursionInKernels(const ir::Prog& prog, DiagnosticEngine& diags);

} // namespace fjord::gpu
