// The language's scalar semantics, written once: wrap-around integer arithmetic, `/` and `%`
// rounding towards negative infinity (`//` and `%%` towards zero), IEEE floats with every
// result rounded to its type (f16 through support/Half.h), comparisons, conversions, bit
// casts, the numeric constants and the math functions. The interpreter evaluates with it,
// the simplifier folds constants with it and symbolic/ divides constants with it.
#pragma once
#include "prim/Ops.h"
#include "prim/PrimValue.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace fjord::prim {

/// Why an operation has no value.
enum class EvalFailure {
  None,
  DivisionByZero,   ///< integer `/`, `%`, `//`, `%%` by zero
  NegativeExponent, ///< integer `**` with a negative exponent (of a base other than 1, -1)
  NotDefined,       ///< the operator does not apply to the operands' type
};

/// The result of an operation that can fail: a value, or the reason there is none.
struct Evaluated {
  std::optional<PrimValue> value;
  EvalFailure failure = EvalFailure::None;
  explicit operator bool() const { return value.has_value(); }
};

/// `x op y` on operands of one type (the type of the result). Integer shifts by the width
/// or more give 0 (arithmetic `>>`: the sign); the most negative value divided by -1 wraps.
/// Float `%` is a floor modulo, `%%` fmod and `//` the truncated quotient. Float min/max
/// return the operand that is not NaN.
Evaluated evalBinOp(BinOpKind k, const PrimValue& x, const PrimValue& y);
/// `x cmp y` on operands of one type: a bool. Unsigned types compare unsigned, bool has
/// false < true, and NaN is unequal to everything (only Ne holds).
PrimValue evalCmpOp(CmpOpKind k, const PrimValue& x, const PrimValue& y);
/// `op x`; nullopt where the operator does not apply (Not is for bool only, Complement for
/// integers, the others for numbers). The signum of NaN is NaN.
std::optional<PrimValue> evalUnOp(UnOpKind k, const PrimValue& x);
/// `__convert` to `to`. Floats to integers truncate towards zero, NaN gives 0 and values
/// outside the 64-bit range saturate there before wrapping to `to`'s width; numbers to bool
/// are "not zero".
PrimValue convert(const PrimValue& x, PrimType to);
/// `to_bits` / `from_bits`: the same bits as a float or as the unsigned integer of its width
/// (f16 <-> u16, f32 <-> u32, f64 <-> u64).
PrimValue bitcast(const PrimValue& x, PrimType to);
/// The numeric constants `lowest`, `highest` (floats: -inf, inf), `inf`, `nan`, `pi`, `e`
/// of type `t`; nullopt for other names or ones `t` lacks.
std::optional<PrimValue> numericConstant(std::string_view name, PrimType t);
/// The math function `fn` (the names of the IR's `Call`: sqrt, exp, log, ..., round (half
/// to even), isnan, isinf, atan2; popc and clz on integers, which return i32); nullopt for
/// other names or arguments.
std::optional<PrimValue> evalFunction(std::string_view fn, const std::vector<PrimValue>& args);

/// Floor division and modulo (rounding towards negative infinity; the modulo has the
/// divisor's sign); `d` != 0, and the most negative value divided by -1 wraps.
int64_t floorDiv(int64_t a, int64_t d);
int64_t floorMod(int64_t a, int64_t d);

} // namespace fjord::prim
