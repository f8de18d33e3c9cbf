-- Left and right operator sections and a bare operator.
-- ==
-- input { [1, 2, 3] } output { [2, 4, 6] [9, 8, 7] [-4, -3, -2] 6 }

entry main (xs: []i32) : ([]i32, []i32, []i32, i32) =
  (map (2 *) xs, map (10 -) xs, map (+ -5) xs, reduce (+) 0 xs)
