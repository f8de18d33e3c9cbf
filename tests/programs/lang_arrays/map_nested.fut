-- Nested `map` over rows.
-- ==
-- input { [[1, 2], [3, 4]] } output { [[2, 3], [4, 5]] [3, 7] }

entry main (xss: [][]i32) : ([][]i32, []i32) =
  (map (map (+ 1)) xss, map (reduce (+) 0) xss)
