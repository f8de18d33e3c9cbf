-- Population count and leading zeros of narrow and wide integers inside kernels.
-- ==
-- input { [1i8, -1i8, 0i8, 16i8] [1i64, -1i64, 0i64, 255i64] }
-- output { [1, 8, 0, 1] [7, 0, 8, 3] [1, 64, 0, 8] [63, 0, 64, 56] }

entry main (xs: []i8) (ys: []i64) : ([]i32, []i32, []i32, []i32) =
  (map i8.popc xs, map i8.clz xs, map i64.popc ys, map i64.clz ys)
