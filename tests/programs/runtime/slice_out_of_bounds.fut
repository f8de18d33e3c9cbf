-- A slice reaching past the end fails.
-- ==
-- input { [1, 2, 3] 5i64 } error: index (\[1:5\] )?out of bounds

entry main (xs: []i32) (n: i64) : []i32 = xs[1:n]
