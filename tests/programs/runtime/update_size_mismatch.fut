-- A slice update whose value does not have the slice's size fails at run time.
-- ==
-- input { [1, 2, 3, 4] [7, 8, 9] } error: size mismatch
-- input { [1, 2, 3, 4] [7, 8] } output { [7, 8, 3, 4] }

entry main (xs: *[]i32) (ys: []i32) : []i32 = xs with [0:2] = ys
