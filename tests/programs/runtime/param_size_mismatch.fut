-- Two arguments for `[n]` parameters with different sizes.
-- ==
-- input { [1, 2] [1, 2, 3] } error: size mismatch
-- input { [1, 2] [3, 4] } output { 11 }

entry main [n] (xs: [n]i32) (ys: [n]i32) : i32 = i32.sum (map2 (*) xs ys)
