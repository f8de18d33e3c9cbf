-- `head`, `last`, `tail` and `init`.
-- ==
-- input { [1, 2, 3] } output { 1 3 [2, 3] [1, 2] }

entry main (xs: []i32) : (i32, i32, []i32, []i32) = (head xs, last xs, tail xs, init xs)
