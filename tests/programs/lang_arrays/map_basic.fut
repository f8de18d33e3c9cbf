-- `map` over integers and booleans.
-- ==
-- input { [1, -2, 3] } output { [2, -4, 6] [false, true, false] }

entry main (xs: []i32) : ([]i32, []bool) = (map (* 2) xs, map (< 0) xs)
