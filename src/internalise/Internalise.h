// Internalisation: from the checked AST (sema/) to the core IR (ir/).
#pragma once
#include "ir/IR.h"
#include "sema/Check.h"
#include "support/Diagnostics.h"

namespace fjord::internalise {

/// Translates every entry point of the checked program into an ir::FunDef.
///  - Monomorphisation and defunctionalisation by inlining: every call of a non-entry
///    function is inlined with its arguments substituted; function-valued arguments
///    (lambdas, operator sections, partial applications) are applied at their use, so a
///    function passed to `map`/`reduce` becomes the SOAC's lambda. Calls of `#[noinline]`
///    and recursive functions stay calls of IR functions (Note [Functions in the IR] in
///    InternaliseCall.cpp), so this terminates.
///  - Tuples and records become several values (record fields in name order); arrays of
///    tuples become tuples of arrays (`zip`/`unzip` are free).
///  - Intrinsics become IR: `__map`/`__reduce`/`__scan` one Screma each, `__iota` Iota,
///    `__scatter` Scatter, `__hist` Hist, `__replicate`/`__transpose`/`__concat`/...
///    basic ops, numeric intrinsics scalar ops.
///  - Indexing gets a bounds check: an Assert whose message carries the source location
///    (omitted under `#[unsafe]`); so do size mismatches in `zip`.
///  - Entry points keep their source parameter names and fill entryParams/entryResults;
///    an array parameter is preceded by its i64 size parameters (named after the source
///    size names, or `xs_len` for an anonymous size of `xs`).
/// Names derive from source names, with tags from Prog::names; each SOAC statement has a
/// Provenance with the user-level source span and the construct word ("map", "reduce").
/// Constructs not handled yet are reported as "... is not supported yet" diagnostics with
/// their location (the entry point is then left out), never a crash.
ir::Prog internaliseProgram(const sema::CheckedProgram& checked, DiagnosticEngine& diags);

} // namespace fjord::internalise
