-- An in-place update past the end fails.
-- ==
-- input { [1, 2, 3] } error: index (\[7\] )?out of bounds

entry main (xs: *[]i32) : []i32 = xs with [7] = 0
