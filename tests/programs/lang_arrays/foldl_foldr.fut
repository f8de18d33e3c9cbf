-- `foldl` and `foldr` with a non-associative operator.
-- ==
-- input { [1, 2, 3] } output { -6 2 }

entry main (xs: []i32) : (i32, i32) = (foldl (-) 0 xs, foldr (-) 0 xs)
