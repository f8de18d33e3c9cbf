-- Signed integers wrap around (two's complement) on every backend. C, CUDA and OpenCL C
-- leave signed overflow undefined and optimising compilers use that, so the generated code
-- computes + - * and negation through the unsigned type where they may overflow (Note
-- [Wrapping arithmetic] in src/backend/ValueRanges.h); shifts by the width or more, the
-- most negative value divided by -1, `**` and `abs` follow the interpreter.
-- CTest also runs this file on PoCL with optimisation on (programs/lang_scalars/
-- opencl-optimised): with -cl-opt-disable, as the other groups run, the bug did not show.

-- The core of difftest program s9b-331: x doubled three times wraps for large x; an
-- optimiser that assumes no overflow reads `x * 8 < 3` as `x < 1` and keeps 268435456.
-- ==
-- entry: doubled_below
-- input { [-43, 1, 2, 268435456, 536870912, -536870913, 2147483647, -2147483648] }
-- output { [-3, 1, 2, -3, -3, -3, -3, -3] }
entry doubled_below (xs: []i32) : []i32 =
  map (\x -> if (loop acc = x for _i < 3 do acc + acc) < 3 then -3 else x) xs

-- ==
-- entry: arith32
-- input { [2147483647, -2147483648, 12345] [1, 1, 100000] }
-- output { [-2147483648, -2147483647, 112345] [2147483646, 2147483647, -87655]
--          [2147483647, -2147483648, 1234500000] [-2147483647, -2147483648, -12345]
--          [2147483647, -2147483648, 12345] }
entry arith32 (xs: []i32) (ys: []i32) : ([]i32, []i32, []i32, []i32, []i32) =
  unzip5 (map2 (\x y -> (x + y, x - y, x * y, -x, i32.abs x)) xs ys)

-- ==
-- entry: arith64
-- input { [9223372036854775807i64, -9223372036854775808i64, 3037000500i64]
--         [1i64, 1i64, 3037000500i64] }
-- output { [-9223372036854775808i64, -9223372036854775807i64, 6074001000i64]
--          [9223372036854775806i64, 9223372036854775807i64, 0i64]
--          [9223372036854775807i64, -9223372036854775808i64, -9223372036709301616i64]
--          [-9223372036854775807i64, -9223372036854775808i64, -3037000500i64] }
entry arith64 (xs: []i64) (ys: []i64) : ([]i64, []i64, []i64, []i64) =
  unzip4 (map2 (\x y -> (x + y, x - y, x * y, -x)) xs ys)

-- The most negative value divided by -1: the quotient wraps to itself, the remainder is 0.
-- ==
-- entry: division
-- input { [-2147483648, 7, -7] [-1, -1, 2] }
-- output { [-2147483648, -7, -4] [0, 0, 1] [-2147483648, -7, -3] [0, 0, -1] }
entry division (xs: []i32) (ys: []i32) : ([]i32, []i32, []i32, []i32) =
  unzip4 (map2 (\x y -> (x / y, x % y, x // y, x %% y)) xs ys)

-- ==
-- entry: division64
-- input { [-9223372036854775808i64, 9i64] [-1i64, -2i64] }
-- output { [-9223372036854775808i64, -5i64] [0i64, -1i64] [-9223372036854775808i64, -4i64] [0i64, 1i64] }
entry division64 (xs: []i64) (ys: []i64) : ([]i64, []i64, []i64, []i64) =
  unzip4 (map2 (\x y -> (x / y, x % y, x // y, x %% y)) xs ys)

-- Shifts by the width or more: 0, or the sign for an arithmetic right shift.
-- ==
-- entry: shifts
-- input { [1, -1, -8, 1073741824, -5] [33, 40, 1, 1, 32] }
-- output { [0, 0, -16, -2147483648, 0] [0, -1, -4, 536870912, -1] [0, 0, 2147483644, 536870912, 0] }
entry shifts (xs: []i32) (ss: []i32) : ([]i32, []i32, []i32) =
  unzip3 (map2 (\x s -> (x << s, x >> s, x >>> s)) xs ss)

-- ==
-- entry: narrow
-- input { [127i8, -128i8] [65535u16, 300u16] [-32768i16, 16384i16] [9i16, 17i16] }
-- output { [-128i8, -127i8] [1u16, 24464u16] [0i16, 0i16] [-64i16, 0i16] }
entry narrow (as: []i8) (bs: []u16) (cs: []i16) (ss: []i16) : ([]i8, []u16, []i16, []i16) =
  (map (+ 1) as, map (\b -> b * b) bs, map2 (<<) cs ss, map2 (>>) cs ss)

-- ==
-- entry: powers
-- input { [3, -2, 7] [40, 33, 2] }
-- output { [689956897, 0, 49] [-6289078614652622815i64, -8589934592i64, 49i64] }
entry powers (xs: []i32) (ys: []i32) : ([]i32, []i64) =
  unzip (map2 (\x y -> (x ** y, i64.i32 x ** i64.i32 y)) xs ys)

-- Scalars computed in host code.
-- ==
-- entry: host
-- input { 2147483647 -9223372036854775808i64 }
-- output { -2147483647 0i64 -2147483647 }
entry host (x: i32) (y: i64) : (i32, i64, i32) = (x * x + x + 1, y * y - y + y, -x)
