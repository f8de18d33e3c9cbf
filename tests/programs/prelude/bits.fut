-- Bit operations of the integer namespaces: get_bit, set_bit, num_bits, popc, clz,
-- on signed values with the sign bit set and on unsigned values that wrap; and operators
-- named through a namespace, `(i32.+)`.
-- ==
-- entry: get_bits
-- input { -2i32 -128i8 200u8 }
-- output { [0, 1, 1, 1] [1, 0, 0, 0, 0, 0, 0, 0] [1, 1, 0, 0, 1, 0, 0, 0] }
-- input { 5i32 1i8 0u8 }
-- output { [1, 0, 1, 0] [0, 0, 0, 0, 0, 0, 0, 1] [0, 0, 0, 0, 0, 0, 0, 0] }

-- Bits 0, 1, 2 and 31 of an i32; bits 7..0 of an i8 and of a u8.
entry get_bits (x: i32) (y: i8) (z: u8) : ([]i32, []i32, []i32) =
  ( map (\b -> i32.get_bit b x) [0, 1, 2, 31]
  , map (\b -> i8.get_bit (7 - b) y) (map i32.i64 (iota 8))
  , map (\b -> u8.get_bit (7 - b) z) (map i32.i64 (iota 8)) )

-- ==
-- entry: set_bits
-- input { 0i32 255u8 -1i64 }
-- output { -2147483648i32 1i32 254u8 128u8 9223372036854775807i64 -1i64 }
-- input { 6i32 0u8 0i64 }
-- output { -2147483642i32 7i32 0u8 128u8 0i64 1i64 }

-- `set_bit` sets to the lowest bit of `v` (3 sets, 2 clears) and leaves other bits alone.
entry set_bits (x: i32) (y: u8) (z: i64) : (i32, i32, u8, u8, i64, i64) =
  ( i32.set_bit 31 x 1, i32.set_bit 0 x 3, u8.set_bit 0 y 0, u8.set_bit 7 (y & 0) 1
  , i64.set_bit 63 z 2, i64.set_bit 0 z 1 )

-- ==
-- entry: widths
-- input { 0u8 0i64 -1i16 250u8 }
-- output { [8, 16, 32, 64, 8, 16, 32, 64, 16, 32, 64] 8 64 16 16 4u8 255u8 }

-- num_bits of every numeric type; clz of zero is the width; u8 arithmetic wraps.
entry widths (a: u8) (b: i64) (c: i16) (d: u8) : ([]i32, i32, i32, i32, i32, u8, u8) =
  ( [ i8.num_bits, i16.num_bits, i32.num_bits, i64.num_bits, u8.num_bits, u16.num_bits
    , u32.num_bits, u64.num_bits, f16.num_bits, f32.num_bits, f64.num_bits ]
  , u8.clz a, i64.clz b, i16.popc c, i16.clz (c & 0), d + 10, a - 1 )

-- ==
-- entry: qualified_ops
-- input { [1, 2, 3] [2f32, 3f32] [1u8, 2u8] [3u8, 1u8] }
-- output { 6 6f32 [254u8, 1u8] [true, false] [4u8, 0u8] }

entry qualified_ops [n] (xs: []i32) (ys: []f32) (as: [n]u8) (bs: [n]u8)
    : (i32, f32, []u8, []bool, []u8) =
  ( reduce (i32.+) 0 xs, reduce (f32.*) 1 ys, map2 (u8.-) as bs
  , map2 (u8.<) as bs, map2 (u8.<<) as ([2, 7] :> [n]u8) )

-- ==
-- entry: float_bits
-- input { 1f32 0f64 1.5f64 1078530011u32 }
-- output { 1065353216u32 9223372036854775808u64 9223372036854775808u64 4609434218613702656u64
--          3.1415927f32 true true true }

-- Bit casts of floats: -0.0 has only the sign bit set (a constant and a negated input);
-- 0x40490fdb is f32's pi; from_bits of a NaN pattern is a NaN; to_bits/from_bits round trip.
entry float_bits (x: f32) (zero: f64) (z: f64) (p: u32)
    : (u32, u64, u64, u64, f32, bool, bool, bool) =
  ( f32.to_bits x, f64.to_bits (-0.0), f64.to_bits (-zero), f64.to_bits z, f32.from_bits p
  , f32.isnan (f32.from_bits 0x7fc00000), f64.from_bits (f64.to_bits z) == z
  , f32.isnan (f32.from_bits (f32.to_bits f32.nan)) )

-- ==
-- entry: float_bit_ops
-- input { -1f32 1f32 2f64 }
-- output { [1, 0, 0, 1, 1] -1f32 0.5f32 -2f64 7 2 1 1 32 0 }

-- The float bit operations act on the IEEE bits: 1f32 is 0x3f800000, 2f64 0x4000000000000000.
entry float_bit_ops (m: f32) (x: f32) (y: f64)
    : ([]i32, f32, f32, f64, i32, i32, i32, i32, i32, i32) =
  ( [f32.get_bit 31 m, f32.get_bit 31 x, f32.get_bit 30 x, f32.get_bit 29 x, f64.get_bit 62 y]
  , f32.set_bit 31 x 1, f32.set_bit 23 x 0, f64.set_bit 63 y 1
  , f32.popc x, f32.clz x, f64.popc y, f64.clz y, f32.clz (x - x), f32.clz m )

-- ==
-- entry: float_bits_map
-- input { [1f32, -2.5f32] [1.5f64] }
-- output { [1065353216u32, 3223322624u32] [-1f32, 2.5f32] [4609434218613702656u64] [-1.5f64] }

-- Bit casts inside kernels: flipping the sign bit negates.
entry float_bits_map (xs: []f32) (ys: []f64) : ([]u32, []f32, []u64, []f64) =
  ( map f32.to_bits xs, map (\x -> f32.from_bits (f32.to_bits x ^ 0x80000000)) xs
  , map f64.to_bits ys, map (\y -> f64.from_bits (f64.to_bits y ^ 0x8000000000000000)) ys )

-- ==
-- entry: qualified_infix
-- input { 3 5 1.5f32 [9, 1] }
-- output { 7 -2 3f32 true 16 63 [10, 2] 4u8 }

-- Qualified operators in infix position, with the precedence of the operator's own name,
-- next to field access and projection.
entry qualified_infix (a: i32) (b: i32) (y: f32) (xs: []i32)
    : (i32, i32, f32, bool, i32, i32, []i32, u8) =
  let r = {x = a, y}
  let t = (b, 8)
  in ( 1 i32.+ 2 i32.* 3, r.x i32.- t.0, r.y f32.* 2, a i32.+ b i32.== 8
     , a i32.+ b |> (\v -> v i32.* 2), t.1 i32.** 2 i32.- 1, map (\x -> x i32.+ 1) xs
     , 250u8 u8.+ 10 )
