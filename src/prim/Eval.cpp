// The scalar operators' semantics (see Eval.h): binary operators, comparisons, unary
// operators and conversions. Operands are read through PrimValue::bits()/asInt(), so
// constants need not be normalised; results always are.
#include "prim/Eval.h"

#include <cmath>
#include <limits>

namespace fjord::prim {

namespace {

Evaluated ok(PrimValue v) { return {v, EvalFailure::None}; }
Evaluated fail(EvalFailure why) { return {std::nullopt, why}; }

int widthOf(PrimType t) { return primBytes(t) * 8; }

/// `x ** y` on the bits of integers, wrapping (square and multiply).
uint64_t powBits(uint64_t base, uint64_t e) {
  uint64_t result = 1;
  while (e) {
    if (e & 1)
      result *= base;
    base *= base;
    e >>= 1;
  }
  return result;
}

Evaluated intDivision(BinOpKind k, PrimType t, const PrimValue& x, const PrimValue& y) {
  uint64_t ux = x.bits(), uy = y.bits();
  if (uy == 0)
    return fail(EvalFailure::DivisionByZero);
  bool quotient = k == BinOpKind::Div || k == BinOpKind::Quot;
  if (!isSigned(t))
    return ok(PrimValue::wrapped(t, quotient ? ux / uy : ux % uy));
  int64_t a = x.asInt(), b = y.asInt();
  if (b == -1) // no overflow trap: the most negative value wraps, like the hardware's
    return ok(PrimValue::wrapped(t, quotient ? 0 - static_cast<uint64_t>(a) : 0));
  switch (k) {
  case BinOpKind::Div:
    return ok(PrimValue::wrapped(t, static_cast<uint64_t>(floorDiv(a, b))));
  case BinOpKind::Mod:
    return ok(PrimValue::wrapped(t, static_cast<uint64_t>(floorMod(a, b))));
  case BinOpKind::Quot:
    return ok(PrimValue::wrapped(t, static_cast<uint64_t>(a / b)));
  default:
    return ok(PrimValue::wrapped(t, static_cast<uint64_t>(a % b)));
  }
}

Evaluated intOp(BinOpKind k, PrimType t, const PrimValue& x, const PrimValue& y) {
  uint64_t ux = x.bits(), uy = y.bits();
  uint64_t width = static_cast<uint64_t>(widthOf(t));
  auto wrap = [&](uint64_t bits) { return ok(PrimValue::wrapped(t, bits)); };
  switch (k) {
  case BinOpKind::Add:
    return wrap(ux + uy);
  case BinOpKind::Sub:
    return wrap(ux - uy);
  case BinOpKind::Mul:
    return wrap(ux * uy);
  case BinOpKind::Div:
  case BinOpKind::Mod:
  case BinOpKind::Quot:
  case BinOpKind::Rem:
    return intDivision(k, t, x, y);
  case BinOpKind::Pow: {
    int64_t e = y.asInt();
    if (isSigned(t) && e < 0) {
      int64_t base = x.asInt();
      if (base == 1)
        return wrap(1);
      if (base == -1)
        return wrap(e % 2 ? ~uint64_t{0} : 1);
      return fail(EvalFailure::NegativeExponent);
    }
    return wrap(powBits(ux, uy));
  }
  case BinOpKind::Shl:
    return wrap(uy >= width ? 0 : ux << uy);
  case BinOpKind::Shr:
    if (isSigned(t)) // sign-fills, also for shifts by the width or more
      return wrap(static_cast<uint64_t>(x.asInt() >> std::min<uint64_t>(uy, 63)));
    return wrap(uy >= width ? 0 : ux >> uy);
  case BinOpKind::LShr:
    return wrap(uy >= width ? 0 : ux >> uy);
  case BinOpKind::And:
    return wrap(ux & uy);
  case BinOpKind::Or:
    return wrap(ux | uy);
  case BinOpKind::Xor:
    return wrap(ux ^ uy);
  case BinOpKind::Min:
  case BinOpKind::Max: {
    bool less = evalCmpOp(CmpOpKind::Lt, x, y).i != 0;
    return ok((k == BinOpKind::Max) == less ? PrimValue::wrapped(t, uy) : PrimValue::wrapped(t, ux));
  }
  case BinOpKind::LogAnd:
  case BinOpKind::LogOr:
    return fail(EvalFailure::NotDefined);
  }
  return fail(EvalFailure::NotDefined);
}

Evaluated floatOp(BinOpKind k, PrimType t, double x, double y) {
  auto round = [&](double v) { return ok(PrimValue::rounded(t, v)); };
  switch (k) {
  case BinOpKind::Add:
    return round(x + y);
  case BinOpKind::Sub:
    return round(x - y);
  case BinOpKind::Mul:
    return round(x * y);
  case BinOpKind::Div:
    return round(x / y);
  case BinOpKind::Mod: {
    double r = std::fmod(x, y);
    return round(r != 0 && ((r < 0) != (y < 0)) ? r + y : r);
  }
  case BinOpKind::Rem:
    return round(std::fmod(x, y));
  case BinOpKind::Quot:
    return round(std::trunc(x / y));
  case BinOpKind::Pow:
    return round(std::pow(x, y));
  case BinOpKind::Min:
  case BinOpKind::Max:
    if (std::isnan(x) || std::isnan(y)) // the operand that is not NaN, as C's fmin/fmax
      return round(std::isnan(x) ? y : x);
    return round((k == BinOpKind::Max) == (x < y) ? y : x);
  default:
    return fail(EvalFailure::NotDefined);
  }
}

Evaluated boolOp(BinOpKind k, bool x, bool y) {
  switch (k) {
  case BinOpKind::LogAnd:
  case BinOpKind::And:
  case BinOpKind::Min:
    return ok(PrimValue::boolean(x && y));
  case BinOpKind::LogOr:
  case BinOpKind::Or:
  case BinOpKind::Max:
    return ok(PrimValue::boolean(x || y));
  case BinOpKind::Xor:
    return ok(PrimValue::boolean(x != y));
  default:
    return fail(EvalFailure::NotDefined);
  }
}

/// -1, 0 or 1 as x is less than, equal to or greater than y; nullopt when either is NaN.
std::optional<int> compare(const PrimValue& x, const PrimValue& y) {
  auto order = [](auto a, auto b) { return a < b ? -1 : (a > b ? 1 : 0); };
  if (isFloat(x.type)) {
    if (std::isnan(x.f) || std::isnan(y.f))
      return std::nullopt;
    return order(x.f, y.f);
  }
  if (isSigned(x.type))
    return order(x.asInt(), y.asInt());
  return order(x.bits(), y.bits());
}

/// Float to integer without undefined behaviour: NaN gives 0, values out of T's range
/// saturate.
template <typename T> T saturate(double v) {
  if (std::isnan(v))
    return 0;
  if (v <= static_cast<double>(std::numeric_limits<T>::min()))
    return std::numeric_limits<T>::min();
  if (v >= static_cast<double>(std::numeric_limits<T>::max()))
    return std::numeric_limits<T>::max();
  return static_cast<T>(v);
}

} // namespace

int64_t floorDiv(int64_t a, int64_t d) {
  if (d == -1)
    return static_cast<int64_t>(0 - static_cast<uint64_t>(a));
  int64_t q = a / d;
  if (a % d != 0 && ((a < 0) != (d < 0)))
    --q;
  return q;
}

int64_t floorMod(int64_t a, int64_t d) {
  if (d == -1)
    return 0;
  int64_t r = a % d;
  return r != 0 && ((r < 0) != (d < 0)) ? r + d : r;
}

Evaluated evalBinOp(BinOpKind k, const PrimValue& x, const PrimValue& y) {
  PrimType t = x.type;
  if (t == PrimType::Bool)
    return boolOp(k, x.asBool(), y.asBool());
  if (isFloat(t))
    return floatOp(k, t, x.f, y.f);
  return intOp(k, t, x, y);
}

PrimValue evalCmpOp(CmpOpKind k, const PrimValue& x, const PrimValue& y) {
  std::optional<int> c = compare(x, y);
  if (!c)
    return PrimValue::boolean(k == CmpOpKind::Ne);
  switch (k) {
  case CmpOpKind::Eq:
    return PrimValue::boolean(*c == 0);
  case CmpOpKind::Ne:
    return PrimValue::boolean(*c != 0);
  case CmpOpKind::Lt:
    return PrimValue::boolean(*c < 0);
  case CmpOpKind::Le:
    return PrimValue::boolean(*c <= 0);
  case CmpOpKind::Gt:
    return PrimValue::boolean(*c > 0);
  case CmpOpKind::Ge:
    return PrimValue::boolean(*c >= 0);
  }
  return PrimValue::boolean(false);
}

std::optional<PrimValue> evalUnOp(UnOpKind k, const PrimValue& x) {
  PrimType t = x.type;
  if (k == UnOpKind::Not)
    return t == PrimType::Bool ? std::optional(PrimValue::boolean(!x.asBool())) : std::nullopt;
  if (t == PrimType::Bool)
    return std::nullopt;
  if (k == UnOpKind::Complement)
    return isInteger(t) ? std::optional(PrimValue::wrapped(t, ~x.bits())) : std::nullopt;
  if (isFloat(t)) {
    switch (k) {
    case UnOpKind::Neg:
      return PrimValue::rounded(t, -x.f);
    case UnOpKind::Abs:
      return PrimValue::rounded(t, std::fabs(x.f));
    case UnOpKind::Signum:
      return PrimValue::rounded(t, std::isnan(x.f) ? x.f : (x.f > 0) - (x.f < 0));
    default:
      return std::nullopt;
    }
  }
  PrimValue negated = PrimValue::wrapped(t, 0 - x.bits());
  switch (k) {
  case UnOpKind::Neg:
    return negated;
  case UnOpKind::Abs:
    return isSigned(t) && x.asInt() < 0 ? negated : PrimValue::wrapped(t, x.bits());
  case UnOpKind::Signum: {
    int64_t v = x.asInt();
    return PrimValue::wrapped(t, static_cast<uint64_t>(isSigned(t) ? (v > 0) - (v < 0) : v != 0));
  }
  default:
    return std::nullopt;
  }
}

PrimValue convert(const PrimValue& x, PrimType to) {
  if (isFloat(x.type)) {
    double v = x.f;
    if (isFloat(to))
      return PrimValue::rounded(to, v);
    if (to == PrimType::Bool)
      return PrimValue::boolean(v != 0);
    if (isUnsigned(to))
      return PrimValue::wrapped(to, saturate<uint64_t>(v));
    return PrimValue::wrapped(to, static_cast<uint64_t>(saturate<int64_t>(v)));
  }
  if (isFloat(to))
    return PrimValue::rounded(to, x.asDouble());
  if (to == PrimType::Bool)
    return PrimValue::boolean(x.bits() != 0);
  return PrimValue::wrapped(to, static_cast<uint64_t>(x.asInt()));
}

} // namespace fjord::prim
