-- A slice may be empty.
-- ==
-- input { [1, 2, 3] } output { 0i64 0i64 }

entry main (xs: []i32) : (i64, i64) = (length xs[1:1], length xs[3:])
