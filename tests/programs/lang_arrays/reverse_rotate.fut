-- `reverse` and `rotate` in both directions.
-- ==
-- input { [1, 2, 3, 4] } output { [4, 3, 2, 1] [2, 3, 4, 1] [4, 1, 2, 3] }
-- structure gpu { SegMap 1 }

entry main (xs: []i32) : ([]i32, []i32, []i32) = (reverse xs, rotate 1 xs, rotate (-1) xs)
