// Scalar operations (see PrimOps.h).
#include "interp/PrimOps.h"
#include "support/Half.h"

#include <bit>
#include <cmath>
#include <limits>

namespace fjord::interp {

namespace {

int widthOf(PrimType t) { return primBytes(t) * 8; }

PrimValue intOp(const std::string& op, const PrimValue& a, const PrimValue& b,
                const SourceSpan& span) {
  PrimType t = a.type;
  bool sgn = isSigned(t);
  int64_t x = a.asSigned(), y = b.asSigned();
  uint64_t ux = a.bits, uy = b.bits;
  auto wrap = [&](uint64_t bits) { return PrimValue::integer(t, bits); };
  auto divByZero = [&] {
    if (uy == 0)
      throw RuntimeError{span, "division by zero"};
  };
  if (op == "+")
    return wrap(ux + uy);
  if (op == "-")
    return wrap(ux - uy);
  if (op == "*")
    return wrap(ux * uy);
  if (op == "/" || op == "%" || op == "//" || op == "%%") {
    divByZero();
    if (!sgn)
      return wrap(op == "/" || op == "//" ? ux / uy : ux % uy);
    if (x == std::numeric_limits<int64_t>::min() && y == -1) // wraps, like the hardware
      return wrap(op == "/" || op == "//" ? ux : 0);
    int64_t q = x / y, r = x % y;
    bool floorAdjust = r != 0 && ((r < 0) != (y < 0));
    if (op == "//")
      return wrap(static_cast<uint64_t>(q));
    if (op == "%%")
      return wrap(static_cast<uint64_t>(r));
    if (op == "/")
      return wrap(static_cast<uint64_t>(floorAdjust ? q - 1 : q));
    return wrap(static_cast<uint64_t>(floorAdjust ? r + y : r));
  }
  if (op == "**") {
    if (sgn && y < 0) {
      if (x == 1)
        return wrap(1);
      if (x == -1)
        return wrap(static_cast<uint64_t>((y % 2) ? -1 : 1));
      throw RuntimeError{span, "negative exponent " + std::to_string(y) + " in integer `**`"};
    }
    uint64_t result = 1, base = ux, e = uy;
    while (e) {
      if (e & 1)
        result *= base;
      base *= base;
      e >>= 1;
    }
    return wrap(result);
  }
  if (op == "&")
    return wrap(ux & uy);
  if (op == "|")
    return wrap(ux | uy);
  if (op == "^")
    return wrap(ux ^ uy);
  int w = widthOf(t);
  if (op == "<<")
    return wrap(uy >= static_cast<uint64_t>(w) ? 0 : ux << uy);
  if (op == ">>") {
    if (!sgn)
      return wrap(uy >= static_cast<uint64_t>(w) ? 0 : ux >> uy);
    return wrap(static_cast<uint64_t>(x >> std::min<uint64_t>(uy, 63)));
  }
  if (op == ">>>")
    return wrap(uy >= static_cast<uint64_t>(w) ? 0 : ux >> uy);
  bool less = sgn ? x < y : ux < uy;
  if (op == "==")
    return PrimValue::boolean(ux == uy);
  if (op == "!=")
    return PrimValue::boolean(ux != uy);
  if (op == "<")
    return PrimValue::boolean(less);
  if (op == "<=")
    return PrimValue::boolean(less || ux == uy);
  if (op == ">")
    return PrimValue::boolean(!less && ux != uy);
  if (op == ">=")
    return PrimValue::boolean(!less);
  throw RuntimeError{span, "operator `" + op + "` is not defined on " + primName(t)};
}

PrimValue floatOp(const std::string& op, const PrimValue& a, const PrimValue& b,
                  const SourceSpan& span) {
  double x = a.f, y = b.f;
  auto mk = [&](double v) { return PrimValue::floating(a.type, v); };
  if (op == "+")
    return mk(x + y);
  if (op == "-")
    return mk(x - y);
  if (op == "*")
    return mk(x * y);
  if (op == "/")
    return mk(x / y);
  if (op == "%")
    return mk(std::fmod(x, y) != 0 && ((std::fmod(x, y) < 0) != (y < 0)) ? std::fmod(x, y) + y
                                                                          : std::fmod(x, y));
  if (op == "%%")
    return mk(std::fmod(x, y));
  if (op == "//")
    return mk(std::trunc(x / y));
  if (op == "**")
    return mk(std::pow(x, y));
  if (op == "==")
    return PrimValue::boolean(x == y);
  if (op == "!=")
    return PrimValue::boolean(x != y);
  if (op == "<")
    return PrimValue::boolean(x < y);
  if (op == "<=")
    return PrimValue::boolean(x <= y);
  if (op == ">")
    return PrimValue::boolean(x > y);
  if (op == ">=")
    return PrimValue::boolean(x >= y);
  throw RuntimeError{span, "operator `" + op + "` is not defined on " + primName(a.type)};
}

PrimValue boolOp(const std::string& op, const PrimValue& a, const PrimValue& b,
                 const SourceSpan& span) {
  bool x = a.asBool(), y = b.asBool();
  if (op == "&&" || op == "&")
    return PrimValue::boolean(x && y);
  if (op == "||" || op == "|")
    return PrimValue::boolean(x || y);
  if (op == "^" || op == "!=")
    return PrimValue::boolean(x != y);
  if (op == "==")
    return PrimValue::boolean(x == y);
  if (op == "<")
    return PrimValue::boolean(!x && y);
  if (op == "<=")
    return PrimValue::boolean(!x || y);
  if (op == ">")
    return PrimValue::boolean(x && !y);
  if (op == ">=")
    return PrimValue::boolean(x || !y);
  throw RuntimeError{span, "operator `" + op + "` is not defined on bool"};
}

} // namespace

PrimValue binaryOp(const std::string& op, const PrimValue& a, const PrimValue& b,
                   const SourceSpan& span) {
  if (a.type != b.type)
    throw RuntimeError{span, std::string("operands of `") + op + "` have different types " +
                                 primName(a.type) + " and " + primName(b.type)};
  if (a.type == PrimType::Bool)
    return boolOp(op, a, b, span);
  if (isFloat(a.type))
    return floatOp(op, a, b, span);
  return intOp(op, a, b, span);
}

PrimValue negate(const PrimValue& a) {
  if (isFloat(a.type))
    return PrimValue::floating(a.type, -a.f);
  return PrimValue::integer(a.type, ~a.bits + 1);
}

PrimValue logicalNot(const PrimValue& a) {
  if (a.type == PrimType::Bool)
    return PrimValue::boolean(!a.asBool());
  return PrimValue::integer(a.type, ~a.bits);
}

PrimValue convert(const PrimValue& a, PrimType to) {
  if (a.type == PrimType::Bool)
    return PrimValue::fromInt(to, a.asBool() ? 1 : 0);
  if (isFloat(a.type))
    return PrimValue::fromDouble(to, a.f);
  if (isFloat(to))
    return PrimValue::floating(to, a.asDouble());
  if (to == PrimType::Bool)
    return PrimValue::boolean(a.bits != 0);
  return PrimValue::integer(to, static_cast<uint64_t>(a.asSigned()));
}

PrimValue bitcast(const PrimValue& a, PrimType to) {
  if (a.type == PrimType::F16)
    return PrimValue::integer(to, doubleToHalf(a.f));
  if (to == PrimType::F16)
    return PrimValue::floating(to, halfToDouble(static_cast<uint16_t>(a.bits)));
  if (a.type == PrimType::F32)
    return PrimValue::integer(to, std::bit_cast<uint32_t>(static_cast<float>(a.f)));
  if (a.type == PrimType::F64)
    return PrimValue::integer(to, std::bit_cast<uint64_t>(a.f));
  if (to == PrimType::F32)
    return PrimValue::floating(to, std::bit_cast<float>(static_cast<uint32_t>(a.bits)));
  return PrimValue::floating(to, std::bit_cast<double>(a.bits));
}

bool numericConstant(const std::string& name, PrimType t, PrimValue& out) {
  if (isFloat(t)) {
    double big = t == PrimType::F64 ? std::numeric_limits<double>::infinity()
                                    : std::numeric_limits<float>::infinity();
    if (name == "__lowest")
      out = PrimValue::floating(t, -big);
    else if (name == "__highest" || name == "__inf")
      out = PrimValue::floating(t, big);
    else if (name == "__nan")
      out = PrimValue::floating(t, std::numeric_limits<double>::quiet_NaN());
    else if (name == "__pi")
      out = PrimValue::floating(t, M_PI);
    else if (name == "__e")
      out = PrimValue::floating(t, M_E);
    else
      return false;
    return true;
  }
  int w = widthOf(t);
  if (name == "__lowest")
    out = PrimValue::integer(t, isSigned(t) ? uint64_t(1) << (w - 1) : 0);
  else if (name == "__highest")
    out = PrimValue::integer(t, isSigned(t) ? (uint64_t(1) << (w - 1)) - 1 : ~uint64_t(0));
  else
    return false;
  return true;
}

bool numericUnary(const std::string& name, const PrimValue& a, PrimValue& out) {
  if (name == "__neg") {
    out = negate(a);
    return true;
  }
  if (!isFloat(a.type)) {
    int64_t x = a.asSigned();
    if (name == "__abs")
      out = isSigned(a.type) && x < 0 ? negate(a) : a;
    else if (name == "__sgn")
      out = PrimValue::fromInt(a.type, isSigned(a.type) ? (x > 0) - (x < 0) : a.bits != 0);
    else if (name == "__popc")
      out = PrimValue::integer(PrimType::I32, std::popcount(a.bits));
    else if (name == "__clz")
      out = PrimValue::integer(PrimType::I32, std::countl_zero(a.bits) - (64 - widthOf(a.type)));
    else
      return false;
    return true;
  }
  double x = a.f;
  double r;
  if (name == "__abs")
    r = std::fabs(x);
  else if (name == "__sgn")
    r = std::isnan(x) ? x : (x > 0) - (x < 0);
  else if (name == "__sqrt")
    r = std::sqrt(x);
  else if (name == "__exp")
    r = std::exp(x);
  else if (name == "__log")
    r = std::log(x);
  else if (name == "__log2")
    r = std::log2(x);
  else if (name == "__log10")
    r = std::log10(x);
  else if (name == "__sin")
    r = std::sin(x);
  else if (name == "__cos")
    r = std::cos(x);
  else if (name == "__tan")
    r = std::tan(x);
  else if (name == "__asin")
    r = std::asin(x);
  else if (name == "__acos")
    r = std::acos(x);
  else if (name == "__atan")
    r = std::atan(x);
  else if (name == "__sinh")
    r = std::sinh(x);
  else if (name == "__cosh")
    r = std::cosh(x);
  else if (name == "__tanh")
    r = std::tanh(x);
  else if (name == "__floor")
    r = std::floor(x);
  else if (name == "__ceil")
    r = std::ceil(x);
  else if (name == "__round")
    r = std::nearbyint(x); // rounds half to even, as Futhark's `round`
  else if (name == "__trunc")
    r = std::trunc(x);
  else if (name == "__isnan") {
    out = PrimValue::boolean(std::isnan(x));
    return true;
  } else if (name == "__isinf") {
    out = PrimValue::boolean(std::isinf(x));
    return true;
  } else
    return false;
  out = PrimValue::floating(a.type, r);
  return true;
}

bool numericBinary(const std::string& name, const PrimValue& a, const PrimValue& b,
                   PrimValue& out) {
  SourceSpan none;
  if (name == "__max" || name == "__min") {
    bool less = binaryOp("<", a, b, none).asBool();
    if (isFloat(a.type) && (std::isnan(a.f) || std::isnan(b.f)))
      out = std::isnan(a.f) ? b : a; // the non-NaN operand, as C's fmax/fmin
    else
      out = (name == "__max") == less ? b : a;
    return true;
  }
  if (name == "__pow") {
    out = binaryOp("**", a, b, none);
    return true;
  }
  if (name == "__atan2") {
    out = PrimValue::floating(a.type, std::atan2(a.f, b.f));
    return true;
  }
  return false;
}

} // namespace fjord::interp
