// Semantic types of the source language. The parser leaves them empty; the type checker
// (sema/) fills every expression's and pattern's `type`, and later stages (interp/,
// internalise/) read them. Types are immutable and shared.
#pragma once
#include "prim/PrimType.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace fjord {

namespace symbolic {
class Expr;
}

/// One array dimension's size: a known constant, a size variable (a size parameter or an
/// existential size, by name), a size expression (`[n+1]`, `[n*m]`: a normalised sum of
/// products over size variables), or unknown (`[]` before inference fills it in).
struct Size {
  enum class Kind { Const, Var, Unknown, Expr };
  Kind kind = Kind::Unknown;
  int64_t value = 0; ///< for Const
  std::string name;  ///< for Var
  /// For Var: the uid of the value binding the size refers to (sizes are equal only when
  /// they refer to the same binding); -1 for names bound in the type itself (a named
  /// parameter `(n: i64) -> [n]t`, `?[k]`) and for existential and flexible sizes.
  int uid = -1;
  /// For Expr: the normal form, whose variables are the sizeVarKey of Var sizes; never a
  /// constant or a single variable (Size::expression makes those Const and Var).
  std::shared_ptr<const symbolic::Expr> expr;
  static Size constant(int64_t v) { return {Kind::Const, v, {}, -1, nullptr}; }
  static Size var(std::string n) { return {Kind::Var, 0, std::move(n), -1, nullptr}; }
  /// The size named by the variable `n` bound with `uid`.
  static Size bound(std::string n, int uid) { return {Kind::Var, 0, std::move(n), uid, nullptr}; }
  static Size unknown() { return {}; }
  /// The size that `e` (over sizeVarKey names) denotes: Const, Var or Expr.
  static Size expression(const symbolic::Expr& e);
  /// Const, Var and Expr sizes as a symbolic expression over sizeVarKey names; nullopt for
  /// Unknown.
  std::optional<symbolic::Expr> symbolic() const;
  /// For Expr: the size with each variable replaced by `f(variable)` (an Unknown result
  /// makes the whole size Unknown); other sizes: `f(*this)`.
  Size mapVars(const std::function<Size(const Size&)>& f) const;
  /// For Expr: the Var sizes it names; for Var: itself; otherwise none.
  std::vector<Size> vars() const;
  bool operator==(const Size& o) const;
  std::string str() const; ///< "3", "n", "n+1", ""
};

/// The name of a Var size inside a size expression: its spelling, with `#uid` for a bound one.
std::string sizeVarKey(const Size& s);

struct Type;
using TypeRef = std::shared_ptr<const Type>;

/// A source-language type. Arrays are `shape` dims over a non-array element type.
struct Type {
  /// Acc: an accumulator `acc t` over the array type `t` (held in `elem`), the handle that
  /// `scatter_stream`/`hist_stream` give their function and `acc_write` updates (Note
  /// [Accumulators] in internalise/InternaliseAcc.cpp).
  enum class Kind { Prim, Array, Tuple, Record, Sum, Function, Var, Acc };
  Kind kind = Kind::Prim;
  PrimType prim = PrimType::I32;                    ///< Prim
  TypeRef elem;                                     ///< Array: element (never an array); Acc: the array
  std::vector<Size> shape;                          ///< Array: outermost first; Var: size args
  bool unique = false;                              ///< `*t` (arrays and tuples of them)
  /// Tuple (size != 1; empty = unit); Var: the type arguments of an abstract type with
  /// parameters (`M.t i32`, Note [Abstract types] in sema/Modules.h), whose size arguments
  /// are in `shape`.
  std::vector<TypeRef> elems;
  std::vector<std::pair<std::string, TypeRef>> fields; ///< Record, sorted by name
  std::vector<std::pair<std::string, std::vector<TypeRef>>> constructors; ///< Sum, sorted
  TypeRef param, result;                            ///< Function
  std::string paramName;                            ///< Function: named param `(n: i64) -> ...`
  std::string name;                                 ///< Var: type variable

  static TypeRef primitive(PrimType p);
  /// An array of `elem`; an array `elem` is flattened into one shape (`[n]` of `[m]t` is
  /// `[n][m]t`), and an empty shape returns `elem` itself.
  static TypeRef array(TypeRef elem, std::vector<Size> shape, bool unique = false);
  static TypeRef tuple(std::vector<TypeRef> elems);
  /// Sorts the fields by name.
  static TypeRef record(std::vector<std::pair<std::string, TypeRef>> fields);
  /// Sorts the constructors by name.
  static TypeRef sum(std::vector<std::pair<std::string, std::vector<TypeRef>>> constructors);
  static TypeRef function(TypeRef param, TypeRef result, std::string paramName = "");
  static TypeRef typeVar(std::string name);
  /// The abstract type `name` applied to its size and type arguments (a rigid Var).
  static TypeRef abstractApp(std::string name, std::vector<Size> sizeArgs,
                             std::vector<TypeRef> typeArgs);
  /// `acc t`: an accumulator updating an array of type `t`.
  static TypeRef accumulator(TypeRef array);
  static TypeRef unit() { return tuple({}); }

  int rank() const { return kind == Kind::Array ? static_cast<int>(shape.size()) : 0; }
  /// The type of one row: `[n][m]t` -> `[m]t`, `[n]t` -> `t`.
  TypeRef rowType() const;
  /// Source syntax, e.g. "[n][m]f32", "(i32, i64)", "{x: f32}".
  std::string str() const;
};

/// Structural equality, sizes and uniqueness included; a function's parameter name is ignored.
bool sameType(const Type& a, const Type& b);

} // namespace fjord
