-- `indices` and `length`.
-- ==
-- input { [9, 8, 7] } output { [0i64, 1i64, 2i64] 3i64 }

entry main (xs: []i32) : ([]i64, i64) = (indices xs, length xs)
