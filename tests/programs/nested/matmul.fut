-- Nested SOACs whose lambdas take rows of arrays (issue #4): each thread runs the inner
-- map and the dot product sequentially, and the lambda parameters are views of the rows
-- (of `transpose b`: strided columns), never copies.
-- ==
-- input { [[1f32, 2f32, 3f32], [4f32, 5f32, 6f32]] [[1f32, 0f32], [0f32, 1f32], [2f32, -1f32]] }
-- output { [[7f32, -1f32], [16f32, -1f32]] }
-- compiled random input { [2000][64]f32 [64][64]f32 } auto output

entry main [n][m][p] (a: [n][m]f32) (b: [m][p]f32) : [n][p]f32 =
  map (\row -> map (\col -> f32.sum (map2 (*) row col)) (transpose b)) a

-- ==
-- entry: col_scale
-- input { [1f32, 2f32] [[1f32, 2f32], [3f32, 4f32], [5f32, 6f32]] }
-- output { [[9f32, 12f32], [18f32, 24f32]] }

entry col_scale [k] (xs: []f32) (m: [][k]f32) : [][k]f32 =
  map (\x -> map (\col -> x * f32.sum col) (transpose m)) xs
