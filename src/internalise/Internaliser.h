// The internaliser's state, shared by the files that implement it (private to internalise/):
// Internalise.cpp (entry points, patterns, types), InternaliseExpr.cpp (expressions: the
// dispatcher and simple forms), InternaliseApply.cpp (application and operators),
// InternaliseControl.cpp (`if` and loops), InternaliseIntrinsics.cpp (intrinsics and SOACs),
// InternaliseFilter.cpp (filter and partition), InternaliseFlat.cpp (LMAD slices),
// InternaliseSum.cpp (sum types, structural equality), InternaliseMatch.cpp (`match`).
#pragma once
#include "internalise/Internalise.h"
#include "internalise/Value.h"
#include "ir/Builder.h"

#include <map>
#include <optional>
#include <set>

namespace fjord::internalise {

/// A construct not handled yet; caught per entry point and reported as a diagnostic.
struct Unsupported {
  SourceSpan span;
  std::string what;
};

/// What a call of a finished instance knows of it (Note [Functions in the IR]).
struct InstanceInfo {
  /// Per result size: the index of the parameter it always equals, or its constant value,
  /// or the index of an earlier result size it equals (the components of an array of
  /// tuples); none: only the callee knows it.
  struct Size {
    std::optional<size_t> param;
    std::optional<ir::PrimValue> constant;
    std::optional<size_t> same;
  };
  std::vector<Size> sizes;
};

/// The functions kept as calls (InternaliseCall.cpp), shared by the entry points.
struct Instances {
  std::map<std::string, std::string> names;   ///< instance key -> function name
  std::set<std::string> taken;                ///< function names in use
  std::vector<ir::FunDef> funs;               ///< finished instances, callees first
  std::map<std::string, InstanceInfo> info;   ///< function name -> what its calls know
};

/// Whether a payload of sum type `sum` holds a function: its values are `direct` (Note [Sum
/// types] in InternaliseSum.cpp).
bool holdsFunctionType(const Type& sum);
/// The constructor index of a `direct` sum value.
size_t directTag(const Value& v);

class Internaliser {
public:
  Internaliser(const sema::CheckedProgram& checked, ir::NameSource& names, Instances& instances)
      : checked_(checked), names_(names), instances_(&instances) {}

  ir::FunDef entry(const ast::Decl& d);

  // --- expressions (InternaliseExpr.cpp; application in InternaliseApply.cpp)
  Value expr(const ast::Expr& e, Env& env);
  Value letChain(const ast::Expr& first, Env& env);
  void bindLet(const ast::Expr& e, Env& env);
  Value apply(const Value& fn, std::vector<Arg> args, const SourceSpan& span);

private:
  const sema::CheckedProgram& checked_;
  ir::NameSource& names_;
  Instances* instances_;
  ir::TypeEnv tenv_;
  ir::Builder* b_ = nullptr;
  SourceSpan userSpan_; ///< the innermost call site in the user's file (for messages)
  std::string hint_;    ///< a source name for the value being computed

  // --- helpers (Internalise.cpp)
  [[noreturn]] void unsupported(const SourceSpan& span, const std::string& what);
  SourceSpan site(const SourceSpan& span) const;
  std::string location(const SourceSpan& span) const;
  TypeRef resolve(const TypeRef& t, const Env& env) const;
  void bindTypeVars(const TypeRef& pattern, const TypeRef& actual, Env& env) const;
  ir::PrimType primOf(const TypeRef& t, const Env& env, const SourceSpan& span);
  void bindPattern(const ast::Pattern& p, const Value& v, Env& env);
  void bindSizes(const ast::TypeExp& te, const Value& v, size_t depth, Env& env);
  std::vector<ir::SubExp> leaves(const Value& v, const SourceSpan& span) const;
  /// A value of the same structure as `like` with leaves taken from `ses` in order.
  Value rebuild(const Value& like, const std::vector<ir::SubExp>& ses, size_t& pos) const;
  Value rebuild(const Value& like, const std::vector<ir::SubExp>& ses) const {
    size_t pos = 0;
    return rebuild(like, ses, pos);
  }
  ir::Type typeOf(const ir::SubExp& se) const { return ir::subExpType(se, tenv_); }
  // --- arrays of units (InternaliseUnits.cpp, Note [Arrays of units])
  /// `[n]()` for a bool array `carrier` of its shape; `()` for a scalar (a row of `[n]()`).
  Value unitsOf(const ir::SubExp& carrier) const;
  /// The leaves of an array element: `leaves`, with a `true` for each value without leaves.
  std::vector<ir::SubExp> elementLeaves(const Value& v, const SourceSpan& span) const;
  /// The array of elements shaped like `elem` whose leaves, in `elementLeaves` order, are
  /// `ses` (from `pos` on).
  Value arrayOf(const Value& elem, const std::vector<ir::SubExp>& ses, size_t& pos) const;
  /// Renames the statements that bind `v`'s leaves after the source name `name`, and `v`
  /// with them; only statements from the `firstOwn`-th of the builder on (those built for
  /// `v`): a leaf bound earlier is another binding's name (`let b = a`), still in use.
  void nameResult(Value& v, const std::string& name, size_t firstOwn);
  /// The builder's statement count: the `firstOwn` of a value about to be built.
  size_t builtSoFar() const { return b_ ? b_->size() : 0; }
  std::string nameFor(const ast::Pattern& p) const;

  /// Evaluates `f` in a fresh body; returns the body with `f`'s result leaves.
  template <typename F> ir::Body inBody(F&& f);

  // --- expressions (InternaliseExpr.cpp, InternaliseApply.cpp, InternaliseControl.cpp)
  Value var(const ast::Expr& e, Env& env);
  Value binOp(const ast::Expr& e, Env& env);
  Value builtinBinOp(const std::string& op, ir::PrimType t, const Value& x, const Value& y,
                     const SourceSpan& span);
  Value index(const ast::Expr& e, Env& env);
  ir::Slice slice(const std::vector<ast::DimIndex>& idx, const ir::Type& arrType, Env& env,
                  const SourceSpan& span);
  Value indexValue(const Value& arr, const ir::Slice& s);
  Value update(const Value& arr, const ir::Slice& s, const Value& v, const SourceSpan& span);
  /// LMAD slices and their updates, with their run-time checks (InternaliseFlat.cpp).
  Value flatSlice(const ast::Expr& e, Env& env);
  /// `arr` as an array of `shape` (same rank), after asserting that the sizes agree.
  ir::SubExp withShape(const ir::SubExp& arr, const ir::Shape& shape, const SourceSpan& span);
  Value ifExp(const ast::Expr& e, Env& env);
  /// Binds `if cond then thenB else elseB`; sizes that differ between the branches become
  /// existential (InternaliseExistential.cpp, Note [Existential sizes in the IR]). Returns
  /// the names of the branches' results (not of the sizes).
  std::vector<ir::VName> letIf(const std::string& name, const ir::SubExp& cond, ir::Body thenB,
                               ir::Body elseB, const ir::Provenance& prov, const SourceSpan& span);
  Value loop(const ast::Expr& e, Env& env);
  Value range(const ast::Expr& e, Env& env);
  Value arrayLit(const ast::Expr& e, Env& env);
  Value literal(const ast::Expr& e, Env& env);
  Value project(const Value& v, const std::string& field, const SourceSpan& span) const;
  Value applyFull(const FunValue& f, std::vector<Arg> args, const SourceSpan& span);
  Value closureValue(const std::vector<ast::PatternPtr>& params, const ast::Expr& body,
                     const ast::Decl* decl, const Env& env, TypeRef type, std::string name);
  size_t arityOf(const TypeRef& t) const;

  // --- calls kept as calls (InternaliseCall.cpp, Note [Functions in the IR])
  /// Whether applying `f` (fully) may stay a call: top-level defs outside the prelude.
  bool keepsCall(const FunValue& f) const;
  /// The call of `f`'s instance for `args`, or nullopt where it must be inlined instead.
  std::optional<Value> callKept(const FunValue& f, const std::vector<Arg>& args,
                                const SourceSpan& span);
  void defineInstance(const std::string& name, const FunValue& f, const std::vector<Arg>& args,
                      const std::vector<ir::Param>& params, const std::vector<Value>& paramValues,
                      const std::vector<ir::Type>& leafTypes, const SourceSpan& span);
  /// The operands `v` holds, with those its function values capture, in a fixed order, and
  /// in `key` what identifies its structure and functions' code (InternaliseCapture.cpp,
  /// Note [Function arguments of recursive functions]).
  void captured(const Value& v, std::vector<ir::SubExp>& out, std::string& key, size_t depth,
                const SourceSpan& span) const;
  /// `v` with the operands `captured` lists replaced by `ses` from `pos` on.
  Value recapture(const Value& v, const std::vector<ir::SubExp>& ses, size_t& pos) const;
  /// A value of source type `t` with placeholder leaves; the leaves' IR types (array
  /// dimensions unknown, as zeros) go to `leafTypes`.
  Value resultTemplate(const TypeRef& t, const ir::Shape& outer, std::vector<ir::Type>& leafTypes,
                       const SourceSpan& span);

  // --- intrinsics (InternaliseIntrinsics.cpp)
  Value intrinsic(const FunValue& f, std::vector<Arg>& args, const SourceSpan& span);
  /// `elements`: the results are a `map`'s elements (elementLeaves, Note [Arrays of units]).
  ir::Lambda lambda(const Value& fn, const std::vector<Value>& params,
                    const std::vector<TypeRef>& paramTypes, const SourceSpan& span,
                    Value* result = nullptr, bool elements = false);
  /// Parameters for one value of each leaf type of `like`, in a Value of its structure.
  Value freshParams(const Value& like, const std::vector<ir::Type>& types,
                    std::vector<ir::Param>& out, const std::string& name);
  ir::RedOp redOp(const Value& op, const Value& ne, const TypeRef& elemType, bool comm,
                  const SourceSpan& span);
  Value soacMap(const Arg& f, const Arg& xs, const SourceSpan& span);
  Value soacReduce(const Arg& op, const Arg& ne, const Arg& xs, bool scan, bool comm,
                   const SourceSpan& span);
  /// `filter pred xs`, or `partition pred xs` (a pair), as a scan and a scatter
  /// (InternaliseFilter.cpp, Note [Filter as scan and scatter]).
  Value soacFilter(const Arg& pred, const Arg& xs, bool partition, const SourceSpan& span);
  /// `map_stream f xs` (op null) or `reduce_stream op f xs` as a Stream
  /// (InternaliseStream.cpp, Note [Internalising streams]).
  Value soacStream(const Arg* op, const Arg& f, const Arg& xs, bool comm, const SourceSpan& span);
  ir::SubExp outerSize(const Value& arr, const SourceSpan& span) const;
  /// Whether `v` is a dimension of an array in scope (and so known to be non-negative).
  bool isArraySize(const ir::VName& v) const;
  Value zip(const Value& a, const Value& b, const SourceSpan& span);
  Value coerceOuter(const Value& arr, const ir::SubExp& w);
  /// `v` with the sizes type expression `te` names (constants, or sizes bound in `env`),
  /// each differing size checked by an assertion ("size mismatch: expected ...")
  /// (InternaliseSizeCheck.cpp).
  Value coerce(const Value& v, const ast::TypeExp& te, Env& env, const SourceSpan& span);
  /// The value of the size `s` (a constant, a size variable, or a size expression over
  /// variables) from the values of its variables in `env`; nullopt where one has none.
  std::optional<ir::SubExp> sizeValue(const Size& s, const Env& env);
  /// Array `leaf` reshaped to `shape` after asserting that each differing dimension `d`
  /// equals `shape[d]` (described as `expected[d]` in the message).
  ir::SubExp coerceLeaf(const ir::SubExp& leaf, const ir::Shape& shape,
                        const std::vector<std::string>& expected, const SourceSpan& span);
  /// Gives a function's result the sizes its declared return type names, where those are
  /// bound (InternaliseCoerce.cpp).
  Value coerceToReturnType(const ast::TypeExp& ret, const Value& v, const Env& env,
                           const SourceSpan& span);
  std::vector<std::optional<ir::SubExp>> declaredDims(const ast::TypeExp& te, const Env& env);

  // --- sum types, `match` and structural equality (InternaliseSum.cpp, InternaliseMatch.cpp)
  /// `#c a b`: the tag and the payload in the slots of the sum type's layout.
  Value constructor(const ast::Expr& e, Env& env);
  /// What a slot holds where its constructor is not the value's: zero, or an empty array.
  ir::SubExp blankSlot(ir::PrimType t, size_t rank);
  /// The payload of constructor `ctor` of the sum value `v` of type `sum`.
  std::vector<Value> payload(const Type& sum, size_t ctor, const Value& v, const SourceSpan& span);
  /// `x == y` for values of type `t` (arrays: equal shapes and all elements equal).
  ir::SubExp equal(const TypeRef& t, const Value& x, const Value& y, const SourceSpan& span);
  Value match(const ast::Expr& e, Env& env);
  Value matchFrom(const ast::Expr& e, size_t k, const Value& scrut, const TypeRef& t,
                  const Env& env);
  /// Binds `p`'s names to parts of `v` (of type `t`) and returns the condition under which
  /// `p` matches (none: always).
  std::optional<ir::SubExp> patternTest(const ast::Pattern& p, const TypeRef& t, const Value& v,
                                        Env& env);
  // --- accumulators (InternaliseAcc.cpp, Note [Accumulators])
  /// `scatter_stream dest f bs` or `hist_stream dest op ne f bs`.
  Value accStream(const FunValue& f, std::vector<Arg>& args, const SourceSpan& span);
  /// `acc_write acc i v`: `acc` with one more write.
  Value accWrite(std::vector<Arg>& args, const SourceSpan& span);
  /// An `if` (condition `cond`) whose result is an accumulator.
  Value accIf(const ast::Expr& e, const ir::SubExp& cond, Env& env);
  /// A `for` loop whose only loop parameter is the accumulator `init`.
  Value accLoop(const ast::Expr& e, const Value& init, Env& env);
  /// Whether writes to `acc` may be made in the body being built: the one it was made in,
  /// or a branch of an `if` returning an accumulator.
  bool accInScope(const AccInfo& acc) const;
  int nextAccId_ = 0;
  /// The bodies of the branches of `if`s returning accumulators being internalised: writes
  /// made there become results of the `if`.
  std::vector<const void*> accBranches_;

  /// `rotate r xs` as a gather in a map over `iota n` (InternaliseIntrinsics.cpp).
  Value rotate(const ir::SubExp& r, const Value& xs, const SourceSpan& span);
};

template <typename F> ir::Body Internaliser::inBody(F&& f) {
  ir::Builder inner(names_, tenv_);
  ir::Builder* outer = b_;
  b_ = &inner;
  std::vector<ir::SubExp> res;
  try {
    res = f();
  } catch (...) {
    b_ = outer;
    throw;
  }
  b_ = outer;
  return inner.finish(std::move(res));
}

/// A float constant of type `t` holding `v` (literals, pi, e): an f16 is rounded to its
/// binary16 value, so that folding and printing see what the program computes with.
ir::PrimValue floatConstant(ir::PrimType t, double v);

} // namespace fjord::internalise
