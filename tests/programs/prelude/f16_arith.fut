-- f16 arithmetic: every operation's result is rounded to binary16 (to nearest, ties to even),
-- on the interpreter and in compiled code (which computes in f32 and rounds each result).
-- Results are compared as bits (f16.to_bits) where the rounding matters, since floats
-- compare with a relative tolerance. Expected bits by hand, checked with Python's
-- struct.pack('<e', x), which rounds a double to binary16 once:
--   65504 + 32 = 65536 >= 65520: inf (0x7c00 = 31744); 1 + 0.0001 = 1 (0x3c00 = 15360), as
--   0.0001f16 = 0x068e (1678) is under half an ulp of 1 (2^-11); 0.1f16 = 0x2e66 (11878) =
--   0.0999755859375, and 0.1f16 * 3 = 0.2999267578125 is a tie between 1228 and 1229 ulps
--   (2^-12) of [0.25, 0.5): even, 0x34cc (13516), where f32 0.3 gives 0x34cd; 1 / 3 = 0x3555
--   (13653); -2 * 0x068e = 0x8a8e (35470); 2^-14 * 0.5 = the subnormal 0x0200 (512);
--   1000 * 70 = 70000: inf; 1000 / 70 = 14.2857 rounds up to 0x4b25 (19237), 14.2890625;
--   2^-14 - 0.5 rounds to -0.5 (0xb800 = 47104); 65504 - 32 = 65472 (0x7bfe = 31742).
-- ==
-- entry: arith
-- input { [65504f16, 1f16, 0.1f16, 1f16, -2f16, 6.103515625e-5f16, 1000f16]
--         [32f16, 0.0001f16, 3f16, 3f16, 0.0001f16, 0.5f16, 70f16] }
-- output { [31744u16, 15360u16, 16947u16, 17408u16, 49152u16, 14336u16, 25646u16]
--          [31742u16, 15360u16, 49613u16, 49152u16, 49152u16, 47104u16, 25412u16]
--          [31744u16, 1678u16, 13516u16, 16896u16, 35470u16, 512u16, 31744u16]
--          [26623u16, 28898u16, 10308u16, 13653u16, 62690u16, 2048u16, 19237u16] }

entry arith [n] (a: [n]f16) (b: [n]f16) : ([]u16, []u16, []u16, []u16) =
  ( map2 (\x y -> f16.to_bits (x + y)) a b, map2 (\x y -> f16.to_bits (x - y)) a b
  , map2 (\x y -> f16.to_bits (x * y)) a b, map2 (\x y -> f16.to_bits (x / y)) a b )

-- Conversions round once: i32 2049 ties to 2048 (0x6800 = 26624) and 2051 to 2052 (26626);
-- 70000 and -70000 overflow to +-inf (31744, 64512); f32 0.3 gives 0x34cd (13517); the f64
-- 1 + 2^-11 + 2^-40 rounds up to 0x3c01 (15361), where rounding to f32 first would give
-- the tie 1 + 2^-11 and then 1 (0x3c00). Back: f32.f16 0.1f16 is exactly 0.0999755859375,
-- f16 to i32 truncates (-2.75 to -2), and sqrt 2 = 1.41421356 rounds to 0x3da8 (15784),
-- 1.4140625.
-- ==
-- entry: conversions
-- input { [2049, 2051, 70000, -70000] 0.3f32 1.0004882812509095f64 0.1f16 -2.75f16 }
-- output { [26624u16, 26626u16, 31744u16, 64512u16] 13517u16 15361u16 0.0999755859375f64
--          -2i32 15784u16 1.4140625f16 }

entry conversions (is: []i32) (f: f32) (d: f64) (x: f16) (y: f16)
    : ([]u16, u16, u16, f64, i32, u16, f16) =
  ( map (\i -> f16.to_bits (f16.i32 i)) is, f16.to_bits (f16.f32 f), f16.to_bits (f16.f64 d)
  , f64.f32 (f32.f16 x), i32.f16 y, f16.to_bits (f16.sqrt 2), f16.sqrt 2 )

-- reduce, scan, a comparison and a histogram over f16 arrays, an f16 parameter and results,
-- f16 in tuples. The sums are exact in every order (integers and halves below 2048), so a
-- parallel reduction matches the sequential one: 1 + 2 + 0.5 + 4 + 8 + 16 = 31.5. The
-- histogram of the values by i64.f16 x % 3 (buckets 1 2 0 1 2 1): [0.5, 1 + 4 + 16, 2 + 8].
-- The product 300 * 300 * 0.5 * 2 ends at about 90000 > 65504 in every order: inf.
-- ==
-- entry: soacs
-- input { [1f16, 2f16, 0.5f16, 4f16, 8f16, 16f16] 3f16 [300f16, 300f16, 0.5f16, 2f16] }
-- output { 31.5f16 [1f16, 3f16, 3.5f16, 7.5f16, 15.5f16, 31.5f16] 16f16 3i64
--          [0.5f16, 21f16, 10f16] 31744u16 [4f16, 5f16, 3.5f16, 7f16, 11f16, 19f16]
--          [15360u16, 16384u16, 14336u16, 17408u16, 18432u16, 19456u16] }

entry soacs (xs: []f16) (s: f16) (ps: []f16)
    : (f16, []f16, f16, i64, [3]f16, u16, []f16, []u16) =
  let pairs = map (\x -> (x + s, f16.to_bits x)) xs
  in ( reduce (+) 0 xs, scan (+) 0 xs, reduce f16.max (-f16.inf) xs
     , length (filter (< s) xs)
     , hist (+) 0 3 (map (\x -> i64.f16 x % 3) xs) xs
     , f16.to_bits (reduce (*) 1 ps), map (.0) pairs, map (.1) pairs )

-- Rounding between operations, not only at the end: (1 + 0.0001) - 1 is 0, not 0.0001;
-- (65504 + 32) - 32 stays inf; counting to 3000 by ones stops at 2048, where 2048 + 1 ties
-- to even (2048 = 0x6800 = 26624) as the ulp is 2; 0.1 * 3 * 10 is 0x34cc * 10 = 2.998046875 (0x41ff =
-- 16895), where f32 precision throughout would give 3 (0x4200).
-- ==
-- entry: chained
-- input { [1f16, 65504f16, 0.1f16] }
-- output { [0u16, 31744u16, 16895u16] 2048f16 26624u16 }

entry chained [n] (xs: [n]f16) : ([]u16, f16, u16) =
  let count = loop acc = 0f16 for _i < 3000 do acc + 1
  in ( map2 (\x k -> f16.to_bits (if k == 0 then (x + 0.0001) - x
                                  else if k == 1 then (x + 32) - 32 else x * 3 * 10))
            xs (iota n)
     , count, f16.to_bits count )

-- Constants are binary16 values and folding rounds like the run time: f16.pi = 0x4248
-- (16968), 3.140625; (1 + 0.0001) - 1 folds to 0; 0.1f16 = 0x2e66 (11878), so x * 0.1 for
-- x = 3 is 0x34cc (13516) as in `arith`.
-- ==
-- entry: constants
-- input { [3f16] }
-- output { 16968u16 0u16 11878u16 [13516u16] }

entry constants (xs: []f16) : (u16, u16, u16, []u16) =
  ( f16.to_bits f16.pi, f16.to_bits ((1f16 + 0.0001) - 1), f16.to_bits 0.1
  , map (\x -> f16.to_bits (x * 0.1)) xs )

-- round takes halves to even (as the interpreter's nearbyint, and C's rint, not C's round),
-- in f16 and f32 alike: 0.5 -> 0, 1.5 -> 2, 2.5 -> 2, -2.5 -> -2, 3.5 -> 4, 2.75 -> 3.
-- ==
-- entry: round_half_even
-- input { [0.5f16, 1.5f16, 2.5f16, -2.5f16, 3.5f16, 2.75f16]
--         [0.5f32, 1.5f32, 2.5f32, -2.5f32, 3.5f32, 2.75f32] }
-- output { [0f16, 2f16, 2f16, -2f16, 4f16, 3f16] [0f32, 2f32, 2f32, -2f32, 4f32, 3f32] }

entry round_half_even (xs: []f16) (ys: []f32) : ([]f16, []f32) =
  (map f16.round xs, map f32.round ys)
