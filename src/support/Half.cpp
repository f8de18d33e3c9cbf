// Conversions between binary16 bits and doubles (see Half.h).
#include "support/Half.h"

#include <bit>
#include <cmath>

namespace fjord {

double halfToDouble(uint16_t h) {
  bool negative = h >> 15;
  int exp = (h >> 10) & 0x1f;
  int mant = h & 0x3ff;
  if (exp == 31 && mant != 0) {
    // Through an f32 NaN so that the payload survives (f32 has 13 more mantissa bits).
    uint32_t bits = (uint32_t(negative) << 31) | 0x7f800000u | (uint32_t(mant) << 13);
    return static_cast<double>(std::bit_cast<float>(bits));
  }
  double v = exp == 31  ? INFINITY
             : exp == 0 ? std::ldexp(mant, -24)           // subnormal: mant * 2^-24
                        : std::ldexp(mant + 1024, exp - 25); // 1.mant * 2^(exp-15)
  return negative ? -v : v;
}

uint16_t doubleToHalf(double d) {
  uint16_t sign = std::signbit(d) ? 0x8000 : 0;
  if (std::isnan(d)) {
    uint32_t payload = (std::bit_cast<uint32_t>(static_cast<float>(d)) >> 13) & 0x3ff;
    return sign | 0x7c00 | (payload ? payload : 0x200);
  }
  d = std::fabs(d);
  // 65520 is halfway between 65504 (odd mantissa) and 2^16: ties to even overflow.
  if (d >= 65520.0)
    return sign | 0x7c00;
  // Scale so that one unit in the last place of d's binade (or of the subnormals) is 1; the
  // default rounding mode of nearbyint is to nearest, ties to even. One rounding of the
  // exact value, so no double rounding.
  if (d < std::ldexp(1.0, -14))
    return sign | static_cast<uint16_t>(std::nearbyint(std::ldexp(d, 24)));
  int exp;
  std::frexp(d, &exp); // d = m * 2^exp with m in [0.5, 1)
  // d / 2^(exp-11) is in [1024, 2048); rounding up to 2048 carries into the exponent field,
  // which the sum below does by itself.
  auto scaled = static_cast<uint32_t>(std::nearbyint(std::ldexp(d, 11 - exp)));
  return sign | static_cast<uint16_t>(((exp - 1 + 15 - 1) << 10) + scaled);
}

double roundToHalf(double d) { return halfToDouble(doubleToHalf(d)); }

} // namespace fjord
