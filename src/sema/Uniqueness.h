// Uniqueness and alias checking (PLDI'17 §3), run on the user's file after type checking.
//
// Every array-carrying value has an alias set: the "roots" (fresh arrays, parameters, loop
// parameters, top-level constants) whose storage it may share. A value is consumed by an
// in-place update (`a with [i] = v`, `let a[i] = v`) and by being passed for a unique
// parameter (`*[]t`); consuming a value consumes all of its roots. The pass reports:
//  - a use of a variable after one of its roots was consumed (with a note where);
//  - consuming a non-unique parameter or a top-level constant;
//  - a function (lambda, local function) or loop body consuming a variable bound outside
//    it: a function may consume only its own parameters;
//  - an in-place update whose written value aliases the updated array;
//  - a unique return value that aliases a non-unique parameter, and unique components of a
//    returned tuple that alias each other;
//  - an argument aliasing another argument that the same call consumes (`f xs xs`), and a
//    root consumed twice.
// A lambda or local function aliases the variables from outside that its body uses, so
// calling it after one of them was consumed is a use after consumption.
// Approximations (sound for the interpreter and the compiler's copying semantics): alias
// sets of tuples and records are tracked per component only where the value is built
// literally; applications of functions whose return type is not unique alias all their
// array arguments; a lambda's consumption of its own parameters is not propagated to the
// arrays a SOAC passes it.
#pragma once
#include "sema/Check.h"

namespace fjord::sema {

/// Checks the uniqueness rules on the value declarations of `file` (a checked file of
/// `prog`); reports violations to `diags`.
void checkUniqueness(const CheckedProgram& prog, const ast::Program& file,
                     DiagnosticEngine& diags);

} // namespace fjord::sema
