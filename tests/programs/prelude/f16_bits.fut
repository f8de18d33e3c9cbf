-- f16.to_bits and f16.from_bits: the IEEE binary16 encoding, exactly. Expected values by
-- hand: 1.0 = 0x3c00 (15360), -2.0 = 0xc000 (49152), 65504 = 0x7bff (31743, the largest
-- finite f16), inf = 0x7c00 (31744), -inf = 0xfc00 (64512), -0.0 = 0x8000 (32768),
-- 0x3555 (13653) = 1.0101010101b * 2^-2 = 0.333251953125, 0x0001 = 2^-24 (the smallest
-- subnormal), 0x03ff = 1023 * 2^-24 (the largest subnormal).
-- Compiled code holds f16 values as floats and stores binary16 (backend/Half.h); to_bits and
-- from_bits are its own bit manipulation there, NaN payloads included.
-- ==
-- entry: to_bits
-- input { [1f16, -2f16, 65504f16, 0f16, -0f16, 0.333251953125f16] }
-- output { [15360u16, 49152u16, 31743u16, 0u16, 32768u16, 13653u16] 31744u16 64512u16 }

entry to_bits (xs: []f16) : ([]u16, u16, u16) =
  (map f16.to_bits xs, f16.to_bits f16.inf, f16.to_bits (-f16.inf))

-- ==
-- entry: from_bits
-- input { [15360u16, 49152u16, 31743u16, 32768u16, 13653u16] [1u16, 1023u16, 1024u16] }
-- output { [1f16, -2f16, 65504f16, -0f16, 0.333251953125f16] [1f64, 1023f64, 1024f64]
--          true true false true }

-- Subnormals scaled by 2^24 to compare exactly; 0x7c00 is inf, 0x7e00 and 0xfe00 NaNs.
entry from_bits (bs: []u16) (subs: []u16) : ([]f16, []f64, bool, bool, bool, bool) =
  ( map f16.from_bits bs
  , map (\b -> f64.f16 (f16.from_bits b) * 16777216) subs
  , f16.from_bits 0x7c00 == f16.inf, f16.isnan (f16.from_bits 0x7e00)
  , f16.isnan (f16.from_bits 0x7c00), f16.isnan (f16.from_bits 0xfe00) )

-- ==
-- entry: rounding
-- input { [65519f64, 65520f64, 2.9802322387695312e-8f64, 4.470348358154297e-8f64,
--          1.00048828125f64, 1.00146484375f64, 6.097555160522461e-5f64] }
-- output { [31743u16, 31744u16, 0u16, 1u16, 15360u16, 15362u16, 1023u16] }

-- to_bits rounds to nearest, ties to even: 65519 rounds down to 65504 while 65520 (the
-- midpoint, 65504 has an odd mantissa) overflows to inf; 2^-25 (half the smallest subnormal)
-- ties to 0 and 3 * 2^-26 rounds up to 0x0001; 1 + 2^-11 ties to 0x3c00 and 1 + 3 * 2^-11
-- to 0x3c02; the largest subnormal 1023 * 2^-24 is exact.
entry rounding (xs: []f64) : []u16 = map (\x -> f16.to_bits (f16.f64 x)) xs

-- ==
-- entry: round_trip
-- input { [0u16, 1u16, 1023u16, 1024u16, 15361u16, 31743u16, 31744u16, 32769u16, 64512u16,
--          32257u16, 65024u16] }
-- output { [0u16, 1u16, 1023u16, 1024u16, 15361u16, 31743u16, 31744u16, 32769u16, 64512u16,
--          32257u16, 65024u16] }

-- Every pattern survives from_bits then to_bits, quiet NaNs (0x7e01, 0xfe00) with their sign
-- and payload.
entry round_trip (bs: []u16) : []u16 = map (\b -> f16.to_bits (f16.from_bits b)) bs

-- ==
-- entry: bit_ops
-- input { 1f16 -1f16 }
-- output { [0, 0, 1, 1, 1, 1, 0] 1 4 2 -1f16 0.5f16 }

-- The float bit operations of f16 act on these bits: 1.0 = 0b0011110000000000.
entry bit_ops (x: f16) (m: f16) : ([]i32, i32, i32, i32, f16, f16) =
  ( map (\b -> f16.get_bit b x) [15, 14, 13, 12, 11, 10, 9]
  , f16.get_bit 15 m, f16.popc x, f16.clz x, f16.set_bit 15 x 1, f16.set_bit 10 x 0 )
