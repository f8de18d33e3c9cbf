// Defunctorisation: the module system is flattened away at the source level, before type
// checking (as Futhark does before internalisation; Note [Flattening modules]).
#pragma once
#include "support/Diagnostics.h"
#include "syntax/Ast.h"

#include <vector>

namespace fjord::sema {

// Note [Flattening modules]
// Every module, functor instance and file is flattened into plain top-level `def`s and
// `type`s with names unique over the program, derived from the module path (`M_N_x`; a
// clash with another name gets a numeric suffix). Functors are instantiated by
// substitution: each application `F(A)` re-reads F's body in F's own scope, with F's
// parameter naming A, so every instance has its own declarations. Names are resolved
// lexically here, once: a name in a flattened body is replaced by the unique name of what
// it refers to (`M.x`, `x` of an opened module, `P.t` of a functor parameter), except local
// bindings and names of the prelude, which the checker resolves as before. Built-in numeric
// modules (`i32`, `f64`, ...) are modules whose members are the checker's qualified names
// (`T.+` with T = i32 becomes `i32.+`, `T.t` becomes `i32`).
// Because every name is resolved here, the user's files are merged into the last one (the
// main file, which keeps its entry points; the others' `entry`s become plain functions):
// file scoping (Note [Files as modules]) has already been applied. Module types are checked
// here: ascription requires every `val`, `type` and `module` of the module type, and
// hides what the module type does not name; the checker later checks the values' types
// against declarations generated from the `val` specifications (ModulesSig.cpp). The
// prelude's files may declare module types (`numeric`, `real`, ...), which are then known
// in every file; nothing else of the prelude is touched.

// Note [Abstract types]
// Flattening would let code outside a module see the definitions of the types its module
// type declares abstractly (`type t`, `type t 'a`, `type t [n]`). Ascription (`module M :
// S = ...`, `(e : S)`, a functor's result type) therefore seals: each abstract type `t` of
// S gets a declaration of its own, `type M.t params = M_t params` marked `abstractType`,
// for which the checker makes a rigid type `M.t` that unifies only with itself, applied to
// its arguments when it has parameters (a Var with arguments, `M.t i32`, equal only with
// equal arguments); the module's values, as seen from outside, are the declarations that
// check them against their `val` specifications (marked `sealing`), whose types are
// written with those abstract types. Only while checking a sealing declaration does an
// abstract type unify with its definition (its arguments put in for its parameters). After
// checking, the definitions replace the abstract types in every annotation, so later
// stages never see them. Code inside the module names its own types and is unaffected.
// A transparent spec `type u = t` (or `with u = t`) is checked by a declaration of its own
// (`sealsTypeSpec`, check-only) that compares the module's u with the spec's type, abstract
// types not seen through; sealed, u is then seen as the spec writes it (naming `M.t`).
// Uniqueness in `val` specs is checked on the sealing declarations like any function's.
// Liftedness: an abstract type's definition may be at most as lifted as its spec (`type` <
// `type~` < `type^`, from the declarations the pass records), a constant's spec type may
// not be size-lifted, and a functor's body may not make arrays of its parameter's `type~`
// or `type^` types (checkRestrictions, which also walks the check-only declarations). An
// abstract type's size parameters must each be an array size of its own in the
// definition (`[n]`, not only inside `[n+m]`), as Futhark requires; a value whose explicit
// type parameters are less lifted than its `val` spec's (`'a` for `'^a`) is rejected.

// Note [Sealed functor parameters]
// A functor's body must type-check against its parameters' module types alone, as in
// Futhark: code in `module F (P: S) = ...` may not use that `P.t = i32` for some argument.
// Where a functor is defined, its body is therefore flattened once more with each
// parameter bound to a module made from the module type: abstract types become abstract
// declarations without a definition (`P.t`, a rigid type that is only itself), transparent
// ones and `with` refinements plain type declarations, and each `val` a declaration without
// a body whose type is its specification. These declarations, and the body's, are marked
// `checkOnly`: the checker checks them with the others and then sets them aside
// (Program::checkedOnly), so nothing is compiled from them; the result module type is
// matched there too, so a functor never applied is still checked. Applications are still
// instantiated by substitution (Note [Flattening modules]) and compiled; when the check
// found errors, applications are skipped rather than report them again. A functor whose
// parameter is itself a functor is checked only through its applications.

/// Flattens the module system out of `files` (the prelude's files first, the main file
/// last), see Note [Flattening modules]. Errors go to `diags`; false when any was reported.
bool flattenModules(std::vector<ast::Program>& files, DiagnosticEngine& diags);

} // namespace fjord::sema
