-- A negative index is out of bounds.
-- ==
-- input { [1, 2, 3] -1i64 } error: index (\[-1\] )?out of bounds

entry main (xs: []i32) (i: i64) : i32 = xs[i]
