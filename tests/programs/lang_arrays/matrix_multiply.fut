-- Matrix multiplication with nested maps and a reduction.
-- ==
-- input { [[1, 2], [3, 4]] [[5, 6], [7, 8]] } output { [[19, 22], [43, 50]] }

entry main [n] [m] [p] (a: [n][m]i32) (b: [m][p]i32) : [][]i32 =
  map (\row -> map (\col -> i32.sum (map2 (*) row col)) (transpose b)) a
