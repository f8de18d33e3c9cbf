// Values during internalisation (private to internalise/): a source value is a tree whose
// leaves are IR operands (tuples and records of leaves; an array of tuples is a tuple of
// arrays), a function value to be inlined at its application, or an accumulator with the
// writes made to it so far (Note [Accumulators] in InternaliseAcc.cpp).
#pragma once
#include "ir/IR.h"
#include "syntax/Ast.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace fjord::internalise {

struct FunValue;
struct Env;
struct AccInfo;

struct Value {
  /// Sum: elems = {tag (u8 leaf), payload slots...} (Note [Sum types] in InternaliseSum.cpp).
  /// Units: an array of values without leaves (`[n]()`); `leaf` is a bool array of its
  /// shape that carries only the sizes (Note [Arrays of units] in InternaliseUnits.cpp).
  enum class Kind { Leaf, Tuple, Record, Fun, Sum, Acc, Units };
  Kind kind = Kind::Tuple; ///< the empty tuple is unit
  ir::SubExp leaf;
  std::vector<Value> elems;        ///< Tuple, Record (parallel to `fields`)
  std::vector<std::string> fields; ///< Record: field names in sorted order
  std::shared_ptr<const FunValue> fun;
  std::shared_ptr<const AccInfo> acc; ///< Acc
  /// Sum of a type with functions in payloads: elems = {tag (a constant), the constructor's
  /// payload values as they are} (Note [Sum types] in InternaliseSum.cpp).
  bool direct = false;

  static Value of(ir::SubExp se) {
    Value v;
    v.kind = Kind::Leaf;
    v.leaf = std::move(se);
    return v;
  }
  static Value accumulator(std::shared_ptr<const AccInfo> info) {
    Value v;
    v.kind = Kind::Acc;
    v.acc = std::move(info);
    return v;
  }
  static Value tuple(std::vector<Value> elems) {
    if (elems.size() == 1)
      return std::move(elems[0]);
    Value v;
    v.elems = std::move(elems);
    return v;
  }
};

/// One `acc_write`: the index and the leaves of the value written.
struct AccWrite {
  ir::SubExp index;
  std::vector<ir::SubExp> values;
};

/// An accumulator: which stream's (`id`), the destination array it updates, the writes made
/// to it so far in order, and the body they were made in (`scope`: their operands are bound
/// there).
struct AccInfo {
  int id = 0;
  Value dest;
  std::vector<AccWrite> writes;
  const void* scope = nullptr;
};

/// An argument with its (resolved) source type, used to instantiate type parameters.
struct Arg {
  Value value;
  TypeRef type;
};

/// The scope: values of bound names (by uid), type variables of the functions being inlined,
/// and whether bounds checks are off (`#[unsafe]`).
struct Env {
  std::map<int, Value> vars;
  std::map<std::string, TypeRef> typeVars;
  bool unsafe = false;
};

/// A function value. Closures are lambdas, local functions and top-level definitions;
/// `Intrinsic` and `Op` are applied directly; `RightSection` is `(op y)`; `Field` is `(.a.b)`;
/// `IndexSection` is `(.[i])`.
struct FunValue {
  enum class Kind { Closure, Intrinsic, Op, RightSection, Field, IndexSection };
  Kind kind = Kind::Closure;
  const std::vector<ast::PatternPtr>* params = nullptr; ///< Closure
  const ast::Expr* body = nullptr;                      ///< Closure
  const ast::Decl* decl = nullptr;                      ///< Closure of a top-level def
  std::shared_ptr<const Env> env;                       ///< Closure: captured scope
  std::string name;   ///< intrinsic or operator name; decl/lambda name for naming
  TypeRef type;       ///< resolved type of the function (before `args` were applied)
  std::vector<Arg> args;
  std::vector<Arg> section;               ///< RightSection: the right operand
  std::vector<std::string> fieldPath;     ///< Field
  size_t arity = 0;
  /// RightSection of a user-defined operator: the operator's function value.
  std::shared_ptr<const FunValue> sectionFn;
  const ast::Expr* indexSection = nullptr; ///< IndexSection: the `(.[i])` expression (in `env`)
};

} // namespace fjord::internalise
