// The imperative IR's verifier: checks the invariants below and reports the first violation
// as an internal compiler error (InternalError) naming the kernel or function and the
// offending statement. The pipeline runs it after lowering to imp.
//
// Invariants:
//  - every name is declared before it is used and is in scope at the use: scalars by
//    parameters, results, DeclareScalar and a For's index (i64); memory by Mem parameters
//    and results, DeclareArray, DeclareMem and Alloc; no declaration shadows a name in scope;
//  - a name is used as what it is: Load/Store/atomics/ReadScalar/WriteScalar/CopyMem/Free/
//    MoveMem/Launch's Mem arguments name memory, Var/Assign/AtomicCas results name scalars;
//  - types agree: a Var has its declaration's type; BinOp operands have its operand type and
//    it yields that type; Cmp operands have its operand type and it yields bool; UnOp and
//    Select yield their operands' type; Convert's operand has its operand type; conditions
//    are bool; indices, sizes, loop bounds, byte counts and launch dimensions are i64;
//    Assign, DeclareScalar, Store, WriteScalar, AtomicUpdate and AtomicCas values have the
//    target's type; a Load from typed memory (a kernel's parameter or array) has its type;
//  - kernel-only: ThreadId, BlockId, BlockSize, NumBlocks, Load, Store, Barrier,
//    DeclareArray and the atomics; a kernel stores only to its `written` Mem parameters and
//    its own arrays; shared arrays have a constant size;
//  - host-only: Tuning and CmpSize (naming a parameter of Program::tuning), Alloc, Free, DeclareMem,
//    MoveMem, CopyMem, Launch, ReadScalar, WriteScalar and Error;
//  - Break only inside a loop; a Launch names a kernel of the program and passes one
//    argument per kernel parameter, of the parameter's kind;
//  - kernel names are unique, as are function names; only entry points have entry values;
//  - device functions are kernel code without barriers or warp shuffles, with scalar
//    results returned by one Return that ends the body; a Call in host code names a host
//    function, one in kernel code a device function (in a device function: one listed
//    before it, so no recursion), with one argument per parameter and result.
#pragma once
#include "imp/Imp.h"

namespace fjord::imp {

/// Throws InternalError describing the first violated invariant; returns normally if none.
void verify(const Program& prog);

} // namespace fjord::imp
