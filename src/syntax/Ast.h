// The abstract syntax tree of the source language (the module language is in ModuleAst.h).
// Built by the parser (syntax/Parse.h) with a source span on every node; the type checker
// (sema/) then fills `type` on every Expr and Pattern and `uid` on every Name. The AST is
// mutable only for that annotation; no stage rewrites its shape.
#pragma once
#include "support/SourceSpan.h"
#include "syntax/Type.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace fjord::ast {

struct Expr;
struct Pattern;
struct TypeExp;
struct ModuleDecl;
using ExprPtr = std::unique_ptr<Expr>;
using PatternPtr = std::unique_ptr<Pattern>;
using TypeExpPtr = std::unique_ptr<TypeExp>;

/// A possibly qualified name as written (`x`, `f32.sqrt`). `uid` is set by the type
/// checker: a number unique to the binding this name refers to (-1 before checking,
/// and for names of the prelude's intrinsics it stays -1 with `intrinsic` set).
struct Name {
  std::vector<std::string> qualifiers; ///< `f32` in `f32.sqrt`
  std::string base;                    ///< `sqrt`
  SourceSpan span;
  int uid = -1;
  bool intrinsic = false;
  std::string builtin; ///< set by the checker when `intrinsic`: the intrinsic, e.g. "__lowest"
  std::string str() const; ///< "f32.sqrt"
};

/// `#[name]` or `#[name(args)]`.
struct Attribute {
  std::string text; ///< as written between `#[` and `]`
  SourceSpan span;
};

// ---------------------------------------------------------------------------------------
// Type expressions (types as written in the source)

/// A type as written. The checker resolves it to a semantic Type (stored in `resolved`).
struct TypeExp {
  enum class Kind {
    Named,       ///< `i32`, `opt i32` (name + args), `'a` in scope
    Array,       ///< `[n]t`, `[]t`, `[3]t`: dim + elem; with no elem (args empty): the
                 ///< size argument `[n]` of a type application `vec [n]`
    Tuple,       ///< `(t1, t2)`, `()`
    Record,      ///< `{x: t, y: u}`
    Sum,         ///< `#some t | #none`
    Function,    ///< `t -> u`, `(n: i64) -> [n]t`
    Unique,      ///< `*t`
    Existential, ///< `?[n][m].t`
  };
  Kind kind = Kind::Named;
  SourceSpan span;
  Name name;                              ///< Named
  std::vector<TypeExpPtr> args;           ///< Named: type arguments; Tuple elems; Function: {param, result}
  std::optional<std::string> dimName;     ///< Array: `[n]`
  std::optional<int64_t> dimConst;        ///< Array: `[3]` (neither = `[]`)
  /// Array: a size expression `[n+1]`, `[n*m]`: the variables it names.
  std::optional<std::vector<Name>> dimExprVars;
  /// Array: the size expression itself (shared by copies of an abbreviation's definition;
  /// the checker normalises it, sema/CheckSizeExpr.cpp).
  std::shared_ptr<const Expr> dimExpr;
  /// Copies of an abbreviation's definition: the size arguments that replace its size
  /// parameters inside `dimExpr` (by parameter name).
  std::map<std::string, std::shared_ptr<TypeExp>> dimExprArgs;
  std::vector<std::pair<std::string, TypeExpPtr>> fields; ///< Record
  std::vector<std::pair<std::string, std::vector<TypeExpPtr>>> constructors; ///< Sum
  std::string paramName;                  ///< Function: `(n: i64) -> ...`
  std::vector<std::string> existentials;  ///< Existential: `?[n][m]`
  TypeRef resolved;                       ///< filled by the type checker
  int dimUid = -1;                        ///< Array `[n]`: uid of the size variable `n` (checker)
};

// ---------------------------------------------------------------------------------------
// Patterns

struct Pattern {
  enum class Kind {
    Id,          ///< `x`
    Wildcard,    ///< `_`
    Tuple,       ///< `(p1, p2)`; `()` is the unit pattern
    Record,      ///< `{x, y = p}`
    Ascribed,    ///< `(p : t)`
    Literal,     ///< `1`, `true`, `-2` (in `match` only)
    Constructor, ///< `#some p`
  };
  Kind kind = Kind::Id;
  SourceSpan span;
  Name name;                      ///< Id (its uid is the binding's); Constructor: the constructor
  std::vector<PatternPtr> elems;  ///< Tuple; Constructor payload; Ascribed: {inner}
  std::vector<std::pair<std::string, PatternPtr>> fields; ///< Record
  TypeExpPtr typeExp;             ///< Ascribed
  std::vector<Attribute> attrs;   ///< `#[attr] p` (any kind; no pattern attribute has an effect)
  ExprPtr literal;                ///< Literal (an Expr of kind IntLit/FloatLit/BoolLit/CharLit)
  TypeRef type;                   ///< filled by the type checker
};

// ---------------------------------------------------------------------------------------
// Expressions

/// One index in `a[...]`: a single index `i`, or a slice `i:j:s` with optional parts.
struct DimIndex {
  bool isSlice = false;
  ExprPtr index;                  ///< !isSlice
  ExprPtr start, end, stride;     ///< isSlice; each may be null
};

/// `loop pat = init for i < n do body` / `for x in xs` / `while c`.
struct LoopForm {
  enum class Kind { For, ForIn, While };
  Kind kind = Kind::For;
  Name iterator;        ///< For: `i`
  ExprPtr bound;        ///< For: `n`; ForIn: `xs`; While: the condition
  PatternPtr element;   ///< ForIn: `x`
};

/// A case of `match`.
struct MatchCase {
  PatternPtr pattern;
  ExprPtr body;
  SourceSpan span;
};

/// A type or size parameter of a definition: `[n]`, `'a`, `'~a`, `'^a`.
struct TypeParam {
  enum class Kind { Size, Type, SizeLifted, Lifted };
  Kind kind = Kind::Type;
  std::string name;
  SourceSpan span;
  int uid = -1; ///< Size: the uid of the size variable (set by the checker)
};

struct Expr {
  enum class Kind {
    IntLit,       ///< `3`, `3i64`, `0xff`: intValue, literalType (suffix, or null)
    FloatLit,     ///< `2.5`, `1e-3f32`, `f32.inf` is a Var
    BoolLit,      ///< `true`
    CharLit,      ///< `'a'` (an integer literal of the char's code)
    StringLit,    ///< `"abc"` (a []u8)
    Var,          ///< a name
    Tuple,        ///< `(a, b)`; elems
    Record,       ///< `{x = a, y}`; fields
    ArrayLit,     ///< `[a, b]`; elems
    Range,        ///< `a...b`, `a..<b`, `a..b...c`, `a..>b` (and Fjord's `a..b`):
                  ///< elems {start, [second], end}
    Project,      ///< `e.x`, `t.0`: elems {e}, field; with an empty field, `M.(e)`:
                  ///< elems {M, e} (removed by sema/Modules.h before type checking)
    Index,        ///< `a[i, j:k]`: elems {a}, indices
    Apply,        ///< `f a b`: elems {f, a, b}
    BinOp,        ///< `a + b`: op, elems {a, b}; opName's span is the operator's
    Negate,       ///< `-e`: elems {e}
    Not,          ///< `!e`: elems {e}
    Lambda,       ///< `\p1 p2 : t -> e`: params, retTypeExp, elems {body}
    OpSection,    ///< `(+)`, `(x +)`, `(+ y)`: op, elems {left or null, right or null}
    FieldSection, ///< `(.x.y)`: fieldPath
    IndexSection, ///< `(.[i])`: indices
    LetIn,        ///< `let p = e in body`: pattern, elems {e, body}
    LetFun,       ///< `let f p1 p2 : t = e in body`: name, params, retTypeExp, elems {e, body}
    LetWith,      ///< `let x[i] = v in body`: name, indices, elems {v, body}
    Update,       ///< `a with [i] = v`: elems {a, v}, indices
    RecordUpdate, ///< `r with x.y = v`: elems {r, v}, fieldPath
    If,           ///< elems {cond, then, else}
    Match,        ///< elems {scrutinee}, cases
    Loop,         ///< pattern, elems {init or null, body}, loopForm
    Ascribe,      ///< `e : t`: elems {e}, typeExp
    Coerce,       ///< `e :> t`: elems {e}, typeExp
    Assert,       ///< `assert c e`: elems {c, e}
    Constructor,  ///< `#some a`: name (base = "some"), elems = payload
    Attributed,   ///< `#[attr] e`: attrs, elems {e}
    Hole,         ///< `???`: a typed hole; any type, a run-time error when evaluated
    FlatIndex,    ///< `a[o + {(n1 : s1), ...}]`: elems {a, o, n1, s1, ...} (Note [LMAD slices])
    FlatUpdate,   ///< `a with [o + {(n1 : s1), ...}] = v`: elems {a, v, o, n1, s1, ...};
                  ///< `let a[o + {...}] = v in e` is built as `let a = a with [...] = v in e`
  };
  Kind kind;
  SourceSpan span;
  TypeRef type; ///< filled by the type checker

  // Payload; which fields are used depends on `kind` (see above).
  std::vector<ExprPtr> elems;
  uint64_t intValue = 0;             ///< IntLit / CharLit (two's complement bits)
  double floatValue = 0;             ///< FloatLit
  bool boolValue = false;            ///< BoolLit
  std::string text;                  ///< literal as written; StringLit: decoded bytes
  std::optional<PrimType> literalType; ///< suffix of a literal (`1i8`)
  Name name;                         ///< Var, LetFun, LetWith, Constructor; BinOp/OpSection: the operator
  std::string field;                 ///< Project: field name or tuple index ("0")
  std::vector<std::string> fieldPath; ///< FieldSection, RecordUpdate
  std::vector<std::pair<std::string, ExprPtr>> fields; ///< Record (field = null: punned `{x}`)
  std::vector<DimIndex> indices;     ///< Index, IndexSection, LetWith, Update
  std::vector<PatternPtr> params;    ///< Lambda, LetFun
  std::vector<TypeParam> typeParams; ///< LetFun: `let f 't [n] ...`
  TypeExpPtr retTypeExp;             ///< Lambda, LetFun (optional)
  PatternPtr pattern;                ///< LetIn, Loop
  std::vector<Name> sizeParams;      ///< LetIn: `let [m] (ys: [m]t) = e` (uid set by the checker)
  TypeExpPtr typeExp;                ///< Ascribe, Coerce
  LoopForm loopForm;                 ///< Loop
  std::vector<MatchCase> cases;      ///< Match
  std::vector<Attribute> attrs;      ///< Attributed
  enum class RangeKind { UpToExclusive, UpToInclusive, DownToExclusive } rangeKind{};
  bool rangeHasStep = false;         ///< Range: `a..b..c` (elems {a, b, c})
  int boundUid = -1;                 ///< LetWith: uid of the new binding of `name` (checker);
                                     ///< `name.uid` is the array being updated
  size_t flatRank = 0;               ///< FlatIndex/FlatUpdate: how many dimensions of the
                                     ///< array the LMAD flattens (its type's rank; checker)

  Expr(Kind k, SourceSpan s) : kind(k), span(std::move(s)) {}
};

// Note [LMAD slices]
// Fjord's extension `a[o + {(n1 : s1), ..., (nk : sk)}]` (thesis §3.3) views the flat,
// row-major elements of `a` (all dimensions of its type) as an array of shape [n1]...[nk]
// whose element (i1, ..., ik) is flat element `o + i1*s1 + ... + ik*sk`. All parts are i64.
// Every such address must lie in [0, length); an update target must moreover not write
// any element twice. The prelude's `flat_index_2d` etc. are defined with it.

/// FlatIndex / FlatUpdate: the position in `elems` of the LMAD's offset; the sizes and
/// strides follow it in pairs.
inline size_t flatLmadStart(const Expr& e) { return e.kind == Expr::Kind::FlatUpdate ? 2 : 1; }
/// FlatIndex / FlatUpdate: the number of dimensions of the LMAD.
inline size_t flatLmadRank(const Expr& e) { return (e.elems.size() - flatLmadStart(e) - 1) / 2; }

// ---------------------------------------------------------------------------------------
// Declarations

struct Decl {
  enum class Kind {
    Value,  ///< `def`/`let`/`entry name typeParams params : ret = body`
    Type,   ///< `type name params = t` (`type^`, `type~` via liftedness)
    Import, ///< `import "path"`
    Open,   ///< `open import "path"` (path set); `open M` is a Module decl
    Local,  ///< `local decl`: inner
    Module, ///< `module ...`, `module type ...`, `include M`, `open M`: module (ModuleAst.h);
            ///< flattened away by sema/Modules.h before type checking
  };
  Kind kind;
  SourceSpan span;
  Name name;                             ///< Value, Type; for operators base is the operator
  bool isEntry = false;                  ///< `entry`
  std::vector<TypeParam> typeParams;
  std::vector<PatternPtr> params;
  TypeExpPtr retTypeExp;                 ///< Value: optional return type; Type: the definition
  ExprPtr body;                          ///< Value
  std::vector<Attribute> attrs;
  std::string liftedness;                ///< Type: "", "^", "~"
  std::string path;                      ///< Import, `open import`: path as written (without .fut)
  std::string resolvedPath;              ///< Import, `open import`: the loaded file's path
                                         ///< (SourceFile::path; set by the driver's loader)
  std::unique_ptr<Decl> inner;           ///< Local
  TypeRef type;                          ///< Value: the full (curried) type, set by the checker
  std::shared_ptr<ModuleDecl> module;    ///< Module
  bool recursive = false;                ///< Value: its body refers to it (set by the checker)
  /// Made by the module pass (Note [Abstract types] in sema/Modules.h). Type: an abstract
  /// type of an opaque ascription, whose definition the checker hides. Value: a module's
  /// value sealed to its `val` specification (`sealedSpec`: where that is written), checked
  /// with abstract types seen through.
  bool abstractType = false;
  bool sealing = false;
  SourceSpan sealedSpec;
  std::string sealedName; ///< the value's name in its module
  /// A sealing Value that compares a module's type with its `type t = u` specification
  /// (abstract types not seen through; `checkOnly`, so never compiled).
  bool sealsTypeSpec = false;
  /// Made by the module pass for a functor's body checked against its parameters' module
  /// types (Note [Sealed functor parameters] in sema/Modules.h): type-checked, then set
  /// aside in Program::checkedOnly, never compiled. Such a Value without a body stands for
  /// a parameter's `val`: its type is `retTypeExp`.
  bool checkOnly = false;

  Decl(Kind k, SourceSpan s) : kind(k), span(std::move(s)) {}
};
using DeclPtr = std::unique_ptr<Decl>;

/// One parsed file.
struct Program {
  SourceFileRef file;
  std::vector<DeclPtr> decls;
  std::vector<DeclPtr> checkedOnly; ///< Decl::checkOnly declarations, after checking
};

} // namespace fjord::ast
