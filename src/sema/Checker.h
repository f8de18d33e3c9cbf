// The checker's state, shared by the files that implement it (private to sema/):
// CheckDecl.cpp (declarations, entry points, the final pass), CheckExpr.cpp (expressions:
// the dispatcher and simple forms), CheckApply.cpp (application and operators),
// CheckAccess.cpp (indexing and fields), CheckBinding.cpp (lambda, local functions, `match`,
// loops), CheckPattern.cpp (patterns and type expressions), CheckFiles.cpp (imports and
// exports), CheckTypeDecl.cpp (type abbreviations), CheckSizes.cpp (sizes at uses of functions).
#pragma once
#include "sema/Check.h"
#include "sema/Unify.h"
#include "symbolic/Expr.h"

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>
#include <string>
#include <vector>

namespace fjord::sema {

class Checker {
public:
  Checker(CheckedProgram& out, DiagnosticEngine& diags) : out_(out), diags_(diags), tv_(diags) {}

  /// Checks one top-level declaration and binds its name.
  void checkDecl(ast::Decl& d);
  /// Applies the final substitution to every type annotation of `prog`.
  void finalise(ast::Program& prog);
  void setInPrelude(bool p) {
    inPrelude_ = p;
    tv_.trustRigid = p;
  }
  /// Starts a user file (CheckFiles.cpp): only the prelude's names are visible until its
  /// imports bring more. Entry points count only in the main file (the user's own).
  void beginFile(bool isMain);
  /// Ends a user file: records the names it exports under its path and hides its names.
  void endFile(const ast::Program& file);
  /// Abstract types without definition declared `type~`/`type^` (checkRestrictions).
  const std::map<std::string, std::string>& liftedAbstract() const { return liftedAbstract_; }

private:
  struct ValueEntry {
    std::string name;
    int uid = -1;
    Scheme scheme;
    std::string builtin; ///< intrinsics: their name
  };
  struct TypeEntry {
    std::string name;
    TypeRef type;
    std::vector<std::string> params; ///< abbreviation parameters (type variables in `type`)
    const ast::Decl* decl = nullptr; ///< the `type` declaration (null: a type parameter)
    /// An abstract type (Note [Abstract types] in Modules.h): its declaration, whose
    /// parameters its uses apply it to (`type` is then the rigid Var of its name).
    const ast::Decl* abstractDecl = nullptr;
  };
  /// The names a user file makes visible to its importers (Note [Files as modules]).
  struct FileExports {
    std::vector<ValueEntry> values;
    std::vector<TypeEntry> types;
  };

  // --- scopes (CheckDecl.cpp)
  size_t valueMark() const { return values_.size(); }
  size_t typeMark() const { return types_.size(); }
  void popValues(size_t mark) { values_.resize(mark); }
  void popTypes(size_t mark) { types_.resize(mark); }
  int bind(ast::Name& name, Scheme scheme, Binding b);
  const ValueEntry* lookupValue(const std::string& name) const;
  const TypeEntry* lookupType(const std::string& name) const;
  TypeRef fresh(const SourceSpan& where) { return tv_.fresh(where); }
  bool unify(const TypeRef& expected, const TypeRef& actual, const SourceSpan& span) {
    return tv_.unify(expected, actual, span);
  }

  // --- declarations (CheckDecl.cpp)
  void checkValueDecl(ast::Decl& d);
  void checkTypeDecl(ast::Decl& d);
  void checkEntry(ast::Decl& d);
  /// A `sealing` declaration: abstract types seen through, and a mismatch reported as one
  /// with the `val` specification (Note [Abstract types] in Modules.h).
  void checkSealingDecl(ast::Decl& d);
  /// Adds to each error reported since `mark` that names an abstract type a note saying
  /// where its module type hides its definition.
  void noteAbstractTypes(size_t mark);
  /// Eta-expands a point-free entry point in place; whether it did (then check it again).
  bool etaExpandEntry(ast::Decl& d);

  // --- files (CheckFiles.cpp)
  /// `import "p"` (and `open import "p"` when `reexport`): brings p's exports into scope.
  void checkImport(ast::Decl& d, bool reexport);
  /// Records the names bound since the marks as exports of the current file.
  void exportSince(size_t valueMark, size_t typeMark);

  // --- expressions (CheckExpr.cpp, CheckApply.cpp, CheckAccess.cpp, CheckBinding.cpp)
  TypeRef check(ast::Expr& e);
  TypeRef checkExpr(ast::Expr& e);
  TypeRef checkVar(ast::Expr& e);
  TypeRef checkQualified(ast::Expr& e);
  TypeRef checkBinOp(ast::Expr& e);
  TypeRef builtinOpType(ast::Expr& e, const std::string& op);
  /// `piped`: the application is the right operand of `piped |> e` and `piped` (of type
  /// `pipedType`, already checked) its last argument (Note [Lambda arguments last]).
  TypeRef checkApply(ast::Expr& e, const ast::Expr* piped = nullptr,
                     const TypeRef& pipedType = nullptr);
  /// Size types (CheckSizes.cpp, Note [Size variables] in UnifySizes.cpp).
  /// The type of a use of the top-level function `d`: its size parameters become fresh
  /// flexible sizes, sizes of its result that a caller cannot express fresh existentials.
  TypeRef instantiateSizes(const TypeRef& t, const ast::Decl& d, const SourceSpan& use);
  /// The size an argument gives a named parameter `(n: i64)` used in sizes.
  Size argumentSize(const ast::Expr& arg);
  /// The size of the array type expression `te` (CheckSizeExpr.cpp): a constant, a name, a
  /// normalised size expression, or unknown (`[]`, or an expression beyond `+ - *`).
  Size resolveDim(ast::TypeExp& te);
  /// The size named by `name` in a type (`[n]`), or nullopt (reported) when it names none.
  std::optional<Size> sizeName(const std::string& name, const SourceSpan& span, int* uid);
  /// The size expression `e` of `owner` (a type's `[n*m]`) over the sizes in scope; nullopt
  /// where `e` is not integer arithmetic on names and literals (every name still checked).
  std::optional<symbolic::Expr> sizeExpression(const ast::Expr& e, ast::TypeExp& owner);
  /// The symbolic value of an already checked `i64` argument expression (`n+1`), or nullopt.
  std::optional<symbolic::Expr> argumentExpression(const ast::Expr& e);
  /// `result` with the size named `paramName` replaced by the size `arg` expresses.
  TypeRef substituteNamedSize(const TypeRef& result, const std::string& paramName,
                              const ast::Expr& arg);
  /// Records where the size name `name` (bound by `uid`) comes from, for mismatch notes.
  void noteSizeName(const std::string& name, int uid);
  /// `t` (the type right of the arrow of the named parameter `name`, bound with `uid`) with
  /// the sizes that name that parameter bound by the arrow instead (Note [Size variables]).
  TypeRef bindArrowParam(const TypeRef& t, const std::string& name, int uid);
  /// `t`, the type of an expression whose scope binds the uids from `firstUid` on, with the
  /// sizes naming those variables made existential (unknown in parameter types).
  TypeRef escapeSizes(const TypeRef& t, int firstUid, const SourceSpan& scope);
  /// The uid the next binding will get (bindings from it on are local to a scope opened now).
  int nextUid() const { return static_cast<int>(out_.bindings.size()); }
  /// "the second argument, `ys`"
  static std::string argumentName(const ast::Expr& arg, size_t i);
  /// `ctx` describes size mismatches between the parameter and the argument.
  TypeRef applyTo(TypeRef fn, ast::Expr& arg, const SourceSpan& callSpan,
                  const SizeContext& ctx = {});
  /// The size context for the `i`th argument `arg` of a call of `callee`.
  SizeContext callContext(const ast::Expr& callee, const ast::Expr& arg, size_t i) const;
  TypeRef checkLambda(ast::Expr& e);
  TypeRef checkLetFun(ast::Expr& e);
  TypeRef checkLetIn(ast::Expr& e);
  TypeRef checkIndex(ast::Expr& e);
  /// `sizedSlices` false: slices have unknown sizes (the target of an update, whose value's
  /// size is checked at run time).
  TypeRef indexResult(const TypeRef& arrayType, std::vector<ast::DimIndex>& indices,
                      const SourceSpan& span, bool sizedSlices = true);
  /// The size of the slice `ix` of a dimension of size `dim` (CheckAccess.cpp).
  Size sliceSize(const ast::DimIndex& ix, const Size& dim, const SourceSpan& span);
  TypeRef checkLoop(ast::Expr& e);
  /// LMAD slices and their updates (CheckFlat.cpp).
  TypeRef checkFlat(ast::Expr& e);
  /// Reports LMAD slices that are provably out of bounds or provably unsafe to write.
  void checkFlatStatically(const ast::Expr& e, const Type& arrayType);
  TypeRef checkProject(const TypeRef& t, const std::string& field, const SourceSpan& span);
  TypeRef checkRecordUpdate(ast::Expr& e);
  TypeRef checkRange(ast::Expr& e);
  TypeRef checkMatch(ast::Expr& e);
  TypeRef literalType(ast::Expr& e);
  TypeRef unsupported(ast::Expr& e, const std::string& what);
  /// Checks a function body given its parameters; returns the curried function type.
  TypeRef checkFunction(std::vector<ast::PatternPtr>& params, ast::TypeExp* retTypeExp,
                        ast::Expr& body);
  /// A fresh size parameter for an anonymous size `[]` (at `span`) in the type of a named
  /// function's parameter, while anonymousSizes_ is set (CheckAnonymousSizes.cpp).
  Size freshAnonymousSize(const SourceSpan& span);
  /// Reports a size in the type `t` of parameter `p` that names a variable bound inside the
  /// function's body (uid >= `bodyFirstUid`): it escaped its scope through a type variable
  /// (CheckParamScope.cpp).
  /// A size of the return type may name a parameter only where that parameter is one of
  /// its own, `(x: i64)`, not a part of a tuple or record parameter (CheckParamScope.cpp).
  void checkReturnSizesNamed(const std::vector<ast::PatternPtr>& params,
                             const std::vector<int>& namedUids, const TypeRef& ret,
                             const SourceSpan& span);
  void checkParamSizesInScope(const ast::Pattern& p, const TypeRef& t, int bodyFirstUid,
                              int bodyFirstExistential);
  /// Reports an array type expression whose element is a type abbreviation declared lifted
  /// (`type^`) or size-lifted (`type~`) (CheckPattern.cpp).
  void checkLiftedElement(const ast::TypeExp& array);
  /// Reports a `?[n]` of `te` that its type `inner` does not use constructively.
  void existentialsUsed(const ast::TypeExp& te, const TypeRef& inner);
  /// Reports the type parameters of `d` that no parameter's type mentions, nor a parameter
  /// of a function in its result (`type`: the declaration's curried type).
  void checkTypeParamsUsed(const ast::Decl& d, const TypeRef& type);

  // --- patterns and type expressions (CheckPattern.cpp)
  /// Gives `p` the type `t` (unifying with its annotations) and binds its names.
  void bindPattern(ast::Pattern& p, const TypeRef& t, bool isLoopParam = false);
  /// A fresh type for a parameter pattern, shaped by its annotations.
  TypeRef patternType(ast::Pattern& p);
  TypeRef resolveTypeExp(ast::TypeExp& te);
  TypeRef resolveTypeExpRec(ast::TypeExp& te);
  /// Replaces the use `te` of the abbreviation `entry` (arity already checked) by its
  /// definition with the arguments put in, and resolves that (CheckTypeDecl.cpp).
  TypeRef expandAbbreviation(ast::TypeExp& te, const TypeEntry& entry);
  /// The use `te` of an abstract type with parameters (arity already checked): the rigid
  /// type applied to the arguments (CheckTypeDecl.cpp).
  TypeRef applyAbstract(ast::TypeExp& te, const TypeEntry& entry);

  CheckedProgram& out_;
  DiagnosticEngine& diags_;
  TypeVars tv_;
  bool inPrelude_ = false;
  std::vector<ValueEntry> values_;
  std::vector<TypeEntry> types_;
  std::map<std::string, SourceSpan> abstractSpecs_; ///< abstract types: their `type` specs
  bool checkingSealing_ = false; ///< inside checkSealingDecl
  std::map<std::string, std::string> liftedAbstract_;
  std::vector<std::string> localSizes_; ///< existential and named-parameter sizes in scope
  /// The named function (`def`, `entry`, local `let f`) whose parameters checkFunction binds
  /// next: there each `[]` is a fresh size parameter, as in Futhark (a lambda's `[]` is
  /// inferred instead). Set by the caller, taken by checkFunction. `anonymousSizeDecl_` is
  /// the declaration of a top-level one (null for a local function).
  std::string anonymousSizeOwner_;
  const ast::Decl* anonymousSizeDecl_ = nullptr;
  /// Note [Value type parameters]: where a user function's type parameter `'a` (not `'^a`)
  /// was instantiated, checked at the end of the declaration using it.
  struct ValueTypeUse {
    TypeRef type;
    std::string param, function;
    SourceSpan span;
  };
  std::vector<ValueTypeUse> valueTypeUses_;
  /// The type parameters of local functions with the variables standing for them: each
  /// must still be a variable when the declaration ends (checkLetFun).
  std::vector<std::tuple<const ast::TypeParam*, TypeRef, std::string>> localTypeParams_;
  void noteValueTypeParams(const ast::Decl& callee, const std::map<std::string, TypeRef>& sub,
                           const SourceSpan& span);
  void checkValueTypeUses();
  void reportTypeParamBound(const ast::TypeParam& tp, const TypeRef& var,
                            const std::string& function);
  /// The parameter types a lambda argument is checked against (Note [Lambda arguments last]
  /// in CheckApply.cpp): set by applyTo, taken by checkFunction.
  std::vector<TypeRef> lambdaParamHints_;
  /// The top-level function being checked, visible in its own body (Note [Recursive
  /// functions] in CheckDecl.cpp); a use sets its `recursive` flag.
  ast::Decl* selfDecl_ = nullptr;
  /// While resolving the type of one such parameter (CheckAnonymousSizes.cpp).
  struct AnonymousSizeScope {
    std::string owner;              ///< the function's name
    const ast::Decl* decl = nullptr; ///< its declaration, if top-level
    std::string param;              ///< the parameter's name, or `argN`
    int count = 0;                  ///< anonymous sizes made so far for it
  };
  std::optional<AnonymousSizeScope> anonymousSizes_;
  // Files (CheckFiles.cpp).
  std::map<std::string, FileExports> exports_; ///< by SourceFile::path, of checked files
  FileExports current_;     ///< the current file's exports so far
  bool inMainFile_ = true;  ///< entry points count only here
  bool inLocal_ = false;    ///< inside `local`: nothing is exported
  std::optional<std::pair<size_t, size_t>> preludeMarks_; ///< scope sizes after the prelude
};

/// `t` with its size variables replaced by unknown sizes, and without uniqueness (CheckExpr.cpp).
TypeRef stripSizeVars(const TypeRef& t);

/// Whether a type annotation in `p` names the size variable `uid` (CheckDecl.cpp).
bool patternMentions(const ast::Pattern& p, int uid);
/// Whether a value of type `t` is or holds a function (CheckTypeDecl.cpp).
bool containsFunction(const Type& t);

/// Reports each `match` of `prog` that leaves values unmatched (an error naming one) and each
/// case that no value reaches (a warning). Runs on the final types (CheckExhaustive.cpp).
void checkExhaustive(const ast::Program& prog, DiagnosticEngine& diags);

/// Reports integer literals out of range for their inferred type and function values where
/// Futhark forbids them (arrays, `if`/`match` results, loop parameters). Runs on the final
/// types (CheckRestrictions.cpp).
/// `liftedAbstract`: the abstract types without definition (a functor parameter's) declared
/// `type~` or `type^`, which may not be array elements either (a `type^` might be a
/// function, a `type~` values of differing sizes); checked in Program::checkedOnly too.
void checkRestrictions(const ast::Program& prog, DiagnosticEngine& diags,
                       const std::map<std::string, std::string>& liftedAbstract = {});

} // namespace fjord::sema
