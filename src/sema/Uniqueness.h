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
//  - an argument aliasing another argument that the same call consumes (`f xs xs`), or the
//    function called or a function argument of that call (`f x` where `f` reads `x`), and a
//    root consumed twice;
//  - a loop parameter consumed in the body (or declared unique) whose new value aliases a
//    value bound outside the loop or the new value of another parameter;
//  - a function with parameters (top-level or local) whose result aliases a top-level
//    constant, directly or through a closure (`\_ -> global`), as Futhark's "function
//    result aliases the free variable";
//  - an index that consumes the array it indexes (the array is held meanwhile);
//  - a let-bound expression of function type that consumes a variable, and a top-level
//    constant of function type that consumes anything ("contains consumption");
//  - an argument for a consuming tuple parameter whose components alias each other: the
//    components of such a parameter are distinct roots, consumed one by one.
// A loop's result aliases what its body returns from outside the loop (the element of a
// for-in loop aliases the array walked).
// A lambda, local function or partial application aliases the variables from outside that
// it uses or was given, so calling it after one of them was consumed is a use after
// consumption. A lambda that consumes its parameters or declares one unique consumes the
// arrays a SOAC applies it to.
// Approximations (sound for the interpreter and the compiler's copying semantics): alias
// sets of tuples and records are tracked per component only where the value is built
// literally or returned unique; applications of functions whose return type is not unique
// alias all their arguments (function arguments' closures included), and the components of
// such a result alias each other.
#pragma once
#include "sema/Check.h"

namespace fjord::sema {

/// Checks the uniqueness rules on the value declarations of `file` (a checked file of
/// `prog`); reports violations to `diags`.
void checkUniqueness(const CheckedProgram& prog, const ast::Program& file,
                     DiagnosticEngine& diags);

} // namespace fjord::sema
