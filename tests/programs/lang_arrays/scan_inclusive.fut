-- `scan` is an inclusive prefix scan.
-- ==
-- input { [1, 2, 3, 4] } output { [1, 3, 6, 10] [1, 2, 6, 24] }

entry main (xs: []i32) : ([]i32, []i32) = (scan (+) 0 xs, scan (*) 1 xs)
