// Private to mem/ (and its unit tests): which arrays of a kernel body can be built directly
// in the memory of a later array (Note [Loops in kernels] in IntroduceMemoryKernelLoops.cpp).
#pragma once
#include "ir/IR.h"

#include <map>

namespace fjord::mem {

/// Links `x -> y` of a kernel body (and the bodies of its `if`s and loops, not lambdas):
/// `y` is made from `x` in place, so `x` may be created in `y`'s memory. They are
///  - `let y = x with [..] = v` (the update consumes x), and a histogram or scatter nested
///    in the kernel, whose results are its destinations updated in place;
///  - `let {.., y, ..} = loop {.., p = x, ..}` where p has y's shape and x is bound in the
///    same body, used by no later statement, result or the loop body (the loop is x's
///    last use, so starting the loop in x's memory overwrites nothing still needed).
/// A name with two candidate links gets none.
///   let x = copy row; let acc = loop {a = x} for i < m do {...}   ==>   {x -> acc}
std::map<ir::VName, ir::VName> inPlaceLinks(const ir::Body& body);

} // namespace fjord::mem
