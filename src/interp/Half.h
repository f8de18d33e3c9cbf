// IEEE binary16 (f16) bit patterns <-> the interpreter's float values. The interpreter keeps
// an f16 in a double at f32 precision (Value.h); these give its exact binary16 encoding for
// `f16.to_bits` / `f16.from_bits` and the binary data format.
#pragma once
#include <cstdint>

namespace fjord::interp {

/// The value of binary16 bits `h`: exact, since every f16 is an f32. A NaN keeps its sign and
/// payload (as the upper bits of an f32 NaN's payload).
double halfToDouble(uint16_t h);

/// The binary16 bits of `d` rounded to nearest, ties to even: values beyond the largest
/// finite f16 (65504) round to infinity from the midpoint 65520 on, tiny values to
/// subnormals or a signed zero. A NaN keeps its sign and the top 10 bits of its payload, and
/// stays a NaN.
uint16_t doubleToHalf(double d);

} // namespace fjord::interp
