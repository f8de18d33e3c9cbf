// The uniqueness checker's state and walk, private to sema/ (Uniqueness.h has the rules and
// approximations). Uniqueness.cpp: helpers, roots, uses, consumption and binding;
// UniquenessFunctions.cpp: function bodies and loops; UniquenessExpr.cpp: expressions,
// calls and updates.
#pragma once
#include "sema/Uniqueness.h"

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace fjord::sema::uniqueness {

using ast::Expr;
using ast::Pattern;

/// What an alias root is: where the storage it names came from.
enum class RootKind {
  Fresh,          ///< a newly built array bound to a name (consumable)
  UniqueParam,    ///< a parameter of unique type `*t` (consumable)
  Param,          ///< a non-unique parameter of a named function (not consumable)
  LambdaParam,    ///< a parameter of an anonymous function (consumable)
  LoopParam,      ///< a loop parameter (consumable; consuming it consumes the initial value)
  /// a loop parameter declared with a non-unique type, `loop (xs: []i32) = ...` (not
  /// consumable: in Futhark a loop parameter is unique if its type says so or, without a
  /// type, if the body consumes it)
  NonUniqueLoopParam,
  Constant,       ///< a top-level constant (not consumable)
};

struct Root {
  std::string name;
  SourceSpan span;
  RootKind kind;
  int depth; ///< the function/loop nesting depth where it was bound
};

/// The alias set of a value: roots it may share storage with, whether part of it is newly
/// built, and per-component alias sets where the value is a literal tuple.
struct Alias {
  std::set<int> roots;
  bool fresh = false;
  std::vector<Alias> parts;
  /// For a function value: the top-level constants its result aliases (a closure returning
  /// a global array carries that alias out of the function that built it).
  std::set<int> returns;

  static Alias freshValue() {
    Alias a;
    a.fresh = true;
    return a;
  }
  /// Roots and freshness of the whole value, components included.
  Alias flat() const {
    Alias out{roots, fresh, {}, returns};
    for (const Alias& p : parts)
      out.add(p);
    return out;
  }
  void add(const Alias& other) {
    Alias f = other.flat();
    roots.insert(f.roots.begin(), f.roots.end());
    returns.insert(f.returns.begin(), f.returns.end());
    fresh = fresh || f.fresh;
  }
};

struct Consumption {
  SourceSpan span;
  std::string name; ///< what was consumed, as written ("xs", "the array")
};

/// Whether a value of type `t` may share storage with an array.
bool canAlias(const TypeRef& t);
bool isFunction(const TypeRef& t);
/// `*t`, or a tuple of unique components and components without arrays.
bool isUniqueTypeExp(const ast::TypeExp* te);
/// A parameter declared `(x: *t)`, or a tuple of such parameters and of components without
/// arrays.
bool isUniqueParam(const Pattern& p);
/// Whether `p` declares a unique type somewhere: `(xs: *[]i32)`, `(i, xs: *[]i32)`.
bool declaresUnique(const Pattern& p);
/// The first name a pattern binds, for messages about the value it takes apart.
std::string firstName(const Pattern& p);
/// The expression giving the value of `e` after its `let`s.
const Expr& resultOf(const Expr& e);
/// How an expression is named in messages: the variable, or "this value".
std::string describe(const Expr& e);

class UniquenessChecker {
public:
  UniquenessChecker(const CheckedProgram& prog, DiagnosticEngine& diags)
      : prog_(prog), diags_(diags) {}

  void decl(const ast::Decl& d);

private:
  // --- roots, uses and consumption (Uniqueness.cpp)
  int newRoot(std::string name, SourceSpan span, RootKind kind);
  void use(const ast::Name& n, const SourceSpan& span);
  void useAlias(const std::string& name, const Alias& a, const SourceSpan& span);
  void consume(const Alias& a, const SourceSpan& span, const std::string& what);
  /// Binds the names of `p` to parts of a value with alias set `a`; a fresh value gets a
  /// new root of kind `freshKind` per name.
  void bind(const Pattern& p, const Alias& a, RootKind freshKind);

  // --- functions and loops (UniquenessFunctions.cpp)
  struct Barrier {
    int barrier;
    bool isLoop;
  };
  Barrier enterBody(bool isLoop);
  void leaveBody(Barrier saved);

  /// Whether a function with parameters may return an alias of a top-level constant:
  /// a named one (top-level or local) may not (Futhark: "aliases the free variable");
  /// lambdas are not checked.
  enum class GlobalResult { Allowed, Forbidden };

  /// Checks a function body; returns whether it consumes one of its parameters. `captured`
  /// receives the roots of the variables from outside that the body uses (a closure
  /// aliases them).
  bool function(const std::vector<ast::PatternPtr>& params, const ast::TypeExp* ret,
                const Expr& body, const std::string& name, RootKind plainParam,
                Alias* captured = nullptr, GlobalResult globalResult = GlobalResult::Allowed);
  std::set<int> aliasedGlobals(const Alias& result, const Expr& body) const;
  void uniqueAscription(const Expr& e, const Alias& value);
  void uniqueComponentsDistinct(const ast::TypeExp* ret, const Alias& result,
                                const SourceSpan& span, const std::string& name);
  bool consumesAny(size_t firstRoot, size_t endRoot) const;

  struct LoopComponent {
    const Pattern* pattern;
    size_t firstRoot, endRoot; ///< the roots its names got
  };
  void loopResults(const std::vector<LoopComponent>& components, const Alias& result,
                   size_t outerRoots, const SourceSpan& span);
  Alias loop(const Expr& e);

  // --- expressions (UniquenessExpr.cpp)

  /// Runs `f` on each branch from the same consumption state; afterwards everything any
  /// branch consumed counts as consumed.
  template <typename F>
  void branches(size_t n, F f) {
    std::map<int, Consumption> before = consumed_, after = consumed_;
    for (size_t i = 0; i < n; ++i) {
      consumed_ = before;
      f(i);
      after.insert(consumed_.begin(), consumed_.end());
    }
    consumed_ = std::move(after);
  }

  void indices(const std::vector<ast::DimIndex>& ixs);
  void higherOrderConsumption(const Expr& bound, const std::string& what);
  void heldWhileIndexing(const Expr& array, const Alias& a,
                         const std::map<int, Consumption>& before);
  Alias var(const Expr& e);

  /// Callee parameters and return type, when the callee is a known function.
  struct Signature {
    const std::vector<ast::PatternPtr>* params = nullptr;
    const ast::TypeExp* ret = nullptr;
  };
  Signature signatureOf(const Expr& callee) const;
  Alias call(const Expr& whole, const Expr& callee, std::vector<const Expr*> args);
  static Alias freshComponents(const TypeRef& t);
  void consumingArgument(const Expr& callee, const Expr& arg, const Pattern& param);
  bool componentOfVar(const Expr& e, Alias& part);
  void notSelfAliased(const Expr& arg, const Alias& a);
  void notAliasedByOthers(const std::vector<const Expr*>& args, const std::vector<Alias>& aliases,
                          size_t consumed);
  void notCapturedByCallee(const Expr& head, const Alias& fn, const std::vector<const Expr*>& args,
                           const std::vector<Alias>& aliases, size_t consumed);
  Alias update(const Expr& target, const Alias& array, const Alias& value,
               const SourceSpan& span, const std::string& what);
  Alias expr(const Expr& e);

  const CheckedProgram& prog_;
  DiagnosticEngine& diags_;
  std::vector<Root> roots_;
  std::map<int, Alias> vars_;            ///< binding uid -> alias set
  std::map<int, int> constants_;         ///< top-level constant uid -> its root
  std::map<int, Consumption> consumed_;  ///< root -> where it was consumed
  size_t consumptions_ = 0; ///< how many times something was consumed (fresh values too)
  std::set<const Expr*> consumingLambdas_; ///< lambdas that consume their parameters
  std::set<int> captured_; ///< roots from outside the current function that its body uses
  /// Where roots bound outside the current function or loop body are first used in it.
  std::map<int, SourceSpan> outerUses_;
  int depth_ = 0;
  int barrier_ = 0;
  bool barrierIsLoop_ = false;
};

} // namespace fjord::sema::uniqueness
