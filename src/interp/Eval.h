// The evaluator behind Interpreter (private to interp/): environments, closures, and the
// functions that Eval.cpp, Patterns.cpp and Intrinsics.cpp share.
//
// Environments map binding uids (from the checker) to values, as persistent linked lists.
// Type environments map the type variables of a polymorphic definition to the types of the
// current instantiation (found by matching the definition's type against the use's type);
// only literals and type-directed intrinsics (`__lowest`, `__convert`) need them.
#pragma once
#include "interp/PrimOps.h"
#include "interp/Value.h"
#include "sema/Check.h"

#include <map>
#include <memory>
#include <optional>

namespace fjord::interp {

struct EnvNode {
  int uid;
  Value value;
  std::shared_ptr<const EnvNode> next;
};
using Env = std::shared_ptr<const EnvNode>;
using TypeEnv = std::shared_ptr<const std::map<std::string, TypeRef>>;

inline Env extend(Env env, int uid, Value v) {
  return std::make_shared<const EnvNode>(EnvNode{uid, std::move(v), std::move(env)});
}

/// A function value: what to run once `arity` arguments have been collected in `args`.
struct Closure {
  enum class Kind {
    Decl,         ///< a top-level definition
    LetFun,       ///< a local function (expr is the LetFun)
    Lambda,       ///< expr is the Lambda
    Intrinsic,    ///< name, instantiated `type`
    Operator,     ///< a built-in binary operator `name`
    FlipRight,    ///< `(op y)`: inner applied to the argument, then to `extra`
    Project,      ///< `(.x.y)`
    IndexSection, ///< `(.[i])`: expr is the IndexSection
  };
  Kind kind = Kind::Lambda;
  const ast::Decl* decl = nullptr;
  const ast::Expr* expr = nullptr;
  std::string name;
  TypeRef type;
  Env env;
  TypeEnv tenv;
  size_t arity = 1;
  std::vector<Value> args;
  Value inner, extra;
  std::vector<std::string> fieldPath;
  SourceSpan span; ///< where the function was written
};

class Evaluator {
public:
  explicit Evaluator(const sema::CheckedProgram& prog) : prog_(prog) {}

  Value eval(const ast::Expr& e, const Env& env, const TypeEnv& tenv);
  /// Applies a function value to one argument.
  Value apply(const Value& fn, const Value& arg, const SourceSpan& span);
  /// Calls a top-level definition with all its arguments.
  Value callDecl(const ast::Decl& d, const std::vector<Value>& args, const TypeEnv& tenv,
                 const SourceSpan& span);
  /// `t` with the type variables of `tenv` replaced.
  TypeRef resolve(const TypeRef& t, const TypeEnv& tenv) const;

  // --- Patterns.cpp
  /// Binds `p` to `v`; false if a literal pattern does not match.
  bool bindPattern(const ast::Pattern& p, const Value& v, Env& env, const TypeEnv& tenv);
  /// Checks (and with `bindNew`, binds) the sizes a type expression declares.
  void checkSizes(const ast::TypeExp& te, const Value& v, Env& env, bool bindNew,
                  const SourceSpan& span);
  /// Indexing and slicing with bounds checks.
  Value index(const Value& arr, const std::vector<ast::DimIndex>& indices, const Env& env,
              const TypeEnv& tenv, const SourceSpan& span);
  /// `arr with [indices] = v`.
  Value update(const Value& arr, const std::vector<ast::DimIndex>& indices, const Value& v,
               const Env& env, const TypeEnv& tenv, const SourceSpan& span);

  // --- FlatSlice.cpp
  /// An LMAD slice `a[o + {...}]` or its update `a with [o + {...}] = v`, checked.
  Value flatSlice(const ast::Expr& e, const Env& env, const TypeEnv& tenv);

private:
  Value evalVar(const ast::Expr& e, const Env& env, const TypeEnv& tenv);
  Value globalValue(const ast::Decl& d, const TypeRef& useType, const SourceSpan& span);
  Value evalBinOp(const ast::Expr& e, const Env& env, const TypeEnv& tenv);
  Value evalRange(const ast::Expr& e, const Env& env, const TypeEnv& tenv);
  Value evalLoop(const ast::Expr& e, const Env& env, const TypeEnv& tenv);
  Value literal(const ast::Expr& e, const TypeEnv& tenv);
  Value makeClosure(Closure c) const;
  // --- StaticShape.cpp
  /// `v` (the value of an expression of type `t`) with the dimensions of its empty arrays
  /// that the evaluation could not know (a map over no rows never sees a row) taken from
  /// `t`'s sizes, evaluated in `env`.
  Value withStaticShape(const Value& v, const TypeRef& t, const Env& env) const;
  std::optional<int64_t> sizeValue(const Size& s, const Env& env) const;
  Value invoke(const Closure& c, const SourceSpan& span);
  Value runFunction(const std::vector<ast::PatternPtr>& params, const ast::TypeExp* ret,
                    const ast::Expr& body, const std::vector<Value>& args, Env env,
                    const TypeEnv& tenv);

  const sema::CheckedProgram& prog_;
  std::map<int, Value> constants_; ///< evaluated monomorphic top-level constants
};

/// Runs an intrinsic whose arguments are all in `c.args` (Intrinsics.cpp).
Value callIntrinsic(Evaluator& ev, const Closure& c, const SourceSpan& span);
/// The number of arguments an intrinsic takes.
size_t intrinsicArity(const std::string& name);
/// Field `x` of a record or component `0` of a tuple.
Value projectField(const Value& v, const std::string& field, const SourceSpan& span);

} // namespace fjord::interp
