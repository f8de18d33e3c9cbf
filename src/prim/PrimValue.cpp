// Scalar values: normalisation to a type's width or precision, and their text ("3i64").
#include "prim/PrimValue.h"

#include "support/Half.h"

#include <charconv>
#include <cmath>

namespace fjord {

namespace {

uint64_t widthMask(PrimType t) {
  int width = primBytes(t) * 8;
  return width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
}

/// The shortest text that reads back as the same float (or double).
std::string floatText(double v, PrimType t) {
  const char* suffix = primName(t);
  if (std::isnan(v))
    return std::string(suffix) + ".nan";
  if (std::isinf(v))
    return (v < 0 ? "-" : "") + std::string(suffix) + ".inf";
  char buf[64];
  std::to_chars_result r;
  if (t == PrimType::F32 || t == PrimType::F16)
    r = std::to_chars(buf, buf + sizeof buf, static_cast<float>(v));
  else
    r = std::to_chars(buf, buf + sizeof buf, v);
  std::string s(buf, r.ptr);
  // Keep a decimal point or exponent so the text reads as a float even without a suffix.
  if (s.find_first_of(".eE") == std::string::npos)
    s += ".0";
  return s + suffix;
}

} // namespace

PrimValue PrimValue::wrapped(PrimType t, uint64_t bits) {
  if (t == PrimType::Bool)
    return boolean(bits != 0);
  uint64_t mask = widthMask(t);
  uint64_t u = bits & mask;
  if (isSigned(t) && mask != ~uint64_t{0} && (u & ~(mask >> 1)))
    u |= ~mask; // sign-extend
  return integer(t, static_cast<int64_t>(u));
}

PrimValue PrimValue::rounded(PrimType t, double v) {
  // Every result is rounded to its type once, from the exact (double) value: f16 results
  // straight to binary16, as compiled code's f32-computed results rounded to f16 are.
  if (t == PrimType::F16)
    return floating(t, roundToHalf(v));
  return floating(t, t == PrimType::F64 ? v : static_cast<double>(static_cast<float>(v)));
}

uint64_t PrimValue::bits() const {
  if (type == PrimType::Bool)
    return i != 0;
  return static_cast<uint64_t>(i) & widthMask(type);
}

int64_t PrimValue::asInt() const {
  if (!isSigned(type))
    return static_cast<int64_t>(bits());
  return wrapped(type, static_cast<uint64_t>(i)).i;
}

double PrimValue::asDouble() const {
  if (isFloat(type))
    return f;
  if (isUnsigned(type))
    return static_cast<double>(bits());
  return static_cast<double>(asInt());
}

std::string PrimValue::str() const {
  if (type == PrimType::Bool)
    return i ? "true" : "false";
  if (isFloat(type))
    return floatText(f, type);
  if (isUnsigned(type))
    return std::to_string(bits()) + primName(type);
  return std::to_string(asInt()) + primName(type);
}

} // namespace fjord
