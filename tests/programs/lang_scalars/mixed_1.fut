-- lang_scalars: arith_precedence, bitwise_ops, bool_comparison, bool_literals,
-- char_literal, coercion, compare_logic_precedence, comparison_ops, escape_chars,
-- f32_arith. One entry point and test block per program, so that each backend builds
-- this file once (docs/testing.md).

-- arith_precedence: `*` and `/` bind tighter than `+` and `-`; all associate left.
-- ==
-- entry: arith_precedence
-- input { 1 } output { 5 -4 }

entry arith_precedence (x: i32) : (i32, i32) = (x + 2 * 3 - 4 / 2, x - 2 - 3)

-- bitwise_ops: Bitwise and, or, xor, shifts and logical right shift.
-- ==
-- entry: bitwise_ops
-- input { 12 10 } output { 8 14 6 48 3 }

entry bitwise_ops (a: i32) (b: i32) : (i32, i32, i32, i32, i32) = (a & b, a | b, a ^ b, a << 2, a >> 2)

-- bool_comparison: Booleans compare with `false < true`.
-- ==
-- entry: bool_comparison
-- input { false true } output { true false }

entry bool_comparison (a: bool) (b: bool) : (bool, bool) = (a < b, a == b)

-- bool_literals: Boolean literals and the lazy logical operators.
-- ==
-- entry: bool_literals
-- input { false } output { false false true }
-- input { true } output { true true false }

entry bool_literals (b: bool) : (bool, bool, bool) = (b && true, b || false, !b)

-- char_literal: A character literal is the integer code of the character.
-- ==
-- entry: char_literal
-- input { 1 } output { 98 }

entry char_literal (x: i32) : i32 = x + 'a'

-- coercion: `:>` coerces to a size that is checked at run time.
-- ==
-- entry: coercion
-- input { [1, 2, 3] } output { 6 }

entry coercion (xs: []i32) : i32 =
  let ys = xs :> [3]i32
  in ys[0] + ys[1] + ys[2]

-- compare_logic_precedence:
-- Comparisons bind tighter than `&&`, which binds tighter than `||`.
-- ==
-- entry: compare_logic_precedence
-- input { 2 } output { true }
-- input { 10 } output { true }
-- input { 5 } output { false }

entry compare_logic_precedence (x: i32) : bool = x < 3 && x > 1 || x == 10

-- comparison_ops: All comparison operators on integers.
-- ==
-- entry: comparison_ops
-- input { 3 4 } output { true true false false true false }

entry comparison_ops (a: i32) (b: i32) : (bool, bool, bool, bool, bool, bool) =
  (a < b, a <= b, a > b, a >= b, a != b, a == b)

-- escape_chars: Escapes in character literals.
-- ==
-- entry: escape_chars
-- input { 0 } output { 10 39 92 }

entry escape_chars (x: i32) : (i32, i32, i32) = (x + '\n', '\'', '\\')

-- f32_arith: Single-precision arithmetic.
-- ==
-- entry: f32_arith
-- input { 1.5f32 } output { 3.75f32 }

entry f32_arith (x: f32) : f32 = x * 2.0 + 0.75
