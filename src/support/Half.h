// IEEE binary16 (f16) bit patterns <-> doubles, exactly, rounding to nearest, ties to even.
// f16 values are kept in doubles throughout the compiler (IR constants, the interpreter);
// these give their binary16 encoding (to_bits, data files) and round results to f16.
#pragma once
#include <cstdint>

namespace fjord {

/// The value of binary16 bits `h`: exact, since every f16 is an f32. A NaN keeps its sign and
/// payload (as the upper bits of an f32 NaN's payload).
double halfToDouble(uint16_t h);

/// The binary16 bits of `d` rounded to nearest, ties to even: values beyond the largest
/// finite f16 (65504) round to infinity from the midpoint 65520 on, tiny values to
/// subnormals or a signed zero. A NaN keeps its sign and the top 10 bits of its payload, and
/// stays a NaN.
uint16_t doubleToHalf(double d);

/// `d` rounded to the nearest f16 value, once (the value of doubleToHalf(d)).
double roundToHalf(double d);

} // namespace fjord
