// The numeric constants, the math functions and bit casts (see Eval.h).
#include "prim/Eval.h"

#include "support/Half.h"

#include <bit>
#include <cmath>
#include <limits>

namespace fjord::prim {

namespace {

struct MathFn {
  const char* name;
  double (*fn)(double);
};

double roundHalfEven(double x) { return std::nearbyint(x); } // Futhark's `round`

const MathFn kUnaryMath[] = {
    {"sqrt", [](double x) { return std::sqrt(x); }},   {"exp", [](double x) { return std::exp(x); }},
    {"log", [](double x) { return std::log(x); }},     {"log2", [](double x) { return std::log2(x); }},
    {"log10", [](double x) { return std::log10(x); }}, {"sin", [](double x) { return std::sin(x); }},
    {"cos", [](double x) { return std::cos(x); }},     {"tan", [](double x) { return std::tan(x); }},
    {"asin", [](double x) { return std::asin(x); }},   {"acos", [](double x) { return std::acos(x); }},
    {"atan", [](double x) { return std::atan(x); }},   {"sinh", [](double x) { return std::sinh(x); }},
    {"cosh", [](double x) { return std::cosh(x); }},   {"tanh", [](double x) { return std::tanh(x); }},
    {"floor", [](double x) { return std::floor(x); }}, {"ceil", [](double x) { return std::ceil(x); }},
    {"round", roundHalfEven},                          {"trunc", [](double x) { return std::trunc(x); }},
};

std::optional<PrimValue> intFunction(std::string_view fn, const PrimValue& x) {
  int width = primBytes(x.type) * 8;
  if (fn == "popc")
    return PrimValue::integer(PrimType::I32, std::popcount(x.bits()));
  if (fn == "clz")
    return PrimValue::integer(PrimType::I32, std::countl_zero(x.bits()) - (64 - width));
  return std::nullopt;
}

std::optional<PrimValue> floatFunction(std::string_view fn, const PrimValue& x) {
  if (fn == "isnan")
    return PrimValue::boolean(std::isnan(x.f));
  if (fn == "isinf")
    return PrimValue::boolean(std::isinf(x.f));
  for (const MathFn& m : kUnaryMath)
    if (fn == m.name)
      return PrimValue::rounded(x.type, m.fn(x.f));
  return std::nullopt;
}

} // namespace

std::optional<PrimValue> evalFunction(std::string_view fn, const std::vector<PrimValue>& args) {
  if (args.size() == 2 && fn == "atan2" && isFloat(args[0].type))
    return PrimValue::rounded(args[0].type, std::atan2(args[0].f, args[1].f));
  if (args.size() != 1 || args[0].type == PrimType::Bool)
    return std::nullopt;
  return isFloat(args[0].type) ? floatFunction(fn, args[0]) : intFunction(fn, args[0]);
}

std::optional<PrimValue> numericConstant(std::string_view name, PrimType t) {
  if (isFloat(t)) {
    double inf = std::numeric_limits<double>::infinity();
    if (name == "lowest")
      return PrimValue::floating(t, -inf);
    if (name == "highest" || name == "inf")
      return PrimValue::floating(t, inf);
    if (name == "nan")
      return PrimValue::floating(t, std::numeric_limits<double>::quiet_NaN());
    if (name == "pi")
      return PrimValue::rounded(t, M_PI);
    if (name == "e")
      return PrimValue::rounded(t, M_E);
    return std::nullopt;
  }
  int width = primBytes(t) * 8;
  bool sgn = isSigned(t);
  if (name == "lowest")
    return PrimValue::wrapped(t, sgn ? uint64_t{1} << (width - 1) : 0);
  if (name == "highest")
    return PrimValue::wrapped(t, sgn ? (uint64_t{1} << (width - 1)) - 1 : ~uint64_t{0});
  return std::nullopt;
}

PrimValue bitcast(const PrimValue& x, PrimType to) {
  if (x.type == PrimType::F16)
    return PrimValue::wrapped(to, doubleToHalf(x.f));
  if (to == PrimType::F16)
    return PrimValue::floating(to, halfToDouble(static_cast<uint16_t>(x.bits())));
  if (x.type == PrimType::F32)
    return PrimValue::wrapped(to, std::bit_cast<uint32_t>(static_cast<float>(x.f)));
  if (x.type == PrimType::F64)
    return PrimValue::wrapped(to, std::bit_cast<uint64_t>(x.f));
  if (to == PrimType::F32)
    return PrimValue::floating(to, std::bit_cast<float>(static_cast<uint32_t>(x.bits())));
  return PrimValue::floating(to, std::bit_cast<double>(x.bits()));
}

} // namespace fjord::prim
