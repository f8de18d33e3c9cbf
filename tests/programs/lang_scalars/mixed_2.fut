-- lang_scalars: float_division_modulo, float_literal_forms, floor_division, i16_arith,
-- literal_defaulting, logical_shift_right, negation, power_operator, shift_precedence,
-- string_literal, unsigned_division. One entry point and test block per program, so that
-- each backend builds this file once (docs/testing.md).

-- float_division_modulo: Float division and `%` on floats.
-- ==
-- entry: float_division_modulo
-- input { 7.0 2.0 } output { 3.5 1.0 }

entry float_division_modulo (a: f64) (b: f64) : (f64, f64) = (a / b, a % b)

-- float_literal_forms: Float literals with fractions, exponents and suffixes.
-- ==
-- entry: float_literal_forms
-- input { 0.0 } output { 1.5f32 2000.0 0.25 0.01f32 3.0f32 }

entry float_literal_forms (x: f64) : (f32, f64, f64, f32, f32) = (1.5f32, 2e3 + x, 0.25, 1.0e-2f32, 3f32)

-- floor_division: `/` and `%` round toward negative infinity; `//` and `%%` toward zero.
-- ==
-- entry: floor_division
-- input { -7 2 } output { -4 1 -3 -1 }
-- input { 7 -2 } output { -4 -1 -3 1 }
-- input { -7 -2 } output { 3 -1 3 -1 }

entry floor_division (a: i32) (b: i32) : (i32, i32, i32, i32) = (a / b, a % b, a // b, a %% b)

-- i16_arith: 16-bit arithmetic with wrap-around.
-- ==
-- entry: i16_arith
-- input { 30000i16 } output { -5536i16 }

entry i16_arith (x: i16) : i16 = x + 30000

-- literal_defaulting: Unannotated literals default to i32 and f64.
-- ==
-- entry: literal_defaulting
-- input { 0 } output { 7 2.5 }

entry literal_defaulting (x: i32) : (i32, f64) =
  let a = 3
  let b = 2.5
  in (x + a + 4, b)

-- logical_shift_right: `>>>` shifts in zeros; `>>` keeps the sign.
-- ==
-- entry: logical_shift_right
-- input { -16 } output { -4 1073741820 }

entry logical_shift_right (x: i32) : (i32, i32) = (x >> 2, x >>> 2)

-- negation: Prefix negation binds tighter than binary operators.
-- ==
-- entry: test_negation
-- input { 5 } output { -8 -2 }

entry test_negation (x: i32) : (i32, i32) = (-x + -3, -(x - 3))

-- power_operator: `**` on integers and floats binds tighter than `*`.
-- ==
-- entry: power_operator
-- input { 3 } output { 18 8.0 }

entry power_operator (x: i32) : (i32, f64) = (2 * x ** 2, 2.0 ** 3.0)

-- shift_precedence:
-- Shifts bind looser than `+` and tighter than comparisons; bitwise ops are looser still.
-- ==
-- entry: shift_precedence
-- input { 1 } output { 16 true 3 }

entry shift_precedence (x: i32) : (i32, bool, i32) = (x << 3 + 1, 1 << 2 == 4, 7 & 12 >> 2)

-- string_literal: A string literal is an array of its UTF-8 bytes.
-- ==
-- entry: string_literal
-- input { 0 } output { 3i64 98u8 }

entry string_literal (_x: i32) : (i64, u8) = let s = "abc" in (length s, s[1])

-- unsigned_division: Unsigned division and remainder.
-- ==
-- entry: unsigned_division
-- input { 250u8 7u8 } output { 35u8 5u8 }

entry unsigned_division (a: u8) (b: u8) : (u8, u8) = (a / b, a % b)
