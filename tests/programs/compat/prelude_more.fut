-- Prelude functions Futhark has that Fjord lacked: `++`, `>->`, `<-<`, `opaque`,
-- `manifest`, `sized`, `map1`, `zip2`/`unzip2`, `partition2`, `spread`, `iterate*`,
-- `flatten_4d`/`unflatten_4d`, `reduce_by_index_3d`, `trace`, `r32`/`r64`/`t32`/`t64`,
-- `T.log1p`, `T.mul_hi`, `T.mad_hi` and `bool.T`.
-- ==
-- entry: combinators
-- input { [1, 2] [3] }
-- output { [1, 2, 3] [4, 6] [3, 5] [1, 2, 3, 1, 2] 3 }
-- input { empty([0]i32) [7, 8] }
-- output { [7, 8] empty([0]i32) empty([0]i32) [7, 8] 0 }

entry combinators (xs: []i32) (ys: []i32) : ([]i32, []i32, []i32, []i32, i32) =
  let inc_then_double = map (+ 1) >-> map (* 2)
  let inc_after_double = map (+ 1) <-< map (* 2)
  in ( xs ++ ys
     , inc_then_double xs
     , inc_after_double xs
     , xs ++ ys ++ xs
     , trace (opaque (reduce (+) 0 (manifest xs))) )

-- ==
-- entry: sizing
-- input { 3i64 [1, 2, 3] }
-- output { [1, 2, 3] [2, 3, 4] }
-- input { 2i64 [1, 2, 3] }
-- error: size

entry sizing (n: i64) (xs: []i32) : ([n]i32, [n]i32) =
  let ys = sized n xs
  in (ys, map1 (+ 1) ys)

-- ==
-- entry: zips
-- input { [1, 2, 3] [true, false, true] }
-- output { [1, 2, 3] [true, false, true] [2, 0, 4] }

entry zips [n] (xs: [n]i32) (bs: [n]bool) : ([n]i32, [n]bool, [n]i32) =
  let (as, cs) = unzip2 (zip2 xs bs)
  in (as, cs, map2 (\x b -> if b then x + 1 else 0) as cs)

-- Negative numbers, then even ones, then the rest, each in their original order.
-- ==
-- entry: partitions
-- input { [3, -1, 4, -5, 6, 7, 0] }
-- output { [-1, -5] [4, 6, 0] [3, 7] }
-- input { empty([0]i32) }
-- output { empty([0]i32) empty([0]i32) empty([0]i32) }

entry partitions (xs: []i32) : ([]i32, []i32, []i32) =
  partition2 (< 0) (\x -> x % 2 == 0) xs

-- ==
-- entry: spreads
-- input { 5i64 [0i64, 3i64, 9i64, -1i64] [10, 20, 30, 40] }
-- output { [10, -1, -1, 20, -1] }

entry spreads [n] (k: i64) (is: [n]i64) (vs: [n]i32) : [k]i32 = spread k (-1) is vs

-- `iterate` applies 0 times for n <= 0; `iterate_until` and `iterate_while` may apply not
-- at all.
-- ==
-- entry: iterates
-- input { 3i32 1i64 }
-- output { 8i64 64i64 1i64 16i64 }
-- input { -2i32 100i64 }
-- output { 100i64 100i64 100i64 100i64 }

entry iterates (n: i32) (x: i64) : (i64, i64, i64, i64) =
  ( iterate n (* 2) x
  , iterate_until (>= 50) (* 4) x
  , iterate_while (< 0) (+ 1) x
  , iterate_while (< 10) (* 2) x )

-- ==
-- entry: dims4
-- input { [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16] }
-- output { [[[[1, 2], [3, 4]], [[5, 6], [7, 8]]], [[[9, 10], [11, 12]], [[13, 14], [15, 16]]]]
--          [16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1] 11 }

entry dims4 (xs: []i32) : ([][][][]i32, []i32, i32) =
  let a = unflatten_4d 2 2 2 2 xs
  in (a, reverse (flatten_4d a), a[1, 0, 1, 0])

-- Out-of-range triples are ignored.
-- ==
-- entry: hist3
-- input { [0i64, 1i64, 0i64, 2i64] [1i64, 0i64, 1i64, 0i64] [1i64, 1i64, 1i64, 0i64] [5, 6, 7, 8] }
-- output { [[[0, 0], [0, 12]], [[0, 6], [0, 0]]] }

entry hist3 [n] (is: [n]i64) (js: [n]i64) (ks: [n]i64) (vs: [n]i32) : [2][2][2]i32 =
  reduce_by_index_3d (replicate 2 (replicate 2 (replicate 2 0))) (+) 0 (zip3 is js ks) vs

-- ==
-- entry: conversions
-- input { 7i32 -2.75f32 2.5f64 }
-- output { 7f32 -2i32 7f64 2i32 }

entry conversions (i: i32) (x: f32) (y: f64) : (f32, i32, f64, i32) =
  (r32 i, t32 x, r64 i, t64 y)

-- `log1p` stays exact where `1 + x` rounds to 1.
-- ==
-- entry: log1ps
-- input { [0f32, 1e-10f32, 1f32, -0.5f32] [0f64, 1e-20f64, 1.718281828459045f64] }
-- output { [0f32, 1e-10f32, 0.6931472f32, -0.6931472f32] [0f64, 1e-20f64, 1f64] }

entry log1ps (xs: []f32) (ys: []f64) : ([]f32, []f64) =
  (map f32.log1p xs, map f64.log1p ys)

-- The upper halves of double-width products, signed and unsigned.
-- ==
-- entry: mul_his
-- input { [100i8, -100i8, 127i8] [100i8, 100i8, -128i8]
--         [200u8, 255u8] [200u8, 255u8]
--         [65536i32, -1i32, 2147483647i32] [65536i32, 1i32, 2147483647i32]
--         [4294967296i64, -1i64, 9223372036854775807i64, -9223372036854775808i64]
--         [4294967296i64, 1i64, 2i64, -9223372036854775808i64]
--         [4294967296u64, 18446744073709551615u64] [4294967296u64, 18446744073709551615u64] }
-- output { [39i8, -40i8, -64i8] [156u8, 254u8] [1i32, -1i32, 1073741823i32]
--          [1i64, -1i64, 0i64, 4611686018427387904i64]
--          [1u64, 18446744073709551614u64] }

entry mul_his [n] [m] [k] [l] [p] (a8: [n]i8) (b8: [n]i8) (a8u: [m]u8) (b8u: [m]u8)
              (a32: [k]i32) (b32: [k]i32) (a64: [l]i64) (b64: [l]i64) (a64u: [p]u64)
              (b64u: [p]u64) : ([n]i8, [m]u8, [k]i32, [l]i64, [p]u64) =
  ( map2 i8.mul_hi a8 b8
  , map2 u8.mul_hi a8u b8u
  , map2 i32.mul_hi a32 b32
  , map2 i64.mul_hi a64 b64
  , map2 u64.mul_hi a64u b64u )

-- ==
-- entry: mad_his_bools
-- input { 65536i32 65536i32 5i32 3u16 4u16 1u16 [0i32, 3i32, -1i32] [0f32, 0.5f32] }
-- output { 6i32 1u16 [false, true, true] [false, true] }

entry mad_his_bools (a: i32) (b: i32) (c: i32) (x: u16) (y: u16) (z: u16) (is: []i32)
                    (fs: []f32) : (i32, u16, []bool, []bool) =
  (i32.mad_hi a b c, u16.mad_hi x y z, map bool.i32 is, map bool.f32 fs)
