-- A constant parameter size and a size given by a scalar argument are checked on entry.
-- ==
-- input { [1, 2, 3] 2i64 [5, 6] } output { 6 11 }
-- input { [1, 2] 2i64 [5, 6] } error: size mismatch
-- input { [1, 2, 3] 3i64 [5, 6] } error: size mismatch

entry main (xs: [3]i32) (n: i64) (ys: [n]i32) : (i32, i32) = (i32.sum xs, i32.sum ys)
