// Scalar values of every primitive type: the constants of the core and imperative IRs and
// the operands and results of the scalar evaluation (prim/Eval.h).
#pragma once
#include "prim/PrimType.h"

#include <cstdint>
#include <string>

namespace fjord {

/// A scalar constant. Integers and bools live in `i` (unsigned values as their two's
/// complement bits), floats in `f`. The factories store what they are given; values that
/// prim/Eval.h computes are normal: integers wrapped to their width (sign-extended for
/// signed types, zero-extended for unsigned ones), floats rounded to their precision.
struct PrimValue {
  PrimType type = PrimType::I64;
  int64_t i = 0;
  double f = 0;
  static PrimValue int64(int64_t v) { return {PrimType::I64, v, 0}; }
  static PrimValue integer(PrimType t, int64_t v) { return {t, v, 0}; }
  static PrimValue floating(PrimType t, double v) { return {t, 0, v}; }
  static PrimValue boolean(bool b) { return {PrimType::Bool, b ? 1 : 0, 0}; }
  /// The integer (or bool) of type `t` with the low bits of `bits`, normalised.
  static PrimValue wrapped(PrimType t, uint64_t bits);
  /// The float of type `t` nearest to `v` (f16 through support/Half.h).
  static PrimValue rounded(PrimType t, double v);

  /// Integers and bools: the bits of the value within its width, zero-extended.
  uint64_t bits() const;
  /// Integers and bools: the value, sign-extended from its width for signed types.
  int64_t asInt() const;
  /// Any type, as a double (unsigned integers as their unsigned value).
  double asDouble() const;
  bool asBool() const { return bits() != 0; }

  bool operator==(const PrimValue&) const = default;
  std::string str() const; ///< "3i64", "2.5f32", "true"
};

} // namespace fjord
