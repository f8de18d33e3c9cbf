// The type checker: name resolution, Hindley-Milner inference with let-polymorphism,
// overloaded numeric literals and operators, records and tuples, size types.
//
// Input: the parsed prelude files, then the user's imported files in dependency order, then
// the user's file (last).
// Output: the same ASTs, annotated in place, plus a CheckedProgram index over them.
//
// What the checked AST guarantees (when checkProgram returns a value):
//  - Every Expr, Pattern and TypeExp::resolved has a non-null `type`, fully resolved
//    through the inference substitution. The only type variables left are those of
//    polymorphic definitions: their own type parameters (named as written, `a`) and
//    generalised inference variables (named `?N`), inside the bodies of those definitions.
//  - Every use of a polymorphic name (an Expr of kind Var) carries the instantiated type of
//    that use in Expr::type (e.g. `map` used on f32 arrays has type
//    `(f32 -> f32) -> []f32 -> []f32`); within a polymorphic body it may mention the
//    body's own type parameters.
//  - Every binding Name (patterns, defs, LetFun, loop iterators) has a fresh `uid`, and every
//    use has the uid of the binding it refers to; CheckedProgram::bindings is indexed by uid.
//    Size parameters `[n]` get a uid in TypeParam::uid and are ordinary i64 variables in the
//    body; a `[n]` in a TypeExp records the uid of `n` in TypeExp::dimUid.
//  - A name that is an intrinsic (`__map`, ...) has `intrinsic` set, uid -1, and
//    Name::builtin holds the intrinsic's name. Qualified numeric names (`i32.lowest`,
//    `f32.sum`) resolve to an intrinsic or to a generic prelude definition (see
//    sema/Namespaces.cpp): their Name has the uid/builtin of what they resolve to.
//  - A Var with qualifiers whose uid's Binding::name equals qualifiers[0] is field access on
//    that variable (`r.x.y` parsed as a qualified name); otherwise a qualified Var is a
//    numeric-namespace member as above.
//  - Binary operators: if Expr::name.uid != -1 (or intrinsic) the operator is a user-defined
//    function applied to both operands; otherwise it is the built-in operator on the
//    operands' (equal) primitive type, or `|>`/`<|`.
//  - Desugarings done in place: a punned record field `{x}` gets a Var expression; a loop
//    without `= init` gets an init expression built from its pattern's names.
//  - Entry points have first-order, monomorphic parameter and result types.
// Prelude files are checked in the order given (the driver passes them sorted by name), so a
// prelude file may use only intrinsics and earlier files. Inside the prelude a type parameter
// satisfies the numeric constraints of literals and operators (src/prelude/numeric.fut).
// Sizes (Note [Size variables] in UnifySizes.cpp): unification unifies sizes. A size is a
// constant, a rigid name (a size parameter, an `i64` variable, or an existential `ext'N`
// that a call, an `if`, a `match` or a loop introduced), a flexible variable bound when a
// function's size parameters are instantiated at a use, or unknown (`[]`, which unifies
// with any size). Call results have the sizes the arguments give them (CheckSizes.cpp).
// Two different known sizes are a "size mismatch" naming both and where they come from;
// `e : t` is checked statically, `e :> t` at run time (as are declared sizes). After
// checking, unbound flexible sizes are unknown; existential names stay in the types.
// Sum types: a constructor `#c x` has a type variable constrained to have `#c`; it becomes
// the sum of the constructors it meets (Unify.h). Entry points cannot take or return sums.
// After type checking, the user's files are checked for uniqueness and aliasing
// (Uniqueness.h); their errors are reported like type errors.
//
// Note [Files as modules]
// These rules are applied by the module pass (Note [Flattening modules] in Modules.h), which
// resolves every name and merges the user's files into the main file before checking; the
// checker's own file scoping below thus sees one user file.
// A file is the unit of names. The files are the prelude, the
// files the user's file imports (transitively, each after what it imports), and the user's
// file last. Each user file sees the prelude, its own declarations, and what its imports
// bring, from the import on:
//  - `import "p"` brings p's exported names into scope, like Futhark's `local open
//    import "p"`: they are not exported again to the files that import this one;
//  - `open import "p"` brings them into scope and exports them again (Futhark's `open`);
//  - a file exports its top-level `def`/`let`/`entry`/`type` declarations except those
//    marked `local`; `local import "p"` is the same as `import "p"`.
// A later declaration shadows an earlier one of the same name, imported or not. Only the
// user's own file has entry points: its `entry` declarations and, as in Futhark, a top-level
// function named `main` even when declared with `def`. An `entry` (or `main`) in an imported
// file is an ordinary function.
#pragma once
#include "support/Diagnostics.h"
#include "syntax/Ast.h"

#include <optional>
#include <string>
#include <vector>

namespace fjord::sema {

/// What a uid is bound to.
struct Binding {
  enum class Kind { TopLevel, Local, LocalFunction, SizeParam, LoopIterator };
  Kind kind = Kind::Local;
  std::string name;
  SourceSpan span;
  const ast::Decl* decl = nullptr;       ///< TopLevel
  const ast::Expr* letFun = nullptr;     ///< LocalFunction (the LetFun expression)
  const ast::Pattern* pattern = nullptr; ///< Local (the Id pattern)
  TypeRef type;                          ///< the binding's (possibly polymorphic) type
};

/// Index over the checked ASTs (which the caller keeps alive).
struct CheckedProgram {
  std::vector<ast::Program>* files = nullptr;
  std::vector<Binding> bindings; ///< indexed by uid
  std::vector<const ast::Decl*> entryPoints; ///< in source order

  /// The top-level value declaration with this uid, or null.
  const ast::Decl* findDecl(int uid) const;
  /// The entry point named `name` (of the user's file), or null.
  const ast::Decl* findEntry(const std::string& name) const;
};

/// Type checks `files` (prelude files first, the user's file last, the files it imports
/// before it; Decl::resolvedPath of each import names one of them) and annotates them.
/// User errors go to `diags` and yield nullopt. An error inside a prelude file is a bug of
/// the compiler, not of the user: it throws InternalError with the rendered diagnostics.
std::optional<CheckedProgram> checkProgram(std::vector<ast::Program>& files,
                                           DiagnosticEngine& diags);

/// True for files that came from the prelude (their path starts with "prelude/").
bool isPreludeFile(const SourceFileRef& file);

} // namespace fjord::sema
