// Scalar operations (see PrimOps.h): the interpreter's values passed through the one
// evaluation of the language's scalar semantics, prim/Eval.h, which says where an
// operation fails; the errors raised for that are the interpreter's.
#include "interp/PrimOps.h"

#include "prim/Eval.h"
#include "support/Diagnostics.h"

namespace fjord::interp {

namespace {

fjord::PrimValue toPrim(const PrimValue& v) { return v.toPrim(); }
PrimValue fromPrim(const fjord::PrimValue& v) { return PrimValue::fromPrim(v); }

/// The intrinsic's name without its `__` prefix (`__sqrt` -> `sqrt`).
std::string_view unprefixed(const std::string& name) {
  std::string_view n = name;
  return n.starts_with("__") ? n.substr(2) : n;
}

[[noreturn]] void notDefined(const std::string& op, PrimType t, const SourceSpan& span) {
  throw RuntimeError{span, "operator `" + op + "` is not defined on " + primName(t)};
}

} // namespace

PrimValue binaryOp(const std::string& op, const PrimValue& a, const PrimValue& b,
                   const SourceSpan& span) {
  if (a.type != b.type)
    throw RuntimeError{span, std::string("operands of `") + op + "` have different types " +
                                 primName(a.type) + " and " + primName(b.type)};
  const SourceOperator* o = findSourceOperator(op);
  if (!o)
    notDefined(op, a.type, span);
  fjord::PrimValue x = toPrim(a), y = toPrim(b);
  if (o->cmp)
    return fromPrim(prim::evalCmpOp(o->cmpKind, x, y));
  prim::Evaluated r = prim::evalBinOp(o->bin, x, y);
  switch (r.failure) {
  case prim::EvalFailure::None:
    return fromPrim(*r.value);
  case prim::EvalFailure::DivisionByZero:
    throw RuntimeError{span, "division by zero"};
  case prim::EvalFailure::NegativeExponent:
    throw RuntimeError{span, "negative exponent " + std::to_string(y.asInt()) + " in integer `**`"};
  case prim::EvalFailure::NotDefined:
    break;
  }
  notDefined(op, a.type, span);
}

PrimValue negate(const PrimValue& a) {
  std::optional<fjord::PrimValue> r = prim::evalUnOp(UnOpKind::Neg, toPrim(a));
  FJORD_CHECK(r.has_value(), std::string("negation of a ") + primName(a.type));
  return fromPrim(*r);
}

PrimValue logicalNot(const PrimValue& a) {
  UnOpKind k = a.type == PrimType::Bool ? UnOpKind::Not : UnOpKind::Complement;
  std::optional<fjord::PrimValue> r = prim::evalUnOp(k, toPrim(a));
  FJORD_CHECK(r.has_value(), std::string("`!` on a ") + primName(a.type));
  return fromPrim(*r);
}

PrimValue convert(const PrimValue& a, PrimType to) { return fromPrim(prim::convert(toPrim(a), to)); }

PrimValue bitcast(const PrimValue& a, PrimType to) { return fromPrim(prim::bitcast(toPrim(a), to)); }

bool numericConstant(const std::string& name, PrimType t, PrimValue& out) {
  std::optional<fjord::PrimValue> r = prim::numericConstant(unprefixed(name), t);
  if (r)
    out = fromPrim(*r);
  return r.has_value();
}

bool numericUnary(const std::string& name, const PrimValue& a, PrimValue& out) {
  std::optional<fjord::PrimValue> r;
  if (name == "__neg" || name == "__abs" || name == "__sgn")
    r = prim::evalUnOp(name == "__neg"   ? UnOpKind::Neg
                       : name == "__abs" ? UnOpKind::Abs
                                         : UnOpKind::Signum,
                       toPrim(a));
  else
    r = prim::evalFunction(unprefixed(name), {toPrim(a)});
  if (r)
    out = fromPrim(*r);
  return r.has_value();
}

bool numericBinary(const std::string& name, const PrimValue& a, const PrimValue& b,
                   PrimValue& out) {
  SourceSpan none;
  if (name == "__pow") {
    out = binaryOp("**", a, b, none);
    return true;
  }
  if (name == "__max" || name == "__min") {
    prim::Evaluated r =
        prim::evalBinOp(name == "__max" ? BinOpKind::Max : BinOpKind::Min, toPrim(a), toPrim(b));
    if (!r)
      notDefined(name, a.type, none);
    out = fromPrim(*r.value);
    return true;
  }
  std::optional<fjord::PrimValue> r = prim::evalFunction(unprefixed(name), {toPrim(a), toPrim(b)});
  if (r)
    out = fromPrim(*r);
  return r.has_value();
}

} // namespace fjord::interp
