// Scalar operations of the interpreter: the source operators and the numeric intrinsics
// (`__sqrt`, `__convert`, `__lowest`, ...) on run-time values, evaluated by prim/Eval.h (the
// language's scalar semantics); failures become RuntimeErrors here.
#pragma once
#include "interp/Value.h"
#include "support/SourceSpan.h"

#include <stdexcept>
#include <string>

namespace fjord::interp {

/// A run-time error of the interpreted program (index out of bounds, division by zero, ...).
/// Thrown inside the interpreter only; Interpreter::callEntry reports it as a diagnostic.
struct RuntimeError {
  SourceSpan span;
  std::string message;
};

/// `a op b` for a built-in binary operator on equal primitive types.
PrimValue binaryOp(const std::string& op, const PrimValue& a, const PrimValue& b,
                   const SourceSpan& span);
PrimValue negate(const PrimValue& a);
PrimValue logicalNot(const PrimValue& a); ///< `!`: bool negation, integer complement
/// `__convert` to `to`.
PrimValue convert(const PrimValue& a, PrimType to);
/// `__to_bits` / `__from_bits`: the same bits as a float or as the unsigned integer of its
/// width (f16 <-> u16, f32 <-> u32, f64 <-> u64).
PrimValue bitcast(const PrimValue& a, PrimType to);
/// Numeric intrinsics of arity 0 (`__lowest`), 1 (`__sqrt`) and 2 (`__max`); false if `name`
/// is none of them.
bool numericConstant(const std::string& name, PrimType t, PrimValue& out);
bool numericUnary(const std::string& name, const PrimValue& a, PrimValue& out);
bool numericBinary(const std::string& name, const PrimValue& a, const PrimValue& b,
                   PrimValue& out);

} // namespace fjord::interp
