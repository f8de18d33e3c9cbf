// Lowering memory-annotated core IR (after gpu/ and mem/) to the imperative IR (imp/Imp.h).
#pragma once
#include "imp/Imp.h"
#include "ir/IR.h"

#include <string>

namespace fjord {
class DiagnosticEngine;
}

namespace fjord::imp {

/// Lowers every entry point of `prog` to one host Function plus the kernels it launches.
/// Requires: SegOps for all host-level parallelism (gpu/), a memory annotation on every
/// array PatElem/Param and an Alloc for every fresh block (mem/). Guarantees: deterministic
/// output; kernel and variable names derived from the source (see imp/Names.h); every
/// kernel documented (Kernel::doc); tuning parameters listed in Program::tuning (see
/// Note [Tuning parameters in Imp] in Imp.h).
///
/// Entry calling convention (Function of an entry point):
///   params   per entry value (FunDef::entryParams), in order: a scalar as a Scalar param;
///            an array as one i64 Scalar param per dimension followed by a Mem param for
///            its memory block (named after the IR's Mem parameter, else `<array>_mem`).
///            A size the IR shares with an earlier array, or a constant size, still gets
///            its own Scalar param, checked on entry with an Error ("size mismatch")
///            (LowerEntryParams.cpp). Mem params of unique (consumed) arrays are `written`.
///   results  per IR result, in order: a scalar as a Scalar out-param (set with Assign); an
///            array as one i64 Scalar out-param per dimension (`<name>_dim<d>`, set with
///            Assign) followed by a Mem out-param (`<name>_mem`) that the function allocates
///            with Stm::Alloc (never freed by it) holding the array densely in row-major
///            order from offset 0. `<name>` is the EntryValue's name ("result_<i>").
///   Temporaries are freed before the function ends (Stm::Free); a failing assertion ends
///   it through Stm::Error.
/// Unsupported constructs are reported to `diags` as "... is not supported yet" with their
/// source location; the entry point is then left out and lowering goes on with the next.
///   let ys = segmap (gtid < n) { 2*xs[gtid] }  ==>  kernel scale_map + Launch in `scale`
Program lowerToImp(const ir::Prog& prog, const std::string& sourcePath, DiagnosticEngine& diags);

} // namespace fjord::imp
