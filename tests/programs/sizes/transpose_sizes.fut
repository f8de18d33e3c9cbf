-- Two size parameters are swapped by `transpose`; the result zips with rows of the right
-- length.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] [10, 20] } output { [[11, 24], [12, 25], [13, 26]] }

def addcol [n] [m] (a: [n][m]i32) (v: [n]i32) : [m][n]i32 =
  map (\row -> map2 (+) row v) (transpose a)

entry main [n] [m] (a: [n][m]i32) (v: [n]i32) : [m][n]i32 =
  let t = addcol a v
  in map (\row -> map2 (-) row (map (* 0) v)) t
