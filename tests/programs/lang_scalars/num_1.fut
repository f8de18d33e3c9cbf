-- lang_scalars: num_bool_conversion, num_conversions, num_float_rounding,
-- num_float_special, num_lowest_highest, num_min_max, num_narrowing_conversions. One
-- entry point and test block per program, so that each backend builds this file once
-- (docs/testing.md).

-- num_bool_conversion: Booleans convert to integers as 0 and 1.
-- ==
-- entry: num_bool_conversion
-- input { true } output { 1 0i64 }

entry num_bool_conversion (b: bool) : (i32, i64) = (i32.bool b, i64.bool (!b))

-- num_conversions:
-- Conversions between integer and float types; float to int truncates toward zero.
-- ==
-- entry: num_conversions
-- input { 7 } output { 7.0f32 3 -3 7i64 7.5 }

entry num_conversions (x: i32) : (f32, i32, i32, i64, f64) =
  (f32.i32 x, i32.f32 3.9, i32.f64 (-3.9), i64.i32 x, f64.i32 x + 0.5)

-- num_float_rounding: `floor`, `ceil`, `round` and `trunc` on negative and positive values.
-- ==
-- entry: num_float_rounding
-- input { -2.5 } output { -3.0 -2.0 -2.0 2.0 }

entry num_float_rounding (x: f64) : (f64, f64, f64, f64) = (f64.floor x, f64.ceil x, f64.trunc x, f64.round 1.6)

-- num_float_special: Infinity and NaN tests.
-- ==
-- entry: num_float_special
-- input { 0.0 } output { true true false }

entry num_float_special (x: f64) : (bool, bool, bool) =
  (f64.isinf (1.0 / x), f64.isnan (x / x), f64.isnan 1.0)

-- num_lowest_highest: The extreme values of integer types.
-- ==
-- entry: num_lowest_highest
-- input { 0 } output { -128i8 127i8 0u16 65535u16 -2147483648 }

entry num_lowest_highest (_x: i32) : (i8, i8, u16, u16, i32) =
  (i8.lowest, i8.highest, u16.lowest, u16.highest, i32.lowest)

-- num_min_max: `min` and `max` in several namespaces.
-- ==
-- entry: num_min_max
-- input { 3 -7 } output { -7 3 2.5f32 10u8 }

entry num_min_max (a: i32) (b: i32) : (i32, i32, f32, u8) =
  (i32.min a b, i32.max a b, f32.max 1.0 2.5, u8.max 10 3)

-- num_narrowing_conversions: Narrowing integer conversions keep the low bits.
-- ==
-- entry: num_narrowing_conversions
-- input { 300 } output { 44u8 44i8 -1i8 255u8 }

entry num_narrowing_conversions (x: i32) : (u8, i8, i8, u8) = (u8.i32 x, i8.i32 x, i8.i32 255, u8.i8 (-1))
