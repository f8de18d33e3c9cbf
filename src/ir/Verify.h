// The IR verifier: checks the invariants of one pipeline stage and reports the first
// violation as an internal compiler error (InternalError) naming the stage, the function and
// the offending statement. Run after every pass in tests and checked builds.
//
// Invariants (all stages):
//  - every variable is defined before it is used and is in scope at the use (function
//    parameters, earlier statements of enclosing bodies, lambda/loop parameters, loop
//    iterators, segment indices); every name is bound at most once per function;
//  - a statement's pattern has the types its expression produces (sizes compared as
//    written; uniqueness ignored), and Assert has an empty pattern;
//  - scalar operators get operands of their type; conditions are bool; indices, sizes and
//    loop bounds are i64;
//  - SOAC inputs are arrays whose outer size is the SOAC's width; a lambda takes one row of
//    each input and returns values of its declared types; an operator takes 2k parameters,
//    returns k values and has k neutral elements of those types;
//  - if branches and loop bodies return the declared / merge types.
// Stage rules:
//  - Core: no SegOp, no Alloc, no memory annotations;
//  - Gpu:  no SOAC at host level (inside a SegOp body a SOAC is sequential code and is
//          allowed), no Alloc, no memory annotations;
//  - Mem:  as Gpu, but Alloc is allowed and every array-typed pattern element and function
//          parameter carries a memory annotation whose block is a memory variable in scope;
//  - Imp:  the imperative IR (imp/Imp.h) after lowering; not core IR, so `verify` rejects it.
#pragma once
#include "ir/IR.h"

namespace fjord::ir {

/// The pipeline's IR levels, in order (the passes in driver/PassTable.h go between them).
enum class Stage { Core, Gpu, Mem, Imp };

/// "core", "gpu", "mem", "imp".
const char* stageName(Stage stage);

/// Throws InternalError describing the first violated invariant; returns normally if none.
void verify(const Prog& prog, Stage stage);

} // namespace fjord::ir
