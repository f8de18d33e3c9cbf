-- `iota` and `replicate`.
-- ==
-- input { 4i64 } output { [0i64, 1i64, 2i64, 3i64] [7, 7, 7, 7] }

entry main (n: i64) : ([]i64, []i32) = (iota n, replicate n 7)
