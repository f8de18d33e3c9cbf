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
// type declares abstractly (`type t`). Ascription (`module M : S = ...`, `(e : S)`, a
// functor's result type; not a functor's parameter, whose body is instantiated with the
// argument) therefore seals: each abstract type `t` of S without parameters gets a
// declaration of its own, `type M.t = M_t` marked `abstractType`, for which the checker
// makes a rigid type `M.t` that unifies only with itself; the module's values, as seen
// from outside, are the declarations that check them against their `val` specifications
// (marked `sealing`), whose types are written with those abstract types. Only while
// checking a sealing declaration does an abstract type unify with its definition. After
// checking, the definitions replace the abstract types in every annotation, so later
// stages never see them. Code inside the module names its own types and is unaffected.

/// Flattens the module system out of `files` (the prelude's files first, the main file
/// last), see Note [Flattening modules]. Errors go to `diags`; false when any was reported.
bool flattenModules(std::vector<ast::Program>& files, DiagnosticEngine& diags);

} // namespace fjord::sema
